//! Nodes of MAILTO URLs (section 3.5).

use crate::rule::Rule;
use crate::span::{Place, Span};
use crate::syntax::SyntaxNode;
use crate::tree::{leaf_node, node, text_and_span, Scheme};

/// `mailtourl = "mailto:" encoded822addr`
#[derive(Debug, Clone, Copy)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct MailtoUrl<'a> {
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub(crate) place: Place<'a>,
    /// The scheme name of the `"mailto:"` literal, as written.
    pub scheme: Scheme<'a>,
    /// The encoded address.
    pub encoded822addr: Encoded822addr<'a>,
}

text_and_span!(MailtoUrl);

impl<'a> MailtoUrl<'a> {
    /// This node as a generic syntax tree.
    pub fn syntax(&self) -> SyntaxNode<'a> {
        node(
            Rule::Mailtourl,
            self.span(),
            self.as_str(),
            [
                Some(self.scheme.syntax()),
                Some(self.encoded822addr.syntax()),
            ],
        )
    }
}

leaf_node! {
    /// `encoded822addr = 1*xchar               ; further defined in RFC822`
    Encoded822addr => Encoded822addr
}
