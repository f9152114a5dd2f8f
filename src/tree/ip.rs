//! Nodes of the common Internet scheme syntax (section 3.1):
//! `//user:password@host:port/url-path`.

use crate::rule::Rule;
use crate::span::{Place, Span};
use crate::syntax::SyntaxNode;
use crate::tree::{leaf_node, node, split_parts, structure_node, text_and_span};

structure_node! {
    /// `ip-schemepart = "//" login [ "/" urlpath ]`
    IpSchemepart => IpSchemepart {
        /// User, password, host and port.
        pub login: Login<'a>,
        /// The path after the `/` that ends the login, when there is that `/`
        /// (the path itself may be empty).
        pub urlpath: Option<Urlpath<'a>>,
    }
    children: login, urlpath;
}

structure_node! {
    /// `login = [ user [ ":" password ] "@" ] hostport`
    ///
    /// `user` is `Some` whenever the `@` is there, even when the name is empty
    /// (`ftp://@host/`); `password` is `Some` whenever the `:` before it is there,
    /// even when it is empty (`ftp://foo:@host/`).
    Login => Login {
        /// The user name, when the login has an `@`.
        pub user: Option<User<'a>>,
        /// The password, when the user name is followed by `:`.
        pub password: Option<Password<'a>>,
        /// Host and port.
        pub hostport: Hostport<'a>,
    }
    children: user, password, hostport;
}

structure_node! {
    /// `hostport = host [ ":" port ]`
    Hostport => Hostport {
        /// The host.
        pub host: Host<'a>,
        /// The port, when given.
        pub port: Option<Port<'a>>,
    }
    children: host, port;
}

/// `host = hostname | hostnumber`
///
/// The two never both match the same text: a `hostnumber` ends in digits and
/// a `toplabel` starts with a letter. `1.2.3.4` is a hostnumber,
/// `1.2.3.4.com` a hostname, and `1.2.3` neither.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
// `repr(u8)`, as `Url`: see there.
#[repr(u8)]
pub enum Host<'a> {
    /// A fully qualified domain name.
    Hostname(Hostname<'a>),
    /// Four groups of digits separated by `.`.
    Hostnumber(Hostnumber<'a>),
}

impl<'a> Host<'a> {
    /// The text as written.
    #[inline]
    pub fn as_str(&self) -> &'a str {
        match self {
            Host::Hostname(name) => name.as_str(),
            Host::Hostnumber(number) => number.as_str(),
        }
    }

    /// Where it is in the input.
    pub fn span(&self) -> Span {
        match self {
            Host::Hostname(name) => name.span(),
            Host::Hostnumber(number) => number.span(),
        }
    }

    /// This node as a generic syntax tree.
    pub fn syntax(&self) -> SyntaxNode<'a> {
        let child = match self {
            Host::Hostname(name) => name.syntax(),
            Host::Hostnumber(number) => number.syntax(),
        };
        node(Rule::Host, self.span(), self.as_str(), [Some(child)])
    }
}

/// `hostname = *[ domainlabel "." ] toplabel`
#[derive(Debug, Clone, Copy)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Hostname<'a> {
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub(crate) place: Place<'a>,
}

text_and_span!(Hostname);

impl<'a> Hostname<'a> {
    /// The labels before the last one, in order.
    pub fn domainlabels(&self) -> impl Iterator<Item = Domainlabel<'a>> + 'a {
        let text = self.as_str();
        let count = text.bytes().filter(|&b| b == b'.').count();
        split_parts(text, self.span(), '.')
            .take(count)
            .map(|(text, span)| Domainlabel::new(text, span))
    }

    /// The last label.
    pub fn toplabel(&self) -> Toplabel<'a> {
        let text = self.as_str();
        let start = text.rfind('.').map_or(0, |dot| dot + 1);
        Toplabel::new(
            &text[start..],
            Span::new(self.span().start + start, self.span().end),
        )
    }

    /// This node as a generic syntax tree.
    pub fn syntax(&self) -> SyntaxNode<'a> {
        let labels = self
            .domainlabels()
            .map(|label| Some(label.syntax()))
            .chain([Some(self.toplabel().syntax())]);
        node(Rule::Hostname, self.span(), self.as_str(), labels)
    }
}

leaf_node! {
    /// `domainlabel = alphadigit | alphadigit *[ alphadigit | "-" ] alphadigit`
    Domainlabel => Domainlabel
}

leaf_node! {
    /// `toplabel = alpha | alpha *[ alphadigit | "-" ] alphadigit`
    Toplabel => Toplabel
}

/// `hostnumber = digits "." digits "." digits "." digits`
///
/// The BNF sets no bound on the numbers: `999.1.1.1` matches.
#[derive(Debug, Clone, Copy)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Hostnumber<'a> {
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub(crate) place: Place<'a>,
}

text_and_span!(Hostnumber);

impl<'a> Hostnumber<'a> {
    /// The four groups of digits. Split from the text on request, which
    /// keeps the node (and every `Host`, `Login` and `Url`) small.
    pub fn parts(&self) -> [Digits<'a>; 4] {
        let mut parts = split_parts(self.as_str(), self.span(), '.')
            .map(|(text, span)| Digits::new(text, span));
        // A hostnumber has exactly four parts, each `digits`.
        let end = Span::new(self.span().end, self.span().end);
        core::array::from_fn(|_| parts.next().unwrap_or_else(|| Digits::new("", end)))
    }

    /// This node as a generic syntax tree.
    pub fn syntax(&self) -> SyntaxNode<'a> {
        node(
            Rule::Hostnumber,
            self.span(),
            self.as_str(),
            self.parts().iter().map(|part| Some(part.syntax())),
        )
    }
}

leaf_node! {
    /// `digits = 1*digit`
    Digits => Digits
}

impl Digits<'_> {
    /// The number, when it fits in a `u64` (leading zeros allowed).
    pub fn value(&self) -> Option<u64> {
        self.as_str().parse().ok()
    }
}

leaf_node! {
    /// `port = digits`
    ///
    /// The BNF sets no bound: `99999` matches.
    Port => Port
}

impl Port<'_> {
    /// The port number, when it is at most 65535.
    pub fn value(&self) -> Option<u16> {
        self.as_str().parse().ok()
    }
}

leaf_node! {
    /// `user = *[ uchar | ";" | "?" | "&" | "=" ]`
    User => User
}

leaf_node! {
    /// `password = *[ uchar | ";" | "?" | "&" | "=" ]`
    Password => Password
}

leaf_node! {
    /// `urlpath = *xchar    ; depends on protocol see section 3.1`
    Urlpath => Urlpath
}

crate::tree::child!(Host);

crate::tree::child!(Hostname);

crate::tree::child!(Hostnumber);
