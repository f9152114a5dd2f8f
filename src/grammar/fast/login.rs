//! A `login` and a `hostport` read by two small automata, one step a byte,
//! beside the readings of `grammar::ip` they must equal wherever they
//! decide.
//!
//! ```bnf
//! login          = [ user [ ":" password ] "@" ] hostport
//! hostport       = host [ ":" port ]
//! ```
//!
//! Why automata: a login's parts are short and optional (a user or not, a
//! password or not, one label or three, a port or not), and the readings
//! of the combinators decide each with a branch of its own, which the
//! processor mispredicts on lists that mix them. Here each byte moves a
//! state with no branch, through a row of next states that the byte looks
//! up ([`super::shift`]); the only branch is the loop's end.
//!
//! The automata decide only where the grammar is plain: a host name whose
//! last label starts with a letter, a port of digits, a user and password
//! of their characters and whole escapes. Anything else (a `hostnumber`, a
//! dot or dash the host cannot end with, a colon with no port) they leave
//! undecided, and the combinators read it as before.

use super::shift::{row_of, run_of, state_of, step, WIDTH};
use crate::grammar::chars::{ALPHA, DIGIT, USER};

// The states of the bracket `user [ ":" password ] "@"`, read to its `@`.
const USER_RUN: u32 = 0;
const USER_PERCENT: u32 = 1;
const USER_HEX: u32 = 2;
const PASSWORD_RUN: u32 = 3;
const PASSWORD_PERCENT: u32 = 4;
const PASSWORD_HEX: u32 = 5;
/// The `@` that ends the bracket (the first state that ends the reading).
const AT_SIGN: u32 = 6;
/// No bracket ends here.
const NO_BRACKET: u32 = 7;

/// The rows of the bracket, a row a byte: a user's or password's
/// characters and escapes, one `:` between them, and the `@` after.
const BRACKET: [u64; 256] = {
    let mut rows = [0; 256];
    let mut byte = 0;
    while byte < 256 {
        let b = byte as u8;
        let mut next = [NO_BRACKET; 10];
        next = run_of(next, b, &USER, [USER_RUN, USER_PERCENT, USER_HEX]);
        next = run_of(
            next,
            b,
            &USER,
            [PASSWORD_RUN, PASSWORD_PERCENT, PASSWORD_HEX],
        );
        match b {
            b':' => next[USER_RUN as usize] = PASSWORD_RUN,
            b'@' => {
                next[USER_RUN as usize] = AT_SIGN;
                next[PASSWORD_RUN as usize] = AT_SIGN;
            }
            _ => {}
        }
        rows[byte] = row_of(next);
        byte += 1;
    }
    rows
};

// The states of `hostport`: where a `hostname` of labels and a port stand.
/// Where a label starts: the start, or after a dot.
const LABEL_START: u32 = 0;
/// In a label that starts with a letter, after a letter or digit: a
/// `toplabel` could end here.
const LETTER_LABEL: u32 = 1;
/// In a label that starts with a letter, after a `-`.
const LETTER_LABEL_DASH: u32 = 2;
/// In a label that starts with a digit, after a letter or digit.
const DIGIT_LABEL: u32 = 3;
/// In a label that starts with a digit, after a `-`.
const DIGIT_LABEL_DASH: u32 = 4;
/// After the `:` of a port.
const PORT_COLON: u32 = 5;
/// In the port's digits.
const PORT_DIGITS: u32 = 6;
/// The hostport ended at the byte before, after its host (the first state
/// that ends the reading).
const ENDS_AFTER_HOST: u32 = 7;
/// The hostport ended at the byte before, after its port.
const ENDS_AFTER_PORT: u32 = 8;
/// Not plain: left to the combinators.
const UNDECIDED: u32 = 9;

/// The next states of `hostport` on a byte of kind `kind`: a letter, a
/// digit, `-`, `.`, `:`, or any other byte (and the end of the text).
const fn hostport_next(kind: u8) -> [u32; 10] {
    let mut next = [UNDECIDED; 10];
    // After a port, anything but a digit ends the hostport: its port is
    // read to its longest.
    next[PORT_DIGITS as usize] = ENDS_AFTER_PORT;
    let (letter, digit) = (kind == b'a', kind == b'0');
    if letter || digit {
        // A letter or digit starts a label, and goes on with one, after a
        // `-` too; the label is of the kind its first character is.
        next[LABEL_START as usize] = if letter { LETTER_LABEL } else { DIGIT_LABEL };
        next[LETTER_LABEL as usize] = LETTER_LABEL;
        next[LETTER_LABEL_DASH as usize] = LETTER_LABEL;
        next[DIGIT_LABEL as usize] = DIGIT_LABEL;
        next[DIGIT_LABEL_DASH as usize] = DIGIT_LABEL;
    }
    if digit {
        next[PORT_COLON as usize] = PORT_DIGITS;
        next[PORT_DIGITS as usize] = PORT_DIGITS;
    }
    match kind {
        b'a' | b'0' => {}
        b'-' => {
            next[LETTER_LABEL as usize] = LETTER_LABEL_DASH;
            next[LETTER_LABEL_DASH as usize] = LETTER_LABEL_DASH;
            next[DIGIT_LABEL as usize] = DIGIT_LABEL_DASH;
            next[DIGIT_LABEL_DASH as usize] = DIGIT_LABEL_DASH;
        }
        // A dot between two labels: the next must start as a label does,
        // or the reading is left undecided.
        b'.' => {
            next[LETTER_LABEL as usize] = LABEL_START;
            next[DIGIT_LABEL as usize] = LABEL_START;
        }
        b':' => next[LETTER_LABEL as usize] = PORT_COLON,
        // Any other byte ends a host name whose last label is a
        // `toplabel`; a last label that starts with a digit may be a
        // `hostnumber`'s, which the combinators read.
        _ => next[LETTER_LABEL as usize] = ENDS_AFTER_HOST,
    }
    next
}

/// The kind of `byte` for [`hostport_next`].
const fn hostport_kind(byte: u8) -> u8 {
    match byte {
        b'-' | b'.' | b':' => byte,
        _ if ALPHA.contains(byte) => b'a',
        _ if DIGIT.contains(byte) => b'0',
        _ => 0,
    }
}

/// The rows of `hostport`, a row a byte.
const HOSTPORT: [u64; 256] = {
    let mut rows = [0; 256];
    let mut byte = 0;
    while byte < 256 {
        rows[byte] = row_of(hostport_next(hostport_kind(byte as u8)));
        byte += 1;
    }
    rows
};

/// The row of the end of the text for the bracket: it ends every bracket,
/// which needs its `@`.
const BRACKET_AT_THE_END: u64 = row_of([NO_BRACKET; 10]);

/// The row of the end of the text for `hostport`: it ends a hostport as
/// any byte outside it does.
const HOSTPORT_AT_THE_END: u64 = row_of(hostport_next(0));

/// No `:` read yet.
const NO_COLON: usize = usize::MAX;

/// Where a `hostport` that the automaton decided ends: the end of its host
/// (a `hostname`; the `:` of its port, when it has one) and its own end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct HostportAt {
    /// The index where the host ends.
    pub(crate) host: usize,
    /// The index where the hostport ends.
    pub(crate) end: usize,
}

impl HostportAt {
    /// The hostport that ended at `at` in `state` (one of the two ending
    /// states), its port's colon the last before `at` (`colon`, there
    /// whenever a port is).
    #[inline]
    fn ended(state: u32, at: usize, colon: usize) -> HostportAt {
        let host = if state == ENDS_AFTER_PORT { colon } else { at };
        HostportAt { host, end: at }
    }
}

/// Steps the automaton of `rows` (`at_the_end` its row for the end of the
/// text) on each byte of `text` from `from` on, and `beside` on the same
/// byte, until the automaton enters a state at or above `stop` (the byte
/// that did it is where the reading stopped) or the text ends (then the
/// automaton takes `at_the_end`, and `beside` is handed `None`). The
/// automaton's state, where the reading stopped, and the last `:` before.
#[inline]
fn read_until(
    text: &[u8],
    from: usize,
    (rows, at_the_end): (&[u64; 256], u64),
    stop: u32,
    mut beside: impl FnMut(Option<u8>),
) -> (u32, usize, usize) {
    let mut state = 0;
    let mut colon = NO_COLON;
    let mut at = from;
    for &byte in text.get(from..).unwrap_or_default() {
        state = step(rows[usize::from(byte)], state);
        beside(Some(byte));
        if state & 63 >= stop * WIDTH {
            break;
        }
        colon = if byte == b':' { at } else { colon };
        at += 1;
    }
    if at == text.len() {
        state = step(at_the_end, state);
        beside(None);
    }
    (state_of(state), at, colon)
}

/// The `hostport` that starts at `from` in `text`, when it is plain: a
/// `hostname` whose every label is whole and whose last starts with a
/// letter, and a port of digits or none. `None` leaves it to the
/// combinators (a `hostnumber` among others).
#[inline]
pub(crate) fn hostport_by_automaton(text: &[u8], from: usize) -> Option<HostportAt> {
    let automaton = (&HOSTPORT, HOSTPORT_AT_THE_END);
    match read_until(text, from, automaton, ENDS_AFTER_HOST, |_| {}) {
        (UNDECIDED, _, _) => None,
        (ended, at, colon) => Some(HostportAt::ended(ended, at, colon)),
    }
}

/// What [`login_by_automata`] decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LoginAt {
    /// The bracket ends at the `@` at `at_sign`, with the `:` before its
    /// password at `colon`, if it has one.
    Bracket {
        /// The index of the `@`.
        at_sign: usize,
        /// The index of the `:`, if a password follows it.
        colon: Option<usize>,
    },
    /// No bracket: the login is this hostport.
    Bare(HostportAt),
    /// Left to the combinators: no bracket, and a hostport that is not plain.
    Undecided,
}

/// The `login` that starts at `from` in `text`: the bracket and the
/// hostport read side by side, each by its automaton, to where the bracket
/// ends (its `@`, or the first byte no bracket may hold). Neither a user
/// nor a password holds an `@`, so the first `@` after a run of their
/// characters with at most one `:` ends the bracket; with no such `@` the
/// login is a bare hostport, which then ended at the byte that ended the
/// bracket's run (every character of a hostport may stand in the bracket).
#[inline]
pub(crate) fn login_by_automata(text: &[u8], from: usize) -> LoginAt {
    // The hostport starts where the bracket does (its first state is 0,
    // as every automaton's is). One that ended at an earlier byte is
    // undecided from the next on (the rows of the ending states): an end
    // before the bracket's is the combinators' to read.
    let mut hostport = LABEL_START * WIDTH;
    let bracket = (&BRACKET, BRACKET_AT_THE_END);
    let (bracket, at, colon) = read_until(text, from, bracket, AT_SIGN, |byte| {
        let row = byte.map_or(HOSTPORT_AT_THE_END, |byte| HOSTPORT[usize::from(byte)]);
        hostport = step(row, hostport);
    });
    match (bracket, state_of(hostport)) {
        (AT_SIGN, _) => LoginAt::Bracket {
            at_sign: at,
            colon: (colon != NO_COLON).then_some(colon),
        },
        (_, ended @ (ENDS_AFTER_HOST | ENDS_AFTER_PORT)) => {
            LoginAt::Bare(HostportAt::ended(ended, at, colon))
        }
        _ => LoginAt::Undecided,
    }
}
