//! NEWS URLs (section 3.6): a newsgroup, an article, or all groups.
//!
//! ```
//! use rfc1738::{semantics::NewsTarget, Url};
//! let Ok(Url::News(url)) = rfc1738::parse("news:comp.infosystems.www.misc") else { panic!() };
//! assert_eq!(url.target(), NewsTarget::Group { name: "comp.infosystems.www.misc" });
//! let Ok(Url::News(url)) = rfc1738::parse("news:*") else { panic!() };
//! assert_eq!(url.target(), NewsTarget::AllGroups);
//! ```

use crate::decode::{decode, Decoded};
use crate::tree::{Article, Grouppart, NewsUrl};

/// What a news URL refers to.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "snake_case"))]
pub enum NewsTarget<'a> {
    /// `news:*`: "all available news groups".
    AllGroups,
    /// A newsgroup.
    Group {
        /// The `<newsgroup-name>` (it holds no escape).
        name: &'a str,
    },
    /// An article: its Message-ID without the `<` `>` of RFC 1036,
    /// decoded.
    Article {
        /// `<unique>@<full_domain_name>`, decoded.
        message_id: Decoded<'a>,
    },
}

impl<'a> Article<'a> {
    /// The message id, `unique@host`, decoded.
    pub fn message_id(&self) -> Decoded<'a> {
        decode(self.as_str())
    }
}

impl<'a> NewsUrl<'a> {
    /// The group, the article or all groups.
    ///
    /// ```
    /// use rfc1738::{semantics::NewsTarget, Url};
    /// let Ok(Url::News(url)) = rfc1738::parse("news:1234%25x@news.example.com") else { panic!() };
    /// let NewsTarget::Article { message_id } = url.target() else { panic!() };
    /// assert_eq!(message_id, "1234%x@news.example.com");
    /// ```
    pub fn target(&self) -> NewsTarget<'a> {
        match self.grouppart {
            Grouppart::All(_) => NewsTarget::AllGroups,
            Grouppart::Group(group) => NewsTarget::Group {
                name: group.as_str(),
            },
            Grouppart::Article(article) => NewsTarget::Article {
                message_id: article.message_id(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::semantics::parsed;

    fn target(text: &str) -> NewsTarget<'_> {
        parsed!(News, text).target()
    }

    #[test]
    fn forms() {
        assert_eq!(target("news:*"), NewsTarget::AllGroups);
        assert_eq!(
            target("news:comp.infosystems.www.misc"),
            NewsTarget::Group {
                name: "comp.infosystems.www.misc"
            }
        );
        assert_eq!(
            target("news:a/b%3Cc@x.y"),
            NewsTarget::Article {
                message_id: decode("a/b<c@x.y")
            }
        );
    }
}
