//! The few building blocks every production is made of: a literal, one
//! character of a class, a run of characters (with `%` escapes), the end of
//! the input, and the wrapper that names a production in the diagnostic
//! trace. Each failure says what it expected, in the BNF's own terms.

use nom::Input as _;

use crate::error::Expected;
use crate::grammar::misc::{CharClass, HEX};
use crate::input::{with_trace, Input, PResult};
use crate::rule::Rule;
use crate::span::Span;
use crate::tree::Scheme;

/// Runs `body` as the production `rule`: in the diagnostic pass, failures
/// inside it are reported with `rule` on the production stack.
#[inline]
pub(crate) fn production<'a, O>(
    rule: Rule,
    input: Input<'a>,
    body: impl FnOnce(Input<'a>) -> PResult<'a, O>,
) -> PResult<'a, O> {
    match input.extra.trace() {
        None => body(input),
        Some(trace) => {
            trace.enter(rule);
            let result = body(input);
            trace.leave();
            result
        }
    }
}

/// Fails at `input`, recording what was expected there.
#[inline]
pub(crate) fn fail<'a, O>(input: &Input<'a>, expected: &[Expected]) -> PResult<'a, O> {
    expect(input, 0, expected);
    Err(nom::Err::Error(crate::input::Backtrack))
}

/// Records, without failing, that at `input` plus `ahead` bytes the grammar
/// would also have accepted `expected`: a run that stopped there, or a
/// branch that a look-ahead ruled out.
#[inline]
pub(crate) fn expect(input: &Input<'_>, ahead: usize, expected: &[Expected]) {
    if let Some(trace) = input.extra.trace() {
        trace.record(input.location_offset() + ahead, expected);
    }
}

/// The same input with no trace: for attempts that only choose between two
/// derivations of the same text, whose failures say nothing about the input.
pub(crate) fn without_trace(input: Input<'_>) -> Input<'_> {
    with_trace(input, None)
}

/// The first byte of the input, if any.
#[inline]
pub(crate) fn peek(input: &Input<'_>) -> Option<u8> {
    input.fragment().as_bytes().first().copied()
}

/// Splits off the first `count` bytes: `(rest, taken)`.
#[inline]
pub(crate) fn split(input: Input<'_>, count: usize) -> (Input<'_>, Input<'_>) {
    input.take_split(count)
}

/// The text and span from `start` up to `rest`.
#[inline]
pub(crate) fn consumed<'a>(start: &Input<'a>, rest: &Input<'a>) -> (&'a str, Span) {
    let from = start.location_offset();
    let to = rest.location_offset();
    (&start.fragment()[..to - from], Span::new(from, to))
}

/// A quoted literal of the BNF, matched exactly. A mismatch is reported at
/// the first character that differs.
#[inline]
pub(crate) fn literal<'a>(input: Input<'a>, text: &'static str) -> PResult<'a, Input<'a>> {
    let bytes = input.fragment().as_bytes();
    let matching = bytes
        .iter()
        .zip(text.as_bytes())
        .take_while(|(a, b)| a == b)
        .count();
    if matching == text.len() {
        Ok(split(input, text.len()))
    } else {
        expect(&input, matching, &[Expected::Literal(text)]);
        Err(nom::Err::Error(crate::input::Backtrack))
    }
}

/// The literal that opens a scheme's URL, such as `"ftp://"`. The scheme
/// name in it matches without regard to case unless the options are strict
/// (section 2.1); the punctuation after it matches exactly.
#[inline]
pub(crate) fn scheme_literal<'a>(input: Input<'a>, text: &'static str) -> PResult<'a, Scheme<'a>> {
    let strict = input.extra.options().strict;
    let name_len = name_len(text);
    let bytes = input.fragment().as_bytes();
    let matching = bytes
        .iter()
        .zip(text.as_bytes())
        .enumerate()
        .take_while(|&(index, (&a, &b))| {
            a == b || (!strict && index < name_len && a.eq_ignore_ascii_case(&b))
        })
        .count();
    if matching < text.len() {
        expect(&input, matching, &[Expected::Literal(text)]);
        return Err(nom::Err::Error(crate::input::Backtrack));
    }
    // One slice: nom_locate counts the newlines of every slice.
    let (rest, _) = split(input, text.len());
    let from = input.location_offset();
    let name = &input.fragment()[..name_len];
    Ok((rest, Scheme::new(name, Span::new(from, from + name_len))))
}

/// The length of the scheme name in a literal such as `"ftp://"`; a loop
/// the compiler folds for a constant literal.
#[inline]
const fn name_len(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut index = 0;
    while index < bytes.len() && bytes[index] != b':' {
        index += 1;
    }
    index
}

/// One character of `class`, reported as the production `rule` when absent.
/// `%` escapes are not characters here; see [`unit`].
#[inline]
pub(crate) fn one<'a>(input: Input<'a>, class: &CharClass, rule: Rule) -> PResult<'a, Input<'a>> {
    match peek(&input) {
        Some(byte) if class.contains(byte) => Ok(split(input, 1)),
        _ => fail(&input, &[Expected::Rule(rule)]),
    }
}

/// How long the `escape` (`"%" hex hex`) at the start of `bytes` is: 3 if it
/// is one, otherwise the index of the first byte that breaks it.
#[inline]
fn escape_len(bytes: &[u8]) -> Result<usize, usize> {
    match bytes {
        [b'%', high, low, ..] if HEX.contains(*high) && HEX.contains(*low) => Ok(3),
        [b'%', high, ..] if HEX.contains(*high) => Err(2),
        _ => Err(1),
    }
}

/// One unit of a class that admits escapes (`uchar`, `xchar`): a character
/// of `class` or an `escape`.
#[inline]
pub(crate) fn unit<'a>(input: Input<'a>, class: &CharClass, rule: Rule) -> PResult<'a, Input<'a>> {
    let bytes = input.fragment().as_bytes();
    match bytes.first() {
        Some(&byte) if class.contains(byte) => Ok(split(input, 1)),
        Some(b'%') if class.escapes => match escape_len(bytes) {
            Ok(len) => Ok(split(input, len)),
            Err(at) => {
                expect(&input, at, &[Expected::Rule(Rule::Hex)]);
                fail(&input, &[Expected::Rule(rule)])
            }
        },
        _ => fail(&input, &[Expected::Rule(rule)]),
    }
}

/// A repetition `*[ a | b | ... ]` of single characters and, when the class
/// admits them, escapes: `min` or more units, as many as there are.
///
/// Where the run stops, the trace learns that any of `elements` (the BNF's
/// own alternatives) would have continued it. A `%` that does not start an
/// escape stops the run, and the trace learns that a `hex` was wanted.
#[inline]
pub(crate) fn run<'a>(
    input: Input<'a>,
    class: &CharClass,
    min: usize,
    elements: &[Expected],
) -> PResult<'a, Input<'a>> {
    let bytes = input.fragment().as_bytes();
    let mut index = 0;
    let mut units = 0;
    while let Some(&byte) = bytes.get(index) {
        if class.contains(byte) {
            index += 1;
        } else if byte == b'%' && class.escapes {
            match escape_len(&bytes[index..]) {
                Ok(len) => index += len,
                Err(at) => {
                    expect(&input, index + at, &[Expected::Rule(Rule::Hex)]);
                    break;
                }
            }
        } else {
            break;
        }
        units += 1;
    }
    expect(&input, index, elements);
    if units < min {
        return Err(nom::Err::Error(crate::input::Backtrack));
    }
    let (rest, taken) = split(input, index);
    Ok((rest, taken))
}

/// A path `segment *[ "/" segment ]` whose segments cannot hold `/`, read
/// as one run of `path` characters (the segment's and `/`). Where the run
/// stops, a segment character (`segment_elements`) or another `"/"` could
/// have continued it.
#[inline]
pub(crate) fn path_run<'a>(
    input: Input<'a>,
    path: &CharClass,
    segment_elements: &[Expected],
) -> PResult<'a, Input<'a>> {
    let (rest, taken) = run(input, path, 0, segment_elements)?;
    expect(&rest, 0, &[Expected::Literal("/")]);
    Ok((rest, taken))
}

/// The end of the input: what every whole match ends with.
#[inline]
pub(crate) fn end_of_input(input: Input<'_>) -> PResult<'_, ()> {
    if input.fragment().is_empty() {
        Ok((input, ()))
    } else {
        fail(&input, &[Expected::EndOfInput])
    }
}

/// `[ p ]`: `p` if it matches, otherwise nothing and the input unchanged.
#[inline]
pub(crate) fn optional<'a, O>(
    input: Input<'a>,
    parser: impl FnOnce(Input<'a>) -> PResult<'a, O>,
) -> (Input<'a>, Option<O>) {
    match parser(input) {
        Ok((rest, output)) => (rest, Some(output)),
        Err(_) => (input, None),
    }
}
