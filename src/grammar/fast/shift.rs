//! Shift automata: a state is the offset of a six-bit field, and a byte's
//! row holds in each state's field the offset of the next state, so that
//! one shift of the row by the state is one step. A shift takes the low
//! six bits of its count, so the bits the shift leaves above the next
//! state's field need no mask. Ten states fit a word.
//!
//! A step is one table look-up by the byte, which does not wait for the
//! state, and one shift, which does: a byte a cycle of latency, with no
//! branch. The readings of a login ([`super::login`]) and of a scheme's
//! tail ([`super::tails`]) are such automata.

use crate::grammar::chars::{Class, HEX};

/// The width of a state's field in a row.
pub(super) const WIDTH: u32 = 6;

/// A row of next states, the `next[state]`th in the field of `state`.
pub(super) const fn row_of(next: [u32; 10]) -> u64 {
    let mut row = 0;
    let mut state = 0;
    while state < 10 {
        row |= ((next[state] * WIDTH) as u64) << (state as u32 * WIDTH);
        state += 1;
    }
    row
}

/// One step: the state after `state` on the byte whose row is `row`.
#[inline]
pub(super) fn step(row: u64, state: u32) -> u32 {
    // The shift takes the low six bits of `state`: the bits above the
    // next state's field, left by the shift, are never masked.
    row.wrapping_shr(state) as u32
}

/// The state a shifted row holds in its lowest field.
#[inline]
pub(super) fn state_of(shifted: u32) -> u32 {
    (shifted & 63) / WIDTH
}

/// The next states of a run of `class` and its escapes, on `byte`: the
/// run's state `run` stays on a member and goes to `percent` on a `%`,
/// which two hex digits (`percent`, then `hex`) bring back to `run`.
pub(super) const fn run_of(
    mut next: [u32; 10],
    byte: u8,
    class: &Class,
    [run, percent, hex]: [u32; 3],
) -> [u32; 10] {
    if class.contains(byte) {
        next[run as usize] = run;
    }
    if byte == b'%' {
        next[run as usize] = percent;
    }
    if HEX.contains(byte) {
        next[percent as usize] = hex;
        next[hex as usize] = run;
    }
    next
}
