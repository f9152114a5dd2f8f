//! Nodes of NNTP URLs (section 3.7).

use crate::span::Span;
use crate::tree::{structure_node, Digits, Group, Hostport, Scheme};

structure_node! {
    /// `nntpurl = "nntp://" hostport "/" group [ "/" digits ]`
    NntpUrl => Nntpurl {
        /// The scheme name of the `"nntp://"` literal, as written.
        pub scheme: Scheme<'a>,
        /// Host and port.
        pub hostport: Hostport<'a>,
        /// The newsgroup.
        pub group: Group<'a>,
        /// The article number in the group.
        pub article: Option<Digits<'a>>,
    }
    children: scheme, hostport, group, article;
}
