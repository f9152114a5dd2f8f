//! A file as text: decoded from its encoding ([`crate::charset`]: a
//! byte-order mark, valid UTF-8, a declared charset, a detector) to UTF-8,
//! undecodable bytes replaced by U+FFFD, with a map back to the file's
//! bytes so that lines, columns, byte offsets and fixes stay exact; and
//! line and column of offsets computed by a cursor that moves forward, so
//! memory does not grow with the number of lines.
//!
//! The map is a list of marks, each starting a run of characters that all
//! take the same number of bytes in the file (one in a single-byte
//! encoding, two in UTF-16's first plane), or the same bytes as in the text
//! (valid UTF-8), or standing for bytes as a whole (a replacement
//! character, a byte-order mark); a run is cut every [`CHECKPOINT`] bytes
//! of text, so that an offset is mapped by counting at most that many.
//! Valid UTF-8 without a byte-order mark has no map.

use rfc1738::Span;

use crate::charset::{self, EncodingSource, TextEncoding};

mod cursor;
mod decode;
#[cfg(test)]
mod tests;

use decode::Builder;

/// The text bytes after which a run of characters gets a new mark.
const CHECKPOINT: usize = 256;

/// A run's text is the file's bytes (valid UTF-8).
const SAME: u8 = u8::MAX;

/// A run's text stands for its bytes as a whole: an offset inside maps to
/// its start.
const OPAQUE: u8 = 0;

/// A file as text.
pub struct SourceText {
    /// The text; the file's own buffer when it is valid UTF-8.
    pub text: String,
    /// `(text offset, byte offset, unit)` where each run starts: the unit
    /// is [`SAME`], [`OPAQUE`], or the bytes each character of the run
    /// takes. Empty when the file is valid UTF-8 without a byte-order mark.
    runs: Vec<(usize, usize, u8)>,
    /// The replacement characters that stand for undecodable bytes: their
    /// spans in `text`, in order.
    pub invalid: Vec<Span>,
    /// The bytes of the first undecodable place, and the undecodable bytes
    /// in all.
    first_invalid: Vec<u8>,
    invalid_bytes: usize,
    /// The encoding the file was read in, and how it was decided.
    encoding: TextEncoding,
    decided_by: EncodingSource,
    /// The cursor: `(offset, line, column, line start)` of the last
    /// location computed.
    cursor: std::cell::Cell<(usize, usize, usize, usize)>,
    /// The bounds of the last line asked for: many findings on one long
    /// line do not search for its ends again.
    line: std::cell::Cell<(usize, usize)>,
    /// A cursor to go back to ([`SourceText::anchor`]): positions asked out
    /// of order inside one URL are counted from its start, not from the
    /// start of the file.
    anchor: std::cell::Cell<(usize, usize, usize, usize)>,
    /// The number of the text's first line, and the file offset of its
    /// first byte: a piece of a file read in pieces.
    first_line: usize,
    byte_base: usize,
    /// The bytes of text read to answer positions and line bounds: the
    /// work of the reports, which tests bound by the text's length.
    scanned: std::cell::Cell<usize>,
}

/// A position: 1-based line and column (in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// From 1.
    pub line: usize,
    /// From 1, in characters.
    pub column: usize,
}

impl SourceText {
    /// A whole file's bytes, in the encoding they are found in.
    pub fn new(bytes: Vec<u8>) -> SourceText {
        SourceText::new_at(bytes, 1, 0)
    }

    /// Bytes taken as UTF-8 whatever they declare (an editor's text).
    pub fn utf8(bytes: Vec<u8>) -> SourceText {
        SourceText::decoded(bytes, 1, 0, TextEncoding::Utf8, EncodingSource::Utf8)
    }

    /// A piece of a file: its first line has number `first_line` and its
    /// first byte is at `byte_base` in the file. The piece starts a line.
    pub fn new_at(bytes: Vec<u8>, first_line: usize, byte_base: usize) -> SourceText {
        let start = byte_base == 0;
        if !start || charset::bom(&bytes).is_none() {
            // Valid UTF-8 is checked once, as it is made the text.
            match String::from_utf8(bytes) {
                Ok(text) => {
                    return SourceText::assemble(
                        text,
                        Builder::default(),
                        first_line,
                        byte_base,
                        (TextEncoding::Utf8, EncodingSource::Utf8),
                    )
                }
                Err(error) => {
                    let bytes = error.into_bytes();
                    let (encoding, how) = charset::decide(&bytes, start);
                    return SourceText::decoded(bytes, first_line, byte_base, encoding, how);
                }
            }
        }
        let (encoding, how) = charset::decide(&bytes, start);
        SourceText::decoded(bytes, first_line, byte_base, encoding, how)
    }

    fn assemble(
        text: String,
        builder: Builder,
        first_line: usize,
        byte_base: usize,
        (encoding, how): (TextEncoding, EncodingSource),
    ) -> SourceText {
        let start = (0, first_line, 1, 0);
        SourceText {
            text,
            runs: builder.runs,
            invalid: builder.invalid,
            first_invalid: builder.first_invalid,
            invalid_bytes: builder.invalid_bytes,
            encoding,
            decided_by: how,
            cursor: std::cell::Cell::new(start),
            line: std::cell::Cell::new((1, 0)),
            anchor: std::cell::Cell::new(start),
            first_line,
            byte_base,
            scanned: std::cell::Cell::new(0),
        }
    }

    /// Bytes in `encoding`, decided before ([`SourceText::encoding`]): a
    /// file read again after its fixes.
    pub fn in_encoding(bytes: Vec<u8>, encoding: TextEncoding) -> SourceText {
        let how = match charset::bom(&bytes) {
            Some((found, length)) if found == encoding => EncodingSource::Bom(length),
            _ => EncodingSource::Utf8,
        };
        SourceText::decoded(bytes, 1, 0, encoding, how)
    }

    fn decoded(
        bytes: Vec<u8>,
        first_line: usize,
        byte_base: usize,
        encoding: TextEncoding,
        how: EncodingSource,
    ) -> SourceText {
        let new = |text: String, builder: Builder| {
            SourceText::assemble(text, builder, first_line, byte_base, (encoding, how))
        };
        let bom = match how {
            EncodingSource::Bom(length) => length,
            _ => 0,
        };
        let bytes = match (encoding, bom) {
            (TextEncoding::Utf8, 0) => match String::from_utf8(bytes) {
                // The fast path: the file's own buffer, no map.
                Ok(text) => return new(text, Builder::default()),
                Err(error) => error.into_bytes(),
            },
            _ => bytes,
        };
        let mut builder = Builder::with_capacity(bytes.len());
        builder.skip(bom);
        let body = &bytes[bom..];
        match encoding {
            TextEncoding::Utf8 => builder.utf8(body),
            TextEncoding::Utf16Le => builder.utf16(body, u16::from_le_bytes),
            TextEncoding::Utf16Be => builder.utf16(body, u16::from_be_bytes),
            TextEncoding::Utf32Le => builder.utf32(body, u32::from_le_bytes),
            TextEncoding::Utf32Be => builder.utf32(body, u32::from_be_bytes),
            #[cfg(feature = "encodings")]
            TextEncoding::Legacy(legacy) => builder.legacy(body, legacy),
        }
        // The end of the text is the end of the file.
        builder.runs.push((builder.text.len(), bytes.len(), SAME));
        let text = std::mem::take(&mut builder.text);
        new(text, builder)
    }

    /// The encoding the file was read in.
    pub fn encoding(&self) -> TextEncoding {
        self.encoding
    }

    /// Whether the map from the text to `bytes` (the file's) is exact, so
    /// that a fix of the text is an edit of just the bytes it fixes: UTF-8
    /// always (each invalid sequence maps to its own bytes, which a fix
    /// never touches), another encoding when nothing was undecodable and
    /// the text written back in it gives the same bytes.
    pub fn round_trips(&self, bytes: &[u8]) -> bool {
        let bom = match self.decided_by {
            EncodingSource::Bom(length) => length,
            _ => 0,
        };
        match self.encoding {
            TextEncoding::Utf8 => true,
            encoding => {
                self.invalid.is_empty()
                    && encoding
                        .encode(&self.text)
                        .is_some_and(|text| text == bytes[bom..])
            }
        }
    }

    /// How the encoding was decided (a byte-order mark, valid UTF-8, a
    /// declaration, the detector).
    pub fn decided_by(&self) -> EncodingSource {
        self.decided_by
    }

    /// The bytes of the first undecodable place.
    pub fn first_invalid(&self) -> &[u8] {
        &self.first_invalid
    }

    /// The undecodable bytes in all.
    pub fn invalid_bytes(&self) -> usize {
        self.invalid_bytes
    }

    /// The bytes of the first undecodable place, in hex: `ff fe`.
    pub fn first_invalid_hex(&self) -> String {
        hex(&self.first_invalid)
    }

    /// The bytes of text read so far to answer positions and line bounds
    /// (a measure of work: reports over a file stay linear in its length).
    pub fn scanned(&self) -> usize {
        self.scanned.get()
    }

    fn count_scanned(&self, bytes: usize) {
        self.scanned.set(self.scanned.get().saturating_add(bytes));
    }

    /// The file's byte offset of a text offset.
    pub fn byte_offset(&self, offset: usize) -> usize {
        self.byte_base + self.piece_byte_offset(offset)
    }

    /// The text offset of a byte offset of this piece (of the start of a
    /// character, inside one that takes several bytes or stands for
    /// undecodable ones).
    pub fn text_offset(&self, byte: usize) -> usize {
        if self.runs.is_empty() {
            return byte.min(self.text.len());
        }
        let index = self.runs.partition_point(|(_, start, _)| *start <= byte);
        match index.checked_sub(1).map(|i| self.runs[i]) {
            Some((text_start, _, OPAQUE)) => text_start,
            Some((text_start, byte_start, SAME)) => self.floor(text_start + (byte - byte_start)),
            Some((text_start, byte_start, unit)) => {
                let chars = (byte - byte_start) / usize::from(unit);
                let end = self.runs.get(index).map_or(self.text.len(), |next| next.0);
                self.text[text_start..end]
                    .char_indices()
                    .nth(chars)
                    .map_or(end, |(at, _)| text_start + at)
            }
            None => 0,
        }
    }

    /// The byte offset in this piece of a text offset.
    pub fn piece_byte_offset(&self, offset: usize) -> usize {
        if self.runs.is_empty() {
            return offset;
        }
        let index = self.runs.partition_point(|(start, _, _)| *start <= offset);
        match index.checked_sub(1).map(|i| self.runs[i]) {
            // Inside a replacement character: its first byte.
            Some((_, byte_start, OPAQUE)) => byte_start,
            Some((text_start, byte_start, SAME)) => byte_start + (offset - text_start),
            Some((text_start, byte_start, unit)) => {
                let offset = self.floor(offset);
                byte_start + usize::from(unit) * count_chars(&self.text[text_start..offset])
            }
            None => offset,
        }
    }

    /// The offset rounded down to a character boundary, within the text.
    fn floor(&self, offset: usize) -> usize {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        offset
    }
}

/// The characters of `text`: its bytes when it is ASCII, as it mostly is.
fn count_chars(text: &str) -> usize {
    if text.is_ascii() {
        text.len()
    } else {
        text.chars().count()
    }
}

/// Bytes in hex, separated by spaces: `ff fe`.
pub fn hex(bytes: &[u8]) -> String {
    let hex: Vec<String> = bytes.iter().map(|b| format!("{b:02x}")).collect();
    hex.join(" ")
}
