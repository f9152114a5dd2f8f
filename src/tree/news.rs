//! Nodes of NEWS URLs (section 3.6).

use crate::rule::Rule;
use crate::span::Span;
use crate::syntax::SyntaxNode;
use crate::tree::{leaf_node, node, structure_node, Host, Scheme};

structure_node! {
    /// `newsurl = "news:" grouppart`
    NewsUrl => Newsurl {
        /// The scheme name of the `"news:"` literal, as written.
        pub scheme: Scheme<'a>,
        /// A group, an article, or `*`.
        pub grouppart: Grouppart<'a>,
    }
    children: scheme, grouppart;
}

/// `grouppart = "*" | group | article`
///
/// An `@` decides: a `group` cannot contain one and an `article` must.
#[derive(Debug, Clone, Copy)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
// `repr(u8)`, as `Url`: see there.
#[repr(u8)]
pub enum Grouppart<'a> {
    /// `*`: all the groups there are.
    All(Span),
    /// A newsgroup name.
    Group(Group<'a>),
    /// A message id.
    Article(Article<'a>),
}

impl<'a> Grouppart<'a> {
    /// Where it is in the input.
    pub fn span(&self) -> Span {
        match self {
            Grouppart::All(span) => *span,
            Grouppart::Group(group) => group.span(),
            Grouppart::Article(article) => article.span(),
        }
    }

    /// The text as written.
    pub fn as_str(&self) -> &'a str {
        match self {
            Grouppart::All(_) => "*",
            Grouppart::Group(group) => group.as_str(),
            Grouppart::Article(article) => article.as_str(),
        }
    }

    /// This node as a generic syntax tree.
    pub fn syntax(&self) -> SyntaxNode<'a> {
        let child = match self {
            Grouppart::All(_) => None,
            Grouppart::Group(group) => Some(group.syntax()),
            Grouppart::Article(article) => Some(article.syntax()),
        };
        node(Rule::Grouppart, self.span(), self.as_str(), [child])
    }
}

// By text, like the other nodes: the span of `All` is where, not what.
impl PartialEq for Grouppart<'_> {
    fn eq(&self, other: &Self) -> bool {
        core::mem::discriminant(self) == core::mem::discriminant(other)
            && self.as_str() == other.as_str()
    }
}

impl Eq for Grouppart<'_> {}

impl core::hash::Hash for Grouppart<'_> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        core::mem::discriminant(self).hash(state);
        self.as_str().hash(state);
    }
}

leaf_node! {
    /// `group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]`
    Group => Group
}

structure_node! {
    /// `article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host`
    Article => Article {
        pub(crate) unique: (&'a str, Span),
        /// The host after the `@`.
        pub host: Host<'a>,
    }
    children: host;
}

impl<'a> Article<'a> {
    /// The part before the `@` (RFC 1036's "unique"), as written.
    pub fn unique(&self) -> &'a str {
        self.unique.0
    }

    /// Where the part before the `@` is.
    pub fn unique_span(&self) -> Span {
        self.unique.1
    }
}

crate::tree::child!(Grouppart);
