//! The fast paths of the grammar: most read eight bytes at once where the
//! grammar reads one, one reads a login by automata, and each stands
//! beside the reading it must equal, which its tests hold it to. One file
//! for each kind of thing they read:
//!
//! - [`runs`]: where a run of a character class ends ([`run_scan`],
//!   [`run_len`], [`run_scan_inline`], [`run_scan_with`], which also tells
//!   where each of its escapes is, and [`digit_run`] by arithmetic on the
//!   word; the loop: [`run_by_bytes`]), and [`short_run`], the byte loop
//!   itself, inlined where the runs are short enough that a call of
//!   [`run_scan`] costs more (news);
//! - [`hosts`]: where a host name of plain labels ends ([`plain_hostname`];
//!   the loop: the labels one by one);
//! - [`login`]: a login's bracket and hostport side by side
//!   ([`login_by_automata`]), and a hostport after the bracket's `@`
//!   ([`hostport_by_automaton`]), each byte a step of an automaton with no
//!   branch but the loop's; the reading: `login` and `hostport` of
//!   `grammar::ip`, which read what the automata leave undecided;
//! - [`search`]: the next `%` of a path or `:` of a user ([`find_byte`]);
//!   the loop: a search byte by byte.
//!
//! Why words: the runs of a URL are short and of every length (a host, a
//! database, a search word), so a loop byte by byte mispredicts its exit at
//! almost every run; a test of eight bytes at once gives a mask of their
//! members, and the run ends at the first non-member without a branch
//! (benches/records/log.md, "The drafts' runs on a mask" and "Runs and hosts on
//! masks"). Past the end of a text reads as non-members.

mod hosts;
mod login;
mod runs;
mod search;
mod shift;
mod tails;

pub(crate) use hosts::{plain_hostname, Plain};
pub(crate) use login::{hostport_by_automaton, login_by_automata, HostportAt, LoginAt};
#[cfg(test)]
pub(crate) use runs::run_by_bytes;
pub(crate) use runs::{digit_run, escape_len, run_scan, run_scan_inline, run_scan_with, short_run};
// The drafts' readers test eight bytes at once and read runs on the bytes.
#[cfg(feature = "dialect")]
pub(crate) use runs::{all_in, run_len};
pub(crate) use search::{find_byte, first_equal};
pub(crate) use tails::{file_tail, gopher_tail, prospero_tail};

/// The lowest bit of each of eight bytes: a byte's value times `ONES` is
/// eight of it, for the tests of eight bytes at once on a word.
pub(crate) const ONES: u64 = 0x0101_0101_0101_0101;

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
