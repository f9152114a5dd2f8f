//! The grammar of Internet-Draft 03 "Uniform Resource Locators (URL)" of
//! 1994 (`draft-03`): `grammar/draft-03.bnf`, seed 003 lines 316-442, and the
//! two definitions it uses but never gives (D33). 66 productions; top level
//! `prefixedurl` and `url`.
//!
//! Since October 1993: `prefixedurl` (`url:`, D31); `url` loses `generic`
//! (D30) and gains `midaddress` and `cidaddress` (D33); `ftpaddress` gains
//! `[ ftptype ]` (D32); `gopheraddress` loses `?search` (D36); `waisdoc`
//! ends in `wpath` (D37); `user` and `password` are `alphanum2` strings
//! (D35); `+` joins `safe` and `:`, `;` and space leave `extra` (D34). So
//! every production built on `xalpha` reads alike but accepts other strings
//! than in 1993: only the productions that use none of the changed classes
//! are shared. In strict mode ([`strict`]) the scheme keywords, `url:`
//! included, are read as printed.
//!
//! ```
//! use rfc1738::dialect::draft_03;
//! // D31: the prefix, in lower case by the letter.
//! assert!(draft_03::prefixedurl::<_, ()>("URL:mid:a.b@c.d").is_ok());
//! assert!(draft_03::strict::prefixedurl::<_, ()>("URL:mid:a.b@c.d").is_err());
//! // D34: no space any more.
//! let (rest, _) = draft_03::url::<_, ()>("http://h/a b").unwrap();
//! assert_eq!(rest, " b");
//! ```

use crate::dialect::chars::{
    ALPHANUM2, EXTRA_03, FORMCODE, RESERVED_03, SAFE_03, XALPHA_03 as XALPHA, XPALPHA_03 as XPALPHA,
};
use crate::dialect::combinators::{at_split, ends, path as path_of, repeated, separated};
use crate::dialect::common::optional_port;
use crate::dialect::recognize::{on_characters, part_on_characters};
use crate::dialect::{
    draft_production, draft_productions, leaves, longest_of, seq, url_alternatives,
};
use crate::grammar::notation::{alt, one_of, opt, scheme_tag, tag, take_while1, unit_of};

pub use crate::dialect::common::{
    alpha, alphanum, alphanums, attribute, attributes, digit, digits, escape, hex, hostnumber,
    national, port, punctuation, version, void,
};

// Where its combinators' rustdoc finds their diagrams (`production!`).
#[cfg(doc)]
macro_rules! diagrams {
    () => {
        "draft-03"
    };
}

draft_productions! {
    // In the order of the draft's text.
    prefixedurl, url, scheme, httpaddress, ftpaddress, afsaddress, newsaddress, nntpaddress,
    midaddress, cidaddress, mailtoaddress, waisaddress, waisindex, waisdoc, wpath, groupart,
    group, article, database, wtype, prosperoaddress, prosperolink, hsoname, version,
    attributes, attribute, telnetaddress, gopheraddress, login, hostport, host, ftptype,
    formcode, cellname, hostname, hostnumber, port, gcommand, path, segment, search, user,
    password, fragmentid, gtype, alphanum2, xalpha, xalphas, xpalpha, xpalphas, ialpha,
    alpha, digit, safe, extra, reserved, escape, hex, national, punctuation, digits,
    alphanum, alphanums, void, addr_spec = "addr-spec", content_identifier =
    "content-identifier",
}

draft_production! {
    /// ```text
    /// prefixedurl  u r l : url
    /// ```
    ///
    /// At 003:316-317. D31: `url:` is a scheme keyword written in lower
    /// case (strict: `url:` only; default: any case, `URL:`), folded apart
    /// from the scheme after it; once, and without `<` `>`.
    prefixedurl = "prefixedurl", |start| seq!(start; scheme_tag("url:"), url::read)
}

draft_production! {
    /// ```text
    /// url  httpaddress | ftpaddress | newsaddress | nntpaddress | prosperoaddress | telnetaddress | gopheraddress | waisaddress | mailtoaddress | midaddress | cidaddress
    /// ```
    ///
    /// At 003:318-319, printed `ur l` (D20). No `generic` (D30). Not a
    /// first-match `alt`: `waisaddress` and the others are read to their
    /// longest, and the alternative that matches the most is taken (D3).
    url = "url", |start| url_alternatives!(start;
        "http" => httpaddress::read, "ftp" => ftpaddress::read, "news" => newsaddress::read,
        "nntp" => nntpaddress::read, "prospero" => prosperoaddress::read,
        "telnet" => telnetaddress::read, "gopher" => gopheraddress::read,
        "wais" => waisaddress::read, "mailto" => mailtoaddress::read, "mid" => midaddress::read,
        "cid" => cidaddress::read,
    ), recognized |start| on_characters(start, characters::url)
}

crate::dialect::shared::productions_of_1993_and_03!();

draft_production! {
    /// ```text
    /// ftpaddress  f t p : / / login / path [ ftptype ]
    /// ```
    ///
    /// At 003:324-325. D32: no `;type=`; every `ftptype` is made of path
    /// characters, so the path already takes it and the bracket, read after
    /// it as written, never adds to the match.
    ftpaddress = "ftpaddress", |start| seq!(start;
        scheme_tag("ftp://"), login::read, tag("/"), path::read,
        opt(|s| ends(s, ftptype::read)),
    ),
        recognized |start| on_characters(start, characters::ftpaddress)
}

crate::dialect::shared::productions_of_oct93_and_03!();

draft_production! {
    /// ```text
    /// midaddress  m i d : addr-spec
    /// ```
    ///
    /// At 003:332-333. `addr-spec` is supplied (D33).
    midaddress = "midaddress", |start| seq!(start; scheme_tag("mid:"), addr_spec::read),
        recognized |start| on_characters(start, characters::midaddress)
}

draft_production! {
    /// ```text
    /// cidaddress  c i d : content-identifier
    /// ```
    ///
    /// At 003:334-335. `content-identifier` is supplied (D33).
    cidaddress = "cidaddress", |start| seq!(start; scheme_tag("cid:"), content_identifier::read),
        recognized |start| on_characters(start, characters::cidaddress)
}

crate::dialect::shared::waisaddress_of_every_draft!();

draft_production! {
    /// ```text
    /// waisdoc  w a i s : / / hostport / database / wtype / wpath
    /// ```
    ///
    /// At 003:342-343. D37.
    waisdoc = "waisdoc", |start| seq!(start;
        scheme_tag("wais://"), hostport::read, tag("/"), database::read, tag("/"), wtype::read,
        tag("/"), wpath::read,
    ),
        recognized |start| on_characters(start, characters::waisdoc)
}

draft_production! {
    /// ```text
    /// wpath  digits = path ; [ wpath ]
    /// ```
    ///
    /// At 003:344-345. D37: `=` and `;` are the characters; a non-empty list
    /// of `N=path;` items. The right recursion read as a loop; `;` and `=`
    /// are no path characters, so each path ends where its `;` is.
    wpath = "wpath", |start| repeated(start, |s| seq!(s; digits::read, tag("="), path::read, tag(";"))),
        recognized |start| part_on_characters(start, characters::wpath)
}

draft_production! {
    /// ```text
    /// group  ialpha [ . group ]
    /// ```
    ///
    /// At 003:348-349. The right recursion read as a loop; `.` is an
    /// `xalpha`, so the first `ialpha` runs over every `.`
    /// (`news:c.l.c++`, D34).
    group = "group", |start| separated(start, ialpha::read, "."),
        recognized |start| part_on_characters(start, characters::hostname)
}

draft_production! {
    /// ```text
    /// prosperoaddress  prosperolink
    /// ```
    ///
    /// At 003:356-357.
    prosperoaddress = "prosperoaddress", |start| ends(start, prosperolink::read),
        recognized |start| on_characters(start, characters::prosperolink)
}

draft_production! {
    /// ```text
    /// gopheraddress  g o p h e r : / / hostport [/ gtype [ gcommand ] ]
    /// ```
    ///
    /// At 003:370-371. No `?search` (D36); after the `/` a type is required
    /// (D14).
    gopheraddress = "gopheraddress", |start| seq!(start;
        scheme_tag("gopher://"),
        hostport::read,
        opt(|s| seq!(s; tag("/"), gtype::read, opt(|s| ends(s, gcommand::read)))),
    ),
        recognized |start| on_characters(start, characters::gopheraddress)
}

draft_production! {
    /// ```text
    /// login  [ user [ : password ] @ ] hostport
    /// ```
    ///
    /// At 003:372-373. D35: `user` and `password` hold neither `@` nor `:`,
    /// so the bracket reads one way; but a host name holds `@`
    /// (`telnet://u@v@h`), so the bracket is given up when the host alone
    /// matches more. On a tie the tree shows the user.
    login = "login", |start| longest_of!(start;
        |s| seq!(s; user::read, opt(|s| seq!(s; tag(":"), password::read)), tag("@"), hostport::read),
        hostport::read),
        recognized |start| part_on_characters(start, characters::login)
}

draft_production! {
    /// ```text
    /// ftptype  A formcode | E formcode | I | L digits
    /// ```
    ///
    /// At 003:378-379. Upper case in both modes (section 3). The four start
    /// with different letters: the first that matches is the only one.
    ftptype = "ftptype", |start| longest_of!(start;
        |s| seq!(s; tag("A"), formcode::read),
        |s| seq!(s; tag("E"), formcode::read),
        tag("I"),
        |s| seq!(s; tag("L"), digits::read))
}

leaves! {
    /// ```text
    /// formcode  N | T | C
    /// ```
    ///
    /// At 003:380-381. Upper case in both modes (section 3).
    formcode = "formcode", one_of(&FORMCODE);
}

draft_production! {
    /// ```text
    /// gcommand  path
    /// ```
    ///
    /// At 003:390-391. The Gopher+ fields are path characters (D36).
    gcommand = "gcommand", |start| ends(start, path::read)
}

draft_production! {
    /// ```text
    /// path  void | segment [ / path ]
    /// ```
    ///
    /// At 003:392-393. The right recursion read as a loop of segments
    /// (D12).
    path = "path", |start| path_of(start, segment::read),
        recognized |start| part_on_characters(start, characters::path)
}

draft_production! {
    /// ```text
    /// segment  xpalphas
    /// ```
    ///
    /// At 003:394-395.
    segment = "segment", |start| ends(start, xpalphas::read)
}

draft_production! {
    /// ```text
    /// user  alphanum2 [ user ]
    /// ```
    ///
    /// At 003:398-399. One or more `alphanum2`s (D35), read as one run.
    user = "user", |start| ends(start, take_while1(&ALPHANUM2))
}

draft_production! {
    /// ```text
    /// password  alphanum2 [ password ]
    /// ```
    ///
    /// At 003:400-401. One or more `alphanum2`s (D35), read as one run.
    password = "password", |start| ends(start, take_while1(&ALPHANUM2))
}

leaves! {
    /// ```text
    /// alphanum2  alpha | digit | - | _ | . | +
    /// ```
    ///
    /// At 003:406-407. Read as one class.
    alphanum2 = "alphanum2", one_of(&ALPHANUM2);

    /// ```text
    /// safe  $ | - | _ | @ | . | & | + | -
    /// ```
    ///
    /// At 003:422-423. `-` is listed twice (harmless); `+` is new (D34).
    safe = "safe", one_of(&SAFE_03);

    /// ```text
    /// extra  ! | * | " | ' | ( | ) | ,
    /// ```
    ///
    /// At 003:424-425. No `:`, `;` or space any more (D34).
    extra = "extra", one_of(&EXTRA_03);

    /// ```text
    /// reserved  = | ; | / | # | ? | : | space
    /// ```
    ///
    /// At 003:426-427. Used by no production (D30, D34).
    reserved = "reserved", one_of(&RESERVED_03);
}

draft_production! {
    /// ```text
    /// addr-spec  xalphas @ hostname
    /// ```
    ///
    /// Not in the draft: supplied (D33), the draft's own rendering of "an
    /// RFC822 addr-spec mail address" in `mailtoaddress`. `@` is an
    /// `xalpha`: the split is searched for (DRAFTS.md section 8).
    addr_spec = "addr-spec", |start| at_split(start, &XALPHA, xalphas::read, hostname::read),
        recognized |start| part_on_characters(start, characters::addr_spec)
}

draft_production! {
    /// ```text
    /// content-identifier  addr-spec
    /// ```
    ///
    /// Not in the draft: supplied (D33), a MIME Content-ID without the `<`
    /// `>` of an RFC 822 `msg-id` (`mid:<a.b@c.d>` does not match).
    content_identifier = "content-identifier", |start| ends(start, addr_spec::read),
        recognized |start| part_on_characters(start, characters::addr_spec)
}

/// The productions `check` decides on their characters alone when their
/// reader (see `dialect::recognize`) takes the whole text: `url` and the
/// addresses. Any other text, and every other production, goes through
/// the combinator.
pub(crate) fn reader(label: &str) -> Option<crate::dialect::recognize::Reader> {
    Some(match label {
        "url" => characters::url,
        "httpaddress" => characters::httpaddress,
        "ftpaddress" => characters::ftpaddress,
        "afsaddress" => characters::afsaddress,
        "newsaddress" => characters::newsaddress,
        "nntpaddress" => characters::nntpaddress,
        "midaddress" => characters::midaddress,
        "cidaddress" => characters::cidaddress,
        "mailtoaddress" => characters::mailtoaddress,
        "waisaddress" => characters::waisaddress,
        "waisindex" => characters::waisindex,
        "waisdoc" => characters::waisdoc,
        "prosperoaddress" => characters::prosperolink,
        "prosperolink" => characters::prosperolink,
        "telnetaddress" => characters::telnetaddress,
        "gopheraddress" => characters::gopheraddress,
        _ => return None,
    })
}

/// The productions of draft 03 on their characters (see
/// `dialect::recognize`), and its `url`.
mod characters {
    use crate::dialect::chars::{PATH_03, XALPHA_03};
    use crate::dialect::recognize::{
        after_byte, at_split_len, digits_len, gopheraddress_len, groupart_len, head_and_path_len,
        host_len, hostname_len, hostport_len, httpaddress_len, keyword_end, login_03_len, mail_len,
        nntpaddress_len, path_len, run1_len, search_len, wais_head_len, waisaddress_len,
        waisdoc_len, waisindex_len,
    };
    use crate::grammar::chars::Class;

    const X: &Class = &XALPHA_03;
    const P: &Class = &PATH_03;

    /// `url`: the address its keyword names (`news` and `nntp`, `mailto`
    /// and `mid` apart by their second letter, the others by their first).
    #[inline(always)]
    pub(super) fn url(bytes: &[u8], strict: bool) -> Option<usize> {
        match bytes.first().map(u8::to_ascii_lowercase) {
            Some(b'h') => httpaddress(bytes, strict),
            Some(b'f') => ftpaddress(bytes, strict),
            Some(b'n') => newsaddress(bytes, strict).or_else(|| nntpaddress(bytes, strict)),
            Some(b'p') => prosperolink(bytes, strict),
            Some(b't') => telnetaddress(bytes, strict),
            Some(b'g') => gopheraddress(bytes, strict),
            Some(b'w') => waisaddress(bytes, strict),
            Some(b'm') => mailtoaddress(bytes, strict).or_else(|| midaddress(bytes, strict)),
            Some(b'c') => cidaddress(bytes, strict),
            _ => None,
        }
    }

    #[inline(never)]
    pub(super) fn httpaddress(bytes: &[u8], strict: bool) -> Option<usize> {
        httpaddress_len(bytes, strict, X, P)
    }

    /// `ftpaddress  f t p : / / login / path [ ftptype ]`: the bracket never
    /// adds to the match (D32, see the production).
    #[inline(never)]
    pub(super) fn ftpaddress(bytes: &[u8], strict: bool) -> Option<usize> {
        head_and_path_len(bytes, "ftp://", strict, login, P)
    }

    #[inline(never)]
    pub(super) fn afsaddress(bytes: &[u8], strict: bool) -> Option<usize> {
        head_and_path_len(bytes, "afs://", strict, hostname, P)
    }

    #[inline(never)]
    pub(super) fn newsaddress(bytes: &[u8], strict: bool) -> Option<usize> {
        let at = keyword_end(bytes, "news:", strict)?;
        groupart(&bytes[at..]).map(|len| at + len)
    }

    #[inline(never)]
    pub(super) fn nntpaddress(bytes: &[u8], strict: bool) -> Option<usize> {
        nntpaddress_len(bytes, strict, X)
    }

    #[inline(never)]
    pub(super) fn midaddress(bytes: &[u8], strict: bool) -> Option<usize> {
        mail_len(bytes, "mid:", strict, X)
    }

    #[inline(never)]
    pub(super) fn cidaddress(bytes: &[u8], strict: bool) -> Option<usize> {
        mail_len(bytes, "cid:", strict, X)
    }

    #[inline(never)]
    pub(super) fn mailtoaddress(bytes: &[u8], strict: bool) -> Option<usize> {
        mail_len(bytes, "mailto:", strict, X)
    }

    #[inline(never)]
    pub(super) fn waisaddress(bytes: &[u8], strict: bool) -> Option<usize> {
        waisaddress_len(bytes, strict, X, waisdoc_tail)
    }

    #[inline(never)]
    pub(super) fn waisindex(bytes: &[u8], strict: bool) -> Option<usize> {
        wais_head_len(bytes, strict, X).map(|head| waisindex_len(bytes, head, X))
    }

    #[inline(never)]
    pub(super) fn waisdoc(bytes: &[u8], strict: bool) -> Option<usize> {
        waisdoc_len(bytes, strict, X, waisdoc_tail)
    }

    /// `/ wtype / wpath`, after `waisdoc`'s head.
    #[inline(always)]
    fn waisdoc_tail(bytes: &[u8], head: usize) -> Option<usize> {
        let at = head + after_byte(&bytes[head..], b'/', |rest| run1_len(rest, X))?;
        let wpath = after_byte(&bytes[at..], b'/', wpath)?;
        Some(at + wpath)
    }

    /// `wpath  digits = path ; [ wpath ]`, as the loop of `repeated`.
    #[inline(always)]
    pub(super) fn wpath(bytes: &[u8]) -> Option<usize> {
        let item = |bytes: &[u8]| {
            let at = digits_len(bytes)?;
            let at = at + after_byte(&bytes[at..], b'=', |rest| Some(path_len(rest, P)))?;
            after_byte(&bytes[at..], b';', |_| Some(0)).map(|len| at + len)
        };
        let mut at = item(bytes)?;
        while let Some(next) = item(&bytes[at..]) {
            at += next;
        }
        Some(at)
    }

    #[inline(always)]
    pub(super) fn groupart(bytes: &[u8]) -> Option<usize> {
        groupart_len(bytes, X)
    }

    #[inline(always)]
    pub(super) fn article(bytes: &[u8]) -> Option<usize> {
        at_split_len(bytes, X, host)
    }

    /// `prosperolink`, whose bracket never adds to the match (D13, D38).
    #[inline(never)]
    pub(super) fn prosperolink(bytes: &[u8], strict: bool) -> Option<usize> {
        head_and_path_len(bytes, "prospero://", strict, hostport, P)
    }

    #[inline(never)]
    pub(super) fn telnetaddress(bytes: &[u8], strict: bool) -> Option<usize> {
        let at = keyword_end(bytes, "telnet://", strict)?;
        login(&bytes[at..]).map(|len| at + len)
    }

    #[inline(never)]
    pub(super) fn gopheraddress(bytes: &[u8], strict: bool) -> Option<usize> {
        gopheraddress_len(bytes, strict, X, P, false)
    }

    #[inline(always)]
    pub(super) fn login(bytes: &[u8]) -> Option<usize> {
        login_03_len(bytes)
    }

    #[inline(always)]
    pub(super) fn hostport(bytes: &[u8]) -> Option<usize> {
        hostport_len(bytes, X)
    }

    #[inline(always)]
    pub(super) fn host(bytes: &[u8]) -> Option<usize> {
        host_len(bytes, X)
    }

    #[inline(always)]
    pub(super) fn hostname(bytes: &[u8]) -> Option<usize> {
        hostname_len(bytes, X)
    }

    #[inline(always)]
    pub(super) fn path(bytes: &[u8]) -> Option<usize> {
        Some(path_len(bytes, P))
    }

    #[inline(always)]
    pub(super) fn search(bytes: &[u8]) -> Option<usize> {
        search_len(bytes, X)
    }

    /// `addr-spec  xalphas @ hostname` (D33).
    #[inline(always)]
    pub(super) fn addr_spec(bytes: &[u8]) -> Option<usize> {
        at_split_len(bytes, X, hostname)
    }
}
