//! Where a run of a character class ends, eight bytes at a time, beside
//! the byte loop every one of them must equal ([`run_by_bytes`]).

use super::{eight_at, last_eight, ONES};
use crate::grammar::chars::{Class, DIGIT, HEX};

/// How long the `escape` (`"%" hex hex`) at the start of `bytes` is: 3 if it
/// is one, otherwise the index of the first byte that breaks it.
#[inline]
pub(crate) fn escape_len(bytes: &[u8]) -> Result<usize, usize> {
    match bytes {
        [b'%', high, low, ..] if HEX.contains(*high) && HEX.contains(*low) => Ok(3),
        [b'%', high, ..] if HEX.contains(*high) => Err(2),
        _ => Err(1),
    }
}

/// Where the run of `class` units (characters, and escapes when the class
/// admits them) at the start of `bytes` ends, byte by byte: the loop every
/// run of this module must equal, and the one [`short_run`] reads with. A
/// `%` that starts no escape ends the run.
#[inline(always)]
pub(crate) fn run_by_bytes(bytes: &[u8], class: &Class) -> usize {
    let mut at = 0;
    loop {
        match bytes.get(at) {
            Some(&byte) if class.contains(byte) => at += 1,
            Some(b'%') if class.escapes => match escape_len(&bytes[at..]) {
                Ok(len) => at += len,
                Err(_) => return at,
            },
            _ => return at,
        }
    }
}

/// Whether all eight bytes are in `class`: one test for the eight, so that
/// a long plain run costs a table look-up per byte and a branch per eight.
#[inline(always)]
pub(crate) fn all_in(class: &Class, chunk: &[u8; 8]) -> bool {
    chunk.iter().fold(true, |all, &b| all & class.contains(b))
}

/// How far the run of `class` units at the start of `bytes` goes, on the
/// bytes alone: for the readers that record nothing (the drafts' hot
/// productions on their characters, their look-aheads).
///
/// [`run_scan`]'s masks, inlined, without its test of eight bytes at once
/// inside long runs: in the drafts' readers, which read a run at most
/// places they read a character, that test made their check slower
/// (BENCHMARKS.md, "Runs on a mask").
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
/// and one for an escape (benches/records/log.md, "The drafts' runs on a mask" and
/// "Runs and hosts on masks"). Past the end of `text` reads as non-members: near
/// the end the mask is that of the text's last eight bytes, shifted, so a
/// run that ends the text (most URLs end in one) costs no byte loop.
///
/// Out of line, one copy for every class: inlined, its loops were a large
/// part of `parse`'s function over the ten schemes, and on a list that
/// mixes the schemes the code no longer fitted the instruction cache
/// (BENCHMARKS.md, "Runs out of line").
#[inline(never)]
pub(crate) fn run_scan(text: &[u8], from: usize, class: &Class) -> usize {
    run_scan_with(text, from, class, |_| {})
}

/// [`run_scan`], telling `at_escape` where each escape it steps over
/// starts (the index of its `%`), in order: for a production that looks
/// for an escape in a run it reads (gopher's `%09`), in the same pass.
// Inlined into `run_scan` and gopher's path, so that the run that notes
// nothing costs what it did (BENCHMARKS.md, "Gopher's first tab in its run").
#[inline(always)]
pub(crate) fn run_scan_with(
    text: &[u8],
    from: usize,
    class: &Class,
    mut at_escape: impl FnMut(usize),
) -> usize {
    let mut at = from;
    loop {
        let members = match eight_at(text, at) {
            Some(eight) => members_of_eight(class, eight),
            None => members_near_the_end(text, at, class),
        };
        if members != u8::MAX {
            let end = at + members.trailing_ones() as usize;
            match past_escape(text, end, class) {
                Some(next) => {
                    at_escape(end);
                    at = next;
                }
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

/// Where the run of `class` units that starts at `from` in `text` ends:
/// [`run_by_bytes`] from `from`, inlined. For the runs of a news URL,
/// which are short (a group's tail, `comp.lang.rust` after its `c`; an
/// article's part before its `@`): there a call of [`run_scan`] and its
/// tests of eight bytes cost more than the loop's mispredicted exit
/// (benches/records/log.md, "Light to depend on (issue 32)": news's runs byte by
/// byte).
#[inline(always)]
pub(crate) fn short_run(text: &[u8], from: usize, class: &Class) -> usize {
    // `from` is a cursor's index in `text`: at most its length.
    from + run_by_bytes(&text[from..], class)
}

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
/// where the call was a large part of `check`'s time (BENCHMARKS.md, "Runs
/// on a mask").
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::chars::XCHAR;
    use crate::test_strings::{every_joining_of, every_string_of};
    use alloc::string::String;
    use alloc::vec;
    use alloc::vec::Vec;

    /// The run on a mask ends where the byte loop ends it, for every length of text (shorter than eight, a multiple of
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
                        let by_bytes = run_by_bytes(bytes, class);
                        let shown = String::from_utf8_lossy(bytes);
                        assert_eq!(run_len(bytes, class), by_bytes, "{shown:?}");
                        assert_eq!(run_scan_inline(bytes, class), by_bytes, "{shown:?}");
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
                let by_bytes = run_by_bytes(&text[start..], &DIGIT);
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
                        let by_bytes = run_by_bytes(&whole[start..], class);
                        assert_eq!(run_scan_inline(&whole[start..], class), by_bytes);
                        assert_eq!(run_len(&whole[start..], class), by_bytes);
                        let scanned = run_scan(&whole, start, class);
                        assert_eq!(
                            scanned,
                            start + by_bytes,
                            "{:?} from {start} in {class:?}",
                            String::from_utf8_lossy(&whole)
                        );
                        // Every `%` in a run starts an escape it steps over.
                        let mut escapes = Vec::new();
                        run_scan_with(&whole, start, class, |escape| escapes.push(escape));
                        let percents = (start..start + by_bytes).filter(|&at| whole[at] == b'%');
                        assert_eq!(escapes, percents.collect::<Vec<_>>());
                        ended_past_an_escape +=
                            usize::from(whole[start..start + by_bytes].contains(&b'%'));
                    }
                }
            }
        }
        assert!(texts.len() > 100_000 && ended_past_an_escape > 20_000);
    }
}
