//! The four revisions of the URL syntax, each as its own grammar: the
//! Internet-Drafts of July 1993 ([`draft_jul93`]), October 1993
//! ([`draft_oct93`]) and 1994 ([`draft_03`]), and RFC 1738 ([`crate::grammar`]).
//!
//! Every production of every draft is a nom combinator named as the draft
//! names it (`-` becomes `_`: `addr_spec`), with its BNF line in its doc
//! comment, generic over input and error exactly as the RFC 1738
//! combinators are (see [`crate::grammar`]), and again in a `strict`
//! submodule that reads the scheme keywords as printed. Each gives back the
//! text it matched and its span ([`Match`]).
//!
//! How the drafts are read is `grammar/DRAFTS.md` of the repository, whose
//! decisions D1 to D44 the code cites by number, and its sections as
//! "DRAFTS.md section N"; a position such as `002:947-948` is one in the
//! seeds (lines 947 to 948 of seed 002; `000:A-B` counts the characters of
//! seed 000), as its "How the seeds are cited" says. In short: no quotes,
//! single letters stand for themselves, repetition is right recursion, and
//! a production is a set of strings (D3): a string matches when some
//! derivation gives the whole of it. The combinators
//! commit to one derivation; each says where it departs from the letter of
//! the BNF and why no other derivation could match more. The default mode
//! ignores ASCII case in the scheme keywords (`HTTP://`, `URL:`) and nowhere
//! else (D4); [`Options::strict`] follows the letter.
//!
//! ```
//! use rfc1738::dialect::{self, Dialect};
//! use rfc1738::Options;
//!
//! // Before RFC 1738, `http://host?q` needs no `/` (D12).
//! assert!(dialect::check(Dialect::DraftJul93, "httpaddress", "http://host?q", Options::default()).is_ok());
//! let error = dialect::check(Dialect::Rfc1738, "httpurl", "http://host?q", Options::default()).unwrap_err();
//! assert_eq!(error.to_string(),
//!     "1:12: expected \".\", alphadigit, \"-\", \":\", \"/\" or end of input, found \"?\" (in httpurl)");
//!
//! // A draft host name never starts with a digit (D11).
//! let error = dialect::check(Dialect::Draft03, "hostname", "3com.com", Options::default()).unwrap_err();
//! assert_eq!(error.to_string(), "1:1: expected alpha, found \"3\" (in hostname > ialpha)");
//!
//! // The combinators compose with nom like any other parser.
//! let (rest, host) = dialect::draft_oct93::hostport::<_, ()>("info.cern.ch:80/x").unwrap();
//! assert_eq!((host.text, rest), ("info.cern.ch:80", "/x"));
//! ```

use alloc::string::String;
use alloc::string::ToString;
use alloc::vec::Vec;
use core::fmt;

use crate::error::{Error, Expected, Unexpected};
use crate::grammar::cursor::{Cursor, Parsed};
use crate::grammar::notation::eof;
use crate::grammar::trace::{Diagnosis, Notes};
use crate::options::Options;
use crate::rule::Production;
use crate::rule::Rule;
use crate::span::{Location, Span};

mod chars;
mod combinators;
mod common;
pub mod draft_03;
mod draft_1993;
pub mod draft_jul93;
pub mod draft_oct93;
mod recognize;
mod revisions;
mod shared;

pub use revisions::{revisions, revisions_with, Revisions, Verdict};

/// What a draft's combinator matched: the text and where it is. Spans
/// count as in [`crate::grammar`]: from the start of the `&str` the
/// combinator was given, or from `location_offset()` of a `LocatedSpan`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Match<'a> {
    /// The text matched.
    pub text: &'a str,
    /// Where it is.
    pub span: Span,
}

/// A combinator of a draft, on the crate's cursor.
type Combinator<'a> = fn(Cursor<'a>) -> Parsed<'a, Match<'a>>;

/// The table of a draft's productions: the list in the order of the text,
/// the dispatcher from a name to its reading, and the `strict` twin of
/// every combinator.
macro_rules! draft_productions {
    ($($name:ident $(= $label:literal)?),* $(,)?) => {
        $crate::dialect::draft_productions!(@ $($name = $crate::dialect::label!($name $(, $label)?),)*);
    };
    (@ $($name:ident = $label:expr,)*) => {
        /// Every production of this draft, in the order of its text.
        pub(crate) const PRODUCTIONS: &[&str] = &[$($label),*];

        /// The production `name` (as the draft spells it) and its reading.
        pub(crate) fn combinator<'a>(name: &str) -> Option<(&'static str, crate::dialect::Combinator<'a>)> {
            $(
                if name == $label {
                    return Some(($label, $name::read));
                }
            )*
            None
        }

        /// Every combinator of this draft again, reading the scheme
        /// keywords as printed, in lower case (DRAFTS.md section 3,
        /// D4). Only the productions that hold a keyword read differently.
        pub mod strict {
            use nom::IResult;

            use crate::dialect::Match;
            use crate::grammar::caller::run_for_caller;
            use crate::grammar::{GrammarError, Text};
            use crate::options::Options;

            $(
                #[doc = concat!("[`", stringify!($name), "`](fn@super::", stringify!($name), "), scheme keywords as printed.")]
                pub fn $name<'a, I: Text<'a>, E: GrammarError<I>>(input: I) -> IResult<I, Match<'a>, E> {
                    run_for_caller(input, Options::strict(), super::$name::entry)
                }
            )*
        }
    };
}
pub(crate) use draft_productions;

/// The name a draft gives the production `name`: the identifier itself, or
/// the label given where the draft's name holds a `-` (`addr-spec`).
macro_rules! label {
    ($name:ident) => {
        stringify!($name)
    };
    ($name:ident, $label:literal) => {
        $label
    };
}
pub(crate) use label;

/// One production of a draft: its doc comment, name, label (the name as
/// the draft spells it), whether it is `unnamed` (a character class or a
/// run, which does not name itself in an error's stack), and its body, which
/// says where the production stops. It declares the production's
/// combinator and its reading as [`crate::grammar`]'s productions are
/// declared (the same `production!`, cursor and trace), the combinator giving back
/// the text matched ([`Match`]). A hot production may add, after
/// `recognized`, the same reading on its characters alone, without the
/// productions inside it (see [`combinators::recognized_node`]).
macro_rules! draft_production {
    ($(#[$doc:meta])* $name:ident = $label:literal, |$start:ident| $body:expr, recognized |$fast:ident| $recognize:expr) => {
        $crate::grammar::production::production! {
            called_only;
            $(#[$doc])*
            $name(start) -> crate::dialect::Match<'a>,
            crate::grammar::production::Naming::Named(crate::rule::Production::Draft($label)),
            {
                crate::dialect::combinators::recognized_node(
                    start,
                    |$start: crate::grammar::cursor::Cursor<'a>| -> crate::dialect::combinators::Ends<'a> { $body },
                    |$fast: crate::grammar::cursor::Cursor<'a>| -> crate::dialect::combinators::Ends<'a> { $recognize },
                )
            }
        }
    };
    ($(#[$doc:meta])* $name:ident = $label:literal, unnamed, |$start:ident| $body:expr) => {
        $crate::dialect::draft_production!(@ $(#[$doc])* $name = $label, Unnamed, |$start| $body);
    };
    ($(#[$doc:meta])* $name:ident = $label:literal, |$start:ident| $body:expr) => {
        $crate::dialect::draft_production!(@ $(#[$doc])* $name = $label, Named, |$start| $body);
    };
    (@ $(#[$doc:meta])* $name:ident = $label:literal, $naming:ident, |$start:ident| $body:expr) => {
        $crate::grammar::production::production! {
            called_only;
            $(#[$doc])*
            $name(start) -> crate::dialect::Match<'a>,
            crate::grammar::production::Naming::$naming(crate::rule::Production::Draft($label)),
            {
                crate::dialect::combinators::node(
                    start,
                    |$start: crate::grammar::cursor::Cursor<'a>| -> crate::dialect::combinators::Ends<'a> { $body },
                )
            }
        }
    };
}
pub(crate) use draft_production;

/// Declares productions of a draft that are character classes or runs of
/// them (leaves, which do not name themselves on an error's stack), a line
/// each: `name = "label", run;`.
macro_rules! leaves {
    ($($(#[$doc:meta])* $name:ident = $label:literal, $run:expr;)+) => {
        $(
            $crate::dialect::draft_production! {
                $(#[$doc])*
                $name = $label, unnamed, |start| crate::dialect::combinators::ends(start, $run)
            }
        )+
    };
}
pub(crate) use leaves;

/// `a | b | ...` as the alternative that matches the most text (see
/// [`combinators::longest`]).
macro_rules! longest_of {
    ($start:expr; $($branch:expr),+ $(,)?) => {
        crate::dialect::combinators::longest($start, &[$(
            &|input| crate::dialect::combinators::ends(input, $branch)
        ),+])
    };
}
pub(crate) use longest_of;

/// A draft's `url`: `generic` (when the draft has it) and the addresses by
/// their keywords, as the alternative that matches the most text (see
/// [`combinators::longest_by_keyword`]).
macro_rules! url_alternatives {
    ($start:expr; $($generic:ident;)? $($keyword:literal => $address:expr),+ $(,)?) => {
        crate::dialect::combinators::longest_by_keyword(
            $start,
            None $(.or(Some(&|input| crate::dialect::combinators::ends(input, $generic::read))))?,
            &[$(($keyword, &|input| crate::dialect::combinators::ends(input, $address))),+],
        )
    };
}
pub(crate) use url_alternatives;

/// Juxtaposition, `a b c`: each parser in turn from where the one before
/// stopped; the step to the end of the last (nom's tuple, without its
/// `Parser` machinery, which measured slower here: see
/// benches/records/log.md, "The drafts").
macro_rules! seq {
    ($start:expr; $($parser:expr),+ $(,)?) => {{
        let rest: crate::grammar::cursor::Cursor<'_> = $start;
        $(let (rest, _) = ($parser)(rest)?;)+
        crate::dialect::combinators::Ends::Ok((rest, ()))
    }};
}
pub(crate) use seq;

/// The four revisions of the URL syntax, oldest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dialect {
    /// The Internet-Draft of 14 July 1993 (`draft-jul93`, D7).
    DraftJul93,
    /// The Internet-Draft of October 1993 (`draft-oct93`).
    DraftOct93,
    /// Internet-Draft 03 of 1994 (`draft-03`).
    Draft03,
    /// RFC 1738 (`rfc1738`): the crate's grammar, unchanged (D44).
    Rfc1738,
}

/// The names of RFC 1738's productions, in the order of section 5.
const RFC1738_PRODUCTIONS: [&str; Rule::ALL.len()] = {
    let mut names = [""; Rule::ALL.len()];
    let mut index = 0;
    while index < names.len() {
        names[index] = Rule::ALL[index].name();
        index += 1;
    }
    names
};

impl Dialect {
    /// The four, oldest first.
    pub const ALL: [Dialect; 4] = [
        Dialect::DraftJul93,
        Dialect::DraftOct93,
        Dialect::Draft03,
        Dialect::Rfc1738,
    ];

    /// The dialect's name: `draft-jul93`, `draft-oct93`, `draft-03`,
    /// `rfc1738`.
    pub const fn name(self) -> &'static str {
        match self {
            Dialect::DraftJul93 => "draft-jul93",
            Dialect::DraftOct93 => "draft-oct93",
            Dialect::Draft03 => "draft-03",
            Dialect::Rfc1738 => "rfc1738",
        }
    }

    /// The revisions' names, oldest first, as [`Dialect::from_name`]
    /// takes them.
    pub const NAMES: [&'static str; 4] = [
        Dialect::ALL[0].name(),
        Dialect::ALL[1].name(),
        Dialect::ALL[2].name(),
        Dialect::ALL[3].name(),
    ];

    /// The dialect of that name.
    ///
    /// ```
    /// use rfc1738::dialect::Dialect;
    /// assert_eq!(Dialect::from_name("draft-03"), Some(Dialect::Draft03));
    /// assert_eq!(Dialect::from_name("draft-04"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Dialect> {
        Dialect::ALL
            .into_iter()
            .find(|dialect| dialect.name() == name)
    }

    /// The revision's grammar as the repository keeps it: the BNF as
    /// printed, with the seed positions and every correction marked
    /// (`grammar/draft-*.bnf`; `grammar/rfc1738.bnf` for RFC 1738).
    pub const fn grammar_text(self) -> &'static str {
        match self {
            Dialect::DraftJul93 => include_str!("../../grammar/draft-jul93.bnf"),
            Dialect::DraftOct93 => include_str!("../../grammar/draft-oct93.bnf"),
            Dialect::Draft03 => include_str!("../../grammar/draft-03.bnf"),
            Dialect::Rfc1738 => crate::rule::GRAMMAR,
        }
    }

    /// Every production of the revision, in the order of its text (53, 58,
    /// 66 and 67).
    ///
    /// ```
    /// use rfc1738::dialect::Dialect;
    /// assert_eq!(Dialect::DraftOct93.productions().len(), 58);
    /// assert_eq!(Dialect::Draft03.productions()[0], "prefixedurl");
    /// ```
    pub fn productions(self) -> &'static [&'static str] {
        match self {
            Dialect::DraftJul93 => draft_jul93::PRODUCTIONS,
            Dialect::DraftOct93 => draft_oct93::PRODUCTIONS,
            Dialect::Draft03 => draft_03::PRODUCTIONS,
            Dialect::Rfc1738 => &RFC1738_PRODUCTIONS,
        }
    }

    /// Whether the revision has a production of that name.
    pub fn has(self, production: &str) -> bool {
        self.productions().contains(&production)
    }

    /// The definition of a production as the grammar file holds it (the
    /// corrected text of a draft, D10, D20-D22), or `None` when the
    /// revision has no such production.
    ///
    /// ```
    /// use rfc1738::dialect::Dialect;
    /// assert_eq!(
    ///     Dialect::DraftOct93.definition("mailtoaddress"),
    ///     Some("mailtoaddress    m a i l t o : xalphas @ hostname")
    /// );
    /// assert_eq!(Dialect::DraftJul93.definition("void"), Some("void"));
    /// ```
    pub fn definition(self, production: &str) -> Option<&'static str> {
        if self == Dialect::Rfc1738 {
            return Rule::from_name(production).map(Rule::definition);
        }
        if !self.has(production) {
            return None;
        }
        self.grammar_text().lines().find(|line| {
            line.strip_prefix(production)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with(' '))
        })
    }

    /// The productions a whole URL is asked for, outermost first
    /// (DRAFTS.md section 1).
    pub fn top_level(self) -> &'static [&'static str] {
        match self {
            Dialect::DraftJul93 => &["fragmentaddress", "url"],
            Dialect::DraftOct93 => &["fragmentaddress", "uri", "url"],
            Dialect::Draft03 => &["prefixedurl", "url"],
            Dialect::Rfc1738 => &["url"],
        }
    }

    /// The reader on the characters of a draft's production, if it has one
    /// that `check` may call (see `check`).
    fn reader(self, label: &str) -> Option<recognize::Reader> {
        match self {
            Dialect::DraftJul93 => draft_jul93::reader(label),
            Dialect::DraftOct93 => draft_oct93::reader(label),
            Dialect::Draft03 => draft_03::reader(label),
            Dialect::Rfc1738 => None,
        }
    }

    /// The combinator of a draft's production, with its name as spelled.
    fn combinator<'a>(self, production: &str) -> Option<(&'static str, Combinator<'a>)> {
        match self {
            Dialect::DraftJul93 => draft_jul93::combinator(production),
            Dialect::DraftOct93 => draft_oct93::combinator(production),
            Dialect::Draft03 => draft_03::combinator(production),
            Dialect::Rfc1738 => None,
        }
    }
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Dialect {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// Why a string is not an instance of a production of a revision.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum DialectError {
    /// The revision has no production of that name.
    UnknownProduction {
        /// The revision asked.
        dialect: Dialect,
        /// The name asked for.
        production: String,
    },
    /// The string does not match the production.
    Mismatch(Mismatch),
}

impl DialectError {
    /// Where and why the string does not match, unless the production is
    /// unknown.
    pub fn mismatch(&self) -> Option<&Mismatch> {
        match self {
            DialectError::Mismatch(mismatch) => Some(mismatch),
            DialectError::UnknownProduction { .. } => None,
        }
    }
}

impl fmt::Display for DialectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DialectError::UnknownProduction {
                dialect,
                production,
            } => write!(f, "{dialect} has no production {production:?}"),
            DialectError::Mismatch(mismatch) => mismatch.fmt(f),
        }
    }
}

#[cfg(feature = "std")]
#[cfg_attr(docsrs, doc(cfg(feature = "std")))]
impl std::error::Error for DialectError {}

#[cfg(feature = "serde")]
impl serde::Serialize for DialectError {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        match self {
            DialectError::UnknownProduction {
                dialect,
                production,
            } => {
                let mut state = serializer.serialize_struct("UnknownProduction", 3)?;
                state.serialize_field("dialect", dialect)?;
                state.serialize_field("unknown_production", production)?;
                state.serialize_field("message", &self.to_string())?;
                state.end()
            }
            DialectError::Mismatch(mismatch) => mismatch.serialize(serializer),
        }
    }
}

/// Where a string stopped matching a production of a revision, inside
/// which productions, what the grammar allowed there and what was found:
/// the same as [`crate::Error`], with the productions named as the
/// revision names them.
///
/// ```
/// use rfc1738::dialect::{check, Dialect};
/// let error = check(Dialect::DraftOct93, "ftpaddress", "ftp://h.dom", Default::default()).unwrap_err();
/// let mismatch = error.mismatch().unwrap();
/// assert_eq!(mismatch.offset(), 11);
/// assert_eq!(mismatch.stack(), ["ftpaddress"]);
/// assert_eq!(error.to_string(), "1:12: expected xalpha or \"/\", found end of input (in ftpaddress)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    dialect: Dialect,
    production: &'static str,
    offset: usize,
    location: Location,
    stack: Vec<&'static str>,
    expected: Vec<Expected>,
    found: Unexpected,
}

impl Mismatch {
    fn new(
        dialect: Dialect,
        production: &'static str,
        text: &str,
        offset: usize,
        stack: Vec<&'static str>,
        expected: Vec<Expected>,
    ) -> Mismatch {
        let found = text
            .get(offset..)
            .and_then(|rest| rest.chars().next())
            .map_or(Unexpected::EndOfInput, Unexpected::Char);
        Mismatch {
            dialect,
            production,
            offset,
            location: Location::of_offset(text, offset),
            stack,
            expected,
            found,
        }
    }

    /// The revision.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// The production asked for.
    pub fn production(&self) -> &'static str {
        self.production
    }

    /// Byte offset of the error: the furthest any derivation reached.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// Line and column of the error (1-based; the column in characters).
    pub fn location(&self) -> Location {
        self.location
    }

    /// Line of the error, from 1.
    pub fn line(&self) -> u32 {
        self.location.line
    }

    /// Column of the error, from 1, in characters.
    pub fn column(&self) -> usize {
        self.location.column
    }

    /// The productions open at the error, outermost first.
    pub fn stack(&self) -> &[&'static str] {
        &self.stack
    }

    /// What the grammar accepts at the error's position.
    pub fn expected(&self) -> &[Expected] {
        &self.expected
    }

    /// What stood there instead.
    pub fn found(&self) -> Unexpected {
        self.found
    }
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::error::write_message(f, self.location, &self.expected, self.found, &self.stack)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Mismatch {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut state = serializer.serialize_struct("Mismatch", 9)?;
        state.serialize_field("dialect", &self.dialect)?;
        state.serialize_field("production", self.production)?;
        state.serialize_field("offset", &self.offset)?;
        state.serialize_field("line", &self.location.line)?;
        state.serialize_field("column", &self.location.column)?;
        state.serialize_field("stack", &self.stack)?;
        let expected: Vec<String> = self.expected.iter().map(ToString::to_string).collect();
        state.serialize_field("expected", &expected)?;
        state.serialize_field("found", &self.found.to_string())?;
        state.serialize_field("message", &self.to_string())?;
        state.end()
    }
}

/// Whether the whole of `text` derives from the production `production`
/// of `dialect` (a name as the revision spells it: `addr-spec`,
/// `gopher+_string`). With [`Options::strict`] the scheme keywords are read
/// as printed; by default ASCII case is ignored in them (D4).
///
/// For [`Dialect::Rfc1738`] this is [`crate::check_with`]. Nothing is
/// allocated when the string matches; otherwise the productions are read
/// again with a trace, as [`crate::check`] does, to say where and why.
///
/// ```
/// use rfc1738::dialect::{check, Dialect, DialectError};
/// use rfc1738::Options;
/// // D31: draft 03's prefix is written in lower case.
/// assert!(check(Dialect::Draft03, "prefixedurl", "URL:http://h/", Options::default()).is_ok());
/// assert!(check(Dialect::Draft03, "prefixedurl", "URL:http://h/", Options::strict()).is_err());
/// // A production the revision does not have.
/// let error = check(Dialect::DraftJul93, "mailtoaddress", "mailto:a@b", Options::default());
/// assert!(matches!(error, Err(DialectError::UnknownProduction { .. })));
/// ```
pub fn check(
    dialect: Dialect,
    production: &str,
    text: &str,
    options: Options,
) -> Result<(), DialectError> {
    if dialect == Dialect::Rfc1738 {
        let rule = Rule::from_name(production).ok_or_else(|| unknown(dialect, production))?;
        return crate::check_with(rule, text, options)
            .map_err(|error| DialectError::Mismatch(from_rfc1738(rule, text, &error)));
    }
    match draft_matches(dialect, production, text, options) {
        Some(true) => Ok(()),
        Some(false) => Err(mismatch(dialect, production, text, options)),
        None => Err(unknown(dialect, production)),
    }
}

/// Whether the whole of `text` derives from the production `production`
/// of `dialect`, as [`check`] decides, without saying where or why not: a
/// rejection costs only the reading that failed (no diagnostic pass;
/// for [`Dialect::Rfc1738`] the error of [`crate::check_with`] is never
/// asked).
/// For a program that only counts or filters, such as one that asks every
/// revision about every URL of a large list. The only error is
/// [`DialectError::UnknownProduction`].
///
/// ```
/// use rfc1738::dialect::{matches, Dialect};
/// use rfc1738::Options;
/// let options = Options::default();
/// // Draft 03 has no generic form: an https URL is none of its `url`s.
/// assert_eq!(matches(Dialect::Draft03, "url", "https://h/", options), Ok(false));
/// assert_eq!(matches(Dialect::Rfc1738, "url", "https://h/", options), Ok(true));
/// assert!(matches(Dialect::Draft03, "no-such-production", "x", options).is_err());
/// ```
pub fn matches(
    dialect: Dialect,
    production: &str,
    text: &str,
    options: Options,
) -> Result<bool, DialectError> {
    if dialect == Dialect::Rfc1738 {
        let rule = Rule::from_name(production).ok_or_else(|| unknown(dialect, production))?;
        return Ok(crate::check_with(rule, text, options).is_ok());
    }
    draft_matches(dialect, production, text, options).ok_or_else(|| unknown(dialect, production))
}

/// Whether the whole of `text` derives from the production `production`
/// of `dialect`, a draft; `None` when the draft has no such production.
/// Inlined into [`check`] and [`matches`]: through `matches`'s
/// `Result<bool, DialectError>`, `check` read more instructions a line
/// (benches/records/log.md, "Light to depend on (issue 32)": `dialect::matches`).
#[inline(always)]
fn draft_matches(dialect: Dialect, production: &str, text: &str, options: Options) -> Option<bool> {
    // A production with a reader on its characters is recognized by that
    // reader alone: it is the production's own recognizing reading (its
    // `recognized`), without the cursor, the entry and the match, which
    // cost an accepted line much of its instructions (benches/records/log.md,
    // "The drafts' addresses on their characters").
    if let Some(reader) = dialect.reader(production) {
        return Some(reader(text.as_bytes(), options.strict) == Some(text.len()));
    }
    let (_, combinator) = dialect.combinator(production)?;
    Some(whole(combinator, Cursor::new(text, 0, options).without_tree()).is_ok())
}

/// Why `text` is no `production` of `dialect` (a draft, a production it
/// has): the diagnostic pass, and the error made from it.
#[cold]
#[inline(never)]
fn mismatch(dialect: Dialect, production: &str, text: &str, options: Options) -> DialectError {
    match dialect.combinator(production) {
        Some((label, combinator)) => {
            let notes = Notes::default();
            let whole = move |start| whole(combinator, start);
            DialectError::Mismatch(diagnose(
                dialect,
                label,
                text,
                Cursor::new(text, 0, options),
                &notes,
                whole,
            ))
        }
        None => unknown(dialect, production),
    }
}

fn unknown(dialect: Dialect, production: &str) -> DialectError {
    DialectError::UnknownProduction {
        dialect,
        production: production.to_string(),
    }
}

/// The production, then the end of the input.
fn whole<'a>(combinator: Combinator<'a>, start: Cursor<'a>) -> Parsed<'a, ()> {
    let (rest, _) = combinator(start)?;
    eof(rest)
}

/// The diagnostic pass of a draft's production that did not match.
fn diagnose<'a>(
    dialect: Dialect,
    label: &'static str,
    text: &str,
    start: Cursor<'a>,
    notes: &'a Notes,
    whole: impl Fn(Cursor<'a>) -> Parsed<'a, ()>,
) -> Mismatch {
    let diagnosis = Diagnosis::of(start, notes, Production::Draft(label), whole);
    let stack = diagnosis.stack.iter().map(|p| p.name()).collect();
    let mut expected = diagnosis.expected;
    // What another expectation covers is left out, as in RFC 1738's errors:
    // `"@"` beside `xalpha`, `alpha` beside `xalpha`.
    crate::grammar::chars::drop_subsumed_by(&mut expected, |item| match item {
        Expected::Production(name) => chars::class_of(dialect, name),
        _ => None,
    });
    Mismatch::new(dialect, label, text, diagnosis.offset, stack, expected)
}

/// An error of RFC 1738's grammar, its rules named.
fn from_rfc1738(rule: Rule, text: &str, error: &Error) -> Mismatch {
    Mismatch::new(
        Dialect::Rfc1738,
        rule.name(),
        text,
        error.offset(),
        error.stack().iter().map(|rule| rule.name()).collect(),
        error.expected().to_vec(),
    )
}

/// A node of a derivation: the production (named as its revision names
/// it), where it is, what it matched, and the nodes inside it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Node<'a> {
    /// The production.
    pub name: &'static str,
    /// The byte range it matched.
    pub span: Span,
    /// The text it matched.
    pub text: &'a str,
    /// The nodes inside it, in order.
    pub children: Vec<Node<'a>>,
}

impl<'a> Node<'a> {
    fn from_raw(text: &'a str, raw: crate::grammar::derivation::Recorded) -> Node<'a> {
        Node {
            name: raw.production.name(),
            span: raw.span,
            text: &text[raw.span.range()],
            children: raw
                .children
                .into_iter()
                .map(|child| Node::from_raw(text, child))
                .collect(),
        }
    }

    fn from_syntax(node: &crate::SyntaxNode<'a>) -> Node<'a> {
        Node {
            name: node.rule.name(),
            span: node.span,
            text: node.text,
            children: node.children.iter().map(Node::from_syntax).collect(),
        }
    }

    /// This node and every node below it, parents before children.
    pub fn walk(&self) -> Vec<&Node<'a>> {
        crate::syntax::walk(self)
    }
}

crate::syntax::derivation!(Node, |node| node.name);

/// One line a node, indented by depth: `hostname 7..18 "example.com"`,
/// as [`crate::SyntaxNode`] prints.
impl fmt::Display for Node<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::syntax::write_tree(f, self, 0)
    }
}

/// The derivation of `text` from the production `production` of
/// `dialect`, as the combinators find it (the same combinators as
/// [`check`], recording the productions they enter). It allocates: it is
/// for display and snapshots.
///
/// Runs (`xalphas`, `digits`, `alphanums`, draft 03's `user`) are leaves, and
/// a right recursion is shown flat (`path` with its segments as children,
/// `hostname` with its `ialpha`). Where several derivations give the same
/// text, the tree shows the one the combinators chose: the first
/// alternative of the longest (`url`), the first `@` that works
/// (`article`, `login`), a user and password split at the first `:`.
///
/// For [`Dialect::Rfc1738`], `url` gives the syntax tree of
/// [`crate::grammar::url`]; any other rule gives a single node.
///
/// ```
/// use rfc1738::dialect::{tree, Dialect};
/// let node = tree(Dialect::DraftOct93, "nntpaddress", "nntp:alt.x/7", Default::default()).unwrap();
/// assert_eq!(node.to_string(), "\
/// nntpaddress 0..12 \"nntp:alt.x/7\"
///   group 5..10 \"alt.x\"
///     ialpha 5..10 \"alt.x\"
///       alpha 5..6 \"a\"
///       xalphas 6..10 \"lt.x\"
///   digits 11..12 \"7\"
/// ");
/// ```
pub fn tree<'a>(
    dialect: Dialect,
    production: &str,
    text: &'a str,
    options: Options,
) -> Result<Node<'a>, DialectError> {
    check(dialect, production, text, options)?;
    if dialect == Dialect::Rfc1738 {
        let rule = Rule::from_name(production).ok_or_else(|| unknown(dialect, production))?;
        if rule == Rule::Url {
            let parser = if options.strict {
                crate::grammar::strict::url::<&str, ()>
            } else {
                crate::grammar::url::<&str, ()>
            };
            if let Ok(("", url)) = parser(text) {
                return Ok(Node::from_syntax(&url.syntax()));
            }
        }
        return Ok(Node {
            name: rule.name(),
            span: Span::new(0, text.len()),
            text,
            children: Vec::new(),
        });
    }
    let (_, combinator) = dialect
        .combinator(production)
        .ok_or_else(|| unknown(dialect, production))?;
    let notes = Notes::default();
    let start = Cursor::new(text, 0, options);
    let (result, mut nodes) =
        crate::grammar::derivation::record(start, &notes, |start| whole(combinator, start));
    match (result, nodes.pop()) {
        (Ok(_), Some(root)) if nodes.is_empty() => Ok(Node::from_raw(text, root)),
        // `check` accepted the text, and the recording pass reads the same.
        _ => unreachable!("the combinators read the same text twice alike"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `check` takes a reader's verdict before it looks the name up among
    /// the productions, so a name with a reader must be a production of
    /// that draft: any name of any revision is tried.
    #[test]
    fn every_reader_reads_a_production_of_its_draft() {
        let names: Vec<&str> = Dialect::ALL
            .iter()
            .flat_map(|dialect| dialect.productions().iter().copied())
            .collect();
        for dialect in [Dialect::DraftJul93, Dialect::DraftOct93, Dialect::Draft03] {
            let read: Vec<&str> = names
                .iter()
                .copied()
                .filter(|name| dialect.reader(name).is_some())
                .collect();
            assert!(read.len() >= 10, "{dialect}: {read:?}");
            for name in read {
                assert!(
                    dialect.has(name),
                    "{dialect} reads {name}, no production of it"
                );
                assert!(dialect.combinator(name).is_some(), "{dialect}: {name}");
            }
        }
    }
}
