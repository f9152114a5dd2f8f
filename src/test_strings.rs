//! For the tests of the readers on bytes: every string of a small alphabet,
//! to hold a fast reading to the one it stands in for.

/// Every string of the bytes of `alphabet` up to `longest` bytes long.
pub(crate) fn every_string_of(alphabet: &[u8], longest: u32) -> impl Iterator<Item = Vec<u8>> + '_ {
    let base = alphabet.len();
    (0..=longest).flat_map(move |len| {
        (0..base.pow(len)).map(move |mut code| {
            (0..len)
                .map(|_| {
                    let byte = alphabet[code % base];
                    code /= base;
                    byte
                })
                .collect()
        })
    })
}
