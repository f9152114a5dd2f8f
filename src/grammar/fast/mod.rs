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

#[cfg(test)]
mod tests {
    use crate::grammar::cursor::Cursor;
    use crate::grammar::generic::known_scheme_url;
    use crate::grammar::notes::Notes;
    use crate::options::Options;
    use alloc::string::String;

    /// On URLs of every scheme made of random pieces (parts of hosts,
    /// ports, users, paths, escapes whole and broken, tabs, types, bytes
    /// no URL holds, characters beyond ASCII), up to thirty a URL and so
    /// across many eight-byte words: the first pass, which reads by the
    /// automata and eight bytes at a time, gives the tree and the end the
    /// diagnostic pass gives, reading by the combinators alone, or both
    /// fail.
    #[test]
    fn the_first_pass_reads_random_urls_as_the_diagnostic_pass() {
        // The ten schemes' (an `otherurl`'s tree is the first pass's alone:
        // the diagnostic pass does not read its `ip-schemepart`).
        const SCHEMES: [&str; 13] = [
            "http://",
            "ftp://",
            "news:",
            "nntp://",
            "telnet://",
            "gopher://",
            "wais://",
            "mailto:",
            "file://",
            "file:///",
            "prospero://",
            "HTTP://",
            "ftp://u:p@",
        ];
        // Pieces a URL holds, and more rarely ones that break it.
        const PIECES: [&str; 28] = [
            "a", "Z", "g", "9", "0", ".", "-", ":", "@", "/", "?", ";", "=", "&", "%41", "%09",
            "_", "+", "*", "$", "www", "example", "com", "1.2.3.4", "user:pw@", ";type=a", ":8080",
            "/pub/",
        ];
        const BREAKING: [&str; 6] = ["%", "%4", "%0", " ", "\u{e9}", "%2509"];
        // xorshift64*: the same strings at every run.
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |below: usize| {
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            (state.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % below
        };
        let (mut read, mut whole) = (0, 0);
        for _ in 0..200_000 {
            let mut text = String::from(SCHEMES[next(SCHEMES.len())]);
            for _ in 0..next(31) {
                text.push_str(match next(16) {
                    0 => BREAKING[next(BREAKING.len())],
                    _ => PIECES[next(PIECES.len())],
                });
            }
            let notes = Notes::default();
            let start = Cursor::new(&text, 0, Options::default());
            let first = known_scheme_url::read(start).ok();
            let diagnosed = known_scheme_url::read(start.diagnosing_into(&notes)).ok();
            // Whole syntax trees: nodes compare by their text alone.
            let first = first.map(|(rest, url)| (rest.offset(), url.syntax()));
            let diagnosed = diagnosed.map(|(rest, url)| (rest.offset(), url.syntax()));
            assert_eq!(first, diagnosed, "{text:?}");
            read += usize::from(first.is_some());
            whole += usize::from(first.is_some_and(|(end, _)| end == text.len()));
        }
        assert!(read > 50_000 && whole > 10_000, "{read} {whole}");
    }
}
