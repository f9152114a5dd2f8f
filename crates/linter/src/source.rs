//! A file as text: invalid UTF-8 replaced by U+FFFD with the map back to the
//! file's bytes, and line and column of offsets computed by a cursor that
//! moves forward, so memory does not grow with the number of lines.

use rfc1738::Span;

/// A file as text.
pub struct SourceText {
    /// The text; the file's own buffer when it is valid UTF-8.
    pub text: String,
    /// `(text offset, byte offset, replaced)` where each valid or replaced
    /// run starts; empty when the file is valid UTF-8.
    runs: Vec<(usize, usize, bool)>,
    /// The replaced sequences: their span in `text` and their bytes.
    pub invalid: Vec<(Span, Vec<u8>)>,
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
    /// A whole file's bytes.
    pub fn new(bytes: Vec<u8>) -> SourceText {
        SourceText::new_at(bytes, 1, 0)
    }

    /// A piece of a file: its first line has number `first_line` and its
    /// first byte is at `byte_base` in the file. The piece starts a line.
    pub fn new_at(bytes: Vec<u8>, first_line: usize, byte_base: usize) -> SourceText {
        let start = (0, first_line, 1, 0);
        let bytes = match String::from_utf8(bytes) {
            Ok(text) => {
                return SourceText {
                    text,
                    runs: Vec::new(),
                    invalid: Vec::new(),
                    cursor: std::cell::Cell::new(start),
                    line: std::cell::Cell::new((1, 0)),
                    anchor: std::cell::Cell::new(start),
                    first_line,
                    byte_base,
                    scanned: std::cell::Cell::new(0),
                }
            }
            Err(error) => error.into_bytes(),
        };
        let mut text = String::with_capacity(bytes.len());
        let mut runs = Vec::new();
        let mut invalid = Vec::new();
        let mut at = 0;
        while at < bytes.len() {
            runs.push((text.len(), at, false));
            match std::str::from_utf8(&bytes[at..]) {
                Ok(valid) => {
                    text.push_str(valid);
                    at = bytes.len();
                }
                Err(error) => {
                    let valid = error.valid_up_to();
                    // The prefix is valid by the error's own account.
                    text.push_str(std::str::from_utf8(&bytes[at..at + valid]).unwrap_or(""));
                    at += valid;
                    let bad = error.error_len().unwrap_or(bytes.len() - at);
                    runs.push((text.len(), at, true));
                    let start = text.len();
                    text.push(char::REPLACEMENT_CHARACTER);
                    invalid.push((Span::new(start, text.len()), bytes[at..at + bad].to_vec()));
                    at += bad;
                }
            }
        }
        // The end of the text is the end of the file.
        runs.push((text.len(), bytes.len(), false));
        SourceText {
            text,
            runs,
            invalid,
            cursor: std::cell::Cell::new(start),
            line: std::cell::Cell::new((1, 0)),
            anchor: std::cell::Cell::new(start),
            first_line,
            byte_base,
            scanned: std::cell::Cell::new(0),
        }
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

    /// The text offset of a byte offset of this piece (of the replacement
    /// character, inside an invalid sequence).
    pub fn text_offset(&self, byte: usize) -> usize {
        if self.runs.is_empty() {
            return byte.min(self.text.len());
        }
        let index = self.runs.partition_point(|(_, start, _)| *start <= byte);
        match index.checked_sub(1).map(|i| self.runs[i]) {
            Some((text_start, _, true)) => text_start,
            Some((text_start, byte_start, false)) => {
                (text_start + (byte - byte_start)).min(self.text.len())
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
            Some((_, byte_start, true)) => byte_start,
            Some((text_start, byte_start, false)) => byte_start + (offset - text_start),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoding_maps_text_offsets_back_to_bytes() {
        let doc = SourceText::new(b"ab\xffcd\n\xe2\x82x".to_vec());
        assert_eq!(doc.text, "ab\u{fffd}cd\n\u{fffd}x");
        assert_eq!(doc.invalid.len(), 2);
        assert_eq!(doc.invalid[0].0, Span::new(2, 5));
        assert_eq!(doc.byte_offset(2), 2);
        assert_eq!(doc.byte_offset(4), 2);
        assert_eq!(doc.byte_offset(5), 3);
        assert_eq!(doc.byte_offset(8), 6);
        assert_eq!(doc.byte_offset(11), 8);
        assert_eq!(doc.position(5), Position { line: 1, column: 4 });
        assert_eq!(doc.position(11), Position { line: 2, column: 2 });
        let tail = SourceText::new(b"ab\xff".to_vec());
        assert_eq!(tail.byte_offset(5), 3);
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
}
