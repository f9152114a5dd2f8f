//! The pieces of BNF notation that nom has no combinator for, on the
//! crate's [`Cursor`]: a quoted literal, a scheme literal (whose name
//! ignores case unless strict), one character of a class, one unit of a
//! class that admits escapes, a repetition of such units, and the end of the
//! input. Each, when it stops or fails, tells the trace what it expected, in
//! the BNF's own words. The rest of the notation is nom's: `opt` for a
//! bracket, a tuple or `preceded` for juxtaposition, `alt` for `|`.

use crate::error::Expected;
use crate::grammar::chars::{Class, DIGIT, HEX};
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
        let name = input.place_to(&input.skip(name_len));
        Ok((input.skip(text.len()), Scheme::at(name)))
    }
}

/// Whether `bytes` open with the scheme literal `text` as
/// [`scheme_literal`] reads it (the name in any case unless `strict`), on
/// the bytes alone.
#[inline(always)]
#[cfg(feature = "dialect")]
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
fn run_end(input: &Cursor<'_>, class: &Class, scan: Scan) -> usize {
    let (text, at) = input.text_and_index();
    let end = scan(text, at, class) - at;
    let bytes = input.bytes();
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
/// [`run_scan`]'s masks, inlined, without its test of eight bytes at once
/// inside long runs: in the drafts' readers, which read a run at most
/// places they read a character, that test took their check of a kasztp
/// line from 37 to 40 ns.
#[inline(always)]
#[cfg(any(feature = "dialect", test))]
pub(crate) fn run_len(bytes: &[u8], class: &Class) -> usize {
    if bytes.len() < 8 {
        return run_scan(bytes, 0, class);
    }
    let mut at = 0;
    loop {
        let members = match eight_at(bytes, at) {
            Some(eight) => members_of_eight(class, eight),
            None => members_near_the_end(bytes, at, class),
        };
        if members == u8::MAX {
            at += 8;
            continue;
        }
        let end = at + members.trailing_ones() as usize;
        match past_escape(bytes, end, class) {
            Some(next) => at = next,
            None => return end,
        }
    }
}

/// Where the run of `class` units that starts at `from` in `text` ends (an
/// index into `text`). A `%` that starts no escape ends the run.
///
/// Runs are short and of every length (a host name, a database, a search
/// word), so a loop byte by byte mispredicts its exit at almost every run,
/// and so did a test of eight bytes at once that branched every two bytes.
/// Here eight bytes at a time give a mask of their members and the run ends
/// at the first non-member, without a branch: one branch for eight bytes
/// and one for an escape (BENCHMARKS.md, "The drafts' runs on a mask" and
/// "Runs and hosts on masks"). Past the end of `text` reads as non-members: near
/// the end the mask is that of the text's last eight bytes, shifted, so a
/// run that ends the text (most URLs end in one) costs no byte loop.
///
/// Out of line, one copy for every class: inlined, its loops were some 30
/// KB of the 172 KB that `parse`'s function over the ten schemes took, and
/// on a list that mixes the schemes the code no longer fitted the
/// instruction cache (31 misses a line in callgrind's model, against none
/// on one scheme's lines).
#[inline(never)]
pub(crate) fn run_scan(text: &[u8], from: usize, class: &Class) -> usize {
    let mut at = from;
    loop {
        let members = match eight_at(text, at) {
            Some(eight) => members_of_eight(class, eight),
            None => members_near_the_end(text, at, class),
        };
        if members != u8::MAX {
            let end = at + members.trailing_ones() as usize;
            match past_escape(text, end, class) {
                Some(next) => at = next,
                None => return end,
            }
            continue;
        }
        // A run of eight or more, such as a path: eight bytes a test with
        // no mask while they hold. Fewer than eight left, the text's last
        // eight, which the run covers up to `at` (it is eight bytes long
        // already), as one test: the paths of real lists end most URLs.
        at += 8;
        loop {
            match eight_at(text, at) {
                Some(eight) if all_in(class, eight) => at += 8,
                Some(_) => break,
                None => {
                    let last = last_eight(text);
                    if at < text.len() && last.is_some_and(|last| all_in(class, last)) {
                        return text.len();
                    }
                    break;
                }
            }
        }
    }
}

/// The lowest bit of each of eight bytes: a byte's value times `ONES` is
/// eight of it, for the tests of eight bytes at once on a word.
pub(crate) const ONES: u64 = 0x0101_0101_0101_0101;

/// Where the run of `digit`s that starts at `from` in `text` ends: what
/// [`run_scan`] gives for [`DIGIT`], inlined. The runs of digits (a port,
/// each number of a `hostnumber`, an article's number) are short, so the
/// eight bytes from `from` are tested at once, by arithmetic on the word
/// (no table), and only a run of eight or more goes on in `run_scan`. Each
/// of them was a call: four for every `hostnumber`.
#[inline(always)]
pub(crate) fn digit_run(text: &[u8], from: usize) -> usize {
    const HIGH: u64 = ONES << 7;
    let word = match eight_at(text, from) {
        Some(&eight) => u64::from_le_bytes(eight),
        None => match last_eight(text) {
            // The text's last eight bytes, those before `from` shifted out
            // and zeros (no digits) in their place.
            Some(&last) => u64::from_le_bytes(last)
                .checked_shr(8 * (from + 8 - text.len()) as u32)
                .unwrap_or(0),
            None => return run_scan(text, from, &DIGIT),
        },
    };
    // The high bit of each byte: at least `0`, at most `9`, and ASCII. No
    // borrow crosses a byte: each is at least 0x80 before `0` is taken
    // away, and 0xb9 is at least any byte's low seven bits.
    let low = word & !HIGH;
    let at_least_zero = (low | HIGH).wrapping_sub(ONES * u64::from(b'0')) & HIGH;
    let at_most_nine = (ONES * 0xb9).wrapping_sub(low) & HIGH;
    let digits = at_least_zero & at_most_nine & !word & HIGH;
    match digits == HIGH {
        true => run_scan(text, from + 8, &DIGIT),
        false => from + (!digits & HIGH).trailing_zeros() as usize / 8,
    }
}

/// The eight bytes of `text` from `at` on, if there are eight.
#[inline(always)]
pub(crate) fn eight_at(text: &[u8], at: usize) -> Option<&[u8; 8]> {
    text.get(at..at + 8)?.try_into().ok()
}

/// The last eight bytes of `text`, if it has eight.
#[inline(always)]
pub(crate) fn last_eight(text: &[u8]) -> Option<&[u8; 8]> {
    eight_at(text, text.len().checked_sub(8)?)
}

/// The index of the first of the eight bytes of `word` (the first in the
/// lowest byte) that is `byte`: the eight compared at once.
#[inline(always)]
pub(crate) fn first_equal(word: u64, byte: u8) -> Option<usize> {
    let other = word ^ (ONES * u64::from(byte));
    // The lowest byte of `other` that is zero sets its high bit (a borrow
    // can set the high bits of the bytes above it, never below).
    let found = other.wrapping_sub(ONES) & !other & (ONES << 7);
    (found != 0).then(|| found.trailing_zeros() as usize / 8)
}

/// Where a run that stopped at `end` goes on: after the escape there, when
/// `class` admits escapes and one starts there; `None` when the run ends.
#[inline(always)]
fn past_escape(text: &[u8], end: usize, class: &Class) -> Option<usize> {
    match text.get(end) {
        Some(b'%') if class.escapes => {
            let len = escape_len(text.get(end..).unwrap_or_default()).ok()?;
            Some(end + len)
        }
        _ => None,
    }
}

/// The members of `class` among the fewer than eight bytes of `text` from
/// `at` on, the first in the lowest bit.
#[inline(always)]
fn members_near_the_end(text: &[u8], at: usize, class: &Class) -> u8 {
    match last_eight(text) {
        // The members among the text's last eight bytes, those before `at`
        // shifted out and non-members in their place.
        Some(last) => {
            let before = at + 8 - text.len();
            (u32::from(members_of_eight(class, last)) >> before) as u8
        }
        // A text shorter than eight bytes: a copy of a variable length is a
        // call to `memcpy`, so byte by byte.
        None => text
            .get(at..)
            .unwrap_or_default()
            .iter()
            .enumerate()
            .fold(0, |mask, (index, &byte)| {
                mask | (u8::from(class.contains(byte)) << index)
            }),
    }
}

/// Which of `eight` are members of `class`, the first in the lowest bit.
/// No class holds a zero byte, so the zeros after the end of a text end a
/// run.
#[inline(always)]
fn members_of_eight(class: &Class, eight: &[u8; 8]) -> u8 {
    let member = |index: usize| u32::from(class.contains(eight[index]));
    // Two sums of four: the look-ups combine as a tree, where a fold made
    // a chain of eight shifts and `or`s, each waiting for the one before.
    let low = member(0) + 2 * member(1) + 4 * member(2) + 8 * member(3);
    let high = member(4) + 2 * member(5) + 4 * member(6) + 8 * member(7);
    (low | high << 4) as u8
}

/// The end of the run of `class` at the start of `bytes`, byte by byte
/// after a test of eight bytes at once: inlined, its class known where it
/// is called, for `check`'s reading of a `genericurl`, two runs in all,
/// where the call cost about a tenth of `check`'s time.
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
    run_with(class, min, run_scan)
}

/// Where a run of a class that starts at an index of a text ends: how
/// [`run_with`] finds it.
pub(crate) type Scan = fn(&[u8], usize, &Class) -> usize;

/// A [`run`] whose end `scan` finds: [`run_scan`], or a reader of one
/// class of its own ([`digit_run`]).
#[inline(always)]
pub(crate) fn run_with<'a>(
    class: &'static Class,
    min: usize,
    scan: Scan,
) -> impl Fn(Cursor<'a>) -> Reading<'a, &'a str> {
    debug_assert!(min <= 1);
    #[inline(always)]
    move |input: Cursor<'a>| {
        let end = run_end(&input, class, scan);
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
    use crate::test_strings::{every_joining_of, every_string_of};

    /// The run on a mask ends where the byte loop of `run_scan_inline` ends
    /// it, for every length of text (shorter than eight, a multiple of
    /// eight, between), every start (read from the start of the whole text,
    /// whose bytes before the start the mask near the end shifts out, and
    /// as a text of its own) and escapes across the eight-byte words.
    #[test]
    fn a_run_on_a_mask_ends_where_the_byte_loop_ends_it() {
        let texts: [&[u8]; 8] = [
            b"abcdefgh/ijklmnopqrstuvwxyz0123456789",
            b"ab%41cdefg%4",
            b"abcdefg%41hijklmno%zz",
            b"0123456%3a8901234567%",
            b"a b\xc3\xa9c%20d\x00e",
            b"%41%42%43%44%45%46%47",
            // A run of eight or more that stops short of the text's last
            // eight bytes, which are all members.
            b"abcdefghij klmnopqrstu",
            b"0123456789x0123456789",
        ];
        let mut runs = 0;
        for text in texts {
            for start in 0..=text.len() {
                for end in start..=text.len() {
                    let bytes = &text[start..end];
                    for class in [&XCHAR, &DIGIT] {
                        let by_bytes = run_scan_inline(bytes, class);
                        let shown = String::from_utf8_lossy(bytes);
                        assert_eq!(run_len(bytes, class), by_bytes, "{shown:?}");
                        let within = run_scan(&text[..end], start, class);
                        assert_eq!(within, start + by_bytes, "{shown:?} from {start}");
                        runs += 1;
                    }
                }
            }
        }
        assert!(runs > 1000);
    }

    /// Every text of up to eight bytes over `0`, `9`, the bytes just below
    /// and above them and a digit with its high bit set, from the first three
    /// starts, and runs of 7 to 17 digits: `digit_run` ends each run where
    /// a loop byte by byte ends it.
    #[test]
    fn a_run_of_digits_ends_where_the_byte_loop_ends_it() {
        let mut texts: Vec<Vec<u8>> =
            every_string_of(&[b'0', b'9', b'/', b':', b'5' | 0x80], 8).collect();
        let many = "1234567890".repeat(2);
        for count in 7..=17 {
            for tail in ["", "/", "x9"] {
                texts.push([&many.as_bytes()[..count], tail.as_bytes()].concat());
            }
        }
        let mut digits = 0;
        for text in &texts {
            for start in 0..=text.len().min(2) {
                let by_bytes = text[start..]
                    .iter()
                    .take_while(|b| b.is_ascii_digit())
                    .count();
                assert_eq!(
                    digit_run(text, start),
                    start + by_bytes,
                    "{text:?} from {start}"
                );
                digits += by_bytes;
            }
        }
        assert!(texts.len() > 400_000 && digits > 300_000, "{digits}");
    }

    /// Every text of up to seven bytes over the bytes that make, break and
    /// nest escapes, and every text of up to six pieces of escapes whole,
    /// broken and none, from every start, also after a run of members (so
    /// that escapes fall across two words): the run on a mask ends where
    /// the byte loop ends it, for a class whose members include the hex
    /// digits, one whose members are none (`escape`) and one without
    /// escapes.
    #[test]
    fn a_run_with_escapes_ends_where_the_byte_loop_ends_it() {
        use crate::grammar::chars::ESCAPE;
        let mut texts: Vec<Vec<u8>> = every_string_of(b"%4ag ", 7).collect();
        texts.extend(every_joining_of(vec![b"%4a", b"%4", b"%", b"a", b" "], 6));
        // Escapes alone, long enough that one begins at every byte of an
        // eight (for `escape`, whose runs hold nothing else).
        for count in 1..=10 {
            for tail in [&b""[..], b"%", b"%4", b"a", b" "] {
                texts.push(["%4a".repeat(count).as_bytes(), tail].concat());
            }
        }
        let mut ended_past_an_escape = 0;
        for text in &texts {
            for lead in [0, 5] {
                let mut whole = vec![b'x'; lead];
                whole.extend_from_slice(text);
                for start in 0..=whole.len().min(lead + 3) {
                    for class in [&XCHAR, &DIGIT, &ESCAPE] {
                        let by_bytes = run_scan_inline(&whole[start..], class);
                        let scanned = run_scan(&whole, start, class);
                        assert_eq!(
                            scanned,
                            start + by_bytes,
                            "{:?} from {start} in {class:?}",
                            String::from_utf8_lossy(&whole)
                        );
                        ended_past_an_escape +=
                            usize::from(whole[start..start + by_bytes].contains(&b'%'));
                    }
                }
            }
        }
        assert!(texts.len() > 100_000 && ended_past_an_escape > 20_000);
    }
}
