//! Positions as LSP counts them: a line (after `\n`, `\r\n` or a lone `\r`)
//! and a column in the negotiated encoding's code units (UTF-16 unless the
//! client offers UTF-8), from and to the byte offsets the linter uses.

use lsp_types::{Position, PositionEncodingKind};

/// The unit of a column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Encoding {
    /// Bytes of UTF-8.
    Utf8,
    /// UTF-16 code units: LSP's default.
    Utf16,
}

impl Encoding {
    /// UTF-8 when the client offers it, else UTF-16 (which every client
    /// supports).
    pub(crate) fn negotiate(offered: Option<&[PositionEncodingKind]>) -> Encoding {
        match offered {
            Some(kinds) if kinds.contains(&PositionEncodingKind::UTF8) => Encoding::Utf8,
            _ => Encoding::Utf16,
        }
    }

    pub(crate) fn kind(self) -> PositionEncodingKind {
        match self {
            Encoding::Utf8 => PositionEncodingKind::UTF8,
            Encoding::Utf16 => PositionEncodingKind::UTF16,
        }
    }

    /// The code units of `text`.
    fn units(self, text: &str) -> usize {
        match self {
            Encoding::Utf8 => text.len(),
            Encoding::Utf16 if text.is_ascii() => text.len(),
            Encoding::Utf16 => text.chars().map(char::len_utf16).sum(),
        }
    }
}

/// Where each line of a text starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    pub(crate) fn new(text: &str) -> LineIndex {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        let mut breaks = memchr::memchr2_iter(b'\n', b'\r', bytes).peekable();
        while let Some(at) = breaks.next() {
            if bytes[at] == b'\r' && bytes.get(at + 1) == Some(&b'\n') {
                // `\r\n` is one break: skip its `\n`.
                breaks.next();
                starts.push(at + 2);
            } else {
                starts.push(at + 1);
            }
        }
        LineIndex { starts }
    }

    /// The line (0-based) holding `offset`.
    fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|start| *start <= offset) - 1
    }

    /// Where line `line` starts and where its content ends (before its
    /// line break).
    fn bounds(&self, text: &str, line: usize) -> (usize, usize) {
        let start = self.starts[line];
        let end = match self.starts.get(line + 1) {
            None => text.len(),
            Some(next) => {
                let bytes = text.as_bytes();
                let mut end = *next - 1;
                if bytes[end] == b'\n' && end > start && bytes[end - 1] == b'\r' {
                    end -= 1;
                }
                end
            }
        };
        (start, end)
    }

    /// The start of the line holding `offset`.
    pub(crate) fn line_start(&self, offset: usize) -> usize {
        self.starts[self.line_of(offset)]
    }

    /// The position of a byte offset (rounded down to a character).
    pub(crate) fn position(&self, text: &str, offset: usize, encoding: Encoding) -> Position {
        let offset = floor(text, offset);
        let line = self.line_of(offset);
        let (start, end) = self.bounds(text, line);
        // Inside a `\r\n`: at the end of the line's content.
        let column = encoding.units(&text[start..offset.min(end)]);
        lsp_position(line, column)
    }

    /// The byte offset of a position: a line past the end is the end of the
    /// text, a column past the line's end is its end, a column inside a
    /// character is that character's start.
    pub(crate) fn offset(&self, text: &str, position: Position, encoding: Encoding) -> usize {
        let line = position.line as usize;
        if line >= self.starts.len() {
            return text.len();
        }
        let (start, end) = self.bounds(text, line);
        let wanted = position.character as usize;
        let content = &text[start..end];
        if encoding == Encoding::Utf8 || content.is_ascii() {
            return floor(text, start + wanted.min(content.len()));
        }
        let mut units = 0;
        for (at, c) in content.char_indices() {
            let next = units + c.len_utf16();
            if next > wanted {
                return start + at;
            }
            units = next;
        }
        end
    }

    /// A converter of increasing offsets to positions, each in time
    /// proportional to the distance from the last.
    pub(crate) fn converter<'a>(&'a self, text: &'a str, encoding: Encoding) -> Converter<'a> {
        Converter {
            index: self,
            text,
            encoding,
            line: 0,
            at: 0,
            column: 0,
        }
    }
}

/// `offset` rounded down to a character boundary of `text`.
fn floor(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

fn lsp_position(line: usize, column: usize) -> Position {
    let clamp = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    Position::new(clamp(line), clamp(column))
}

/// Positions of offsets asked in increasing order (in any order, each
/// going back counts from its line's start).
pub(crate) struct Converter<'a> {
    index: &'a LineIndex,
    text: &'a str,
    encoding: Encoding,
    /// The last offset converted, its line and its column.
    line: usize,
    at: usize,
    column: usize,
}

impl Converter<'_> {
    pub(crate) fn position(&mut self, offset: usize) -> Position {
        let offset = floor(self.text, offset);
        let next_line = self.index.starts.get(self.line + 1).copied();
        let same_line = offset >= self.at && next_line.is_none_or(|next| offset < next);
        if !same_line {
            self.line = self.index.line_of(offset);
            self.at = self.index.starts[self.line];
            self.column = 0;
        }
        let (_, end) = self.index.bounds(self.text, self.line);
        let to = offset.min(end);
        if to > self.at {
            self.column += self.encoding.units(&self.text[self.at..to]);
            self.at = to;
        }
        lsp_position(self.line, self.column)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_end_at_every_lsp_line_break() {
        let text = "a\nb\r\nc\rd";
        let index = LineIndex::new(text);
        assert_eq!(index.starts, [0, 2, 5, 7]);
        for (offset, line, column) in [(0, 0, 0), (2, 1, 0), (3, 1, 1), (4, 1, 1), (7, 3, 0)] {
            let position = index.position(text, offset, Encoding::Utf16);
            assert_eq!(
                (position.line, position.character),
                (line, column),
                "{offset}"
            );
        }
        assert_eq!(index.offset(text, Position::new(1, 9), Encoding::Utf16), 3);
        assert_eq!(index.offset(text, Position::new(9, 0), Encoding::Utf16), 8);
    }

    #[test]
    fn columns_count_utf16_units_or_bytes() {
        // é is 2 bytes and 1 UTF-16 unit; 𝄞 is 4 bytes and 2 units.
        let text = "é𝄞 http://a.b/~x\n";
        let index = LineIndex::new(text);
        let url = text.find("http").unwrap();
        assert_eq!(url, 7);
        let utf16 = index.position(text, url, Encoding::Utf16);
        assert_eq!((utf16.line, utf16.character), (0, 4));
        let utf8 = index.position(text, url, Encoding::Utf8);
        assert_eq!((utf8.line, utf8.character), (0, 7));
        assert_eq!(index.offset(text, utf16, Encoding::Utf16), url);
        assert_eq!(index.offset(text, utf8, Encoding::Utf8), url);
        // Inside the surrogate pair, or inside é's bytes: its start.
        assert_eq!(index.offset(text, Position::new(0, 2), Encoding::Utf16), 2);
        assert_eq!(index.offset(text, Position::new(0, 1), Encoding::Utf8), 0);
    }

    #[test]
    fn the_converter_agrees_with_position() {
        let text = "ab\r\ncé𝄞d\nxyz\r\n\nend";
        let index = LineIndex::new(text);
        for encoding in [Encoding::Utf8, Encoding::Utf16] {
            let offsets: Vec<usize> = (0..=text.len())
                .filter(|o| text.is_char_boundary(*o))
                .collect();
            let mut converter = index.converter(text, encoding);
            for offset in offsets.iter().copied().chain(offsets.iter().rev().copied()) {
                assert_eq!(
                    converter.position(offset),
                    index.position(text, offset, encoding),
                    "{offset} {encoding:?}"
                );
            }
        }
    }
}
