//! The error every entry point returns: where the input stopped matching,
//! inside which productions, what the grammar allowed there, and what was
//! there instead.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
#[cfg(feature = "std")]
use std::sync::OnceLock;

use crate::options::Options;
use crate::rule::Rule;
use crate::span::Location;

/// One thing the grammar would have accepted at the error's position,
/// named as in the BNF.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Expected {
    /// A production, e.g. `alphadigit` or `hex`.
    Rule(Rule),
    /// A literal, e.g. `"@"` or `"ftp://"`.
    Literal(&'static str),
    /// A production of an earlier revision of the grammar, by the name it
    /// gives it (RFC 1738's productions are [`Expected::Rule`]s).
    Production(&'static str),
    /// The end of the input.
    EndOfInput,
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::Rule(rule) => f.write_str(rule.name()),
            Expected::Production(name) => f.write_str(name),
            Expected::Literal(text) => write!(f, "\"{text}\""),
            Expected::EndOfInput => f.write_str("end of input"),
        }
    }
}

/// What stood at the error's position, where the grammar expected something
/// else ([`Expected`]): what [`Error::found`] returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Unexpected {
    /// This character.
    Char(char),
    /// Nothing: the input ended.
    EndOfInput,
}

impl fmt::Display for Unexpected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unexpected::Char(c) if *c == ' ' || c.is_ascii_graphic() => write!(f, "\"{c}\""),
            Unexpected::Char(c) => write!(f, "U+{:04X}", u32::from(*c)),
            Unexpected::EndOfInput => f.write_str("end of input"),
        }
    }
}

/// Why an input does not match a production.
///
/// The position is the furthest any branch of the grammar reached, so for
/// `http://host:80x/` it is the `x`, not the start of the port.
///
/// ```
/// let err = rfc1738::parse("http://host:80x/").unwrap_err();
/// assert_eq!(err.offset(), 14);
/// assert_eq!(err.found(), rfc1738::Unexpected::Char('x'));
/// assert_eq!(err.to_string(),
///     "1:15: expected digit, \"/\" or end of input, found \"x\" (in url > httpurl); \
///      the string is a valid genericurl, but not a valid httpurl");
/// ```
///
/// # What an error costs
///
/// [`crate::parse`] and [`crate::check`] reject a text in one pass that
/// records nothing, and the error they return borrows the text, as the tree
/// of an accepted one does: a rejection allocates nothing. Where and why
/// the text failed is worked out the first time the error is asked
/// anything (its offset, stack, message, ...): the grammar reads the text
/// again with a trace, and the answer is kept. So a caller who only wants
/// a yes or no pays for neither the second pass nor the error's vectors
/// (benches/records/log.md, "Errors on demand, a host in one loop, and the
/// build's time", and "A rejection borrows its text").
///
/// An error to keep beyond the text, or to hand to a caller that wants a
/// `'static` error (`Box<dyn std::error::Error>`, `anyhow`), is
/// [`Error::into_owned`]: it works the diagnosis out then.
///
/// ```
/// fn first_host(lines: &[String]) -> Result<String, rfc1738::Error<'static>> {
///     let url = rfc1738::parse(&lines[0]).map_err(rfc1738::Error::into_owned)?;
///     Ok(url.host().map(|host| host.as_str().to_owned()).unwrap_or_default())
/// }
/// let error = first_host(&["http://a b/".to_owned()]).unwrap_err();
/// assert_eq!(error.offset(), 8);
/// ```
///
/// Without the feature `std` there is no `OnceLock` to keep the answer in
/// an error that stays `Sync`, so the grammar reads the text again when the
/// error is made, and the error keeps the answer instead of the text.
#[derive(Clone)]
pub struct Error<'a> {
    #[cfg(feature = "std")]
    details: OnceLock<Details>,
    /// The diagnosis still to make; `None` for an error made whole.
    #[cfg(feature = "std")]
    deferred: Option<Deferred<'a>>,
    #[cfg(not(feature = "std"))]
    details: Details,
    #[cfg(not(feature = "std"))]
    text: core::marker::PhantomData<&'a str>,
}

/// What an error says, once it is worked out.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Details {
    offset: usize,
    location: Location,
    stack: Vec<Rule>,
    expected: Vec<Expected>,
    found: Unexpected,
    genericurl: Option<(bool, Rule)>,
}

/// A rejection whose diagnosis has not been made: the text, the production
/// and options it was read with, and the function that explains it (the
/// grammar's, which this module does not import).
#[cfg(feature = "std")]
#[derive(Clone)]
struct Deferred<'a> {
    text: &'a str,
    rule: Rule,
    options: Options,
    explain: fn(&str, Rule, Options) -> Error<'static>,
}

impl Error<'static> {
    /// The error at byte `offset` of `source`, inside the productions
    /// `stack` (outermost first), where the grammar expected `expected`.
    pub(crate) fn new(
        source: &str,
        offset: usize,
        stack: Vec<Rule>,
        expected: Vec<Expected>,
    ) -> Self {
        let location = Location::of_offset(source, offset);
        let found = source
            .get(offset..)
            .and_then(|rest| rest.chars().next())
            .map_or(Unexpected::EndOfInput, Unexpected::Char);
        Error::whole(Details {
            offset,
            location,
            stack,
            expected,
            found,
            genericurl: None,
        })
    }

    /// The error that says `details`, with no diagnosis left to make.
    fn whole(details: Details) -> Self {
        #[cfg(feature = "std")]
        return Error {
            details: OnceLock::from(details),
            deferred: None,
        };
        #[cfg(not(feature = "std"))]
        Error {
            details,
            text: core::marker::PhantomData,
        }
    }
}

impl<'a> Error<'a> {
    /// The error of `text`, read as `rule` with `options`, made by
    /// `explain` when it is first asked for.
    pub(crate) fn deferred(
        text: &'a str,
        rule: Rule,
        options: Options,
        explain: fn(&str, Rule, Options) -> Error<'static>,
    ) -> Self {
        #[cfg(feature = "std")]
        return Error {
            details: OnceLock::new(),
            deferred: Some(Deferred {
                text,
                rule,
                options,
                explain,
            }),
        };
        #[cfg(not(feature = "std"))]
        explain(text, rule, options)
    }

    /// The same error, no longer borrowing the text: its diagnosis is
    /// worked out now, if it was not yet, and kept in place of the text.
    pub fn into_owned(self) -> Error<'static> {
        Error::whole(self.into_details())
    }

    /// Notes, for an error of `production` (a scheme's), whether the string
    /// is still a valid `genericurl`.
    pub(crate) fn with_genericurl(self, valid: bool, production: Rule) -> Error<'static> {
        let mut details = self.into_details();
        details.genericurl = Some((valid, production));
        Error::whole(details)
    }

    /// What the error says, worked out if it was not yet.
    #[cfg(feature = "std")]
    fn into_details(mut self) -> Details {
        self.details();
        self.details.take().expect("the details were just made")
    }

    /// What the error says.
    #[cfg(not(feature = "std"))]
    fn into_details(self) -> Details {
        self.details
    }

    /// What the error says.
    #[cfg(not(feature = "std"))]
    fn details(&self) -> &Details {
        &self.details
    }

    /// What the error says, worked out on the first call.
    #[cfg(feature = "std")]
    fn details(&self) -> &Details {
        self.details.get_or_init(|| {
            let deferred = self
                .deferred
                .as_ref()
                .expect("an error is made whole or deferred");
            (deferred.explain)(deferred.text, deferred.rule, deferred.options).into_details()
        })
    }

    /// Byte offset of the error in the input.
    pub fn offset(&self) -> usize {
        self.details().offset
    }

    /// Line and column (1-based, the column in characters) of the error.
    pub fn location(&self) -> Location {
        self.details().location
    }

    /// Line of the error, from 1.
    pub fn line(&self) -> u32 {
        self.details().location.line
    }

    /// Column of the error, from 1, in characters.
    pub fn column(&self) -> usize {
        self.details().location.column
    }

    /// The innermost production being parsed at the error.
    pub fn rule(&self) -> Rule {
        self.details().stack.last().copied().unwrap_or(Rule::Url)
    }

    /// The productions open at the error, outermost first, e.g.
    /// `[Url, Ftpurl, Login, Hostport, Host, Hostname, Toplabel]`.
    pub fn stack(&self) -> &[Rule] {
        &self.details().stack
    }

    /// What the grammar accepts at the error's position. Items that another
    /// item already covers (`digit` beside `uchar`) are left out.
    pub fn expected(&self) -> &[Expected] {
        &self.details().expected
    }

    /// What stood there instead.
    pub fn found(&self) -> Unexpected {
        self.details().found
    }

    /// For an error of [`crate::parse`] on a URL of one of the ten schemes:
    /// whether the string is still a valid `genericurl` (and so matches `url`
    /// through `otherurl`). `None` for other errors.
    pub fn matches_genericurl(&self) -> Option<bool> {
        self.details().genericurl.map(|(valid, _)| valid)
    }

    /// The production stack as text: `url > httpurl > hostport`.
    pub fn stack_text(&self) -> String {
        let names: Vec<&str> = self.stack().iter().map(|rule| rule.name()).collect();
        names.join(" > ")
    }
}

/// Two errors are equal when they say the same: both are worked out.
impl<'b> PartialEq<Error<'b>> for Error<'_> {
    fn eq(&self, other: &Error<'b>) -> bool {
        self.details() == other.details()
    }
}

impl Eq for Error<'_> {}

/// The error's parts, worked out, under the names they have always had.
impl fmt::Debug for Error<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let details = self.details();
        f.debug_struct("Error")
            .field("offset", &details.offset)
            .field("location", &details.location)
            .field("stack", &details.stack)
            .field("expected", &details.expected)
            .field("found", &details.found)
            .field("genericurl", &details.genericurl)
            .finish()
    }
}

/// The message every grammar's error gives: `1:5: expected alpha, found
/// "3" (in hostname > toplabel)`, from its parts.
pub(crate) fn write_message(
    f: &mut fmt::Formatter<'_>,
    location: Location,
    expected: &[Expected],
    found: Unexpected,
    stack: &[&str],
) -> fmt::Result {
    write!(f, "{location}: expected ")?;
    let last = expected.len().saturating_sub(1);
    for (index, item) in expected.iter().enumerate() {
        match index {
            0 => {}
            _ if index == last => f.write_str(" or ")?,
            _ => f.write_str(", ")?,
        }
        write!(f, "{item}")?;
    }
    if expected.is_empty() {
        f.write_str("nothing")?;
    }
    write!(f, ", found {found}")?;
    if !stack.is_empty() {
        write!(f, " (in {})", stack.join(" > "))?;
    }
    Ok(())
}

impl fmt::Display for Error<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let details = self.details();
        let names: Vec<&str> = details.stack.iter().map(|rule| rule.name()).collect();
        write_message(
            f,
            details.location,
            &details.expected,
            details.found,
            &names,
        )?;
        if let Some((true, production)) = details.genericurl {
            write!(
                f,
                "; the string is a valid genericurl, but not a valid {production}"
            )?;
        }
        Ok(())
    }
}

#[cfg(feature = "std")]
#[cfg_attr(docsrs, doc(cfg(feature = "std")))]
impl std::error::Error for Error<'_> {}
