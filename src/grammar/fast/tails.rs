//! The parts of a URL after its hostport, to the end of the text, read by
//! shift automata ([`super::shift`] says how one works), beside the
//! productions of each scheme they must equal where they decide.
//!
//! A scheme's tail is a few runs told apart by the characters between them
//! (`"/" ppath *[ ";" fieldname "=" fieldvalue ]`): the combinators read
//! each run with a call and decide each separator with a branch, which on
//! lists of every length are mispredicted. Here every byte to the end of
//! the text is one step, and the only branch is the loop's. A tail is
//! decided only when the text ends in it, in a state where the production
//! could end; anything else (a character that ends the tail before the
//! text ends, a broken escape) is left to the combinators, which read it
//! and its error as before. Where each part ends is counted on the way:
//! the bytes after which the automaton is still in the first part's
//! states.

use crate::grammar::chars::{FIELD, FPATH, HEX, XCHAR};

use super::shift::{row_of, run_of, state_of, step, WIDTH};

/// The state no tail leaves: the text is not one of this automaton's
/// tails to its end. Every automaton of this module has it.
const STUCK: u32 = 9;

/// The state after reading `text` from `from` to its end with `rows`, from
/// the state 0, and how many of those bytes left the automaton in a state
/// below `counted`: the length of the first part, when the states of the
/// first part are the lowest and none is entered again once left.
#[inline]
fn read_to_the_end(rows: &[u64; 256], text: &[u8], from: usize, counted: u32) -> (u32, usize) {
    let mut state = 0;
    let mut first_part = 0;
    for &byte in text.get(from..).unwrap_or_default() {
        state = step(rows[usize::from(byte)], state);
        first_part += usize::from(state & 63 < counted * WIDTH);
    }
    (state_of(state), first_part)
}

// The states of prospero's tail after its `/`: `ppath *[ fieldspec ]`.
const PPATH: [u32; 3] = [0, 1, 2];
const FIELDNAME: [u32; 3] = [3, 4, 5];
const FIELDVALUE: [u32; 3] = [6, 7, 8];

/// The rows of prospero's tail: the path's run (`fpath`'s characters), a
/// `;` to a field's name, its `=` to its value, a `;` to the next name.
const PROSPERO: [u64; 256] = {
    let mut rows = [0; 256];
    let mut byte = 0;
    while byte < 256 {
        let b = byte as u8;
        let mut next = [STUCK; 10];
        next = run_of(next, b, &FPATH, PPATH);
        next = run_of(next, b, &FIELD, FIELDNAME);
        next = run_of(next, b, &FIELD, FIELDVALUE);
        match b {
            b';' => {
                next[PPATH[0] as usize] = FIELDNAME[0];
                next[FIELDVALUE[0] as usize] = FIELDNAME[0];
            }
            b'=' => next[FIELDNAME[0] as usize] = FIELDVALUE[0],
            _ => {}
        }
        rows[byte] = row_of(next);
        byte += 1;
    }
    rows
};

/// Where the `ppath` of a prospero URL that starts at `from` in `text`
/// ends, when the text ends in its field specs: a path and any number of
/// `;name=value`, each run whole with whole escapes. `None` leaves the
/// tail to the combinators.
#[inline]
pub(crate) fn prospero_tail(text: &[u8], from: usize) -> Option<usize> {
    let (state, path) = read_to_the_end(&PROSPERO, text, from, FIELDNAME[0]);
    (state == PPATH[0] || state == FIELDVALUE[0]).then_some(from + path)
}

// The states of a file URL's tail after its `/`: `fpath`.
const FPATH_RUN: [u32; 3] = [0, 1, 2];

/// The rows of a file URL's path: one run of its segments' characters and
/// slashes.
const FILE: [u64; 256] = {
    let mut rows = [0; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut next = [STUCK; 10];
        next = run_of(next, byte as u8, &FPATH, FPATH_RUN);
        rows[byte] = row_of(next);
        byte += 1;
    }
    rows
};

/// Whether the text from `from` on is one `fpath`: a file URL's path to
/// the end of the text. `false` leaves it to the combinators.
#[inline]
pub(crate) fn file_tail(text: &[u8], from: usize) -> bool {
    read_to_the_end(&FILE, text, from, STUCK).0 == FPATH_RUN[0]
}

// The states of a gopher URL's path after its type: a run of `xchar`s,
// before its first `%09` and after it.
/// Before the first tab: in the run, after a `%`, after `%0`, after `%` and
/// another hex digit.
const BEFORE_TAB: [u32; 4] = [0, 1, 2, 3];
/// The same after the first tab.
const AFTER_TAB: [u32; 4] = [4, 5, 6, 7];

/// The next states of the run of `xchar`s in one of its halves, `[run,
/// percent, zero, hex]`, on `byte`; `tab` is where a `%09` leads.
const fn xchars_of(
    next: [u32; 10],
    byte: u8,
    [run, percent, zero, hex]: [u32; 4],
    tab: u32,
) -> [u32; 10] {
    let mut next = run_of(next, byte, &XCHAR, [run, percent, hex]);
    // An escape that starts `%0` is told apart: `%09` is the tab.
    if byte == b'0' {
        next[percent as usize] = zero;
    }
    if HEX.contains(byte) {
        next[zero as usize] = if byte == b'9' { tab } else { run };
    }
    next
}

/// The rows of a gopher path: `xchar`s and whole escapes, the first `%09`
/// moving the automaton to the states after it.
const GOPHER: [u64; 256] = {
    let mut rows = [0; 256];
    let mut byte = 0;
    while byte < 256 {
        let b = byte as u8;
        let mut next = [STUCK; 10];
        next = xchars_of(next, b, BEFORE_TAB, AFTER_TAB[0]);
        next = xchars_of(next, b, AFTER_TAB, AFTER_TAB[0]);
        rows[byte] = row_of(next);
        byte += 1;
    }
    rows
};

/// When the text from `from` on is one run of `xchar`s (whole escapes) to
/// its end, the index of its first `%09` ([`usize::MAX`] for none): what a
/// gopher path's run and its first tab are. `None` leaves the run to the
/// loop on masks.
#[inline]
pub(crate) fn gopher_tail(text: &[u8], from: usize) -> Option<usize> {
    let (state, before) = read_to_the_end(&GOPHER, text, from, AFTER_TAB[0]);
    // The `%` and `0` of the first tab are counted before it.
    match state {
        0 => Some(usize::MAX),
        4 => Some(from + before - 2),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::grammar::cursor::Cursor;
    use crate::grammar::notes::Notes;
    use crate::options::Options;
    use crate::test_strings::every_string_of;
    use alloc::format;
    use alloc::string::String;

    /// The tails of up to `length` characters over those that make and
    /// break paths, searches, field specs, groups, articles and escapes.
    fn tails(length: u32) -> impl Iterator<Item = String> {
        every_string_of(b"a4g/?;=% ", length).map(|bytes| String::from_utf8(bytes).expect("ASCII"))
    }

    /// On `text`, the scheme's production read by the first pass (by its
    /// automaton where the text ends in its tail) and by the diagnostic
    /// pass (by its combinators alone) both fail, or both give the same
    /// tree and end at the same place; whether it read the whole text.
    macro_rules! same_reading {
        ($production:path, $text:expr) => {{
            let text: &str = $text;
            let notes = Notes::default();
            let start = Cursor::new(text, 0, Options::default());
            let first = $production(start).ok();
            let diagnosed = $production(start.diagnosing_into(&notes)).ok();
            // Whole syntax trees: nodes compare by their text alone.
            let first_ends = first.map(|(rest, url)| (rest.offset(), url.syntax()));
            let diagnosed_ends = diagnosed.map(|(rest, url)| (rest.offset(), url.syntax()));
            assert_eq!(first_ends, diagnosed_ends, "{text:?}");
            first_ends.is_some_and(|(end, _)| end == text.len())
        }};
    }

    /// Every tail, after a prefix of each scheme whose tail an automaton
    /// reads, is read by the first pass as the combinators read it.
    #[test]
    fn a_tail_read_by_an_automaton_is_the_tail_as_written() {
        use crate::grammar::{file::fileurl, prospero::prosperourl};

        let (mut files, mut prosperos) = (0, 0);
        for tail in tails(6) {
            files += usize::from(same_reading!(fileurl::read, &format!("file:///{tail}")));
        }
        for tail in tails(6) {
            let text = format!("prospero://h/{tail}");
            prosperos += usize::from(same_reading!(prosperourl::read, &text));
        }
        assert!(files > 50_000 && prosperos > 50_000, "{files} {prosperos}");
    }
}
