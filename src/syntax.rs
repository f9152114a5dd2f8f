//! A uniform view of the typed tree: every node as its production, span and
//! text, with its children. Made on request (it allocates); parsing never
//! builds it. It is what `rfc1738 tree` prints and what the snapshot tests
//! record.

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
        let mut out = Vec::new();
        let mut pending = vec![self];
        while let Some(node) = pending.pop() {
            out.push(node);
            pending.extend(node.children.iter().rev());
        }
        out
    }

    fn write(&self, f: &mut fmt::Formatter<'_>, depth: usize) -> fmt::Result {
        writeln!(
            f,
            "{:indent$}{} {} {:?}",
            "",
            self.rule.name(),
            self.span,
            self.text,
            indent = depth * 2
        )?;
        for child in &self.children {
            child.write(f, depth + 1)?;
        }
        Ok(())
    }
}

/// One line a node, indented by depth: `hostname 7..18 "example.com"`.
impl fmt::Display for SyntaxNode<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, 0)
    }
}
