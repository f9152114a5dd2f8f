//! The grammar of the Internet-Draft "Uniform Resource Locators (URL)" of
//! October 1993 (`draft-oct93`): `grammar/draft-oct93.bnf`, seed 002 lines
//! 934-1072. 58 productions; top level `fragmentaddress`, `uri` and `url`.
//!
//! Since July: `ftpaddress` with a `login` replaces `fileaddress`; `url`
//! gains `nntpaddress` (no server, D23) and `mailtoaddress` (D22) and loses
//! `afsaddress` (D24); `telnetaddress` uses `login`; `waisdoc` loses its
//! length field (D26); `variant` becomes `national`. The character classes
//! are July's, and every production October defines alike is shared with
//! [`super::draft_jul93`]; in strict mode ([`strict`]) the scheme keywords
//! are read as printed.
//!
//! ```
//! use rfc1738::dialect::draft_oct93;
//! // D22: the corrected production still takes a local part starting with `:`.
//! assert!(draft_oct93::mailtoaddress::<_, ()>("mailto::joe@cern.ch").is_ok_and(|(rest, _)| rest.is_empty()));
//! // D23: no server, a required article number.
//! assert!(draft_oct93::nntpaddress::<_, ()>("nntp:alt.x/7").is_ok());
//! assert!(draft_oct93::nntpaddress::<_, ()>("nntp:alt.x").is_err());
//! ```

use crate::dialect::chars::XALPHA_1993 as XALPHA;
use crate::dialect::combinators::{at_split, ends};
use crate::dialect::draft_1993::user_and_password;
use crate::dialect::recognize::{on_characters, part_on_characters};
use crate::dialect::{draft_production, draft_productions, longest_of, seq, url_alternatives};
use crate::grammar::notation::{opt, scheme_tag, tag};

pub use crate::dialect::common::{
    alpha, alphanum, alphanums, attribute, attributes, digit, digits, escape, hex, hostnumber,
    national, port, punctuation, version, void,
};
pub use crate::dialect::draft_1993::{
    afsaddress, article, cellname, database, extra, fragmentid, generic, gopheraddress, group,
    groupart, gtype, host, hostname, hostport, hsoname, httpaddress, ialpha, newsaddress, path,
    prosperoaddress, prosperolink, safe, scheme, search, selector, user, waisindex, wtype, xalpha,
    xalphas, xpalpha, xpalphas,
};

// Where its combinators' rustdoc finds their diagrams (`production!`).
#[cfg(doc)]
macro_rules! diagrams {
    () => {
        "draft-oct93"
    };
}

draft_productions! {
    // In the order of the draft's text.
    fragmentaddress, uri, url, generic, scheme, httpaddress, ftpaddress, afsaddress,
    newsaddress, nntpaddress, mailtoaddress, waisaddress, waisindex, waisdoc, groupart,
    group, article, database, wtype, prosperoaddress, prosperolink, hsoname, version,
    attributes, attribute, telnetaddress, gopheraddress, login, hostport, host, cellname,
    hostname, hostnumber, port, selector, path, search, user, password, fragmentid, gtype,
    xalpha, xalphas, xpalpha, xpalphas, ialpha, alpha, digit, safe, extra, escape, hex,
    national, punctuation, digits, alphanum, alphanums, void,
}

draft_production! {
    /// ```text
    /// fragmentaddress  uri [ # fragmentid ]
    /// ```
    ///
    /// At 002:934. One `#` and a non-empty `fragmentid` (D18). `uri` holds
    /// no `#`, so it ends where the bracket begins.
    fragmentaddress = "fragmentaddress",
    |start| seq!(start; uri::read, opt(|s| seq!(s; tag("#"), fragmentid::read)))
}

draft_production! {
    /// ```text
    /// uri  url
    /// ```
    ///
    /// At 002:936.
    uri = "uri", |start| ends(start, url::read)
}

draft_production! {
    /// ```text
    /// url  generic | httpaddress | ftpaddress | newsaddress | nntpaddress | prosperoaddress | telnetaddress | gopheraddress | waisaddress | mailtoaddress
    /// ```
    ///
    /// At 002:938-941, printed `ur l` (D20). Not a first-match `alt`:
    /// `generic` matches a prefix of many a scheme's URL, so the alternative
    /// that matches the most is taken, the first of them on a tie (D3,
    /// D17). `afsaddress` is no alternative (D24).
    url = "url", |start| url_alternatives!(start; generic;
        "http" => httpaddress::read, "ftp" => ftpaddress::read, "news" => newsaddress::read,
        "nntp" => nntpaddress::read, "prospero" => prosperoaddress::read,
        "telnet" => telnetaddress::read, "gopher" => gopheraddress::read,
        "wais" => waisaddress::read, "mailto" => mailtoaddress::read,
    ), recognized |start| on_characters(start, characters::url)
}

draft_production! {
    /// ```text
    /// ftpaddress  f t p : / / login / path
    /// ```
    ///
    /// At 002:950. The `/` is required (D26: `ftp://h.dom` fails).
    ftpaddress = "ftpaddress",
    |start| seq!(start; scheme_tag("ftp://"), login::read, tag("/"), path::read),
        recognized |start| on_characters(start, characters::ftpaddress)
}

crate::dialect::shared::productions_of_oct93_and_03!();

crate::dialect::shared::waisaddress_of_every_draft!();

draft_production! {
    /// ```text
    /// waisdoc  w a i s : / / hostport / database / wtype / path
    /// ```
    ///
    /// At 002:965-966. July's length field is gone (D26).
    waisdoc = "waisdoc", |start| seq!(start;
        scheme_tag("wais://"), hostport::read, tag("/"), database::read, tag("/"), wtype::read,
        tag("/"), path::read,
    ),
        recognized |start| on_characters(start, characters::waisdoc)
}

draft_production! {
    /// ```text
    /// login  [ user [ : password ] @ ] hostport
    /// ```
    ///
    /// At 002:1001. D25: `user` and `password` are non-empty `xalphas`,
    /// which hold `:` and `@`. The bracket's `@` is searched for (the split
    /// of DRAFTS.md section 8), the user and password are split at the
    /// first `:` that leaves both non-empty, and the bracket is given up
    /// when the host alone matches more (`bar:@h.dom` is a host name); on a
    /// tie the tree shows the user.
    login = "login", |start| longest_of!(start;
        |s| at_split(s, &XALPHA, |u| user_and_password(u, user::read, password::read), hostport::read),
        hostport::read),
        recognized |start| part_on_characters(start, characters::login)
}

draft_production! {
    /// ```text
    /// password  xalphas
    /// ```
    ///
    /// At 002:1023.
    password = "password", |start| ends(start, xalphas::read)
}

/// The productions `check` decides on their characters alone when their
/// reader (see `dialect::recognize`) takes the whole text: `url` and the
/// addresses. Any other text, and every other production, goes through
/// the combinator.
pub(crate) fn reader(label: &str) -> Option<crate::dialect::recognize::Reader> {
    use crate::dialect::draft_1993::characters as shared;
    Some(match label {
        "url" => characters::url,
        "generic" => shared::generic,
        "httpaddress" => shared::httpaddress,
        "ftpaddress" => characters::ftpaddress,
        "afsaddress" => shared::afsaddress,
        "newsaddress" => shared::newsaddress,
        "nntpaddress" => characters::nntpaddress,
        "mailtoaddress" => characters::mailtoaddress,
        "waisaddress" => characters::waisaddress,
        "waisindex" => shared::waisindex,
        "waisdoc" => characters::waisdoc,
        "prosperoaddress" => shared::prosperoaddress,
        "prosperolink" => shared::prosperolink,
        "telnetaddress" => characters::telnetaddress,
        "gopheraddress" => shared::gopheraddress,
        _ => return None,
    })
}

/// The productions of October 1993 that are its own, on their characters
/// (see `dialect::recognize`), and its `url`.
mod characters {
    use crate::dialect::chars::{PATH_1993, XALPHA_1993};
    use crate::dialect::draft_1993::characters::{
        generic, gopheraddress, httpaddress, newsaddress, prosperoaddress,
    };
    use crate::dialect::recognize::{
        after_byte, head_and_path_len, keyword_end, login_1993_len, mail_len, nntpaddress_len,
        path_len, run1_len, waisaddress_len, waisdoc_len,
    };
    use crate::grammar::chars::Class;

    const X: &Class = &XALPHA_1993;
    const P: &Class = &PATH_1993;

    /// `url`: the address its keyword names (`news` and `nntp` apart by
    /// their second letter, the others by their first), or `generic`,
    /// whichever matches more.
    #[inline(always)]
    pub(super) fn url(bytes: &[u8], strict: bool) -> Option<usize> {
        let address = match bytes.first().map(u8::to_ascii_lowercase) {
            Some(b'h') => httpaddress(bytes, strict),
            Some(b'f') => ftpaddress(bytes, strict),
            Some(b'n') => newsaddress(bytes, strict).or_else(|| nntpaddress(bytes, strict)),
            Some(b'p') => prosperoaddress(bytes, strict),
            Some(b't') => telnetaddress(bytes, strict),
            Some(b'g') => gopheraddress(bytes, strict),
            Some(b'w') => waisaddress(bytes, strict),
            Some(b'm') => mailtoaddress(bytes, strict),
            _ => None,
        };
        if address == Some(bytes.len()) {
            return address;
        }
        address.max(generic(bytes, strict))
    }

    #[inline(never)]
    pub(super) fn ftpaddress(bytes: &[u8], strict: bool) -> Option<usize> {
        head_and_path_len(bytes, "ftp://", strict, login_1993_len, P)
    }

    #[inline(never)]
    pub(super) fn nntpaddress(bytes: &[u8], strict: bool) -> Option<usize> {
        nntpaddress_len(bytes, strict, X)
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
    pub(super) fn waisdoc(bytes: &[u8], strict: bool) -> Option<usize> {
        waisdoc_len(bytes, strict, X, waisdoc_tail)
    }

    /// `/ wtype / path`, after `waisdoc`'s head.
    #[inline(always)]
    fn waisdoc_tail(bytes: &[u8], head: usize) -> Option<usize> {
        let at = head + after_byte(&bytes[head..], b'/', |rest| run1_len(rest, X))?;
        let path = after_byte(&bytes[at..], b'/', |rest| Some(path_len(rest, P)))?;
        Some(at + path)
    }

    #[inline(never)]
    pub(super) fn telnetaddress(bytes: &[u8], strict: bool) -> Option<usize> {
        let at = keyword_end(bytes, "telnet://", strict)?;
        login(&bytes[at..]).map(|len| at + len)
    }

    #[inline(always)]
    pub(super) fn login(bytes: &[u8]) -> Option<usize> {
        login_1993_len(bytes)
    }
}
