//! Every production of RFC 1738 section 5 as a nom combinator named after
//! it (`-` becomes `_`, `gopher+_string` becomes `gopher_plus_string`), with
//! its BNF rule in its doc comment.
//!
//! The modules follow the grouping of section 5: [`generic`] (the generic
//! form), [`ip`] (the common Internet scheme syntax), one module per scheme,
//! and [`misc`] (the miscellaneous definitions: character classes). Every
//! combinator is also re-exported here, so `grammar::hostname` finds
//! `hostname` without knowing its section, and [`strict`] has each of them
//! again reading scheme names by the letter of the BNF (lower case only).
//!
//! Each is an ordinary nom 8 parser, generic over its input (`&str`, or a
//! `nom_locate::LocatedSpan<&str, X>` with an extra of your own: see
//! [`Text`]) and over its error (`()`, `nom::error::Error`,
//! `nom_language::error::VerboseError` or your own: see [`GrammarError`]).
//! It matches a prefix of its input and gives back the typed tree. Spans
//! count from the start of the `&str` the combinator was given, or, for a
//! `LocatedSpan`, from its `location_offset()`:
//!
//! ```
//! use nom::{bytes::complete::tag, sequence::preceded, Parser};
//! use nom_locate::LocatedSpan;
//! use rfc1738::grammar;
//!
//! // A "Host:" header line, say, whose value is an RFC 1738 hostport.
//! let (rest, hostport) = preceded(tag("Host: "), grammar::hostport::<_, ()>)
//!     .parse("Host: www.w3.org:80\r\n")
//!     .unwrap();
//! assert_eq!(hostport.port.unwrap().value(), Some(80));
//! assert_eq!(rest, "\r\n");
//! // The span counts from the `&str` after the tag...
//! assert_eq!(hostport.span().range(), 0..13);
//!
//! // ...and from the start of the line in a `LocatedSpan`.
//! let line = LocatedSpan::new("Host: www.w3.org:80\r\n");
//! let (rest, hostport) = preceded(tag("Host: "), grammar::hostport::<_, ()>)
//!     .parse(line)
//!     .unwrap();
//! assert_eq!(hostport.span().range(), 6..19);
//! assert_eq!(rest.location_offset(), 19);
//! ```
//!
//! When it matches no prefix, it fails with `nom::Err::Error` at the
//! furthest offset the grammar reached, with the open productions as
//! contexts, innermost first:
//!
//! ```
//! use nom_language::error::{VerboseError, VerboseErrorKind};
//! use rfc1738::grammar;
//!
//! let Err(nom::Err::Error(error)) = grammar::hostname::<_, VerboseError<&str>>("a.1") else {
//!     panic!()
//! };
//! let contexts: Vec<_> = error.errors.iter().filter_map(|(at, kind)| match kind {
//!     VerboseErrorKind::Context(name) => Some((*name, *at)),
//!     _ => None,
//! }).collect();
//! assert_eq!(contexts, [("toplabel", "1"), ("hostname", "1")]);
//! ```
//!
//! # Where the code is not a transliteration of the BNF
//!
//! The BNF describes a language; a combinator commits to one derivation.
//! Wherever the two could differ, the combinator says how it finds the
//! derivation that matches the most text, and the tests in
//! `tests/library/grammar.rs` and the oracle of `tests/library/rfc_oracle.rs` hold it to the
//! language. The places: `url` (longest alternative), `schemepart` (two
//! derivations), `hostname` (the greedy loop that would swallow the
//! `toplabel`), `host` (hostname or hostnumber), `login` (the optional
//! user), `grouppart` (`@` decides), `gopherurl` (the `%09` separators),
//! `waisurl` (three forms), the paths (`fpath`, `hpath`, `ppath` read as one
//! run) and `prosperourl` (field specs counted, not collected).

pub(crate) mod caller;
pub mod chars;
pub(crate) mod cursor;
#[cfg(feature = "dialect")]
pub(crate) mod derivation;
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
pub(crate) mod notation;
pub(crate) mod notes;
pub(crate) mod production;
pub mod prospero;
pub mod telnet;
pub(crate) mod trace;
pub mod wais;

pub use caller::{terminated, whole, GrammarError, Text};
pub use file::fileurl;
pub use ftp::{fpath, fsegment, ftptype, ftpurl};
pub use generic::{genericurl, known_scheme_url, otherurl, scheme, schemepart, url};
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

use crate::error::Error;
use crate::options::Options;
use crate::rule::Production;
use crate::rule::Rule;
use crate::tree::Url;
use cursor::{Cursor, Inlined, Parsed};
use generic::{known_scheme, MakeUrl};
use notation::eof;
use trace::{Diagnosis, Notes};

/// The dispatcher from a [`Rule`] to its reading and the strict twin of
/// every combinator, of the table of productions of `crate::rule`.
macro_rules! productions {
    ($($rule:ident => $module:ident :: $name:ident,)*) => {
        /// The reading of `rule`, keeping only where it stopped: one
        /// function a production (each closure is its own), each calling
        /// that production's reading.
        fn recognizer(rule: Rule) -> for<'a> fn(Cursor<'a>) -> Parsed<'a, ()> {
            match rule {
                $(Rule::$rule => |start| $module::$name::out_of_line(start).map(|(rest, _)| (rest, ())),)*
            }
        }

        /// Every combinator of [`crate::grammar`] again, reading scheme
        /// names by the letter of the BNF: lower case only, where the
        /// combinators of [`crate::grammar`] also take upper case
        /// (section 2.1). Only the productions that hold a scheme name
        /// (`scheme` and the URLs) read differently.
        ///
        /// ```
        /// use rfc1738::grammar;
        /// assert!(grammar::url::<_, ()>("HTTP://host/").is_ok());
        /// assert!(grammar::strict::url::<_, ()>("HTTP://host/").is_err());
        /// ```
        pub mod strict {
            use nom::IResult;

            use super::caller::run_for_caller;
            use super::*;

            $(
                #[doc = concat!("[`", stringify!($name), "`](fn@super::", stringify!($name), "), scheme names in lower case only.")]
                pub fn $name<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, $module::$name::Output<'a>, E> {
                    run_for_caller(input, Options::strict(), $module::$name::entry)
                }
            )*

            /// [`known_scheme_url`](fn@super::known_scheme_url), scheme names
            /// in lower case only.
            pub fn known_scheme_url<'a, I: Text<'a>, E: GrammarError<I>>(
                input: I,
            ) -> IResult<I, Url<'a>, E> {
                run_for_caller(input, Options::strict(), generic::known_scheme_url::entry)
            }
        }
    };
}

crate::rule::every_rule!(productions);

/// The production `rule`, then the end of the input.
fn whole_rule(rule: Rule, start: Cursor<'_>) -> Parsed<'_, ()> {
    let (rest, _) = recognizer(rule)(start)?;
    eof(rest)
}

/// What `check_with` at the crate's root does. A rejection defers its
/// diagnosis to [`explain_check`] (see [`Error`]).
pub(crate) fn check(rule: Rule, text: &str, options: Options) -> Result<(), Error<'_>> {
    let start = Cursor::new(text, 0, options);
    let recognized = match rule {
        Rule::Url | Rule::Genericurl | Rule::Otherurl => {
            generic::genericurl_end(start).is_some_and(|rest| rest.at_end())
        }
        // A scheme's URL, read as `parse` reads it (in one function, its
        // productions inlined), where its scheme is this one's.
        _ if is_scheme_url(rule) => {
            known_scheme(&start) == Some(rule) && matches_whole(rule, text, options)
        }
        _ => whole_rule(rule, start.without_tree()).is_ok(),
    };
    match recognized {
        true => Ok(()),
        false => Err(Error::deferred(text, rule, options, explain_check)),
    }
}

/// Whether `rule` is the production of one of the ten schemes.
fn is_scheme_url(rule: Rule) -> bool {
    macro_rules! any_of {
        ($($name:literal => $rule:ident in $module:ident::$production:ident as $variant:ident $(: $port:literal)?,)*) => {
            matches!(rule, $(Rule::$rule)|*)
        };
    }
    crate::rule::every_scheme!(any_of)
}

/// Why `text` does not match `rule` as a whole: the diagnostic pass.
fn explain_check(text: &str, rule: Rule, options: Options) -> Error<'static> {
    let notes = Notes::default();
    let start = Cursor::new(text, 0, options);
    let diagnosis = Diagnosis::of(start, &notes, Production::Rfc1738(rule), |start| {
        whole_rule(rule, start)
    });
    rfc1738_error(text, diagnosis)
}

/// [`known_scheme_url`], then the end of the input.
fn whole_url(start: Cursor<'_>) -> Parsed<'_, Url<'_>> {
    let (rest, url) = generic::known_scheme_url::out_of_line(start)?;
    let (rest, _) = eof(rest)?;
    Ok((rest, url))
}

/// What `parse_with` at the crate's root does. A rejection defers its
/// diagnosis to [`explain_parse`] (see [`Error`]).
pub(crate) fn parse(text: &str, options: Options) -> Result<Url<'_>, Error<'_>> {
    /// `whole_url` without its wrappers, which on this path only move the
    /// tree: the same production, then the end; the `Url` made in the
    /// function that read it.
    struct Whole<'a> {
        text: &'a str,
        options: Options,
    }
    impl<'a> MakeUrl<'a> for Whole<'a> {
        type Output = Result<Url<'a>, Error<'a>>;
        #[inline(always)]
        fn make<N>(
            self,
            parsed: Parsed<'a, N, Inlined>,
            variant: impl FnOnce(N) -> Url<'a>,
        ) -> Self::Output {
            match parsed {
                Ok((rest, node)) if rest.at_end() => Ok(variant(node)),
                _ => Err(Error::deferred(
                    self.text,
                    Rule::Url,
                    self.options,
                    explain_parse,
                )),
            }
        }
    }
    let rule = known_scheme(&Cursor::new(text, 0, options)).unwrap_or(Rule::Otherurl);
    generic::each_scheme_url(rule, text, options, Whole { text, options })
}

/// Why `parse` rejects `text`: the diagnostic pass, and for a URL of one
/// of the ten schemes whether the text is still a `genericurl`.
fn explain_parse(text: &str, _: Rule, options: Options) -> Error<'static> {
    let notes = Notes::default();
    let start = Cursor::new(text, 0, options);
    let diagnosis = Diagnosis::of(start, &notes, Production::Rfc1738(Rule::Url), whole_url);
    let error = rfc1738_error(text, diagnosis);
    match known_scheme(&start) {
        Some(production) => {
            let generic = whole_rule(Rule::Otherurl, start.without_tree()).is_ok();
            error.with_genericurl(generic, production)
        }
        None => error,
    }
}

/// Whether `parse` succeeds on `text`, by the recognizing pass of the
/// URL's own production alone: no tree, and no second pass or error when it
/// fails.
#[cfg(feature = "lint")]
pub(crate) fn parses(text: &str, options: Options) -> bool {
    let rule = known_scheme(&Cursor::new(text, 0, options)).unwrap_or(Rule::Otherurl);
    matches_whole(rule, text, options)
}

/// Whether the production of `rule` (one of the ten schemes, or else
/// `otherurl`) matches the whole of `text`, read as `parse` reads it: the
/// scheme's productions inlined into one function, no tree kept, no error.
fn matches_whole(rule: Rule, text: &str, options: Options) -> bool {
    /// The end of the text reached.
    struct Matches;
    impl<'a> MakeUrl<'a> for Matches {
        type Output = bool;
        #[inline(always)]
        fn make<N>(self, parsed: Parsed<'a, N, Inlined>, _: impl FnOnce(N) -> Url<'a>) -> bool {
            matches!(parsed, Ok((rest, _)) if rest.at_end())
        }
    }
    generic::each_scheme_url(rule, text, options, Matches)
}

/// The error of a diagnosis of RFC 1738's grammar, whose productions are
/// all [`Rule`]s.
fn rfc1738_error(text: &str, diagnosis: Diagnosis) -> Error<'static> {
    let stack = diagnosis
        .stack
        .iter()
        .filter_map(|production| production.rule())
        .collect();
    Error::new(text, diagnosis.offset, stack, diagnosis.expected)
}
