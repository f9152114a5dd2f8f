//! Nodes of WAIS URLs (section 3.9).

use crate::rule::Rule;
use crate::span::Span;
use crate::syntax::SyntaxNode;
use crate::tree::{leaf_node, node, structure_node, Hostport, Scheme, Search};

/// `waisurl = waisdatabase | waisindex | waisdoc`
///
/// What follows the database decides: nothing, `?` or `/`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
// `repr(u8)`, as `Url`: see there.
#[repr(u8)]
pub enum WaisUrl<'a> {
    /// A database to search.
    Database(WaisDatabase<'a>),
    /// A search of a database.
    Index(WaisIndex<'a>),
    /// A document in a database.
    Doc(WaisDoc<'a>),
}

impl<'a> WaisUrl<'a> {
    /// The text as written.
    pub fn as_str(&self) -> &'a str {
        match self {
            WaisUrl::Database(url) => url.as_str(),
            WaisUrl::Index(url) => url.as_str(),
            WaisUrl::Doc(url) => url.as_str(),
        }
    }

    /// Where it is in the input.
    pub fn span(&self) -> Span {
        match self {
            WaisUrl::Database(url) => url.span(),
            WaisUrl::Index(url) => url.span(),
            WaisUrl::Doc(url) => url.span(),
        }
    }

    /// The scheme name of the `"wais://"` literal, as written.
    pub fn scheme(&self) -> Scheme<'a> {
        match self {
            WaisUrl::Database(url) => url.scheme,
            WaisUrl::Index(url) => url.scheme,
            WaisUrl::Doc(url) => url.scheme,
        }
    }

    /// Host and port.
    pub fn hostport(&self) -> Hostport<'a> {
        *self.hostport_in_place()
    }

    /// Host and port where the variant holds them, for `Url`'s accessors,
    /// which must not copy the nodes around a field to read it (see
    /// `Url::hostport_in_place`).
    pub(crate) fn hostport_in_place(&self) -> &Hostport<'a> {
        match self {
            WaisUrl::Database(url) => &url.hostport,
            WaisUrl::Index(url) => &url.hostport,
            WaisUrl::Doc(url) => &url.hostport,
        }
    }

    /// The database name.
    pub fn database(&self) -> Database<'a> {
        match self {
            WaisUrl::Database(url) => url.database,
            WaisUrl::Index(url) => url.database,
            WaisUrl::Doc(url) => url.database,
        }
    }

    /// This node as a generic syntax tree.
    pub fn syntax(&self) -> SyntaxNode<'a> {
        let child = match self {
            WaisUrl::Database(url) => url.syntax(),
            WaisUrl::Index(url) => url.syntax(),
            WaisUrl::Doc(url) => url.syntax(),
        };
        node(Rule::Waisurl, self.span(), self.as_str(), [Some(child)])
    }
}

structure_node! {
    /// `waisdatabase = "wais://" hostport "/" database`
    WaisDatabase => Waisdatabase {
        /// The scheme name of the `"wais://"` literal, as written.
        pub scheme: Scheme<'a>,
        /// Host and port.
        pub hostport: Hostport<'a>,
        /// The database name.
        pub database: Database<'a>,
    }
    children: scheme, hostport, database;
}

structure_node! {
    /// `waisindex = "wais://" hostport "/" database "?" search`
    WaisIndex => Waisindex {
        /// The scheme name of the `"wais://"` literal, as written.
        pub scheme: Scheme<'a>,
        /// Host and port.
        pub hostport: Hostport<'a>,
        /// The database name.
        pub database: Database<'a>,
        /// The search after `?`.
        pub search: Search<'a>,
    }
    children: scheme, hostport, database, search;
}

structure_node! {
    /// `waisdoc = "wais://" hostport "/" database "/" wtype "/" wpath`
    WaisDoc => Waisdoc {
        /// The scheme name of the `"wais://"` literal, as written.
        pub scheme: Scheme<'a>,
        /// Host and port.
        pub hostport: Hostport<'a>,
        /// The database name.
        pub database: Database<'a>,
        /// The type of the document.
        pub wtype: Wtype<'a>,
        /// The document id, as the server gave it.
        pub wpath: Wpath<'a>,
    }
    children: scheme, hostport, database, wtype, wpath;
}

leaf_node! {
    /// `database = *uchar`
    Database => Database
}

leaf_node! {
    /// `wtype = *uchar`
    Wtype => Wtype
}

leaf_node! {
    /// `wpath = *uchar`
    Wpath => Wpath
}

crate::tree::child!(WaisUrl);
