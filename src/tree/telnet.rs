//! Nodes of TELNET URLs (section 3.8).

use crate::rule::Rule;
use crate::span::{Place, Span};
use crate::syntax::SyntaxNode;
use crate::tree::{node, text_and_span, Login, Scheme};

/// `telneturl = "telnet://" login [ "/" ]`
#[derive(Debug, Clone, Copy)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct TelnetUrl<'a> {
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub(crate) place: Place<'a>,
    /// The scheme name of the `"telnet://"` literal, as written.
    pub scheme: Scheme<'a>,
    /// User, password, host and port.
    pub login: Login<'a>,
    /// Whether the URL ends with the optional `/`.
    pub trailing_slash: bool,
}

text_and_span!(TelnetUrl);

impl<'a> TelnetUrl<'a> {
    /// This node as a generic syntax tree.
    pub fn syntax(&self) -> SyntaxNode<'a> {
        node(
            Rule::Telneturl,
            self.span(),
            self.as_str(),
            [Some(self.scheme.syntax()), Some(self.login.syntax())],
        )
    }
}
