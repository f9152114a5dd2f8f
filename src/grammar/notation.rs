//! The notation of the BNF on the crate's cursor, with nom's names: a
//! quoted string is [`tag`], a bracket [`opt`], juxtaposition [`preceded`]
//! or [`terminated`], `|` [`alt`], `*` over a character class
//! [`take_while`] (`1*`: [`take_while1`]; with what its scanner noted on
//! the way: [`take_while_noting`]), and the end of the input [`eof`].
//! The pieces nom has no name for: a scheme keyword ([`scheme_tag`], whose
//! name ignores case unless strict), one character of a class
//! ([`one_of`]), one unit of a class that admits escapes ([`unit_of`]),
//! and a path whose segments hold no `/` ([`path_run`]).
//!
//! Each is a nom parser in shape (a function of the cursor to an
//! `IResult`), and reads as nom's namesake does; the cursor is no
//! `nom::Input`, so nom's own are not used on it. They are not nom's
//! because each, where it stops or fails, tells the diagnostic pass's trace
//! what it expected, in the BNF's own words, and because they are glue that
//! must vanish: nom's `Parser` machinery moved every node through a call
//! that was not inlined (benches/records/log.md, "The generic grammar"), so each of
//! these is `#[inline(always)]`, and a production reads as the BNF does at
//! no cost.
//!
//! Both grammars read with this notation: RFC 1738's productions
//! (`crate::grammar`) and the drafts' (`crate::dialect`).

use crate::error::Expected;
use crate::grammar::chars::Class;
use crate::grammar::cursor::{Backtrack, Cursor, Inlining, Parsed};
use crate::grammar::fast::{escape_len, run_scan};
use crate::grammar::trace::record_expected;
use crate::rule::Rule;
use crate::span::Place;

/// Records, without failing, that at `input` plus `ahead` bytes the grammar
/// would also have accepted `expected`: a run that stopped there, or a
/// branch that a look-ahead ruled out.
#[inline(always)]
pub(crate) fn expect<M: Inlining>(input: &Cursor<'_, M>, ahead: usize, expected: &[Expected]) {
    if input.diagnosing() {
        record_expected(input.notes(), input.offset() + ahead, expected);
    }
}

/// Fails at `input`, recording what was expected there.
#[inline(always)]
pub(crate) fn fail<'a, O, M: Inlining>(
    input: &Cursor<'a, M>,
    expected: &[Expected],
) -> Parsed<'a, O, M> {
    expect(input, 0, expected);
    backtrack()
}

/// Fails without recording anything: the parts that failed have said why.
#[inline(always)]
pub(crate) fn backtrack<'a, O, M: Inlining>() -> Parsed<'a, O, M> {
    Err(nom::Err::Error(Backtrack))
}

/// A quoted string of the BNF, matched exactly (nom's `tag`). A mismatch
/// is reported at the first character that differs.
#[inline(always)]
pub(crate) fn tag<'a, M: Inlining>(
    text: &'static str,
) -> impl Fn(Cursor<'a, M>) -> Parsed<'a, &'a str, M> {
    #[inline(always)]
    move |input: Cursor<'a, M>| {
        if input.bytes().starts_with(text.as_bytes()) {
            let rest = input.skip(text.len());
            return Ok((rest, input.upto(&rest).0));
        }
        if !input.diagnosing() {
            return backtrack();
        }
        tag_mismatch(&input, text)
    }
}

/// A tag that did not match: where it stopped matching.
#[cold]
#[inline(never)]
fn tag_mismatch<'a, O, M: Inlining>(input: &Cursor<'a, M>, text: &'static str) -> Parsed<'a, O, M> {
    let matching = input
        .bytes()
        .iter()
        .zip(text.as_bytes())
        .take_while(|(a, b)| a == b)
        .count();
    expect(input, matching, &[Expected::Literal(text)]);
    backtrack()
}

/// The keyword that opens a scheme's URL, such as `"ftp://"`, and where
/// the scheme name in it is. The name matches without regard to case unless
/// the options are strict (section 2.1); the punctuation after it matches
/// exactly.
#[inline(always)]
pub(crate) fn scheme_tag<'a, M: Inlining>(
    text: &'static str,
) -> impl Fn(Cursor<'a, M>) -> Parsed<'a, Place<'a>, M> {
    #[inline(always)]
    move |input: Cursor<'a, M>| {
        let name_len = name_len(text);
        let bytes = input.bytes();
        // The common case, a name in lower case, by a plain comparison.
        let matching = if bytes.starts_with(text.as_bytes()) {
            text.len()
        } else {
            let strict = input.options().strict;
            bytes
                .iter()
                .zip(text.as_bytes())
                .enumerate()
                .take_while(|&(index, (&a, &b))| {
                    a == b || (!strict && index < name_len && a.eq_ignore_ascii_case(&b))
                })
                .count()
        };
        if matching < text.len() {
            expect(&input, matching, &[Expected::Literal(text)]);
            return backtrack();
        }
        let name = input.place_to(&input.skip(name_len));
        Ok((input.skip(text.len()), name))
    }
}

/// Whether `bytes` open with the scheme keyword `text` as [`scheme_tag`]
/// reads it (the name in any case unless `strict`), on the bytes alone.
/// Inlined: each draft's reader names its keyword, a constant, and the
/// test folds to a few comparisons (benches/records/log.md, "Light to depend on
/// (issue 32)": `opens_with_scheme` inlined).
#[cfg(feature = "dialect")]
#[inline(always)]
pub(crate) fn opens_with_scheme(bytes: &[u8], text: &'static str, strict: bool) -> bool {
    let name = name_len(text);
    let text = text.as_bytes();
    bytes.starts_with(text)
        || (!strict
            && bytes.len() >= text.len()
            && bytes[..name].eq_ignore_ascii_case(&text[..name])
            && bytes[name..text.len()] == text[name..])
}

/// The length of the scheme name in a keyword such as `"ftp://"`; a loop
/// the compiler folds for a constant keyword.
const fn name_len(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut index = 0;
    while index < bytes.len() && bytes[index] != b':' {
        index += 1;
    }
    index
}

/// One character of `class` (nom's `one_of`); `%` escapes are not
/// characters here (see [`unit_of`]).
#[inline(always)]
pub(crate) fn one_of<'a, M: Inlining>(
    class: &'static Class,
) -> impl Fn(Cursor<'a, M>) -> Parsed<'a, &'a str, M> {
    #[inline(always)]
    move |input: Cursor<'a, M>| match input.bytes().first() {
        Some(&byte) if class.contains(byte) => {
            let rest = input.skip(1);
            Ok((rest, input.upto(&rest).0))
        }
        _ => fail(&input, class.expected()),
    }
}

/// One unit of a class that admits escapes (`uchar`, `xchar`): a character
/// of `class` or an `escape`.
#[inline(always)]
pub(crate) fn unit_of<'a, M: Inlining>(
    class: &'static Class,
) -> impl Fn(Cursor<'a, M>) -> Parsed<'a, &'a str, M> {
    #[inline(always)]
    move |input: Cursor<'a, M>| {
        let bytes = input.bytes();
        let len = match bytes.first() {
            Some(&byte) if class.contains(byte) => 1,
            Some(b'%') if class.escapes => match escape_len(bytes) {
                Ok(len) => len,
                Err(at) => {
                    expect(&input, at, &[Expected::Rule(Rule::Hex)]);
                    return fail(&input, class.expected());
                }
            },
            _ => return fail(&input, class.expected()),
        };
        let rest = input.skip(len);
        Ok((rest, input.upto(&rest).0))
    }
}

/// Where a run of a class that starts at an index of a text ends: how
/// [`take_while_by`] finds it ([`run_scan`], or a scanner of one class of
/// its own).
pub(crate) type Scan = fn(&[u8], usize, &Class) -> usize;

/// `*[ a | b | ... ]` over the units of `class` (characters and, when the
/// class admits them, escapes), as many as there are (nom's `take_while`).
/// Where the run stops, the trace learns that any of the class's
/// alternatives would have continued it.
#[inline(always)]
pub(crate) fn take_while<'a, M: Inlining>(
    class: &'static Class,
) -> impl Fn(Cursor<'a, M>) -> Parsed<'a, &'a str, M> {
    take_while_by(class, 0, run_scan)
}

/// `1*[ a | b | ... ]`: [`take_while`], at least one unit (nom's
/// `take_while1`).
#[inline(always)]
pub(crate) fn take_while1<'a, M: Inlining>(
    class: &'static Class,
) -> impl Fn(Cursor<'a, M>) -> Parsed<'a, &'a str, M> {
    take_while_by(class, 1, run_scan)
}

/// A run of at least `min` (0 or 1) units of `class`, whose end `scan`
/// finds.
#[inline(always)]
pub(crate) fn take_while_by<'a, M: Inlining>(
    class: &'static Class,
    min: usize,
    scan: Scan,
) -> impl Fn(Cursor<'a, M>) -> Parsed<'a, &'a str, M> {
    debug_assert!(min <= 1);
    #[inline(always)]
    move |input: Cursor<'a, M>| {
        let (end, ()) = run_end(&input, class, |text, at| (scan(text, at, class), ()));
        expect(&input, end, class.expected());
        // Every unit is at least one byte: one unit is any byte.
        if end < min {
            return backtrack();
        }
        let rest = input.skip(end);
        Ok((rest, input.upto(&rest).0))
    }
}

/// [`take_while`] whose scanner also notes something on the way: `scan`
/// gives, from the cursor's text and index, where the run ends in that
/// text and what it noted, which is handed back beside the run. For a
/// gopher path, a run of `xchar`s whose first `%09` is found in the same
/// pass.
#[inline(always)]
pub(crate) fn take_while_noting<'a, T, M: Inlining>(
    class: &'static Class,
    scan: impl Fn(&[u8], usize) -> (usize, T),
) -> impl Fn(Cursor<'a, M>) -> Parsed<'a, (&'a str, T), M> {
    #[inline(always)]
    move |input: Cursor<'a, M>| {
        let (end, noted) = run_end(&input, class, &scan);
        expect(&input, end, class.expected());
        let rest = input.skip(end);
        Ok((rest, (input.upto(&rest).0, noted)))
    }
}

/// The end of the run of `class` at the cursor, which `scan` finds from
/// the cursor's index in its text (with what it noted). A `%` that does
/// not start an escape ends the run (when the class admits escapes at
/// all): then, in the diagnostic pass, a `hex` is recorded where the escape
/// broke.
#[inline(always)]
fn run_end<M: Inlining, T>(
    input: &Cursor<'_, M>,
    class: &Class,
    scan: impl FnOnce(&[u8], usize) -> (usize, T),
) -> (usize, T) {
    let (text, at) = input.text_and_index();
    let (end, noted) = scan(text, at);
    let end = end - at;
    let bytes = input.bytes();
    if input.diagnosing() && class.escapes && bytes.get(end) == Some(&b'%') {
        if let Err(broken) = escape_len(&bytes[end..]) {
            expect(input, end + broken, &[Expected::Rule(Rule::Hex)]);
        }
    }
    (end, noted)
}

/// A path `segment *[ "/" segment ]` whose segments cannot hold `/`, read
/// as one run of the `path` class (the segment's characters and `/`).
/// Where the run stops, a segment character or another `"/"` could have
/// continued it.
#[inline(always)]
pub(crate) fn path_run<'a, M: Inlining>(
    path: &'static Class,
) -> impl Fn(Cursor<'a, M>) -> Parsed<'a, &'a str, M> {
    #[inline(always)]
    move |input: Cursor<'a, M>| {
        let (rest, taken) = take_while(path)(input)?;
        expect(&rest, 0, &[Expected::Literal("/")]);
        Ok((rest, taken))
    }
}

/// The end of the input: what every whole match ends with (nom's `eof`).
#[inline(always)]
pub(crate) fn eof<M: Inlining>(input: Cursor<'_, M>) -> Parsed<'_, (), M> {
    if input.at_end() {
        Ok((input, ()))
    } else {
        fail(&input, &[Expected::EndOfInput])
    }
}

/// Where what `parser` matched is, as a node's place (nom's `recognize`):
/// how a production that is a run makes its node (`map(recognize(..),
/// Node::at)`).
#[inline(always)]
pub(crate) fn recognize<'a, O, M: Inlining>(
    parser: impl Fn(Cursor<'a, M>) -> Parsed<'a, O, M>,
) -> impl Fn(Cursor<'a, M>) -> Parsed<'a, Place<'a>, M> {
    #[inline(always)]
    move |input| {
        let (rest, _) = parser(input)?;
        Ok((rest, input.place_to(&rest)))
    }
}

/// `[ parser ]`: what `parser` reads, or nothing (nom's `opt`).
#[inline(always)]
pub(crate) fn opt<'a, O, M: Inlining>(
    parser: impl Fn(Cursor<'a, M>) -> Parsed<'a, O, M>,
) -> impl Fn(Cursor<'a, M>) -> Parsed<'a, Option<O>, M> {
    #[inline(always)]
    move |input| match parser(input) {
        Ok((rest, output)) => Ok((rest, Some(output))),
        Err(_) => Ok((input, None)),
    }
}

/// `first second`, keeping what `second` reads (nom's `preceded`).
#[inline(always)]
pub(crate) fn preceded<'a, A, O, M: Inlining>(
    first: impl Fn(Cursor<'a, M>) -> Parsed<'a, A, M>,
    second: impl Fn(Cursor<'a, M>) -> Parsed<'a, O, M>,
) -> impl Fn(Cursor<'a, M>) -> Parsed<'a, O, M> {
    #[inline(always)]
    move |input| {
        let (rest, _) = first(input)?;
        second(rest)
    }
}

/// `first second`, keeping what `first` reads (nom's `terminated`).
#[inline(always)]
pub(crate) fn terminated<'a, O, B, M: Inlining>(
    first: impl Fn(Cursor<'a, M>) -> Parsed<'a, O, M>,
    second: impl Fn(Cursor<'a, M>) -> Parsed<'a, B, M>,
) -> impl Fn(Cursor<'a, M>) -> Parsed<'a, O, M> {
    #[inline(always)]
    move |input| {
        let (rest, output) = first(input)?;
        let (rest, _) = second(rest)?;
        Ok((rest, output))
    }
}

/// What `parser` reads, made into something else by `f` (nom's `map`).
#[inline(always)]
pub(crate) fn map<'a, O, P, M: Inlining>(
    parser: impl Fn(Cursor<'a, M>) -> Parsed<'a, O, M>,
    f: impl Fn(O) -> P,
) -> impl Fn(Cursor<'a, M>) -> Parsed<'a, P, M> {
    #[inline(always)]
    move |input| parser(input).map(|(rest, output)| (rest, f(output)))
}

/// `a | b | ...` where the first alternative that matches is the one
/// derivation (nom's `alt`): the alternatives are disjoint, or ordered so
/// that none could match more after one has matched. Each use says why.
#[inline(always)]
pub(crate) fn alt<'a, O, M: Inlining, A: Alternatives<'a, O, M>>(
    alternatives: A,
) -> impl Fn(Cursor<'a, M>) -> Parsed<'a, O, M> {
    #[inline(always)]
    move |input| alternatives.first_match(input)
}

/// Alternatives for [`alt`]: a tuple of parsers with one output.
pub(crate) trait Alternatives<'a, O, M: Inlining> {
    /// What the first alternative that matches reads.
    fn first_match(&self, input: Cursor<'a, M>) -> Parsed<'a, O, M>;
}

impl<'a, O, M: Inlining, A, B> Alternatives<'a, O, M> for (A, B)
where
    A: Fn(Cursor<'a, M>) -> Parsed<'a, O, M>,
    B: Fn(Cursor<'a, M>) -> Parsed<'a, O, M>,
{
    #[inline(always)]
    fn first_match(&self, input: Cursor<'a, M>) -> Parsed<'a, O, M> {
        match (self.0)(input) {
            Err(_) => (self.1)(input),
            matched => matched,
        }
    }
}

impl<'a, O, M: Inlining, A, B, C> Alternatives<'a, O, M> for (A, B, C)
where
    A: Fn(Cursor<'a, M>) -> Parsed<'a, O, M>,
    B: Fn(Cursor<'a, M>) -> Parsed<'a, O, M>,
    C: Fn(Cursor<'a, M>) -> Parsed<'a, O, M>,
{
    #[inline(always)]
    fn first_match(&self, input: Cursor<'a, M>) -> Parsed<'a, O, M> {
        match (self.0)(input) {
            Err(_) => match (self.1)(input) {
                Err(_) => (self.2)(input),
                matched => matched,
            },
            matched => matched,
        }
    }
}

/// `*[ parser ]` where only the count matters (nom's `many0_count`):
/// `parser` never matches the empty string, so the loop ends.
#[inline(always)]
pub(crate) fn many0_count<'a, O, M: Inlining>(
    parser: impl Fn(Cursor<'a, M>) -> Parsed<'a, O, M>,
) -> impl Fn(Cursor<'a, M>) -> Parsed<'a, usize, M> {
    #[inline(always)]
    move |input| {
        let (mut rest, mut count) = (input, 0);
        while let Ok((next, _)) = parser(rest) {
            debug_assert!(next.index() > rest.index(), "an empty repetition");
            (rest, count) = (next, count + 1);
        }
        Ok((rest, count))
    }
}
