//! Nodes of FTP URLs (section 3.2).

use crate::rule::Rule;
use crate::span::Span;
use crate::syntax::SyntaxNode;
use crate::tree::{leaf_node, path_node, structure_node, Login, Scheme};

structure_node! {
    /// `ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]`
    FtpUrl => Ftpurl {
        /// The scheme name of the `"ftp://"` literal, as written.
        pub scheme: Scheme<'a>,
        /// User, password, host and port.
        pub login: Login<'a>,
        /// The path, when the URL has a `/` after the login.
        pub fpath: Option<Fpath<'a>>,
        /// The typecode after `;type=`.
        pub ftptype: Option<Ftptype<'a>>,
    }
    children: scheme, login, fpath, ftptype;
}

path_node! {
    /// `fpath = fsegment *[ "/" fsegment ]`
    Fpath => Fpath of Fsegment
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
