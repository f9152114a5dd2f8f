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

use crate::dialect::chars::{PATH_1993, VARIANT, XALPHA_1993};
use crate::dialect::shape::{at_split, maybe, step, url_characters};
use crate::dialect::{draft_productions, longest_of, production, seq, url_alternatives};
use crate::grammar::primitives::{literal, one, scheme_literal};

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

draft_productions! {
    "fragmentaddress" => fragmentaddress,
    "url" => url,
    "generic" => generic,
    "scheme" => scheme,
    "httpaddress" => httpaddress,
    "fileaddress" => fileaddress,
    "afsaddress" => afsaddress,
    "newsaddress" => newsaddress,
    "waisaddress" => waisaddress,
    "waisindex" => waisindex,
    "waisdoc" => waisdoc,
    "groupart" => groupart,
    "group" => group,
    "article" => article,
    "database" => database,
    "wtype" => wtype,
    "prosperoaddress" => prosperoaddress,
    "prosperolink" => prosperolink,
    "hsoname" => hsoname,
    "version" => version,
    "attributes" => attributes,
    "attribute" => attribute,
    "telnetaddress" => telnetaddress,
    "gopheraddress" => gopheraddress,
    "hostport" => hostport,
    "host" => host,
    "cellname" => cellname,
    "hostname" => hostname,
    "hostnumber" => hostnumber,
    "port" => port,
    "selector" => selector,
    "path" => path,
    "search" => search,
    "user" => user,
    "fragmentid" => fragmentid,
    "gtype" => gtype,
    "xalpha" => xalpha,
    "xalphas" => xalphas,
    "xpalpha" => xpalpha,
    "xpalphas" => xpalphas,
    "ialpha" => ialpha,
    "alpha" => alpha,
    "digit" => digit,
    "safe" => safe,
    "extra" => extra,
    "escape" => escape,
    "hex" => hex,
    "variant" => variant,
    "punctuation" => punctuation,
    "digits" => digits,
    "alphanum" => alphanum,
    "alphanums" => alphanums,
    "void" => void,
}

production! {
    /// ```text
    /// fragmentaddress  url [ # fragmentid ]
    /// ```
    ///
    /// At 000:30860-30896, 001:292. One `#` and a non-empty `fragmentid`
    /// (D18). `url` holds no `#`, so it ends where the bracket begins.
    fragmentaddress = "fragmentaddress", |start| seq!(start;
        url,
        maybe(|s| seq!(s; literal("#"), fragmentid)),
    )
}

production! {
    /// ```text
    /// url  generic | httpaddress | fileaddress | newsaddress | prosperoaddress | telnetaddress | gopheraddress | waisaddress | afsaddress
    /// ```
    ///
    /// At 000:30897-31027, 001:293-300. Not a first-match `alt`: `generic`
    /// matches a prefix of many a scheme's URL (`http:` of `http://h/`), so
    /// the alternative that matches the most is taken, the first of them on
    /// a tie (D3, D17).
    url = "url", |start| url_alternatives!(start; generic;
        "http" => httpaddress,
        "ftp" => fileaddress,
        "news" => newsaddress,
        "prospero" => prosperoaddress,
        "telnet" => telnetaddress,
        "gopher" => gopheraddress,
        "wais" => waisaddress,
        "afs" => afsaddress,
    ), recognized |start, url| url_characters(start, &XALPHA_1993, &PATH_1993, url)
}

production! {
    /// ```text
    /// fileaddress  f t p : / / host / path
    /// ```
    ///
    /// At 000:31136-31171, 001:306. The FTP production of July 1993 (D9):
    /// `host`, no login, no port; `ftp://joe@h.dom/x` and `ftp://h.dom:21/x`
    /// match through a host name (D11).
    fileaddress = "fileaddress", |start| seq!(start;
        scheme_literal("ftp://"),
        host,
        literal("/"),
        path,
    )
}

production! {
    /// ```text
    /// waisaddress  waisindex | waisdoc
    /// ```
    ///
    /// At 000:31242-31273, 001:309. A `waisindex` matches a prefix of every
    /// `waisdoc`, so the alternative that matches the most is taken
    /// (DECISIONS.md section 8).
    waisaddress = "waisaddress", |start| longest_of!(start; waisindex, waisdoc)
}

production! {
    /// ```text
    /// waisdoc  w a i s : / / hostport / database / wtype / digits / path
    /// ```
    ///
    /// At 000:31331-31396, 001:312-313. With the length field (D15).
    waisdoc = "waisdoc", |start| seq!(start;
        scheme_literal("wais://"),
        hostport,
        literal("/"),
        database,
        literal("/"),
        wtype,
        literal("/"),
        digits,
        literal("/"),
        path,
    )
}

production! {
    /// ```text
    /// telnetaddress  t e l n e t : / / [ user @ ] hostport
    /// ```
    ///
    /// At 000:31705-31756, 001:327. No trailing `/` (D16). `@` is an
    /// `xalpha` (D11), so the bracket's `@` is searched for, and the
    /// bracket is given up when the host alone matches more; on a tie the
    /// tree shows the user.
    telnetaddress = "telnetaddress", |start| {
        let (rest, _) = scheme_literal("telnet://")(start)?;
        longest_of!(rest; |s| at_split(s, &XALPHA_1993, user, hostport), hostport)
    }
}

production! {
    /// ```text
    /// variant  { | } | | | | | [ | ] | \ | ^ | ~
    /// ```
    ///
    /// At 000:32729-32770, 001:357. D5: a `|` right after a separating `|`
    /// is the vertical line, so this lists `{ } | | [ ] \ ^ ~`. Used by no
    /// production.
    variant = "variant", leaf, |start| step(start, one(&VARIANT))
}
