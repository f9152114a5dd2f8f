//! Where a byte comes next: a `%` of a path, a `:` of a user; eight bytes
//! a test, each beside the search byte by byte it must equal.

use super::{eight_at, ONES};

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

/// The offset of the first `byte` in `bytes` at or after `from`: eight
/// bytes a test (most paths hold no `%`, most users no `:`), where a loop
/// byte by byte cost much of a gopher URL's reading (BENCHMARKS.md,
/// "Gopher's node where it is returned, its `%` eight bytes a test").
pub(crate) fn find_byte(bytes: &[u8], from: usize, byte: u8) -> Option<usize> {
    let mut at = from;
    while let Some(&eight) = eight_at(bytes, at) {
        if let Some(found) = first_equal(u64::from_le_bytes(eight), byte) {
            return Some(at + found);
        }
        at += 8;
    }
    let rest = bytes.get(at..).unwrap_or_default();
    rest.iter().position(|&b| b == byte).map(|index| at + index)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_strings::every_string_of;

    /// `find_byte` finds the `%` (or `:`) a search byte by byte finds, from
    /// every start, with it before, inside and after every eight bytes.
    #[test]
    fn a_byte_is_found_where_the_byte_loop_finds_it() {
        let mut found = 0;
        for text in every_string_of(b"%a", 10) {
            for from in 0..=text.len() {
                for byte in [b'%', b'a', b':'] {
                    let by_bytes = text[from..].iter().position(|&b| b == byte);
                    let expected = by_bytes.map(|index| from + index);
                    assert_eq!(
                        find_byte(&text, from, byte),
                        expected,
                        "{text:?} from {from}"
                    );
                    found += usize::from(expected.is_some());
                }
            }
        }
        assert!(found > 20_000, "{found}");
    }
}
