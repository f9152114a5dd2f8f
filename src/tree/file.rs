//! Nodes of FILE URLs (section 3.10).

use crate::rule::Rule;
use crate::span::{Place, Span};
use crate::syntax::SyntaxNode;
use crate::tree::{node, text_and_span, Fpath, Host, Scheme};

/// `fileurl = "file://" [ host | "localhost" ] "/" fpath`
///
/// `localhost` is itself a `hostname`, so it is parsed as the `host`
/// alternative; the two derivations cover the same text.
#[derive(Debug, Clone, Copy)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct FileUrl<'a> {
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub(crate) place: Place<'a>,
    /// The scheme name of the `"file://"` literal, as written.
    pub scheme: Scheme<'a>,
    /// The host, when one is named (`localhost` included).
    pub host: Option<Host<'a>>,
    /// The path after the `/` that follows the host.
    pub fpath: Fpath<'a>,
}

text_and_span!(FileUrl);

impl<'a> FileUrl<'a> {
    /// This node as a generic syntax tree.
    pub fn syntax(&self) -> SyntaxNode<'a> {
        node(
            Rule::Fileurl,
            self.span(),
            self.as_str(),
            [
                Some(self.scheme.syntax()),
                self.host.map(|host| host.syntax()),
                Some(self.fpath.syntax()),
            ],
        )
    }
}
