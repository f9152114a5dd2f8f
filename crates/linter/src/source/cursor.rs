//! Lines and columns of text offsets, counted by a cursor that moves
//! forward (findings come in order) and goes back to the nearest known
//! place, so that a file's positions cost its length, not its lines times
//! its findings.

use rfc1738::Span;

use super::{count_chars, Position, SourceText};

impl SourceText {
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
