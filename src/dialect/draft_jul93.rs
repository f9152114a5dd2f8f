//! The grammar of the Internet-Draft "Uniform Resource Locators" of 14 July
//! 1993 (`draft-jul93`): `grammar/draft-jul93.bnf`, the BNF of seed 000 split
//! into productions as seed 001 prints them (D1). 53 productions; top level
//! `fragmentaddress` and `url`.
//!
//! What July 1993 reads unlike the later drafts: a space is an `xalpha`
//! (D8); `ftp://` is `fileaddress` (`f t p : / / host / path`, no login,
//! D9); `url` includes `generic` and `afsaddress`; `waisdoc` has a length
//! field (D15); `telnetaddress` has a user and no password (D16). The
//! productions October 1993 defines alike are shared with
//! [`super::draft_oct93`]; in strict mode ([`strict`]) the scheme keywords
//! are read as printed.
//!
//! ```
//! use rfc1738::dialect::draft_jul93;
//! // D8: a space is a URL character in 1993.
//! assert!(draft_jul93::url::<_, ()>("http://h/a b").is_ok_and(|(rest, _)| rest.is_empty()));
//! // D9: a user in an FTP URL is part of the host name.
//! let (_, url) = draft_jul93::fileaddress::<_, ()>("ftp://joe@h.dom/x").unwrap();
//! assert_eq!(url.text, "ftp://joe@h.dom/x");
//! ```

use crate::dialect::chars::{VARIANT, XALPHA_1993 as XALPHA};
use crate::dialect::combinators::at_split;
use crate::dialect::recognize::on_characters;
use crate::dialect::{
    draft_production, draft_productions, leaves, longest_of, seq, url_alternatives,
};
use crate::grammar::notation::{one_of, opt, scheme_tag, tag};

pub use crate::dialect::common::{
    alpha, alphanum, alphanums, attribute, attributes, digit, digits, escape, hex, hostnumber,
    port, punctuation, version, void,
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
        "draft-jul93"
    };
}

draft_productions! {
    // In the order of the draft's text.
    fragmentaddress, url, generic, scheme, httpaddress, fileaddress, afsaddress,
    newsaddress, waisaddress, waisindex, waisdoc, groupart, group, article, database, wtype,
    prosperoaddress, prosperolink, hsoname, version, attributes, attribute, telnetaddress,
    gopheraddress, hostport, host, cellname, hostname, hostnumber, port, selector, path,
    search, user, fragmentid, gtype, xalpha, xalphas, xpalpha, xpalphas, ialpha, alpha,
    digit, safe, extra, escape, hex, variant, punctuation, digits, alphanum, alphanums,
    void,
}

draft_production! {
    /// ```text
    /// fragmentaddress  url [ # fragmentid ]
    /// ```
    ///
    /// At 000:30860-30896, 001:292. One `#` and a non-empty `fragmentid`
    /// (D18). `url` holds no `#`, so it ends where the bracket begins.
    fragmentaddress = "fragmentaddress",
    |start| seq!(start; url::read, opt(|s| seq!(s; tag("#"), fragmentid::read)))
}

draft_production! {
    /// ```text
    /// url  generic | httpaddress | fileaddress | newsaddress | prosperoaddress | telnetaddress | gopheraddress | waisaddress | afsaddress
    /// ```
    ///
    /// At 000:30897-31027, 001:293-300. Not a first-match `alt`: `generic`
    /// matches a prefix of many a scheme's URL (`http:` of `http://h/`), so
    /// the alternative that matches the most is taken, the first of them on
    /// a tie (D3, D17).
    url = "url", |start| url_alternatives!(start; generic;
        "http" => httpaddress::read, "ftp" => fileaddress::read, "news" => newsaddress::read,
        "prospero" => prosperoaddress::read, "telnet" => telnetaddress::read,
        "gopher" => gopheraddress::read, "wais" => waisaddress::read, "afs" => afsaddress::read,
    ), recognized |start| on_characters(start, characters::url)
}

draft_production! {
    /// ```text
    /// fileaddress  f t p : / / host / path
    /// ```
    ///
    /// At 000:31136-31171, 001:306. The FTP production of July 1993 (D9):
    /// `host`, no login, no port; `ftp://joe@h.dom/x` and `ftp://h.dom:21/x`
    /// match through a host name (D11).
    fileaddress = "fileaddress",
    |start| seq!(start; scheme_tag("ftp://"), host::read, tag("/"), path::read),
        recognized |start| on_characters(start, characters::fileaddress)
}

crate::dialect::shared::waisaddress_of_every_draft!();

draft_production! {
    /// ```text
    /// waisdoc  w a i s : / / hostport / database / wtype / digits / path
    /// ```
    ///
    /// At 000:31331-31396, 001:312-313. With the length field (D15).
    waisdoc = "waisdoc", |start| seq!(start;
        scheme_tag("wais://"), hostport::read, tag("/"), database::read, tag("/"), wtype::read,
        tag("/"), digits::read, tag("/"), path::read,
    ), recognized |start| on_characters(start, characters::waisdoc)
}

draft_production! {
    /// ```text
    /// telnetaddress  t e l n e t : / / [ user @ ] hostport
    /// ```
    ///
    /// At 000:31705-31756, 001:327. No trailing `/` (D16). `@` is an
    /// `xalpha` (D11), so the bracket's `@` is searched for, and the
    /// bracket is given up when the host alone matches more; on a tie the
    /// tree shows the user.
    telnetaddress = "telnetaddress", |start| {
        let (rest, _) = scheme_tag("telnet://")(start)?;
        longest_of!(rest; |s| at_split(s, &XALPHA, user::read, hostport::read), hostport::read)
    }, recognized |start| on_characters(start, characters::telnetaddress)
}

leaves! {
    /// ```text
    /// variant  { | } | | | | | [ | ] | \ | ^ | ~
    /// ```
    ///
    /// At 000:32729-32770, 001:357. D5: a `|` right after a separating `|`
    /// is the vertical line, so this lists `{ } | | [ ] \ ^ ~`. Used by no
    /// production.
    variant = "variant", one_of(&VARIANT);
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
        "fileaddress" => characters::fileaddress,
        "afsaddress" => shared::afsaddress,
        "newsaddress" => shared::newsaddress,
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

/// The productions of July 1993 that are its own, on their characters
/// (see `dialect::recognize`), and its `url`.
mod characters {
    use crate::dialect::chars::{PATH_1993, XALPHA_1993};
    use crate::dialect::draft_1993::characters::{
        afsaddress, generic, gopheraddress, httpaddress, newsaddress, prosperoaddress,
    };
    use crate::dialect::recognize::{
        after_byte, digits_len, head_and_path_len, host_len, keyword_end, login_1993_len, path_len,
        run1_len, waisaddress_len, waisdoc_len,
    };
    use crate::grammar::chars::Class;

    const X: &Class = &XALPHA_1993;
    const P: &Class = &PATH_1993;

    /// `url`: the address its keyword names (the names differ in their
    /// first letter), or `generic`, whichever matches more.
    #[inline(always)]
    pub(super) fn url(bytes: &[u8], strict: bool) -> Option<usize> {
        let address = match bytes.first().map(u8::to_ascii_lowercase) {
            Some(b'h') => httpaddress(bytes, strict),
            Some(b'f') => fileaddress(bytes, strict),
            Some(b'n') => newsaddress(bytes, strict),
            Some(b'p') => prosperoaddress(bytes, strict),
            Some(b't') => telnetaddress(bytes, strict),
            Some(b'g') => gopheraddress(bytes, strict),
            Some(b'w') => waisaddress(bytes, strict),
            Some(b'a') => afsaddress(bytes, strict),
            _ => None,
        };
        if address == Some(bytes.len()) {
            return address;
        }
        address.max(generic(bytes, strict))
    }

    #[inline(never)]
    pub(super) fn fileaddress(bytes: &[u8], strict: bool) -> Option<usize> {
        head_and_path_len(bytes, "ftp://", strict, |rest| host_len(rest, X), P)
    }

    #[inline(never)]
    pub(super) fn waisaddress(bytes: &[u8], strict: bool) -> Option<usize> {
        waisaddress_len(bytes, strict, X, waisdoc_tail)
    }

    #[inline(never)]
    pub(super) fn waisdoc(bytes: &[u8], strict: bool) -> Option<usize> {
        waisdoc_len(bytes, strict, X, waisdoc_tail)
    }

    /// `/ wtype / digits / path`, after `waisdoc`'s head.
    #[inline(always)]
    fn waisdoc_tail(bytes: &[u8], head: usize) -> Option<usize> {
        let at = head + after_byte(&bytes[head..], b'/', |rest| run1_len(rest, X))?;
        let at = at + after_byte(&bytes[at..], b'/', digits_len)?;
        let path = after_byte(&bytes[at..], b'/', |rest| Some(path_len(rest, P)))?;
        Some(at + path)
    }

    #[inline(never)]
    pub(super) fn telnetaddress(bytes: &[u8], strict: bool) -> Option<usize> {
        let at = keyword_end(bytes, "telnet://", strict)?;
        login_1993_len(&bytes[at..]).map(|len| at + len)
    }
}
