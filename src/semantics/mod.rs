//! What each URL means (section 3 of RFC 1738): its parts decoded, the
//! effective port, and for FTP and gopher what a client sends.
//!
//! The accessors live on the tree types themselves ([`crate::tree`]); this
//! module holds them and the values they return. A public field of a node
//! is the part as written; a method of the same name on the URL returns it
//! decoded (for example `GopherUrl::search` the field, a
//! [`Search`](crate::tree::Search) node, and `GopherUrl::search()` the
//! decoded octets).
//!
//! ```
//! let url = rfc1738::parse("ftp://myname@host.dom/%2Fetc/motd").unwrap();
//! assert_eq!(url.port_or_default(), Some(21));
//! let rfc1738::Url::Ftp(ftp) = url else { unreachable!() };
//! let plan: Vec<String> = ftp.commands().iter().map(|c| c.to_string()).collect();
//! assert_eq!(plan, ["USER myname", "PASS <ask the user>", "CWD /etc", "RETR motd"]);
//! ```

mod common;
mod file;
mod ftp;
mod gopher;
mod http;
mod mailto;
mod news;
mod nntp;
mod prospero;
mod telnet;
mod wais;

pub use ftp::{FtpCommand, ANONYMOUS_PASSWORD, ANONYMOUS_USER};
pub use gopher::{AttributeScope, GopherPlus};
pub use news::NewsTarget;
pub use prospero::Field;

/// The port a scheme's protocol listens on when the URL names none
/// (sections 3.2 to 3.11), by scheme name, case ignored.
///
/// ```
/// assert_eq!(rfc1738::semantics::default_port("FTP"), Some(21));
/// assert_eq!(rfc1738::semantics::default_port("prospero"), Some(1525));
/// assert_eq!(rfc1738::semantics::default_port("mailto"), None);
/// ```
pub fn default_port(scheme: &str) -> Option<u16> {
    crate::rule::known_scheme(scheme)?.default_port
}

/// The node of the scheme `$variant` that `$text` parses to: the tests'
/// way to a scheme's URL.
#[cfg(test)]
macro_rules! parsed {
    ($variant:ident, $text:expr) => {
        match crate::parse($text) {
            Ok(crate::Url::$variant(url)) => url,
            other => panic!("{}: {other:?}", $text),
        }
    };
}
#[cfg(test)]
pub(crate) use parsed;
