//! A uniform view of the typed tree: every node as its production, span and
//! text, with its children. Made on request (it allocates); parsing never
//! builds it. It is what `rfc1738 tree` prints and what the snapshot tests
//! record.

use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use crate::rule::Rule;
use crate::span::Span;

/// A node of the syntax tree: the production it is an instance of, where it
/// is, what it matched, and the nodes inside it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SyntaxNode<'a> {
    /// The production.
    pub rule: Rule,
    /// The byte range it matched.
    pub span: Span,
    /// The text it matched.
    pub text: &'a str,
    /// The nodes inside it, in order.
    pub children: Vec<SyntaxNode<'a>>,
}

impl<'a> SyntaxNode<'a> {
    /// A node with these children.
    pub fn new(rule: Rule, span: Span, text: &'a str, children: Vec<SyntaxNode<'a>>) -> Self {
        SyntaxNode {
            rule,
            span,
            text,
            children,
        }
    }

    /// This node and every node below it, parents before children.
    pub fn walk(&self) -> Vec<&SyntaxNode<'a>> {
        walk(self)
    }
}

/// A node of a derivation, as both kinds of tree keep it (this one, and the
/// drafts' `dialect::Node`, which names its production by the draft's
/// name): what the walk and the printing of a tree read.
pub(crate) trait Derivation: Sized {
    /// The production's name.
    fn name(&self) -> &str;
    /// Where it matched.
    fn span(&self) -> Span;
    /// What it matched.
    fn text(&self) -> &str;
    /// The nodes inside it, in order.
    fn children(&self) -> &[Self];
}

/// [`Derivation`] for a tree node type with `span`, `text` and `children`
/// fields, whose production's name `$name` reads off the node.
macro_rules! derivation {
    ($type:ident, |$node:ident| $name:expr) => {
        impl $crate::syntax::Derivation for $type<'_> {
            fn name(&self) -> &str {
                let $node = self;
                $name
            }
            fn span(&self) -> $crate::span::Span {
                self.span
            }
            fn text(&self) -> &str {
                self.text
            }
            fn children(&self) -> &[Self] {
                &self.children
            }
        }
    };
}
#[cfg(feature = "dialect")]
pub(crate) use derivation;

derivation!(SyntaxNode, |node| node.rule.name());

/// `root` and every node below it, parents before children.
pub(crate) fn walk<N: Derivation>(root: &N) -> Vec<&N> {
    let mut out = Vec::new();
    let mut pending = vec![root];
    while let Some(node) = pending.pop() {
        out.push(node);
        pending.extend(node.children().iter().rev());
    }
    out
}

/// Writes `node` and the nodes below it, one line each, indented by depth:
/// `hostname 7..18 "example.com"`.
pub(crate) fn write_tree<N: Derivation>(
    f: &mut fmt::Formatter<'_>,
    node: &N,
    depth: usize,
) -> fmt::Result {
    writeln!(
        f,
        "{:indent$}{} {} {:?}",
        "",
        node.name(),
        node.span(),
        node.text(),
        indent = depth * 2
    )?;
    for child in node.children() {
        write_tree(f, child, depth + 1)?;
    }
    Ok(())
}

/// One line a node, indented by depth: `hostname 7..18 "example.com"`.
impl fmt::Display for SyntaxNode<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_tree(f, self, 0)
    }
}
