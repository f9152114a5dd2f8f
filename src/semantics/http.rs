//! HTTP URLs (section 3.3): path segments and the search part, decoded.
//!
//! The URL of section 1 of RFC 1738, and a search:
//!
//! ```
//! use rfc1738::Url;
//! let Ok(Url::Http(url)) =
//!     rfc1738::parse("http://www.acl.lanl.gov/URI/archive/uri-archive.index.html")
//!     else { panic!() };
//! assert_eq!(url.port_or_default(), Some(80));
//! assert_eq!(url.path_segments().unwrap(), ["URI", "archive", "uri-archive.index.html"]);
//! assert_eq!(url.search(), None);
//! let Ok(Url::Http(url)) = rfc1738::parse("http://a.example/find?rfc%201738") else { panic!() };
//! assert_eq!(url.search().unwrap(), "rfc 1738");
//! ```

use alloc::vec::Vec;

use crate::decode::Decoded;
use crate::tree::HttpUrl;

impl<'a> HttpUrl<'a> {
    /// The segments of `<path>`, decoded; `None` when the URL has no `/`
    /// after the host, `Some([""])` for a lone `/`. A `%2F` inside a
    /// segment decodes to `/` without splitting it: `/` is reserved (3.3).
    pub fn path_segments(&self) -> Option<Vec<Decoded<'a>>> {
        self.hpath
            .map(|hpath| hpath.segments().map(|segment| segment.decoded()).collect())
    }

    /// The `<searchpart>` after `?`, decoded.
    pub fn search(&self) -> Option<Decoded<'a>> {
        self.search.map(|search| search.decoded())
    }
}

#[cfg(test)]
mod tests {
    use crate::semantics::parsed;
    use crate::tree::HttpUrl;

    fn http(text: &str) -> HttpUrl<'_> {
        parsed!(Http, text)
    }

    #[test]
    fn paths() {
        assert_eq!(http("http://a.b").path_segments(), None);
        assert_eq!(http("http://a.b/").path_segments().unwrap(), [""]);
        assert_eq!(
            http("http://a.b/x//y/").path_segments().unwrap(),
            ["x", "", "y", ""]
        );
        assert_eq!(
            http("http://a.b/x%2Fy;z").path_segments().unwrap(),
            ["x/y;z"]
        );
    }

    #[test]
    fn searches() {
        assert_eq!(http("http://a.b/").search(), None);
        assert_eq!(http("http://a.b/?").search().unwrap(), "");
        assert_eq!(http("http://a.b/?q=a%3Fb%26c").search().unwrap(), "q=a?b&c");
        assert_eq!(http("http://a.b:81/?q").port_or_default(), Some(81));
    }
}
