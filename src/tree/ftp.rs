//! Nodes of FTP URLs (section 3.2).

use crate::rule::Rule;
use crate::span::{Place, Span};
use crate::syntax::SyntaxNode;
use crate::tree::{leaf_node, node, split_parts, text_and_span, Login, Scheme};

/// `ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]`
#[derive(Debug, Clone, Copy)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct FtpUrl<'a> {
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub(crate) place: Place<'a>,
    /// The scheme name of the `"ftp://"` literal, as written.
    pub scheme: Scheme<'a>,
    /// User, password, host and port.
    pub login: Login<'a>,
    /// The path, when the URL has a `/` after the login.
    pub fpath: Option<Fpath<'a>>,
    /// The typecode after `;type=`.
    pub ftptype: Option<Ftptype<'a>>,
}

text_and_span!(FtpUrl);

impl<'a> FtpUrl<'a> {
    /// This node as a generic syntax tree.
    pub fn syntax(&self) -> SyntaxNode<'a> {
        node(
            Rule::Ftpurl,
            self.span(),
            self.as_str(),
            [
                Some(self.scheme.syntax()),
                Some(self.login.syntax()),
                self.fpath.map(|path| path.syntax()),
                self.ftptype.map(|code| code.syntax()),
            ],
        )
    }
}

/// `fpath = fsegment *[ "/" fsegment ]`
#[derive(Debug, Clone, Copy)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Fpath<'a> {
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub(crate) place: Place<'a>,
}

text_and_span!(Fpath);

impl<'a> Fpath<'a> {
    /// The segments, in order; an empty path has one empty segment.
    pub fn segments(&self) -> impl Iterator<Item = Fsegment<'a>> + 'a {
        split_parts(self.as_str(), self.span(), '/').map(|(text, span)| Fsegment::new(text, span))
    }

    /// This node as a generic syntax tree.
    pub fn syntax(&self) -> SyntaxNode<'a> {
        let segments = self.segments().map(|segment| Some(segment.syntax()));
        node(Rule::Fpath, self.span(), self.as_str(), segments)
    }
}

leaf_node! {
    /// `fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]`
    Fsegment => Fsegment
}

leaf_node! {
    /// `ftptype = "A" | "I" | "D" | "a" | "i" | "d"`
    Ftptype => Ftptype
}

impl Ftptype<'_> {
    /// The typecode character as written.
    pub fn code(&self) -> char {
        self.as_str().chars().next().unwrap_or('?')
    }
}
