//! Nodes of FILE URLs (section 3.10).

use crate::span::Span;
use crate::tree::{structure_node, Fpath, Host, Scheme};

structure_node! {
    /// `fileurl = "file://" [ host | "localhost" ] "/" fpath`
    ///
    /// `localhost` is itself a `hostname`, so it is parsed as the `host`
    /// alternative; the two derivations cover the same text.
    FileUrl => Fileurl {
        /// The scheme name of the `"file://"` literal, as written.
        pub scheme: Scheme<'a>,
        /// The host, when one is named (`localhost` included).
        pub host: Option<Host<'a>>,
        /// The path after the `/` that follows the host.
        pub fpath: Fpath<'a>,
    }
    children: scheme, host, fpath;
}
