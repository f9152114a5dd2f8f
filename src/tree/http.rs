//! Nodes of HTTP URLs (section 3.3).

use crate::rule::Rule;
use crate::span::{Place, Span};
use crate::syntax::SyntaxNode;
use crate::tree::{leaf_node, node, split_parts, text_and_span, Hostport, Scheme};

/// `httpurl = "http://" hostport [ "/" hpath [ "?" search ]]`
#[derive(Debug, Clone, Copy)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct HttpUrl<'a> {
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub(crate) place: Place<'a>,
    /// The scheme name of the `"http://"` literal, as written.
    pub scheme: Scheme<'a>,
    /// Host and port.
    pub hostport: Hostport<'a>,
    /// The path, when the URL has a `/` after the host.
    pub hpath: Option<Hpath<'a>>,
    /// The query after `?`.
    pub search: Option<Search<'a>>,
}

text_and_span!(HttpUrl);

impl<'a> HttpUrl<'a> {
    /// This node as a generic syntax tree.
    pub fn syntax(&self) -> SyntaxNode<'a> {
        node(
            Rule::Httpurl,
            self.span(),
            self.as_str(),
            [
                Some(self.scheme.syntax()),
                Some(self.hostport.syntax()),
                self.hpath.map(|path| path.syntax()),
                self.search.map(|search| search.syntax()),
            ],
        )
    }
}

/// `hpath = hsegment *[ "/" hsegment ]`
#[derive(Debug, Clone, Copy)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Hpath<'a> {
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub(crate) place: Place<'a>,
}

text_and_span!(Hpath);

impl<'a> Hpath<'a> {
    /// The segments, in order; an empty path has one empty segment.
    pub fn segments(&self) -> impl Iterator<Item = Hsegment<'a>> + 'a {
        split_parts(self.as_str(), self.span(), '/').map(|(text, span)| Hsegment::new(text, span))
    }

    /// This node as a generic syntax tree.
    pub fn syntax(&self) -> SyntaxNode<'a> {
        let segments = self.segments().map(|segment| Some(segment.syntax()));
        node(Rule::Hpath, self.span(), self.as_str(), segments)
    }
}

leaf_node! {
    /// `hsegment = *[ uchar | ";" | ":" | "@" | "&" | "=" ]`
    Hsegment => Hsegment
}

leaf_node! {
    /// `search = *[ uchar | ";" | ":" | "@" | "&" | "=" ]`
    ///
    /// Shared by HTTP, gopher and WAIS URLs.
    Search => Search
}
