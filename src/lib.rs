//! Uniform Resource Locators exactly as RFC 1738 defines them.
//!
//! Section 5 of RFC 1738 gives the grammar of URLs in BNF. This crate has
//! every production of it as a [nom] combinator named after it
//! ([`grammar`]), a typed parse tree that borrows from the input and knows
//! where each part is ([`tree`]), and errors that say where the input went
//! wrong, in which production, what the grammar allowed there and what was
//! found ([`Error`]).
//!
//! ```
//! use rfc1738::{check, parse, Rule, Url};
//!
//! // The typed tree of a URL.
//! let url = parse("ftp://ftp.isi.edu/in-notes/rfc1738.txt;type=a").unwrap();
//! let Url::Ftp(ftp) = url else { panic!("an ftp URL") };
//! assert_eq!(ftp.login.hostport.host.as_str(), "ftp.isi.edu");
//! assert_eq!(ftp.login.hostport.host.span().range(), 6..17);
//!
//! // Whether a string matches a production.
//! assert!(check(Rule::Hostnumber, "128.9.160.20").is_ok());
//! let error = check(Rule::Hostname, "1.2.3").unwrap_err();
//! assert_eq!(error.to_string(),
//!     "1:5: expected alpha, found \"3\" (in hostname > toplabel)");
//! ```
//!
//! Where the BNF is ambiguous or has errata, and what this crate decides,
//! is written down in `grammar/README.md` of the repository.
//!
//! # Features
//!
//! Only `std` is on by default: the grammar, the tree, the errors,
//! [`semantics`], [`build`] and [`normalize`](Url::normalized) need no
//! feature, and without `std` the crate is `no_std` and needs only `alloc`.
//!
//! - `std` (default): `std::error::Error` for the errors, an error's
//!   diagnosis made when first asked for (without `std`, when the error is
//!   made), and [`grammar::whole`] and [`grammar::terminated`] explaining
//!   a production's partial match (without `std`, they fail as nom's own
//!   combinators do).
//! - `dialect`: `rfc1738::dialect`, the grammars of the 1993-94 drafts of RFC 1738.
//! - `lint`: `rfc1738::lint` and `rfc1738::scan`, URLs found in text and their findings.
//! - `serde`: `Serialize` for the tree, the spans, the rules and the
//!   syntax nodes.
//! - `arbitrary`: `rfc1738::arbitrary::ArbitraryUrl`, grammar-valid URLs for
//!   fuzzing (turns `std` on: the `arbitrary` crate needs it).
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

extern crate alloc;
#[cfg(any(feature = "std", test))]
extern crate std;

#[cfg(feature = "arbitrary")]
#[cfg_attr(docsrs, doc(cfg(feature = "arbitrary")))]
pub mod arbitrary;
pub mod build;
pub mod decode;
#[cfg(feature = "dialect")]
#[cfg_attr(docsrs, doc(cfg(feature = "dialect")))]
pub mod dialect;
mod error;
pub mod grammar;
#[cfg(feature = "lint")]
#[cfg_attr(docsrs, doc(cfg(feature = "lint")))]
pub mod lint;
mod normalize;
mod options;
mod rule;
#[cfg(feature = "lint")]
#[cfg_attr(docsrs, doc(cfg(feature = "lint")))]
pub mod scan;
pub mod semantics;
mod span;
mod syntax;
#[cfg(test)]
mod test_strings;
pub mod tree;
mod url_buf;

/// The nom this crate was built with, for code that composes its
/// combinators: the same traits, so no version can be mixed up.
pub use nom;

pub use error::{Error, Expected, Unexpected};
pub use normalize::equivalent;
pub use options::Options;
pub use rule::{Rule, GRAMMAR};
pub use span::{Location, Span};
pub use syntax::SyntaxNode;
pub use tree::Url;
pub use url_buf::UrlBuf;

/// Parses a URL into its typed tree, with the default [`Options`].
///
/// A URL of one of the ten schemes of section 5 must match that scheme's
/// production; any other scheme is an `otherurl` (the combinator
/// [`grammar::known_scheme_url`] reads the same). When a URL of one of the
/// ten fails its production, the error is that production's, and
/// [`Error::matches_genericurl`] says whether the string would still pass as
/// an `otherurl`.
///
/// ```
/// let error = rfc1738::parse("http://user@example.com/").unwrap_err();
/// assert_eq!(error.stack()[1], rfc1738::Rule::Httpurl);
/// assert_eq!(error.matches_genericurl(), Some(true));
/// ```
pub fn parse(text: &str) -> Result<Url<'_>, Error<'_>> {
    parse_with(text, Options::default())
}

/// Parses a URL into its typed tree; see [`parse`].
pub fn parse_with(text: &str, options: Options) -> Result<Url<'_>, Error<'_>> {
    grammar::parse(text, options)
}

/// Whether the whole of `text` matches the production `rule`, exactly as
/// the BNF says, with the default [`Options`].
///
/// ```
/// use rfc1738::{check, Rule};
/// // `url` includes `otherurl`, so a user name in an http URL passes here...
/// assert!(check(Rule::Url, "http://user@host/").is_ok());
/// // ...but not as an `httpurl`.
/// assert!(check(Rule::Httpurl, "http://user@host/").is_err());
/// ```
pub fn check(rule: Rule, text: &str) -> Result<(), Error<'_>> {
    check_with(rule, text, Options::default())
}

/// Whether the whole of `text` matches the production `rule`; see [`check`].
pub fn check_with(rule: Rule, text: &str, options: Options) -> Result<(), Error<'_>> {
    grammar::check(rule, text, options)
}

/// The README's examples, run as doctests (they use every feature).
#[cfg(all(doctest, feature = "dialect", feature = "lint"))]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;

/// The library's guide's examples, run as doctests.
#[cfg(all(doctest, feature = "dialect", feature = "lint"))]
#[doc = include_str!("../docs/library.md")]
struct LibraryGuideExamples;

/// The tool's guide's examples of the library, run as doctests.
#[cfg(all(doctest, feature = "dialect", feature = "lint"))]
#[doc = include_str!("../GUIDE.md")]
struct GuideExamples;
