//! Nodes of MAILTO URLs (section 3.5).

use crate::rule::Rule;
use crate::span::Span;
use crate::syntax::SyntaxNode;
use crate::tree::{leaf_node, structure_node, Scheme};

structure_node! {
    /// `mailtourl = "mailto:" encoded822addr`
    MailtoUrl => Mailtourl {
        /// The scheme name of the `"mailto:"` literal, as written.
        pub scheme: Scheme<'a>,
        /// The encoded address.
        pub encoded822addr: Encoded822addr<'a>,
    }
    children: scheme, encoded822addr;
}

leaf_node! {
    /// `encoded822addr = 1*xchar               ; further defined in RFC822`
    Encoded822addr => Encoded822addr
}
