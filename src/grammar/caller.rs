//! The caller's side: a caller's input and error, and how a production
//! runs on them.
//!
//! [`Text`] is what a caller may give: `&str`, or a
//! `nom_locate::LocatedSpan<&str, X>` with an extra of their own.
//! [`run_for_caller`] runs the production on a cursor made from it (the
//! called pass) and hands back the caller's input advanced once by the
//! length matched. When the production fails it runs it again in the
//! diagnostic pass (`crate::grammar::trace`), and the caller's error
//! ([`GrammarError`]) is made at the furthest offset the grammar reached,
//! with the productions open there as its contexts.
//!
//! Each production's entry (what `run_for_caller` calls) is compiled once,
//! in this crate, whatever the caller's input and error types: a caller's
//! build compiles only `run_for_caller`, which is small.

use nom::error::{ContextError, ErrorKind, ParseError};
use nom::IResult;
use nom_locate::LocatedSpan;

use crate::grammar::cursor::{Cursor, Parsed};
use crate::grammar::notation::eof;
use crate::grammar::trace::Diagnosis;
use crate::options::Options;
use crate::rule::Production;

/// The errors a caller may ask the combinators for: any nom error that
/// takes contexts, such as `()`, `nom::error::Error`,
/// `nom_language::error::VerboseError` or one of the caller's own.
///
/// A combinator that matches no prefix of its input fails with
/// `nom::Err::Error` (never `Failure`, so `alt`, `opt` and `many0` around it
/// go on), made with the input at the furthest offset the grammar reached,
/// then given, innermost first, the BNF name of every production open there
/// as a context.
pub trait GrammarError<I>: ParseError<I> + ContextError<I> {}

impl<I, E: ParseError<I> + ContextError<I>> GrammarError<I> for E {}

mod sealed {
    pub trait Sealed {}
}

/// The inputs the combinators of [`crate::grammar`] take: `&'a str`, and
/// `nom_locate::LocatedSpan<&'a str, X>` for any extra `X: Clone`.
///
/// The tree borrows `'a` from the text. Its spans count from the start of
/// the `&str` the combinator was given, or from `location_offset()` for a
/// `LocatedSpan`, so a URL found after a 5-byte prefix has the span `5..`.
/// A `LocatedSpan` is advanced once, by the length matched, so its line is
/// counted once.
pub trait Text<'a>: Clone + sealed::Sealed {
    /// The text from here on.
    #[doc(hidden)]
    fn text(&self) -> &'a str;

    /// The offset of [`Text::text`] in the caller's whole text.
    #[doc(hidden)]
    fn start(&self) -> usize;

    /// This input `count` bytes on.
    #[doc(hidden)]
    fn advance(&self, count: usize) -> Self;

    /// This input after a production matched up to it: `explain` says why
    /// the production does not match the whole of the text it was given.
    /// Only [`Explaining`] keeps it (see [`crate::grammar::whole`]).
    #[doc(hidden)]
    #[inline(always)]
    fn matched(self, _explain: Explain, _options: Options) -> Self {
        self
    }
}

/// Why a production does not match the whole of a text (which begins at
/// an offset of the caller's text): its diagnostic pass, followed by the
/// end of the input. Each production has one, compiled once.
#[doc(hidden)]
pub type Explain = fn(&str, usize, Options) -> Diagnosis;

/// An input of the caller's, given to a production by
/// [`crate::grammar::whole`] and [`crate::grammar::terminated`]: where the
/// production matched, it keeps how to explain why its match is not
/// whole, so that what fails after it fails with the grammar's error.
#[derive(Clone)]
pub struct Explaining<I> {
    /// The input from where the production stopped (or started).
    pub(crate) rest: I,
    /// The input the production was given.
    pub(crate) given: I,
    /// How to explain the production's failure on `given`, once it matched.
    pub(crate) explain: Option<(Explain, Options)>,
}

impl<I: Clone> Explaining<I> {
    /// `input`, before the production reads it.
    pub(crate) fn new(input: I) -> Self {
        Explaining {
            rest: input.clone(),
            given: input,
            explain: None,
        }
    }
}

impl<I> sealed::Sealed for Explaining<I> {}

impl<'a, I: Text<'a>> Text<'a> for Explaining<I> {
    #[inline(always)]
    fn text(&self) -> &'a str {
        self.rest.text()
    }

    #[inline(always)]
    fn start(&self) -> usize {
        self.rest.start()
    }

    #[inline(always)]
    fn advance(&self, count: usize) -> Self {
        Explaining {
            rest: self.rest.advance(count),
            given: self.given.clone(),
            explain: self.explain,
        }
    }

    #[inline(always)]
    fn matched(self, explain: Explain, options: Options) -> Self {
        Explaining {
            explain: Some((explain, options)),
            ..self
        }
    }
}

/// The caller's error `E`, made on [`Explaining`] input: each of its
/// inputs is the caller's own.
#[derive(Debug)]
pub struct ExplainingError<E>(pub(crate) E);

impl<I, E: ParseError<I>> ParseError<Explaining<I>> for ExplainingError<E> {
    fn from_error_kind(input: Explaining<I>, kind: ErrorKind) -> Self {
        ExplainingError(E::from_error_kind(input.rest, kind))
    }

    fn append(input: Explaining<I>, kind: ErrorKind, other: Self) -> Self {
        ExplainingError(E::append(input.rest, kind, other.0))
    }
}

impl<I, E: ContextError<I>> ContextError<Explaining<I>> for ExplainingError<E> {
    fn add_context(input: Explaining<I>, context: &'static str, other: Self) -> Self {
        ExplainingError(E::add_context(input.rest, context, other.0))
    }
}

/// The error of a production read by [`crate::grammar::whole`] or
/// [`crate::grammar::terminated`] whose match was not whole: the grammar's
/// own, as the production would have failed on `given` alone.
pub(crate) fn not_whole<'a, I: Text<'a>, E: GrammarError<I>>(
    given: I,
    explain: (Explain, Options),
) -> E {
    let (explain, options) = explain;
    caller_error(explain(given.text(), given.start(), options), given)
}

impl sealed::Sealed for &str {}

impl<'a> Text<'a> for &'a str {
    #[inline(always)]
    fn text(&self) -> &'a str {
        self
    }

    #[inline(always)]
    fn start(&self) -> usize {
        0
    }

    #[inline(always)]
    fn advance(&self, count: usize) -> Self {
        &self[count..]
    }
}

impl<X> sealed::Sealed for LocatedSpan<&str, X> {}

impl<'a, X: Clone> Text<'a> for LocatedSpan<&'a str, X> {
    #[inline(always)]
    fn text(&self) -> &'a str {
        self.fragment()
    }

    #[inline(always)]
    fn start(&self) -> usize {
        self.location_offset()
    }

    #[inline(always)]
    fn advance(&self, count: usize) -> Self {
        nom::Input::take_from(self, count)
    }
}

/// What a production's entry gives [`run_for_caller`]: the length matched
/// and the node, or why no prefix matched.
pub(crate) type Outcome<'a, O> = Result<(usize, O), Diagnosis>;

/// The entry of a production: its reading run from the start of `text`
/// (which begins `offset` bytes into the caller's text) with `options`, and
/// on a failure the diagnostic pass. Each production's entry is a function
/// of its own, compiled once in this crate, that every combinator of that
/// production calls (see [`run_for_caller`]).
#[inline(always)]
pub(crate) fn read_or_diagnose<'a, O>(
    text: &'a str,
    offset: usize,
    options: Options,
    production: Production,
    read: fn(Cursor<'a>) -> Parsed<'a, O>,
) -> Outcome<'a, O> {
    let start = Cursor::new(text, offset, options);
    match read(start) {
        Ok((rest, output)) => Ok((rest.index(), output)),
        Err(_) => Err(Diagnosis::of(start, production, read)),
    }
}

/// Runs a production for a caller: hands the caller's text to the
/// production's entry (`entry`, compiled once in this crate) and turns what
/// it gives back into the caller's input and error (see the module's
/// documentation). This is all a caller's build compiles of a production:
/// the grammar itself is compiled here, once, whatever the caller's input
/// and error types.
#[inline]
pub(crate) fn run_for_caller<'a, I, E, O>(
    input: I,
    options: Options,
    entry: fn(&'a str, usize, Options) -> Outcome<'a, O>,
    explain: Explain,
) -> IResult<I, O, E>
where
    I: Text<'a>,
    E: GrammarError<I>,
{
    match entry(input.text(), input.start(), options) {
        Ok((len, output)) => Ok((input.advance(len).matched(explain, options), output)),
        Err(diagnosis) => Err(nom::Err::Error(caller_error(diagnosis, input))),
    }
}

/// Why the production `read` does not match the whole of `text`: its
/// diagnostic pass, then the end of the input.
pub(crate) fn explain_whole<'a, O>(
    text: &'a str,
    offset: usize,
    options: Options,
    production: Production,
    read: fn(Cursor<'a>) -> Parsed<'a, O>,
) -> Diagnosis {
    let start = Cursor::new(text, offset, options);
    Diagnosis::of(start, production, |start| {
        let (rest, _) = read(start)?;
        eof(rest)
    })
}

/// The caller's error for `diagnosis`, of a production read from `input`:
/// made at the furthest offset, then given the open productions as
/// contexts, innermost first.
#[cold]
fn caller_error<'a, I: Text<'a>, E: GrammarError<I>>(diagnosis: Diagnosis, input: I) -> E {
    let text = input.text();
    let mut ahead = diagnosis.offset - input.start();
    // Every offset the grammar records follows an ASCII byte; this only
    // makes sure that slicing cannot panic.
    while !text.is_char_boundary(ahead) {
        ahead -= 1;
    }
    let at = input.advance(ahead);
    let mut error = E::from_error_kind(at.clone(), diagnosis.kind());
    for production in diagnosis.stack.iter().rev() {
        error = E::add_context(at.clone(), production.name(), error);
    }
    error
}
