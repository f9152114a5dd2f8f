//! Bytes decoded to text with the map back: UTF-8, UTF-16 and UTF-32, and
//! (feature `encodings`) the legacy encodings, each character's bytes
//! known, undecodable bytes one U+FFFD each.

use rfc1738::Span;

use super::{CHECKPOINT, OPAQUE, SAME};

/// The text and map being built.
#[derive(Default)]
pub(super) struct Builder {
    pub(super) text: String,
    pub(super) runs: Vec<(usize, usize, u8)>,
    pub(super) invalid: Vec<Span>,
    pub(super) first_invalid: Vec<u8>,
    pub(super) invalid_bytes: usize,
    /// The file bytes consumed.
    at: usize,
}

impl Builder {
    pub(super) fn with_capacity(capacity: usize) -> Builder {
        Builder {
            text: String::with_capacity(capacity),
            ..Builder::default()
        }
    }

    /// Starts a run of `unit` here, unless the current run is of the same
    /// unit and short enough.
    fn mark(&mut self, unit: u8) {
        if let Some(&(text, _, last)) = self.runs.last() {
            if last == unit && unit != OPAQUE && self.text.len() - text < CHECKPOINT {
                return;
            }
        }
        self.runs.push((self.text.len(), self.at, unit));
    }

    /// A character that takes `bytes` bytes of the file.
    fn push_char(&mut self, c: char, bytes: usize) {
        match u8::try_from(bytes) {
            Ok(unit) if unit != OPAQUE && unit != SAME => {
                self.mark(unit);
                self.text.push(c);
                self.at += bytes;
            }
            _ => self.push_opaque(&c.to_string(), bytes),
        }
    }

    /// Valid UTF-8, as it is in the file.
    fn push_same(&mut self, text: &str) {
        self.mark(SAME);
        self.text.push_str(text);
        self.at += text.len();
    }

    /// `text` standing for `bytes` bytes as a whole.
    fn push_opaque(&mut self, text: &str, bytes: usize) {
        self.runs.push((self.text.len(), self.at, OPAQUE));
        self.text.push_str(text);
        self.at += bytes;
    }

    /// Undecodable `bytes`: one replacement character.
    fn push_invalid(&mut self, bytes: &[u8]) {
        let start = self.text.len();
        self.push_opaque("\u{FFFD}", bytes.len());
        if self.invalid.is_empty() {
            self.first_invalid = bytes.to_vec();
        }
        self.invalid.push(Span::new(start, self.text.len()));
        self.invalid_bytes += bytes.len();
    }

    /// Bytes that stand for no text (a byte-order mark).
    pub(super) fn skip(&mut self, bytes: usize) {
        self.push_opaque("", bytes);
    }

    /// UTF-8, invalid sequences replaced.
    pub(super) fn utf8(&mut self, mut bytes: &[u8]) {
        while !bytes.is_empty() {
            match std::str::from_utf8(bytes) {
                Ok(valid) => {
                    self.push_same(valid);
                    return;
                }
                Err(error) => {
                    let (valid, rest) = bytes.split_at(error.valid_up_to());
                    // Valid by the error's own account.
                    self.push_same(std::str::from_utf8(valid).unwrap_or(""));
                    let bad = error.error_len().unwrap_or(rest.len());
                    self.push_invalid(&rest[..bad]);
                    bytes = &rest[bad..];
                }
            }
        }
    }

    /// UTF-16: each unit from its two bytes.
    pub(super) fn utf16(&mut self, bytes: &[u8], unit: fn([u8; 2]) -> u16) {
        let pairs = bytes.chunks_exact(2);
        let odd = pairs.remainder();
        let units = pairs.map(|pair| unit([pair[0], pair[1]]));
        for decoded in char::decode_utf16(units) {
            match decoded {
                Ok(c) => self.push_char(c, c.len_utf16() * 2),
                Err(error) => self.push_invalid(&unit_bytes(error.unpaired_surrogate())),
            }
        }
        if !odd.is_empty() {
            self.push_invalid(odd);
        }
    }

    /// UTF-32: each character from its four bytes.
    pub(super) fn utf32(&mut self, bytes: &[u8], unit: fn([u8; 4]) -> u32) {
        let quads = bytes.chunks_exact(4);
        let rest = quads.remainder();
        for quad in quads {
            match char::from_u32(unit([quad[0], quad[1], quad[2], quad[3]])) {
                Some(c) => self.push_char(c, 4),
                None => self.push_invalid(quad),
            }
        }
        if !rest.is_empty() {
            self.push_invalid(rest);
        }
    }

    /// A legacy encoding, byte by byte through its decoder, so that each
    /// character's bytes are known; ASCII outside a multi-byte sequence
    /// is taken as it is when the encoding is ASCII-compatible.
    #[cfg(feature = "encodings")]
    pub(super) fn legacy(&mut self, bytes: &[u8], encoding: &'static encoding_rs::Encoding) {
        use encoding_rs::DecoderResult;
        let ascii = encoding.is_ascii_compatible();
        let mut decoder = encoding.new_decoder_without_bom_handling();
        let mut out = [0u8; 64];
        // Where the bytes of the next character start.
        let mut pending = 0;
        let mut index = 0;
        while index <= bytes.len() {
            let last = index == bytes.len();
            if !last && ascii && pending == index && bytes[index].is_ascii() {
                self.push_char(char::from(bytes[index]), 1);
                index += 1;
                pending = index;
                continue;
            }
            let input = if last { &[][..] } else { &bytes[index..=index] };
            let (result, read, written) =
                decoder.decode_to_utf8_without_replacement(input, &mut out, last);
            let end = index + read;
            match result {
                DecoderResult::Malformed(_, after) => {
                    // The bytes consumed after the malformed ones are the
                    // decoder's to read again: they stay pending.
                    let bad_end = end.saturating_sub(usize::from(after)).max(pending + 1);
                    self.push_invalid(&bytes[pending..bad_end.min(bytes.len())]);
                    pending = bad_end;
                }
                _ if written > 0 => {
                    let produced = std::str::from_utf8(&out[..written]).unwrap_or("\u{FFFD}");
                    let mut chars = produced.chars();
                    match (chars.next(), chars.next()) {
                        (Some(c), None) => self.push_char(c, end - pending),
                        _ => self.push_opaque(produced, end - pending),
                    }
                    pending = end;
                }
                _ => {}
            }
            if last {
                break;
            }
            index = end.max(index + 1);
        }
        if pending < bytes.len() {
            self.push_invalid(&bytes[pending..]);
        }
    }
}

/// The two bytes of a UTF-16 unit, as they were in the file (little- or
/// big-endian is lost: the bytes are only shown in hex).
fn unit_bytes(unit: u16) -> [u8; 2] {
    unit.to_be_bytes()
}
