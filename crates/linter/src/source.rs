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

use crate::charset::{self, How, TextEncoding};

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
    how: How,
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

/// The text and map being built.
#[derive(Default)]
struct Builder {
    text: String,
    runs: Vec<(usize, usize, u8)>,
    invalid: Vec<Span>,
    first_invalid: Vec<u8>,
    invalid_bytes: usize,
    /// The file bytes consumed.
    at: usize,
}

impl Builder {
    fn with_capacity(capacity: usize) -> Builder {
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
    fn skip(&mut self, bytes: usize) {
        self.push_opaque("", bytes);
    }

    /// UTF-8, invalid sequences replaced.
    fn utf8(&mut self, mut bytes: &[u8]) {
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
    fn utf16(&mut self, bytes: &[u8], unit: fn([u8; 2]) -> u16) {
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
    fn utf32(&mut self, bytes: &[u8], unit: fn([u8; 4]) -> u32) {
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
    fn legacy(&mut self, bytes: &[u8], encoding: &'static encoding_rs::Encoding) {
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

impl SourceText {
    /// A whole file's bytes, in the encoding they are found in.
    pub fn new(bytes: Vec<u8>) -> SourceText {
        SourceText::new_at(bytes, 1, 0)
    }

    /// Bytes taken as UTF-8 whatever they declare (an editor's text).
    pub fn utf8(bytes: Vec<u8>) -> SourceText {
        SourceText::decoded(bytes, 1, 0, TextEncoding::Utf8, How::Utf8)
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
                        (TextEncoding::Utf8, How::Utf8),
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
        (encoding, how): (TextEncoding, How),
    ) -> SourceText {
        let start = (0, first_line, 1, 0);
        SourceText {
            text,
            runs: builder.runs,
            invalid: builder.invalid,
            first_invalid: builder.first_invalid,
            invalid_bytes: builder.invalid_bytes,
            encoding,
            how,
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
            Some((found, length)) if found == encoding => How::Bom(length),
            _ => How::Utf8,
        };
        SourceText::decoded(bytes, 1, 0, encoding, how)
    }

    fn decoded(
        bytes: Vec<u8>,
        first_line: usize,
        byte_base: usize,
        encoding: TextEncoding,
        how: How,
    ) -> SourceText {
        let new = |text: String, builder: Builder| {
            SourceText::assemble(text, builder, first_line, byte_base, (encoding, how))
        };
        let bom = match how {
            How::Bom(length) => length,
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
        let bom = match self.how {
            How::Bom(length) => length,
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

    /// The one report of what could not be decoded: where the first
    /// undecodable bytes are, how many places and bytes in all, and the
    /// encoding the file was read in.
    pub fn undecodable(&self) -> Option<String> {
        let first = self.invalid.first()?;
        let offset = self.byte_offset(first.start);
        let what = match self.encoding {
            TextEncoding::Utf8 => "invalid UTF-8".to_owned(),
            encoding => format!("bytes not valid in {}", encoding.name()),
        };
        let more = match self.invalid.len() {
            1 => String::new(),
            places => format!(
                " and {} more {} ({} bytes in all)",
                thousands(places - 1),
                if places == 2 { "place" } else { "places" },
                thousands(self.invalid_bytes)
            ),
        };
        let read = match (self.encoding, self.how) {
            (TextEncoding::Utf8, How::Utf8 | How::MostlyUtf8) => String::new(),
            (encoding, how) => format!("; read as {} {how}", encoding.name()),
        };
        Some(format!(
            "{what} at byte offset {offset} (bytes {}){more}{read}; linted the rest",
            hex(&self.first_invalid)
        ))
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

    /// The line holding `offset`: where it starts, and where it ends
    /// (before its `\n`).
    fn line_bounds(&self, offset: usize) -> (usize, usize) {
        let offset = self.floor(offset);
        let (start, end) = self.line.get();
        if start <= offset && offset <= end {
            return (start, end);
        }
        let bytes = self.text.as_bytes();
        let start = memchr::memrchr(b'\n', &bytes[..offset]).map_or(0, |i| i + 1);
        let end = memchr::memchr(b'\n', &bytes[offset..]).map_or(bytes.len(), |i| offset + i);
        self.count_scanned(end - start);
        self.line.set((start, end));
        (start, end)
    }

    /// The column of `offset` in bytes of the file (1-based), as
    /// reviewdog counts: the bytes from the start of its line.
    pub fn byte_column(&self, offset: usize) -> usize {
        let offset = self.floor(offset);
        self.byte_offset(offset) - self.byte_offset(self.line_start(offset)) + 1
    }

    /// Where the line holding `offset` starts.
    pub fn line_start(&self, offset: usize) -> usize {
        self.line_bounds(offset).0
    }

    /// Where the line holding `offset` ends (before its `\n`, and before a
    /// `\r` that precedes it).
    pub fn line_end(&self, offset: usize) -> usize {
        let (start, end) = self.line_bounds(offset);
        if end > start && self.text.as_bytes()[end - 1] == b'\r' {
            end - 1
        } else {
            end
        }
    }

    /// Moves the cursor to `offset` and keeps it as the anchor.
    pub fn anchor(&self, offset: usize) {
        self.position(offset);
        self.anchor.set(self.cursor.get());
    }

    /// The position of a text offset. Linear over a file when asked in
    /// order of offsets (findings are); going back re-counts from the line
    /// start, or from the anchor (or the file start) when the line is
    /// behind the cursor.
    pub fn position(&self, offset: usize) -> Position {
        let offset = self.floor(offset);
        let (mut at, mut line, mut column, mut line_start) = self.cursor.get();
        if offset < at {
            if offset >= line_start {
                // Back on the line: counted from the cursor, not from the
                // line's start, so that many findings on one long line
                // (a span's start, then its end, then its fix's start)
                // cost their distance, not the line's length.
                self.count_scanned(at - offset);
                column -= count_chars(&self.text[offset..at]);
                self.cursor.set((offset, line, column, line_start));
                return Position { line, column };
            }
            let anchor = self.anchor.get();
            (at, line, column, line_start) = if anchor.0 <= offset {
                anchor
            } else {
                (0, self.first_line, 1, 0)
            };
        }
        let bytes = &self.text.as_bytes()[at..offset];
        self.count_scanned(bytes.len());
        // Findings are close to each other: a short distance is counted
        // byte by byte, a long one with memchr.
        let (newlines, last) = if bytes.len() < 64 {
            // The last line break, searched from the end, then the others
            // before it (usually none) counted in a loop the compiler
            // vectorizes.
            match memchr::memrchr(b'\n', bytes) {
                None => (0, None),
                Some(last) => (
                    1 + bytes[..last].iter().filter(|b| **b == b'\n').count(),
                    Some(last),
                ),
            }
        } else {
            (
                memchr::memchr_iter(b'\n', bytes).count(),
                memchr::memrchr(b'\n', bytes),
            )
        };
        if let Some(last) = last {
            line += newlines;
            line_start = at + last + 1;
            column = count_chars(&self.text[line_start..offset]) + 1;
        } else {
            column += count_chars(&self.text[at..offset]);
        }
        self.cursor.set((offset, line, column, line_start));
        Position { line, column }
    }

    /// The position of the end of `span`, from the position of its start.
    pub fn end_position(&self, span: Span, start: Position) -> Position {
        let (from, to) = (self.floor(span.start), self.floor(span.end));
        let piece = &self.text[from..to.max(from)];
        self.count_scanned(piece.len());
        match piece.bytes().rposition(|b| b == b'\n') {
            None => Position {
                line: start.line,
                column: start.column + count_chars(piece),
            },
            Some(last) => Position {
                line: start.line + piece.bytes().filter(|b| *b == b'\n').count(),
                column: count_chars(&piece[last + 1..]) + 1,
            },
        }
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

/// A count with a comma every three digits: `3,211`.
fn thousands(count: usize) -> String {
    let digits = count.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoding_maps_text_offsets_back_to_bytes() {
        let doc = SourceText::utf8(b"ab\xffcd\n\xe2\x82x".to_vec());
        assert_eq!(doc.text, "ab\u{fffd}cd\n\u{fffd}x");
        assert_eq!(doc.invalid.len(), 2);
        assert_eq!(doc.invalid[0], Span::new(2, 5));
        assert_eq!(doc.byte_offset(2), 2);
        assert_eq!(doc.byte_offset(4), 2);
        assert_eq!(doc.byte_offset(5), 3);
        assert_eq!(doc.byte_offset(8), 6);
        assert_eq!(doc.byte_offset(11), 8);
        assert_eq!(doc.position(5), Position { line: 1, column: 4 });
        assert_eq!(doc.position(11), Position { line: 2, column: 2 });
        let tail = SourceText::utf8(b"ab\xff".to_vec());
        assert_eq!(tail.byte_offset(5), 3);
    }

    #[test]
    fn going_back_on_a_long_line_counts_on_from_there() {
        // A URL of 200,000 characters on one line whose last finding comes
        // first, then one at each of its characters: counted from the line
        // start for each, 20 billion characters (a fuzzer's megabyte of
        // Markdown took a minute); now each once.
        let line = format!("x {}", "é~".repeat(100_000));
        let doc = SourceText::new(line.clone().into_bytes());
        doc.anchor(2);
        let started = std::time::Instant::now();
        let chars = line.chars().count();
        assert_eq!(doc.position(line.len()).column, chars + 1);
        for (column, (offset, _)) in line.char_indices().enumerate().skip(2) {
            assert_eq!(
                doc.position(offset),
                Position {
                    line: 1,
                    column: column + 1
                }
            );
        }
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
        // Back before the anchor, and across lines.
        let doc = SourceText::new(b"ab\ncd\nef".to_vec());
        doc.anchor(4);
        assert_eq!(doc.position(7), Position { line: 3, column: 2 });
        assert_eq!(doc.position(5), Position { line: 2, column: 3 });
        assert_eq!(doc.position(1), Position { line: 1, column: 2 });
        assert_eq!(doc.position(4), Position { line: 2, column: 2 });
    }

    #[test]
    fn positions_forward_backward_and_ends() {
        let doc = SourceText::new("ab\ncé\r\nx".as_bytes().to_vec());
        assert!(doc.runs.is_empty());
        assert_eq!(doc.position(7), Position { line: 2, column: 4 });
        // Back on the same line, then back to an earlier line.
        assert_eq!(doc.position(4), Position { line: 2, column: 2 });
        assert_eq!(doc.position(1), Position { line: 1, column: 2 });
        assert_eq!(doc.position(8), Position { line: 3, column: 1 });
        doc.anchor(4);
        assert_eq!(doc.position(9), Position { line: 3, column: 2 });
        assert_eq!(doc.position(5), Position { line: 2, column: 2 });
        let start = doc.position(1);
        assert_eq!(
            doc.end_position(Span::new(1, 5), start),
            Position { line: 2, column: 2 }
        );
        assert_eq!(doc.line_start(5), 3);
        assert_eq!(doc.line_end(4), 6);
    }

    /// Every character's text offset maps to its byte offset and back.
    fn assert_map(doc: &SourceText, expected: &[(usize, usize)]) {
        for (text, byte) in expected {
            assert_eq!(doc.byte_offset(*text), *byte, "text {text}");
            assert_eq!(doc.text_offset(*byte), *text, "byte {byte}");
        }
    }

    #[test]
    fn utf16_and_utf32_with_their_marks() {
        let mut bytes = vec![0xFF, 0xFE];
        bytes.extend(TextEncoding::Utf16Le.encode("a\u{e9}\u{1F600}~\n").unwrap());
        let doc = SourceText::new(bytes.clone());
        assert_eq!(doc.encoding(), TextEncoding::Utf16Le);
        assert_eq!(doc.text, "a\u{e9}\u{1F600}~\n");
        // a at 2, é at 4, the emoji (a surrogate pair) at 6, ~ at 10.
        assert_map(&doc, &[(0, 2), (1, 4), (3, 6), (7, 10), (8, 12), (9, 14)]);
        assert!(doc.round_trips(&bytes));
        assert_eq!(doc.position(7), Position { line: 1, column: 4 });
        let mut bytes = vec![0, 0, 0xFE, 0xFF];
        bytes.extend(TextEncoding::Utf32Be.encode("h\u{e9}").unwrap());
        bytes.extend([0, 0x11, 0, 0]);
        let doc = SourceText::new(bytes.clone());
        assert_eq!(doc.text, "h\u{e9}\u{FFFD}");
        assert_map(&doc, &[(0, 4), (1, 8), (3, 12), (6, 16)]);
        assert!(!doc.round_trips(&bytes));
        // A lone surrogate in UTF-16BE, and an odd last byte.
        let doc = SourceText::new(b"\xFE\xFF\x00a\xD8\x00\x00b\x00".to_vec());
        assert_eq!(doc.text, "a\u{FFFD}b\u{FFFD}");
        assert_eq!(doc.invalid.len(), 2);
    }

    #[test]
    #[cfg(feature = "encodings")]
    fn legacy_encodings_map_each_character_to_its_bytes() {
        let text = format!("{} http://a.b/~x \u{41f}\n", "\u{416}".repeat(600));
        let (koi8, _, _) = encoding_rs::KOI8_R.encode(&text);
        let doc = SourceText::in_encoding(koi8.to_vec(), TextEncoding::Legacy(encoding_rs::KOI8_R));
        assert_eq!(doc.text, text);
        // Past several checkpoints: one byte a character in KOI8-R.
        let tilde = text.find('~').unwrap();
        assert_eq!(doc.byte_offset(tilde), 600 + 12);
        assert_eq!(doc.text_offset(612), tilde);
        assert_eq!(doc.byte_offset(text.len()), koi8.len());
        assert!(doc.round_trips(&koi8));
        assert!(doc.runs.len() < 16, "{} marks", doc.runs.len());
        // EUC-JP: two bytes a kana, one an ASCII byte; a bad pair.
        let bytes = b"\xA4\xA2x\xA4\xA4\xFF\x21y".to_vec();
        let doc = SourceText::in_encoding(bytes.clone(), TextEncoding::Legacy(encoding_rs::EUC_JP));
        assert!(
            doc.text.starts_with("\u{3042}x\u{3044}\u{FFFD}"),
            "{:?}",
            doc.text
        );
        assert!(doc.text.ends_with('y'));
        assert_map(&doc, &[(0, 0), (3, 2), (4, 3), (7, 5)]);
        assert_eq!(doc.byte_offset(doc.text.len()), bytes.len());
        assert_eq!(doc.byte_offset(doc.text.len() - 1), bytes.len() - 1);
        assert!(!doc.round_trips(&bytes));
    }

    #[test]
    #[cfg(feature = "encodings")]
    fn what_cannot_be_decoded_is_one_message() {
        let doc = SourceText::new(b"\xEF\xBB\xBFab\xFFcd\xFE\xFE\n\xC3".to_vec());
        assert_eq!(doc.text, "ab\u{FFFD}cd\u{FFFD}\u{FFFD}\n\u{FFFD}");
        assert_eq!(doc.byte_offset(0), 3, "after the byte-order mark");
        assert_eq!(
            doc.undecodable().unwrap(),
            "invalid UTF-8 at byte offset 5 (bytes ff) and 3 more places (4 bytes in all); \
             read as UTF-8 by its byte-order mark; linted the rest"
        );
        // One stray byte in a UTF-8 text; no valid UTF-8 beyond ASCII is
        // a legacy encoding's text.
        let mut stray = "\u{e9} a".as_bytes().to_vec();
        stray.extend_from_slice(b"\xFFb");
        let doc = SourceText::new(stray);
        assert_eq!(
            doc.undecodable().unwrap(),
            "invalid UTF-8 at byte offset 4 (bytes ff); linted the rest"
        );
        let doc = SourceText::new(b"a\xFFb".to_vec());
        assert_eq!(doc.text, "a\u{FF}b");
        assert!(doc.undecodable().is_none());
        assert_eq!(thousands(3211), "3,211");
        assert_eq!(thousands(1_000_000), "1,000,000");
        assert_eq!(thousands(999), "999");
    }
}
