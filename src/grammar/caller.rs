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

#[cfg(feature = "std")]
use core::cell::Cell;

use nom::error::{ContextError, ErrorKind, ParseError};
use nom::IResult;
use nom_locate::LocatedSpan;

use crate::grammar::cursor::{Cursor, Parsed};
use crate::grammar::notation::eof;
use crate::grammar::trace::{Diagnosis, Notes};
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
}

/// Why a production does not match the whole of a text (which begins at
/// an offset of the caller's text): its diagnostic pass, followed by the
/// end of the input. Each production has one, compiled once.
pub(crate) type Explain = fn(&str, usize, Options) -> Diagnosis;

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
    read: fn(Cursor<'a>) -> Parsed<'a, O>,
    diagnose: Explain,
    explain: Explain,
) -> Outcome<'a, O> {
    let start = Cursor::new(text, offset, options);
    match read(start) {
        Ok((rest, output)) => {
            remember_match(text, offset, rest.index(), explain, options);
            Ok((rest.index(), output))
        }
        Err(_) => Err(diagnose(text, offset, options)),
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
) -> IResult<I, O, E>
where
    I: Text<'a>,
    E: GrammarError<I>,
{
    match entry(input.text(), input.start(), options) {
        Ok((len, output)) => Ok((input.advance(len), output)),
        Err(diagnosis) => Err(nom::Err::Error(caller_error(diagnosis, input))),
    }
}

/// Why the production `read` does not match at the start of `text`, or
/// with `then_end` does not match the whole of it: its diagnostic pass
/// (then the end of the input), written into `notes`.
pub(crate) fn diagnose<'a, O>(
    text: &'a str,
    notes: &'a Notes,
    offset: usize,
    options: Options,
    production: Production,
    read: fn(Cursor<'a>) -> Parsed<'a, O>,
    then_end: bool,
) -> Diagnosis {
    let start = Cursor::new(text, offset, options);
    Diagnosis::of(start, notes, production, |start| {
        let (rest, _) = read(start)?;
        match then_end {
            true => eof(rest),
            false => Ok((rest, ())),
        }
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

/// The last match a production made for a caller on this thread: the text
/// it was given (where it starts and how long it is, and its offset in the
/// caller's text), the length it matched, and how to explain why it does
/// not match the whole. [`whole`] and [`terminated`] read it, so that the
/// productions take the caller's own input and error, whatever type
/// arguments the caller writes.
///
/// A thread's own value needs `std`: without it, no match is kept, and
/// `whole` and `terminated` give nom's errors (`Eof` at the end of the
/// match, or the error of what follows).
#[cfg(feature = "std")]
#[derive(Clone, Copy)]
struct Match {
    given: *const u8,
    given_len: usize,
    start: usize,
    len: usize,
    explain: Explain,
    options: Options,
}

#[cfg(feature = "std")]
std::thread_local! {
    static LAST_MATCH: Cell<Option<Match>> = const { Cell::new(None) };
}

/// Keeps the match a production made on `text` (at `offset` of the
/// caller's text): `len` bytes, and how to explain why it is not whole.
#[cfg(feature = "std")]
#[inline]
fn remember_match(text: &str, offset: usize, len: usize, explain: Explain, options: Options) {
    let given = Match {
        given: text.as_ptr(),
        given_len: text.len(),
        start: offset,
        len,
        explain,
        options,
    };
    LAST_MATCH.with(|last| last.set(Some(given)));
}

/// Forgets the last match.
#[cfg(feature = "std")]
fn forget_match() {
    LAST_MATCH.with(|last| last.set(None));
}

#[cfg(not(feature = "std"))]
#[inline]
fn remember_match(_: &str, _: usize, _: usize, _: Explain, _: Options) {}

#[cfg(not(feature = "std"))]
fn forget_match() {}

#[cfg(not(feature = "std"))]
fn explanation_of<'a, I: Text<'a>>(_: &I, _: &I) -> Option<(Explain, Options)> {
    None
}

/// How to explain why the production that made the match of `input` up to
/// `rest` does not match the whole of `input`: `None` unless the last match
/// a production made on this thread was of exactly `input`, up to `rest`.
#[cfg(feature = "std")]
fn explanation_of<'a, I: Text<'a>>(input: &I, rest: &I) -> Option<(Explain, Options)> {
    let last = LAST_MATCH.with(Cell::get)?;
    let text = input.text();
    let same_input = core::ptr::eq(last.given, text.as_ptr())
        && last.given_len == text.len()
        && last.start == input.start();
    let same_end = text.get(last.len..).map(str::as_ptr) == Some(rest.text().as_ptr())
        && rest.text().len() == text.len() - last.len;
    (same_input && same_end).then_some((last.explain, last.options))
}

/// The grammar's error for a production that matched `input` only in part:
/// as the production would have failed on `input` alone.
fn not_whole<'a, I: Text<'a>, E: GrammarError<I>>(input: I, explain: (Explain, Options)) -> E {
    let (explain, options) = explain;
    caller_error(explain(input.text(), input.start(), options), input)
}

/// A production of the grammar, then the end of the input (nom's
/// `all_consuming`), with the grammar's error where the production
/// matched only a prefix: positioned at the furthest point the grammar
/// reached, with what it expected there and the productions open, as
/// [`crate::check`] reports it (where nom's `all_consuming` says only
/// `Eof`, at the end of the match).
///
/// `parser` is one of the combinators of [`crate::grammar`] (or of
/// [`crate::grammar::strict`], or a draft's), with or without its type
/// arguments: `grammar::hostport`, `grammar::hostport::<_, VerboseError<&str>>`.
/// Any other nom parser fails as `all_consuming` does, and so does every
/// parser without the feature `std` (the production's match is kept on
/// the thread).
///
/// ```
/// # #[cfg(feature = "std")] {
/// use nom::Parser;
/// use nom_language::error::{VerboseError, VerboseErrorKind};
/// use rfc1738::grammar;
///
/// let contexts = |error: VerboseError<&'static str>| -> Vec<_> {
///     error.errors.iter().filter_map(|(at, kind)| match kind {
///         VerboseErrorKind::Context(name) => Some((*name, *at)),
///         _ => None,
///     }).collect()
/// };
/// // The production by its name alone...
/// let Err(nom::Err::Error(error)) =
///     grammar::whole(grammar::hostport).parse("host:80x") as nom::IResult<_, _, VerboseError<&str>>
/// else {
///     panic!()
/// };
/// // ...where `check(Rule::Hostport, ..)` says: at the `x`, in `hostport > port`.
/// assert_eq!(contexts(error), [("port", "x"), ("hostport", "x")]);
///
/// // And with its type arguments: the same error.
/// let Err(nom::Err::Error(error)) =
///     grammar::whole(grammar::hostport::<_, VerboseError<&str>>).parse("host:80x")
/// else {
///     panic!()
/// };
/// assert_eq!(contexts(error), [("port", "x"), ("hostport", "x")]);
/// # }
/// ```
pub fn whole<'a, I, O, E, P>(mut parser: P) -> impl FnMut(I) -> IResult<I, O, E>
where
    I: Text<'a>,
    E: GrammarError<I>,
    P: nom::Parser<I, Output = O, Error = E>,
{
    move |input: I| {
        forget_match();
        let (rest, output) = parser.parse(input.clone())?;
        if rest.text().is_empty() {
            return Ok((rest, output));
        }
        match explanation_of(&input, &rest) {
            Some(explain) => Err(nom::Err::Error(not_whole(input, explain))),
            None => Err(nom::Err::Error(E::from_error_kind(rest, ErrorKind::Eof))),
        }
    }
}

/// A production of the grammar, then `next`, keeping what the production
/// read (nom's `terminated`), with the grammar's error where `next` fails
/// with an `Error`: positioned at the furthest point the grammar reached
/// in the input the production was given, with what it expected there and
/// the productions open, as a failure of the production itself would be
/// (see [`whole`], which takes the same parsers; without the feature
/// `std`, the error is `next`'s). A `Failure` or `Incomplete` of `next` is
/// its own.
///
/// ```
/// use nom::{bytes::complete::tag, Parser};
/// use nom_language::error::VerboseError;
/// use rfc1738::grammar;
///
/// // A URL in angle brackets: `http://user` is an httpurl's prefix, and
/// // the `>` expected after it is missing.
/// let result: nom::IResult<_, _, nom::error::Error<&str>> =
///     grammar::terminated(grammar::known_scheme_url, tag(">")).parse("http://user@www.example.com/>");
/// let nom::Err::Error(error) = result.unwrap_err() else { panic!() };
/// // Where `parse` says the URL went wrong: at the `@`.
/// assert_eq!(error.input, "@www.example.com/>");
///
/// // With the production's type arguments, and another error type.
/// let result = grammar::terminated(grammar::known_scheme_url::<_, VerboseError<&str>>, tag(">"))
///     .parse("http://user@www.example.com/>");
/// let nom::Err::Error(error) = result.unwrap_err() else { panic!() };
/// assert_eq!(error.errors[0].0, "@www.example.com/>");
/// ```
pub fn terminated<'a, I, O, E, P, N>(
    mut parser: P,
    mut next: N,
) -> impl FnMut(I) -> IResult<I, O, E>
where
    I: Text<'a>,
    E: GrammarError<I>,
    P: nom::Parser<I, Output = O, Error = E>,
    N: nom::Parser<I, Error = E>,
{
    move |input: I| {
        forget_match();
        let (rest, output) = parser.parse(input.clone())?;
        // Taken before `next` runs, which may hold productions of its own.
        let explain = explanation_of(&input, &rest);
        match next.parse(rest) {
            Ok((after, _)) => Ok((after, output)),
            Err(nom::Err::Error(error)) => match explain {
                Some(explain) => Err(nom::Err::Error(not_whole(input, explain))),
                None => Err(nom::Err::Error(error)),
            },
            Err(other) => Err(other),
        }
    }
}
