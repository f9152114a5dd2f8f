//! NNTP URLs (section 3.7): the group and the article number.
//!
//! ```
//! use rfc1738::Url;
//! let Ok(Url::Nntp(url)) = rfc1738::parse("nntp://news.example.com/comp.infosystems.www.misc/42")
//!     else { panic!() };
//! assert_eq!(url.group_name(), "comp.infosystems.www.misc");
//! assert_eq!(url.article_number(), Some(42));
//! assert_eq!(url.port_or_default(), Some(119));
//! ```

use crate::tree::NntpUrl;

impl<'a> NntpUrl<'a> {
    /// The `<newsgroup-name>` (it holds no escape).
    pub fn group_name(&self) -> &'a str {
        self.group.as_str()
    }

    /// The `<article-number>`, when the URL has one and it fits a `u64`
    /// (leading zeros allowed); the `article` field has the digits as
    /// written either way.
    pub fn article_number(&self) -> Option<u64> {
        self.article.and_then(|digits| digits.value())
    }
}

#[cfg(test)]
mod tests {
    use crate::semantics::parsed;

    /// The group, the article's number (none where it does not fit a `u64`,
    /// though the URL has one) and the port.
    #[test]
    fn group_and_number() {
        for (text, group, number, has_number, port) in [
            ("nntp://h.com:1119/alt.test", "alt.test", None, false, 1119),
            ("nntp://h.com/a/007", "a", Some(7), true, 119),
            ("nntp://h.com/a/99999999999999999999", "a", None, true, 119),
        ] {
            let url = parsed!(Nntp, text);
            assert_eq!(
                (
                    url.group_name(),
                    url.article_number(),
                    url.article.is_some()
                ),
                (group, number, has_number),
                "{text}"
            );
            assert_eq!(url.port_or_default(), Some(port), "{text}");
        }
    }
}
