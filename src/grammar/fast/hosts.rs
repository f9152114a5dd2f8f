//! Where a host name ends, eight characters at a time, beside the label
//! loop it must equal.

use super::{eight_at, last_eight, ONES};
#[cfg(test)]
use crate::grammar::chars::{Class, ALPHADIGIT, LABEL};
use crate::grammar::chars::{ALPHA, HOSTNAME};

/// Where the `hostname` (`*[ domainlabel "." ] toplabel`) that starts
/// `bytes` ends, label by label: the loop [`plain_hostname`] must equal
/// where it decides. A label is read as a `domainlabel` only when a `.`
/// and another label follow it; the last must be a `toplabel`.
#[cfg(test)]
pub(crate) fn hostname_by_bytes(bytes: &[u8]) -> Option<usize> {
    let label_end = |from: usize| {
        from + bytes[from..]
            .iter()
            .take_while(|&&b| LABEL.contains(b))
            .count()
    };
    let is_label = |from: usize, end: usize, first: &Class| {
        end > from && first.contains(bytes[from]) && bytes[end - 1] != b'-'
    };
    let mut at = 0;
    loop {
        let end = label_end(at);
        let another = bytes.get(end) == Some(&b'.')
            && bytes
                .get(end + 1)
                .is_some_and(|&b| LABEL.contains(b) && b != b'-');
        if another {
            if !is_label(at, end, &ALPHADIGIT) {
                return None;
            }
            at = end + 1;
            continue;
        }
        return is_label(at, end, &ALPHA).then_some(end);
    }
}

/// What [`plain_hostname`] decided.
pub(crate) enum Plain {
    /// The hostname ends here.
    Ends(usize),
    /// No hostname starts here.
    Fails,
    /// Not a plain run of labels: the label loop decides.
    Undecided,
}

/// The hostname that starts at `from` in `text` when the run of label
/// characters and dots there is plain: no label empty or starting with
/// `-`, none ending in `-` before a dot, and the run ending in neither `.`
/// nor `-`. Then every dot is followed by another label, so the loop of
/// `hostname` would read every label of the run and end where the run
/// ends, or fail on a last label that is not a `toplabel`.
///
/// Eight characters at a time: their kinds, looked up in a table, give the
/// masks of the host's characters, dots and dashes (one bit a byte, the
/// lowest), and the pairs no plain host holds (`..`, `.-`, `-.`) are found
/// on the masks. A loop character by character cost more instructions a
/// byte of host, and mispredicted its exit at every host; the label loop
/// took a branch at every label (BENCHMARKS.md, "A host eight characters
/// at a time"). The masks stay a bit a byte, where
/// gathering each into a byte took three multiplications an eight, one of
/// them between the look-ups and the test that ends the loop.
#[inline(always)]
pub(crate) fn plain_hostname(text: &[u8], from: usize) -> Plain {
    let mut at = from;
    // The lowest bit of byte `i` of these: the character before the `i`th
    // is a dot, a dash. The start reads as the position after a dot.
    let (mut after_dot, mut after_dash) = (1, 0);
    let mut odd = 0;
    let mut last_label = from;
    loop {
        let kinds = kinds_of_eight(text, at);
        let outside = !kinds & (ONES * u64::from(IN_HOST));
        // The bytes of the run of host characters, and the first after it.
        let within = outside ^ outside.wrapping_sub(1);
        let dots = kinds >> DOT.trailing_zeros() & ONES & within;
        let dashes = kinds >> DASH.trailing_zeros() & ONES & within;
        let (dot_before, dash_before) = (dots << 8 | after_dot, dashes << 8 | after_dash);
        odd |= dot_before & (dots | dashes) | dash_before & dots;
        if dots != 0 {
            last_label = at + 1 + (63 - dots.leading_zeros() as usize) / 8;
        }
        if outside != 0 {
            let run = outside.trailing_zeros() / 8;
            // The last character (or the start, for no host at all) must be
            // a label's.
            odd |= (dot_before | dash_before) >> (8 * run) & 1;
            let toplabel = text.get(last_label).is_some_and(|&b| ALPHA.contains(b));
            return match (odd, toplabel) {
                (0, true) => Plain::Ends(at + run as usize - from),
                (0, false) => Plain::Fails,
                _ => Plain::Undecided,
            };
        }
        (after_dot, after_dash) = (dots >> 56, dashes >> 56);
        at += 8;
    }
}

// The bits of a character's kind for `plain_hostname`.
const IN_HOST: u8 = 1;
const DASH: u8 = 2;
const DOT: u8 = 4;

/// The kind of every byte: `IN_HOST` for the characters of [`HOSTNAME`],
/// with `DASH` or `DOT` for those two; none (0) for the others.
const HOST_KIND: [u8; 256] = {
    let mut kinds = [0; 256];
    let mut byte = 0;
    while byte < 256 {
        kinds[byte] = match byte as u8 {
            b'.' => IN_HOST | DOT,
            b'-' => IN_HOST | DASH,
            other if HOSTNAME.contains(other) => IN_HOST,
            _ => 0,
        };
        byte += 1;
    }
    kinds
};

/// The kinds of the eight bytes of `text` from `at` on, the first in the
/// lowest byte; past the end of the text, none.
#[inline(always)]
fn kinds_of_eight(text: &[u8], at: usize) -> u64 {
    let kinds = |eight: &[u8; 8]| {
        eight.iter().enumerate().fold(0, |kinds, (index, &byte)| {
            kinds | u64::from(HOST_KIND[usize::from(byte)]) << (8 * index)
        })
    };
    if let Some(eight) = eight_at(text, at) {
        return kinds(eight);
    }
    match last_eight(text) {
        // The text's last eight bytes, those before `at` shifted out.
        Some(last) => {
            let before = at + 8 - text.len();
            kinds(last).checked_shr(8 * before as u32).unwrap_or(0)
        }
        // A text shorter than eight bytes, padded with zeros (of no kind).
        None => {
            let rest = text.get(at..).unwrap_or_default();
            let mut padded = [0; 8];
            padded
                .iter_mut()
                .zip(rest)
                .for_each(|(pad, &byte)| *pad = byte);
            kinds(&padded)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_strings::every_string_of;
    use alloc::format;

    /// Whether `plain_hostname` decides `text`; where it does, it must
    /// decide what the label loop does, on `text` alone and after a prefix
    /// of host characters (which the reading of the text's last eight
    /// bytes must shift out).
    fn decided_as_by_labels(text: &str) -> bool {
        let decided = [0, 5, 11].map(|lead| {
            let whole = format!("{}{text}", &"ab.c-1.d-ef"[..lead]);
            let by_labels = hostname_by_bytes(&whole.as_bytes()[lead..]);
            match plain_hostname(whole.as_bytes(), lead) {
                Plain::Ends(end) => assert_eq!(by_labels, Some(end), "{whole:?} from {lead}"),
                Plain::Fails => assert_eq!(by_labels, None, "{whole:?} from {lead}"),
                Plain::Undecided => return false,
            }
            true
        });
        assert!(decided.iter().all(|&d| d == decided[0]), "{text:?}");
        decided[0]
    }

    /// Where `plain_hostname` decides, it decides what the label loop does.
    #[test]
    fn a_plain_hostname_ends_where_the_label_loop_ends_it() {
        let (mut decided, mut undecided) = (0, 0);
        for bytes in every_string_of(b"a1-./@", 7) {
            match decided_as_by_labels(core::str::from_utf8(&bytes).expect("ASCII")) {
                true => decided += 1,
                false => undecided += 1,
            }
        }
        // Most strings of this alphabet are odd; enough of both.
        assert!(
            decided > 20_000 && undecided > 20_000,
            "{decided} {undecided}"
        );
    }

    /// The same over longer hosts (up to 16 bytes), after leading labels
    /// of every length, and followed by more text.
    #[test]
    fn a_long_plain_hostname_ends_where_the_label_loop_ends_it() {
        let (mut decided, mut undecided) = (0, 0);
        for middle in every_string_of(b"a1-.", 7) {
            let middle = core::str::from_utf8(&middle).expect("ASCII");
            for lead in 0..8 {
                for tail in ["", "/x", ":8"] {
                    let text = format!("{}{middle}z{tail}", "b".repeat(lead));
                    match decided_as_by_labels(&text) {
                        true => decided += 1,
                        false => undecided += 1,
                    }
                }
            }
        }
        assert!(
            decided > 10_000 && undecided > 10_000,
            "{decided} {undecided}"
        );
    }

    /// A hostport read by the first pass (its host eight characters at a
    /// time, `fast::plain_hostname`) is the hostport the diagnostic pass
    /// reads label by label, on every
    /// string of up to six characters that make or break labels, a
    /// `hostnumber` and a port: alone, after a label that fills the first
    /// eight bytes, and inside a longer text.
    #[test]
    fn a_hostport_read_by_the_first_pass_is_the_hostport_as_written() {
        use crate::grammar::cursor::Cursor;
        use crate::grammar::ip::hostport;
        use crate::grammar::notes::Notes;
        use crate::options::Options;

        let (mut hosts, mut ports) = (0, 0);
        for bytes in every_string_of(b"aZ1.-:/@ ", 6) {
            let tail = core::str::from_utf8(&bytes).expect("ASCII");
            for (text, from) in [
                (alloc::string::String::from(tail), 0),
                (format!("abcdefghij.{tail}"), 0),
                (format!("u@{tail}"), 2),
            ] {
                let notes = Notes::default();
                let start = Cursor::new(&text, 0, Options::default()).skip(from);
                let first = hostport::read(start).ok();
                let diagnosed = hostport::read(start.diagnosing_into(&notes)).ok();
                // Whole syntax trees: nodes compare by their text alone.
                let first_ends = first.map(|(rest, hostport)| (rest.offset(), hostport.syntax()));
                let diagnosed_ends =
                    diagnosed.map(|(rest, hostport)| (rest.offset(), hostport.syntax()));
                assert_eq!(first_ends, diagnosed_ends, "{text:?} from {from}");
                if let Some((_, hostport)) = first {
                    hosts += 1;
                    ports += usize::from(hostport.port.is_some());
                }
            }
        }
        assert!(hosts > 500_000 && ports > 5_000, "{hosts} {ports}");
    }
}
