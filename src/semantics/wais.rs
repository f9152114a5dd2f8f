//! WAIS URLs (section 3.9): the database, and the search or the document's
//! type and path.
//!
//! A search from the drafts of RFC 1738:
//!
//! ```
//! use rfc1738::Url;
//! let Ok(Url::Wais(url)) = rfc1738::parse("wais://quake.think.com/wais-discussion-archives?lynch")
//!     else { panic!() };
//! assert_eq!(url.database_name(), "wais-discussion-archives");
//! assert_eq!(url.search().unwrap(), "lynch");
//! assert_eq!(url.port_or_default(), Some(210));
//! ```

use crate::decode::Decoded;
use crate::tree::WaisUrl;

impl<'a> WaisUrl<'a> {
    /// The `<database>`, decoded.
    pub fn database_name(&self) -> Decoded<'a> {
        self.database().decoded()
    }

    /// The `<search>` of the second form, decoded.
    pub fn search(&self) -> Option<Decoded<'a>> {
        match self {
            WaisUrl::Index(url) => Some(url.search.decoded()),
            _ => None,
        }
    }

    /// The `<wtype>` of the third form, decoded.
    pub fn wtype(&self) -> Option<Decoded<'a>> {
        match self {
            WaisUrl::Doc(url) => Some(url.wtype.decoded()),
            _ => None,
        }
    }

    /// The `<wpath>` of the third form, decoded: the document id, which
    /// only the server that issued it may take apart.
    pub fn wpath(&self) -> Option<Decoded<'a>> {
        match self {
            WaisUrl::Doc(url) => Some(url.wpath.decoded()),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::semantics::parsed;
    use alloc::string::ToString;

    /// The database, search, type and path of each form, decoded.
    #[test]
    fn three_forms() {
        for (text, database, search, wtype, wpath, port) in [
            ("wais://h.com:2100/db", "db", None, None, None, 2100),
            ("wais://h.com/db?a%3Fb", "db", Some("a?b"), None, None, 210),
            (
                "wais://h.com/d%2Fb/TEXT/0%2012%2F",
                "d/b",
                None,
                Some("TEXT"),
                Some("0 12/"),
                210,
            ),
        ] {
            let url = parsed!(Wais, text);
            let text_of = |decoded: Option<crate::decode::Decoded<'_>>| {
                decoded.map(|decoded| decoded.to_string())
            };
            let found = (
                url.database_name().to_string(),
                text_of(url.search()),
                text_of(url.wtype()),
                text_of(url.wpath()),
                url.port_or_default(),
            );
            let owned = |text: Option<&str>| text.map(str::to_string);
            let expected = (
                database.to_string(),
                owned(search),
                owned(wtype),
                owned(wpath),
                Some(port),
            );
            assert_eq!(found, expected, "{text}");
        }
    }
}
