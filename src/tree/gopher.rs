//! Nodes of gopher URLs (section 3.4).

use crate::rule::Rule;
use crate::span::Span;
use crate::syntax::SyntaxNode;
use crate::tree::{leaf_node, structure_node, Hostport, Scheme, Search};

structure_node! {
    /// ```bnf
    /// gopherurl      = "gopher://" hostport [ / [ gtype [ selector
    ///                  [ "%09" search [ "%09" gopher+_string ] ] ] ] ]
    /// ```
    ///
    /// `selector` is `*xchar` and so may itself contain `%09`: the BNF gives
    /// several derivations of `1a%09b%09c`. The tree ends the selector at the
    /// first `%09` when what follows fits `search [ "%09" gopher+_string ]`;
    /// otherwise the whole rest is the selector (see `grammar/README.md`).
    GopherUrl => Gopherurl {
        /// The scheme name of the `"gopher://"` literal, as written.
        pub scheme: Scheme<'a>,
        /// Host and port.
        pub hostport: Hostport<'a>,
        /// The gopher type character, when the path is not empty.
        pub gtype: Option<Gtype<'a>>,
        /// The selector; `Some` (perhaps empty) whenever `gtype` is.
        pub selector: Option<Selector<'a>>,
        /// The search after the first `%09`.
        pub search: Option<Search<'a>>,
        /// The gopher+ string after the second `%09`.
        pub gopher_plus_string: Option<GopherPlusString<'a>>,
    }
    children: scheme, hostport, gtype, selector, search, gopher_plus_string;
}

leaf_node! {
    /// `gtype = xchar`: one character, or one escape.
    Gtype => Gtype
}

leaf_node! {
    /// `selector = *xchar`
    Selector => Selector
}

leaf_node! {
    /// `gopher+_string = *xchar`
    GopherPlusString => GopherPlusString
}
