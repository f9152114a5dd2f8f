//! Nodes of TELNET URLs (section 3.8).

use crate::span::Span;
use crate::tree::{structure_node, Login, Scheme};

structure_node! {
    /// `telneturl = "telnet://" login [ "/" ]`
    TelnetUrl => Telneturl {
        /// The scheme name of the `"telnet://"` literal, as written.
        pub scheme: Scheme<'a>,
        /// User, password, host and port.
        pub login: Login<'a>,
        /// Whether the URL ends with the optional `/`.
        pub trailing_slash: bool,
    }
    children: scheme, login;
}
