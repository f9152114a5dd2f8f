//! Nodes of the generic form: `genericurl`, `scheme`, `schemepart`.

use crate::rule::Rule;
use crate::span::{Place, Span};
use crate::syntax::SyntaxNode;
use crate::tree::{leaf_node, node, text_and_span, IpSchemepart};

leaf_node! {
    /// `scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]`: the scheme name,
    /// also the name part of literals such as `"ftp://"`.
    Scheme => Scheme
}

impl Scheme<'_> {
    /// Whether the name is written in lower case, as the BNF writes it.
    pub fn is_lowercase(&self) -> bool {
        !self.as_str().bytes().any(|b| b.is_ascii_uppercase())
    }
}

/// `genericurl = scheme ":" schemepart`
#[derive(Debug, Clone, Copy)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct GenericUrl<'a> {
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub(crate) place: Place<'a>,
    /// The scheme name.
    pub scheme: Scheme<'a>,
    /// Everything after the first `:`.
    pub schemepart: Schemepart<'a>,
}

text_and_span!(GenericUrl);

impl<'a> GenericUrl<'a> {
    /// This node as a generic syntax tree.
    pub fn syntax(&self) -> SyntaxNode<'a> {
        node(
            Rule::Genericurl,
            self.span(),
            self.as_str(),
            [Some(self.scheme.syntax()), Some(self.schemepart.syntax())],
        )
    }
}

/// `schemepart = *xchar | ip-schemepart`
///
/// Every `ip-schemepart` is also a string of `xchar`s, so the BNF gives two
/// derivations for text such as `//host/path`. The tree takes the
/// `ip-schemepart` derivation whenever it covers the whole schemepart, and
/// then offers it as [`Schemepart::ip_schemepart`].
#[derive(Debug, Clone, Copy)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Schemepart<'a> {
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub(crate) place: Place<'a>,
    /// The common Internet scheme syntax, when the schemepart follows it.
    pub ip_schemepart: Option<IpSchemepart<'a>>,
}

text_and_span!(Schemepart);

impl<'a> Schemepart<'a> {
    /// This node as a generic syntax tree.
    pub fn syntax(&self) -> SyntaxNode<'a> {
        node(
            Rule::Schemepart,
            self.span(),
            self.as_str(),
            [self.ip_schemepart.map(|ip| ip.syntax())],
        )
    }
}
