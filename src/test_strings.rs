//! For the tests of the readers on bytes: every string of a small alphabet,
//! to hold a fast reading to the one it stands in for.

use alloc::vec::Vec;

/// Every string of the bytes of `alphabet` up to `longest` bytes long.
pub(crate) fn every_string_of(alphabet: &[u8], longest: u32) -> impl Iterator<Item = Vec<u8>> + '_ {
    every_joining_of(alphabet.chunks(1).collect(), longest)
}

/// Every string made of up to `longest` of `pieces`, one after another
/// (the same piece any number of times).
pub(crate) fn every_joining_of<'a>(
    pieces: Vec<&'a [u8]>,
    longest: u32,
) -> impl Iterator<Item = Vec<u8>> + 'a {
    let base = pieces.len();
    (0..=longest).flat_map(move |len| {
        let pieces = pieces.clone();
        (0..base.pow(len)).map(move |mut code| {
            (0..len)
                .flat_map(|_| {
                    let piece = pieces[code % base];
                    code /= base;
                    piece.iter().copied()
                })
                .collect()
        })
    })
}
