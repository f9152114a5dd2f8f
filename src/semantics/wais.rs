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

    #[test]
    fn three_forms() {
        let url = parsed!(Wais, "wais://h.com:2100/db");
        assert_eq!(url.database_name(), "db");
        assert_eq!((url.search(), url.wtype(), url.wpath()), (None, None, None));
        assert_eq!(url.port_or_default(), Some(2100));
        let url = parsed!(Wais, "wais://h.com/db?a%3Fb");
        assert_eq!(url.search().unwrap(), "a?b");
        assert_eq!(url.wtype(), None);
        let url = parsed!(Wais, "wais://h.com/d%2Fb/TEXT/0%2012%2F");
        assert_eq!(url.database_name(), "d/b");
        assert_eq!(url.wtype().unwrap(), "TEXT");
        assert_eq!(url.wpath().unwrap(), "0 12/");
        assert_eq!(url.search(), None);
    }
}
