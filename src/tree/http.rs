//! Nodes of HTTP URLs (section 3.3).

use crate::rule::Rule;
use crate::span::Span;
use crate::syntax::SyntaxNode;
use crate::tree::{leaf_node, path_node, structure_node, Hostport, Scheme};

structure_node! {
    /// `httpurl = "http://" hostport [ "/" hpath [ "?" search ]]`
    HttpUrl => Httpurl {
        /// The scheme name of the `"http://"` literal, as written.
        pub scheme: Scheme<'a>,
        /// Host and port.
        pub hostport: Hostport<'a>,
        /// The path, when the URL has a `/` after the host.
        pub hpath: Option<Hpath<'a>>,
        /// The query after `?`.
        pub search: Option<Search<'a>>,
    }
    children: scheme, hostport, hpath, search;
}

path_node! {
    /// `hpath = hsegment *[ "/" hsegment ]`
    Hpath => Hpath of Hsegment
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
