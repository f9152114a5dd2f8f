//! Nodes of NNTP URLs (section 3.7).

use crate::rule::Rule;
use crate::span::{Place, Span};
use crate::syntax::SyntaxNode;
use crate::tree::{node, text_and_span, Digits, Group, Hostport, Scheme};

/// `nntpurl = "nntp://" hostport "/" group [ "/" digits ]`
#[derive(Debug, Clone, Copy)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct NntpUrl<'a> {
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub(crate) place: Place<'a>,
    /// The scheme name of the `"nntp://"` literal, as written.
    pub scheme: Scheme<'a>,
    /// Host and port.
    pub hostport: Hostport<'a>,
    /// The newsgroup.
    pub group: Group<'a>,
    /// The article number in the group.
    pub article: Option<Digits<'a>>,
}

text_and_span!(NntpUrl);

impl<'a> NntpUrl<'a> {
    /// This node as a generic syntax tree.
    pub fn syntax(&self) -> SyntaxNode<'a> {
        node(
            Rule::Nntpurl,
            self.span(),
            self.as_str(),
            [
                Some(self.scheme.syntax()),
                Some(self.hostport.syntax()),
                Some(self.group.syntax()),
                self.article.map(|digits| digits.syntax()),
            ],
        )
    }
}
