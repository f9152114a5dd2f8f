//! Every production of RFC 1738 section 5 as a nom combinator named after
//! it (`-` becomes `_`, `gopher+_string` becomes `gopher_plus_string`), with
//! its BNF rule in its doc comment.
//!
//! The modules follow the grouping of section 5: [`generic`] (the generic
//! form), [`ip`] (the common Internet scheme syntax), one module per scheme,
//! and [`misc`] (the miscellaneous definitions: character classes). Every
//! combinator is also re-exported here, so `grammar::hostname` finds
//! `hostname` without knowing its section.
//!
//! The combinators take an [`Input`](crate::Input) (made with
//! [`crate::input`]) and match a prefix of it; [`crate::check`] runs one
//! against a whole string and explains a mismatch. They are ordinary nom
//! parsers, so they compose with nom's own combinators:
//!
//! ```
//! use nom::{bytes::complete::tag, sequence::preceded, Parser};
//! use rfc1738::{grammar, input, Options};
//!
//! // A "Host:" header line, say, whose value is an RFC 1738 hostport.
//! let (rest, hostport) = preceded(tag("Host: "), grammar::hostport)
//!     .parse(input("Host: www.w3.org:80\r\n", Options::default()))
//!     .unwrap();
//! assert_eq!(hostport.port.unwrap().value(), Some(80));
//! assert_eq!(hostport.span().range(), 6..19);
//! assert_eq!(*rest.fragment(), "\r\n");
//! ```
//!
//! # Where the code is not a transliteration of the BNF
//!
//! The BNF describes a language; a combinator commits to one derivation.
//! Wherever the two could differ, the module says how the combinator finds
//! the derivation that matches the most text, and the tests in
//! `tests/grammar.rs` hold it to the language. The places: `url` (longest
//! alternative), `schemepart` (two derivations), `hostname` (the greedy
//! loop that would swallow the `toplabel`), `host` (hostname or
//! hostnumber), `login` (the optional user), `grouppart` (`@` decides),
//! `gopherurl` (the `%09` separators) and `waisurl` (three forms).

pub(crate) mod fast;
pub mod file;
pub mod ftp;
pub mod generic;
pub mod gopher;
pub mod http;
pub mod ip;
pub mod mailto;
pub mod misc;
pub mod news;
pub mod nntp;
pub(crate) mod primitives;
pub mod prospero;
pub mod telnet;
pub mod wais;

pub use file::fileurl;
pub use ftp::{fpath, fsegment, ftptype, ftpurl};
pub use generic::{genericurl, otherurl, scheme, schemepart, url};
pub use gopher::{gopher_plus_string, gopherurl, gtype, selector};
pub use http::{hpath, hsegment, httpurl, search};
pub use ip::{
    alphadigit, domainlabel, host, hostname, hostnumber, hostport, ip_schemepart, login, password,
    port, toplabel, urlpath, user,
};
pub use mailto::{encoded822addr, mailtourl};
pub use misc::{
    alpha, digit, digits, escape, extra, hex, hialpha, lowalpha, national, punctuation, reserved,
    safe, uchar, unreserved, xchar,
};
pub use news::{article, group, grouppart, newsurl};
pub use nntp::nntpurl;
pub use prospero::{fieldname, fieldspec, fieldvalue, ppath, prosperourl, psegment};
pub use telnet::telneturl;
pub use wais::{database, waisdatabase, waisdoc, waisindex, waisurl, wpath, wtype};
