//! Nodes of the generic form: `genericurl`, `scheme`, `schemepart`.

use crate::rule::Rule;
use crate::span::Span;
use crate::syntax::SyntaxNode;
use crate::tree::{leaf_node, structure_node, IpSchemepart};

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

structure_node! {
    /// `genericurl = scheme ":" schemepart`
    GenericUrl => Genericurl {
        /// The scheme name.
        pub scheme: Scheme<'a>,
        /// Everything after the first `:`.
        pub schemepart: Schemepart<'a>,
    }
    children: scheme, schemepart;
}

structure_node! {
    /// `schemepart = *xchar | ip-schemepart`
    ///
    /// Every `ip-schemepart` is also a string of `xchar`s, so the BNF gives two
    /// derivations for text such as `//host/path`. The tree takes the
    /// `ip-schemepart` derivation whenever it covers the whole schemepart, and
    /// then offers it as [`Schemepart::ip_schemepart`].
    Schemepart => Schemepart {
        /// The common Internet scheme syntax, when the schemepart follows it.
        pub ip_schemepart: Option<IpSchemepart<'a>>,
    }
    children: ip_schemepart;
}
