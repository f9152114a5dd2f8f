//! The pieces of BNF notation that nom has no combinator for, on the
//! crate's [`Cursor`]: a quoted literal, a scheme literal (whose name
//! ignores case unless strict), one character of a class, one unit of a
//! class that admits escapes, a repetition of such units, and the end of the
//! input. Each, when it stops or fails, tells the trace what it expected, in
//! the BNF's own words. The rest of the notation is nom's: `opt` for a
//! bracket, a tuple or `preceded` for juxtaposition, `alt` for `|`.

use crate::error::Expected;
use crate::grammar::chars::{Class, HEX};
use crate::grammar::cursor::{Backtrack, Cursor, Reading};
use crate::tree::Scheme;

/// Records, without failing, that at `input` plus `ahead` bytes the grammar
/// would also have accepted `expected`: a run that stopped there, or a
/// branch that a look-ahead ruled out.
#[inline(always)]
pub(crate) fn expect(input: &Cursor<'_>, ahead: usize, expected: &[Expected]) {
    input.expect(ahead, expected);
}

/// Fails at `input`, recording what was expected there.
#[inline(always)]
pub(crate) fn fail<'a, O>(input: &Cursor<'a>, expected: &[Expected]) -> Reading<'a, O> {
    expect(input, 0, expected);
    Err(nom::Err::Error(Backtrack))
}

/// A quoted literal of the BNF, matched exactly. A mismatch is reported at
/// the first character that differs.
#[inline(always)]
pub(crate) fn literal<'a>(text: &'static str) -> impl Fn(Cursor<'a>) -> Reading<'a, &'a str> {
    #[inline(always)]
    move |input: Cursor<'a>| {
        if input.bytes().starts_with(text.as_bytes()) {
            let rest = input.skip(text.len());
            return Ok((rest, input.upto(&rest).0));
        }
        if !input.traced() {
            return Err(nom::Err::Error(Backtrack));
        }
        literal_mismatch(&input, text)
    }
}

/// A literal that did not match: where it stopped matching.
#[cold]
#[inline(never)]
fn literal_mismatch<'a, O>(input: &Cursor<'a>, text: &'static str) -> Reading<'a, O> {
    let matching = input
        .bytes()
        .iter()
        .zip(text.as_bytes())
        .take_while(|(a, b)| a == b)
        .count();
    expect(input, matching, &[Expected::Literal(text)]);
    Err(nom::Err::Error(Backtrack))
}

/// `"text" parser`: the literal, then what `parser` reads, which it gives
/// back (nom's `preceded(tag(text), parser)`, for the hot path).
///
/// A function of the input, not a combinator that returns a closure: the
/// closure had one type for every use with the same output, so its
/// compiled body was shared, out of line, and called `parser` through the
/// pointer, a call whose target changed from one URL's scheme to the next
/// and was mispredicted at nine calls in ten on a list that mixes them.
#[inline(always)]
pub(crate) fn after<'a, O>(
    input: Cursor<'a>,
    text: &'static str,
    parser: fn(Cursor<'a>) -> Reading<'a, O>,
) -> Reading<'a, O> {
    let (rest, _) = literal(text)(input)?;
    parser(rest)
}

/// `[ "text" parser ]`: [`after`], or nothing and the input.
#[inline(always)]
pub(crate) fn opt_after<'a, O>(
    input: Cursor<'a>,
    text: &'static str,
    parser: fn(Cursor<'a>) -> Reading<'a, O>,
) -> (Cursor<'a>, Option<O>) {
    match after(input, text, parser) {
        Ok((rest, output)) => (rest, Some(output)),
        Err(_) => (input, None),
    }
}

/// The literal that opens a scheme's URL, such as `"ftp://"`. The scheme
/// name in it matches without regard to case unless the options are strict
/// (section 2.1); the punctuation after it matches exactly.
#[inline(always)]
pub(crate) fn scheme_literal<'a>(
    text: &'static str,
) -> impl Fn(Cursor<'a>) -> Reading<'a, Scheme<'a>> {
    #[inline(always)]
    move |input: Cursor<'a>| {
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
            return Err(nom::Err::Error(Backtrack));
        }
        let (name, span) = input.upto(&input.skip(name_len));
        Ok((input.skip(text.len()), Scheme::new(name, span)))
    }
}

/// Whether `bytes` open with the scheme literal `text` as
/// [`scheme_literal`] reads it (the name in any case unless `strict`), on
/// the bytes alone.
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

/// The length of the scheme name in a literal such as `"ftp://"`; a loop
/// the compiler folds for a constant literal.
#[inline(always)]
const fn name_len(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut index = 0;
    while index < bytes.len() && bytes[index] != b':' {
        index += 1;
    }
    index
}

/// One character of `class`; `%` escapes are not characters here (see
/// [`unit`]).
#[inline(always)]
pub(crate) fn one<'a>(class: &'static Class) -> impl Fn(Cursor<'a>) -> Reading<'a, &'a str> {
    #[inline(always)]
    move |input: Cursor<'a>| match input.bytes().first() {
        Some(&byte) if class.contains(byte) => {
            let rest = input.skip(1);
            Ok((rest, input.upto(&rest).0))
        }
        _ => fail(&input, class.says),
    }
}

/// How long the `escape` (`"%" hex hex`) at the start of `bytes` is: 3 if it
/// is one, otherwise the index of the first byte that breaks it.
#[inline(always)]
pub(crate) fn escape_len(bytes: &[u8]) -> Result<usize, usize> {
    match bytes {
        [b'%', high, low, ..] if HEX.contains(*high) && HEX.contains(*low) => Ok(3),
        [b'%', high, ..] if HEX.contains(*high) => Err(2),
        _ => Err(1),
    }
}

/// One unit of a class that admits escapes (`uchar`, `xchar`): a character
/// of `class` or an `escape`.
#[inline(always)]
pub(crate) fn unit<'a>(class: &'static Class) -> impl Fn(Cursor<'a>) -> Reading<'a, &'a str> {
    #[inline(always)]
    move |input: Cursor<'a>| {
        let bytes = input.bytes();
        let len = match bytes.first() {
            Some(&byte) if class.contains(byte) => 1,
            Some(b'%') if class.escapes => match escape_len(bytes) {
                Ok(len) => len,
                Err(at) => {
                    expect(&input, at, &[Expected::Rule(crate::rule::Rule::Hex)]);
                    return fail(&input, class.says);
                }
            },
            _ => return fail(&input, class.says),
        };
        let rest = input.skip(len);
        Ok((rest, input.upto(&rest).0))
    }
}

/// Whether all eight bytes are in `class`: one test for the eight, so that
/// a long plain run costs a table look-up per byte and a branch per eight.
#[inline(always)]
pub(crate) fn all_in(class: &Class, chunk: &[u8; 8]) -> bool {
    chunk.iter().fold(true, |all, &b| all & class.contains(b))
}

/// The end of the run of `class` at the start of the cursor. A `%` that does not start an
/// escape ends the run (when the class admits escapes at all): then, in the
/// diagnostic pass, a `hex` is recorded where the escape broke.
#[inline(always)]
fn run_end(input: &Cursor<'_>, class: &Class) -> usize {
    let bytes = input.bytes();
    let end = run_scan(bytes, class);
    // A `%` of a class with escapes ends the run only where its escape breaks.
    if input.traced() && class.escapes && bytes.get(end) == Some(&b'%') {
        if let Err(broken) = escape_len(&bytes[end..]) {
            expect(
                input,
                end + broken,
                &[Expected::Rule(crate::rule::Rule::Hex)],
            );
        }
    }
    end
}

/// How far the run of `class` units at the start of `bytes` goes, on the
/// bytes alone: for the readers that record nothing (the drafts' hot
/// productions on their characters, their look-aheads).
///
/// Their runs are short and of every length (a host name, a database, a
/// search word), so a loop byte by byte mispredicts its exit at almost
/// every run. Here eight bytes at a time give a mask of their members, and
/// the run ends at the first non-member (the text's end reads as one):
/// one branch for eight bytes and one for an escape (BENCHMARKS.md, "The
/// drafts' runs on a mask"). A `%` that starts no escape ends the run.
#[inline(always)]
pub(crate) fn run_len(bytes: &[u8], class: &Class) -> usize {
    let len = bytes.len();
    if len < 8 {
        // No eight bytes to read at once, and a copy of a variable length
        // is a call to `memcpy`: byte by byte.
        return run_scan(bytes, class);
    }
    let mut at = 0;
    loop {
        let members = match bytes.get(at..at + 8) {
            Some(eight) => members_of_eight(class, eight.try_into().expect("eight bytes")),
            None => {
                // The text's last eight bytes, those before `at` shifted
                // out and zeros in their place.
                let last = u64::from_le_bytes(bytes[len - 8..].try_into().expect("eight bytes"));
                let rest = last.checked_shr(8 * (at + 8 - len) as u32).unwrap_or(0);
                members_of_eight(class, &rest.to_le_bytes())
            }
        };
        if members == u8::MAX {
            at += 8;
            continue;
        }
        let end = at + members.trailing_ones() as usize;
        match bytes.get(end) {
            Some(b'%') if class.escapes => match escape_len(&bytes[end..]) {
                Ok(len) => at = end + len,
                Err(_) => return end,
            },
            _ => return end,
        }
    }
}

/// Which of `eight` are members of `class`, the first in the lowest bit.
/// No class holds a zero byte, so the zeros after the end of a text end a
/// run.
#[inline(always)]
fn members_of_eight(class: &Class, eight: &[u8; 8]) -> u8 {
    eight.iter().enumerate().fold(0, |mask, (index, &byte)| {
        mask | (u8::from(class.contains(byte)) << index)
    })
}

/// The end of the run of `class` at the start of `bytes`.
///
/// Out of line, one copy for every class: inlined, its loops were some 30
/// KB of the 172 KB that `parse`'s function over the ten schemes took, and
/// on a list that mixes the schemes the code no longer fitted the
/// instruction cache (31 misses a line in callgrind's model, against none
/// on one scheme's lines).
#[inline(never)]
fn run_scan(bytes: &[u8], class: &Class) -> usize {
    run_scan_inline(bytes, class)
}

/// [`run_scan`] inlined, its class known where it is called: for `check`'s
/// reading of a `genericurl`, two runs in all, where the call cost about a
/// tenth of `check`'s time.
#[inline(always)]
pub(crate) fn run_scan_inline(bytes: &[u8], class: &Class) -> usize {
    let mut at = 0;
    loop {
        for chunk in bytes[at..].chunks_exact(8) {
            let chunk: &[u8; 8] = chunk.try_into().expect("eight bytes");
            if !all_in(class, chunk) {
                break;
            }
            at += 8;
        }
        // Fewer than eight bytes left: the last eight, which overlap what
        // was read, often end the run at the end of the text in one test.
        if at + 8 > bytes.len() && at < bytes.len() && bytes.len() >= 8 {
            let last: &[u8; 8] = bytes[bytes.len() - 8..].try_into().expect("eight bytes");
            if all_in(class, last) {
                return bytes.len();
            }
        }
        // Byte by byte through what the eight-byte test stopped at, back to
        // it after eight plain bytes in a row.
        let mut plain = 0;
        while plain < 8 {
            match bytes.get(at) {
                Some(&b) if class.contains(b) => {
                    at += 1;
                    plain += 1;
                }
                Some(b'%') if class.escapes => match escape_len(&bytes[at..]) {
                    Ok(len) => {
                        at += len;
                        plain = 0;
                    }
                    Err(_) => return at,
                },
                _ => return at,
            }
        }
    }
}

/// A repetition `*[ a | b | ... ]` of the units of `class` (characters and,
/// when the class admits them, escapes), as many as there are; at least one
/// when `min` is 1 (`1*[ ... ]`). Where the run stops, the trace learns
/// that any of the class's alternatives would have continued it.
#[inline(always)]
pub(crate) fn run<'a>(
    class: &'static Class,
    min: usize,
) -> impl Fn(Cursor<'a>) -> Reading<'a, &'a str> {
    debug_assert!(min <= 1);
    #[inline(always)]
    move |input: Cursor<'a>| {
        let end = run_end(&input, class);
        expect(&input, end, class.says);
        // Every unit is at least one byte: one unit is any byte.
        if end < min {
            return Err(nom::Err::Error(Backtrack));
        }
        let rest = input.skip(end);
        Ok((rest, input.upto(&rest).0))
    }
}

/// A path `segment *[ "/" segment ]` whose segments cannot hold `/`, read
/// as one run of the `path` class (the segment's characters and `/`).
/// Where the run stops, a segment character or another `"/"` could have
/// continued it.
#[inline(always)]
pub(crate) fn path_run<'a>(path: &'static Class) -> impl Fn(Cursor<'a>) -> Reading<'a, &'a str> {
    #[inline(always)]
    move |input: Cursor<'a>| {
        let (rest, taken) = run(path, 0)(input)?;
        expect(&rest, 0, &[Expected::Literal("/")]);
        Ok((rest, taken))
    }
}

/// The end of the input: what every whole match ends with.
#[inline(always)]
pub(crate) fn end_of_input(input: Cursor<'_>) -> Reading<'_, ()> {
    if input.at_end() {
        Ok((input, ()))
    } else {
        fail(&input, &[Expected::EndOfInput])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::chars::{DIGIT, XCHAR};

    /// The run on a mask ends where the byte loop of `run_scan` ends it,
    /// for every length of text (shorter than eight, a multiple of eight,
    /// between), every start and escapes across the eight-byte words.
    #[test]
    fn a_run_on_a_mask_ends_where_the_byte_loop_ends_it() {
        let texts: [&[u8]; 6] = [
            b"abcdefgh/ijklmnopqrstuvwxyz0123456789",
            b"ab%41cdefg%4",
            b"abcdefg%41hijklmno%zz",
            b"0123456%3a8901234567%",
            b"a b\xc3\xa9c%20d\x00e",
            b"%41%42%43%44%45%46%47",
        ];
        let mut runs = 0;
        for text in texts {
            for start in 0..=text.len() {
                for end in start..=text.len() {
                    let bytes = &text[start..end];
                    for class in [&XCHAR, &DIGIT] {
                        assert_eq!(
                            run_len(bytes, class),
                            run_scan(bytes, class),
                            "{:?}",
                            String::from_utf8_lossy(bytes)
                        );
                        runs += 1;
                    }
                }
            }
        }
        assert!(runs > 1000);
    }
}
