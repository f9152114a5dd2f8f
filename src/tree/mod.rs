//! The typed parse tree: one type per production that has structure or that
//! a user asks for by name. Every node borrows its text from the input and
//! knows its [`Span`].
//!
//! Repetitions (the labels of a hostname, the segments of a path, the field
//! specs of a prospero URL) are not stored as vectors, which would allocate:
//! each is one node whose parts are yielded by an iterator. That is exact,
//! because each repetition is separated by a character its parts cannot
//! contain (`.`, `/`, `;`).
//!
//! The modules follow the grammar, like [`crate::grammar`].

use alloc::vec;
use core::fmt;

use crate::rule::Rule;
use crate::span::Span;
use crate::syntax::SyntaxNode;

mod file;
mod ftp;
mod generic;
mod gopher;
mod http;
mod ip;
mod mailto;
mod news;
mod nntp;
mod prospero;
mod telnet;
mod wais;

pub use file::FileUrl;
pub use ftp::{Fpath, Fsegment, FtpUrl, Ftptype};
pub use generic::{GenericUrl, Scheme, Schemepart};
pub use gopher::{GopherPlusString, GopherUrl, Gtype, Selector};
pub use http::{Hpath, Hsegment, HttpUrl, Search};
pub use ip::{
    Digits, Domainlabel, Host, Hostname, Hostnumber, Hostport, IpSchemepart, Login, Password, Port,
    Toplabel, Urlpath, User,
};
pub use mailto::{Encoded822addr, MailtoUrl};
pub use news::{Article, Group, Grouppart, NewsUrl};
pub use nntp::NntpUrl;
pub use prospero::{Fieldname, Fieldspec, Fieldvalue, Ppath, ProsperoUrl, Psegment};
pub use telnet::TelnetUrl;
pub use wais::{Database, WaisDatabase, WaisDoc, WaisIndex, WaisUrl, Wpath, Wtype};

/// Defines a node that is a run of characters: its text and its span.
macro_rules! leaf_node {
    ($(#[$meta:meta])* $name:ident => $rule:ident) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize))]
        pub struct $name<'a> {
            #[cfg_attr(feature = "serde", serde(flatten))]
            place: $crate::span::Place<'a>,
        }

        impl<'a> $name<'a> {
            /// The node of `text`, which is at `span`.
            #[allow(dead_code)]
            pub(crate) fn new(text: &'a str, span: Span) -> Self {
                $name { place: $crate::span::Place::exact(text, span) }
            }

            /// The node at `place`.
            #[allow(dead_code)]
            #[inline(always)]
            pub(crate) fn at(place: $crate::span::Place<'a>) -> Self {
                $name { place }
            }

            /// The text as written in the URL (escapes not decoded).
            #[inline]
            pub fn as_str(&self) -> &'a str {
                self.place.as_str()
            }

            /// Where the text is in the input.
            pub fn span(&self) -> Span {
                self.place.span()
            }

            /// The production this node is an instance of.
            pub const RULE: Rule = Rule::$rule;

            /// This node as a generic syntax tree.
            pub fn syntax(&self) -> SyntaxNode<'a> {
                SyntaxNode::new(Rule::$rule, self.span(), self.as_str(), alloc::vec::Vec::new())
            }
        }

        $crate::tree::same_by_text!($name);
        $crate::tree::child!($name);

        impl core::fmt::Display for $name<'_> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}
pub(crate) use leaf_node;

/// A node with structure: its fields (the nodes of its parts, optional
/// where the BNF brackets them, and whatever else it keeps), the accessors
/// of every node (`text_and_span!`), and, given the parts that are its
/// children in the syntax tree (`children: ...;`), its syntax tree.
macro_rules! structure_node {
    (
        $(#[$meta:meta])*
        $name:ident => $rule:ident {
            $($(#[$field_meta:meta])* $vis:vis $field:ident: $type:ty,)*
        }
        $(children: $($child:ident),*;)?
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize))]
        pub struct $name<'a> {
            #[cfg_attr(feature = "serde", serde(flatten))]
            pub(crate) place: $crate::span::Place<'a>,
            $($(#[$field_meta])* $vis $field: $type,)*
        }

        $crate::tree::text_and_span!($name);

        $(
            impl<'a> $name<'a> {
                /// This node as a generic syntax tree: its parts, in order.
                pub fn syntax(&self) -> $crate::syntax::SyntaxNode<'a> {
                    $crate::tree::node(
                        $crate::rule::Rule::$rule,
                        self.span(),
                        self.as_str(),
                        [$($crate::tree::Child::child(&self.$child)),*],
                    )
                }
            }
        )?

        $crate::tree::child!($name);
    };
}
pub(crate) use structure_node;

/// A path whose segments hold no `/`: one node, whose segments are split
/// again when asked for, and the children of its syntax tree.
macro_rules! path_node {
    ($(#[$meta:meta])* $name:ident => $rule:ident of $segment:ident) => {
        $crate::tree::structure_node! {
            $(#[$meta])*
            $name => $rule {}
        }

        impl<'a> $name<'a> {
            /// The segments, in order; an empty path has one empty segment.
            pub fn segments(&self) -> impl Iterator<Item = $segment<'a>> + 'a {
                $crate::tree::split_parts(self.as_str(), self.span(), '/')
                    .map(|(text, span)| $segment::new(text, span))
            }

            /// This node as a generic syntax tree.
            pub fn syntax(&self) -> $crate::syntax::SyntaxNode<'a> {
                let segments = self.segments().map(|segment| Some(segment.syntax()));
                $crate::tree::node($crate::rule::Rule::$rule, self.span(), self.as_str(), segments)
            }
        }
    };
}
pub(crate) use path_node;

/// A node, or an optional node, as a child of a syntax tree: how
/// `structure_node!` lists its parts.
pub(crate) trait Child<'a> {
    /// The child's syntax tree, if it is there.
    fn child(&self) -> Option<SyntaxNode<'a>>;
}

/// [`Child`] for a node type (with a `syntax` method) and its `Option`.
macro_rules! child {
    ($name:ident) => {
        impl<'a> $crate::tree::Child<'a> for $name<'a> {
            fn child(&self) -> Option<$crate::syntax::SyntaxNode<'a>> {
                Some(self.syntax())
            }
        }

        impl<'a> $crate::tree::Child<'a> for Option<$name<'a>> {
            fn child(&self) -> Option<$crate::syntax::SyntaxNode<'a>> {
                self.map(|node| node.syntax())
            }
        }
    };
}
pub(crate) use child;

/// Splits the text of a repetition at `separator`, yielding each part with
/// its span. The parts of the BNF's repetitions never contain their
/// separator, so this recovers exactly the parts the parser matched.
pub(crate) fn split_parts<'a>(
    text: &'a str,
    span: Span,
    separator: char,
) -> impl Iterator<Item = (&'a str, Span)> + 'a {
    let mut start = span.start;
    text.split(separator).map(move |part| {
        let part_span = Span::new(start, start + part.len());
        start += part.len() + separator.len_utf8();
        (part, part_span)
    })
}

/// A URL: the `url` production, typed by its scheme.
///
/// [`crate::parse`] returns one of the ten scheme variants whenever the
/// scheme is one of the ten, and [`Url::Other`] for every other scheme.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[allow(clippy::large_enum_variant)]
// `repr(u8)` (and on `WaisUrl`, `Grouppart` and `Host`): the tag apart from
// the fields, so that every variant's fields start at one offset and a
// field the variants share sits at one address: the grammar, which builds
// whichever variant matched, stores it once (benches/records/log.md, "A tag of its
// own").
#[repr(u8)]
pub enum Url<'a> {
    /// `httpurl`
    Http(HttpUrl<'a>),
    /// `ftpurl`
    Ftp(FtpUrl<'a>),
    /// `newsurl`
    News(NewsUrl<'a>),
    /// `nntpurl`
    Nntp(NntpUrl<'a>),
    /// `telneturl`
    Telnet(TelnetUrl<'a>),
    /// `gopherurl`
    Gopher(GopherUrl<'a>),
    /// `waisurl`
    Wais(WaisUrl<'a>),
    /// `mailtourl`
    Mailto(MailtoUrl<'a>),
    /// `fileurl`
    File(FileUrl<'a>),
    /// `prosperourl`
    Prospero(ProsperoUrl<'a>),
    /// `otherurl = genericurl`: any other scheme.
    Other(GenericUrl<'a>),
}

impl<'a> Url<'a> {
    /// The production of the variant (`Rule::Httpurl`, ..., `Rule::Otherurl`).
    pub fn rule(&self) -> Rule {
        macro_rules! by_variant {
            ($($name:literal => $rule:ident in $module:ident::$production:ident as $variant:ident $(: $port:literal)?,)*) => {
                match self {
                    $(Url::$variant(_) => Rule::$rule,)*
                    Url::Other(_) => Rule::Otherurl,
                }
            };
        }
        crate::rule::every_scheme!(by_variant)
    }

    /// Where the URL is in the input.
    pub fn span(&self) -> Span {
        self.syntax_root().1
    }

    /// The whole URL as written.
    pub fn as_str(&self) -> &'a str {
        self.syntax_root().2
    }

    /// The scheme name as written (`"ftp"`, `"HTTP"`, `"x-foo"`).
    pub fn scheme(&self) -> Scheme<'a> {
        match self {
            Url::Http(url) => url.scheme,
            Url::Ftp(url) => url.scheme,
            Url::News(url) => url.scheme,
            Url::Nntp(url) => url.scheme,
            Url::Telnet(url) => url.scheme,
            Url::Gopher(url) => url.scheme,
            Url::Wais(url) => url.scheme(),
            Url::Mailto(url) => url.scheme,
            Url::File(url) => url.scheme,
            Url::Prospero(url) => url.scheme,
            Url::Other(url) => url.scheme,
        }
    }

    fn syntax_root(&self) -> (Rule, Span, &'a str) {
        macro_rules! by_variant {
            ($($name:literal => $rule:ident in $module:ident::$production:ident as $variant:ident $(: $port:literal)?,)*) => {
                match self {
                    $(Url::$variant(url) => (Rule::$rule, url.span(), url.as_str()),)*
                    Url::Other(url) => (Rule::Otherurl, url.span(), url.as_str()),
                }
            };
        }
        crate::rule::every_scheme!(by_variant)
    }

    /// This URL as a generic syntax tree, rooted at `url`.
    ///
    /// ```
    /// let url = rfc1738::parse("http://example.com:8080/a?b").unwrap();
    /// assert_eq!(url.syntax().to_string(), "\
    /// url 0..27 \"http://example.com:8080/a?b\"
    ///   httpurl 0..27 \"http://example.com:8080/a?b\"
    ///     scheme 0..4 \"http\"
    ///     hostport 7..23 \"example.com:8080\"
    ///       host 7..18 \"example.com\"
    ///         hostname 7..18 \"example.com\"
    ///           domainlabel 7..14 \"example\"
    ///           toplabel 15..18 \"com\"
    ///       port 19..23 \"8080\"
    ///     hpath 24..25 \"a\"
    ///       hsegment 24..25 \"a\"
    ///     search 26..27 \"b\"
    /// ");
    /// ```
    pub fn syntax(&self) -> SyntaxNode<'a> {
        let child = match self {
            Url::Http(url) => url.syntax(),
            Url::Ftp(url) => url.syntax(),
            Url::News(url) => url.syntax(),
            Url::Nntp(url) => url.syntax(),
            Url::Telnet(url) => url.syntax(),
            Url::Gopher(url) => url.syntax(),
            Url::Wais(url) => url.syntax(),
            Url::Mailto(url) => url.syntax(),
            Url::File(url) => url.syntax(),
            Url::Prospero(url) => url.syntax(),
            Url::Other(url) => {
                let generic = url.syntax();
                SyntaxNode::new(Rule::Otherurl, url.span(), url.as_str(), vec![generic])
            }
        };
        SyntaxNode::new(Rule::Url, self.span(), self.as_str(), vec![child])
    }
}

impl fmt::Display for Url<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Builds a syntax node from optional children, in order.
pub(crate) fn node<'a>(
    rule: Rule,
    span: Span,
    text: &'a str,
    children: impl IntoIterator<Item = Option<SyntaxNode<'a>>>,
) -> SyntaxNode<'a> {
    SyntaxNode::new(rule, span, text, children.into_iter().flatten().collect())
}

/// Equality and hashing by what a node is, its text, not by where it was
/// found: the same URL parsed at two offsets gives equal trees with equal
/// hashes. The text decides the rest of the node (the parse is a function
/// of the text), so nothing else need be compared.
macro_rules! same_by_text {
    ($name:ident) => {
        impl PartialEq for $name<'_> {
            fn eq(&self, other: &Self) -> bool {
                self.as_str() == other.as_str()
            }
        }

        impl Eq for $name<'_> {}

        impl core::hash::Hash for $name<'_> {
            fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
                self.as_str().hash(state);
            }
        }
    };
}
pub(crate) use same_by_text;

/// The `as_str` and `span` accessors of a node with `text` and `span`
/// fields, and its equality by text.
macro_rules! text_and_span {
    ($name:ident) => {
        $crate::tree::same_by_text!($name);

        impl<'a> $name<'a> {
            /// The text as written.
            #[inline]
            pub fn as_str(&self) -> &'a str {
                self.place.as_str()
            }

            /// Where it is in the input.
            pub fn span(&self) -> Span {
                self.place.span()
            }
        }
    };
}
pub(crate) use text_and_span;
