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
#![forbid(unsafe_code)]
#![deny(missing_docs)]

#[cfg(feature = "arbitrary")]
pub mod arbitrary;
pub mod build;
pub mod decode;
mod error;
pub mod grammar;
mod input;
pub mod lint;
mod normalize;
mod options;
mod rule;
pub mod scan;
pub mod semantics;
mod span;
mod syntax;
pub mod tree;

pub use error::{Error, Expected, Found};
pub use input::{input, Backtrack, Context, Input, PResult};
pub use normalize::equivalent;
pub use options::Options;
pub use rule::{Rule, GRAMMAR};
pub use span::{Location, Span};
pub use syntax::SyntaxNode;
pub use tree::Url;

use grammar::generic::{known_scheme, scheme_url};
use grammar::primitives::{end_of_input, production};
use input::{with_trace, Trace};

/// Parses a URL into its typed tree, with the default [`Options`].
///
/// A URL of one of the ten schemes of section 5 must match that scheme's
/// production; any other scheme is an `otherurl`. When a URL of one of the
/// ten fails its production, the error is that production's, and
/// [`Error::matches_genericurl`] says whether the string would still pass as
/// an `otherurl`.
///
/// ```
/// let error = rfc1738::parse("http://user@example.com/").unwrap_err();
/// assert_eq!(error.stack()[1], rfc1738::Rule::Httpurl);
/// assert_eq!(error.matches_genericurl(), Some(true));
/// ```
pub fn parse(text: &str) -> Result<Url<'_>, Error> {
    parse_with(text, Options::default())
}

/// Parses a URL into its typed tree; see [`parse`].
pub fn parse_with(text: &str, options: Options) -> Result<Url<'_>, Error> {
    // The tree straight from the bytes, for the schemes `grammar::fast` reads.
    if let Some(url) = grammar::fast::parse(text, options) {
        return Ok(url);
    }
    match parse_url(input(text, options)) {
        Ok((_, url)) => Ok(url),
        Err(_) => {
            let error = diagnose(text, options, |start| {
                parse_url(start).map(|(rest, _)| (rest, ()))
            });
            Err(match known_scheme(&input(text, options)) {
                Some(production) => {
                    // Recognition only: an error for `genericurl` would be thrown away.
                    let generic = grammar::fast::is_genericurl(text, options);
                    error.with_genericurl(generic, production)
                }
                None => error,
            })
        }
    }
}

/// The whole input as a `url`, held to its scheme's production when the
/// scheme is one of the ten.
fn parse_url(start: Input<'_>) -> PResult<'_, Url<'_>> {
    production(Rule::Url, start, |start| {
        let (rest, url) = match known_scheme(&start) {
            Some(rule) => scheme_url(rule, start)?,
            None => scheme_url(Rule::Otherurl, start)?,
        };
        let (rest, _) = end_of_input(rest)?;
        Ok((rest, url))
    })
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
pub fn check(rule: Rule, text: &str) -> Result<(), Error> {
    check_with(rule, text, Options::default())
}

/// Whether the whole of `text` matches the production `rule`; see [`check`].
pub fn check_with(rule: Rule, text: &str, options: Options) -> Result<(), Error> {
    // The recognizer of `grammar::fast` where it has one: no tree, no slices.
    let matched = match grammar::fast::whole(rule, text, options) {
        Some(matched) => matched,
        None => whole(rule, input(text, options)).is_ok(),
    };
    if matched {
        return Ok(());
    }
    let error = diagnose(text, options, |start| whole(rule, start));
    // The character classes are leaves that do not name themselves.
    Err(error.within(rule))
}

/// The production `rule`, then the end of the input.
fn whole(rule: Rule, start: Input<'_>) -> PResult<'_, ()> {
    let (rest, _) = rule.recognize(start)?;
    end_of_input(rest)
}

/// Runs `parser` again with a trace, and makes the error from what the
/// trace recorded at the furthest position.
fn diagnose(
    text: &str,
    options: Options,
    parser: impl for<'a> Fn(Input<'a>) -> PResult<'a, ()>,
) -> Error {
    let trace = Trace::default();
    let traced = with_trace(input(text, options), Some(&trace));
    // The first pass failed, and the passes differ only in what they record.
    let _ = parser(traced);
    let offset = trace.furthest().unwrap_or(0).min(text.len());
    let (stack, expected) = trace.into_parts();
    let at = nom::Input::take_from(&input(text, options), offset);
    let location = Location {
        line: at.location_line(),
        column: at.get_utf8_column(),
    };
    Error::new(text, offset, location, stack, expected)
}
