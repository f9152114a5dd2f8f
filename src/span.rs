//! Byte ranges into the parsed input, and the line and column they start at.
//!
//! Nodes store only byte offsets: a line and column are computed from the
//! source text when someone asks, so parsing pays nothing for them
//! (computing a column eagerly would rescan long lines for every node).

use core::fmt;
use core::ops::Range;

/// A byte range `start..end` of the input a node or an error refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Span {
    /// Offset of the first byte.
    pub start: usize,
    /// Offset one past the last byte.
    pub end: usize,
}

impl Span {
    /// The span `start..end`.
    pub const fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// Length in bytes.
    pub const fn len(&self) -> usize {
        self.end - self.start
    }

    /// Whether the span covers no byte.
    pub const fn is_empty(&self) -> bool {
        self.start == self.end
    }

    /// Whether `other` lies inside this span (bounds included).
    pub const fn contains(&self, other: Span) -> bool {
        self.start <= other.start && other.end <= self.end
    }

    /// The byte range, for slicing.
    pub const fn range(&self) -> Range<usize> {
        self.start..self.end
    }

    /// The line and column where the span starts in `source`, the text it
    /// was parsed from.
    ///
    /// ```
    /// let source = "see\nhttp://a.b/";
    /// let span = rfc1738::Span::new(4, 15);
    /// assert_eq!(span.location(source), rfc1738::Location { line: 2, column: 1 });
    /// ```
    pub fn location(&self, source: &str) -> Location {
        Location::of_offset(source, self.start)
    }
}

impl From<Span> for Range<usize> {
    fn from(span: Span) -> Self {
        span.range()
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

/// A 1-based line and column; the column counts characters (Unicode scalar
/// values), not bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Location {
    /// Line number, from 1; lines end at `\n`.
    pub line: u32,
    /// Column number, from 1, in characters.
    pub column: usize,
}

impl Location {
    /// The location of byte `offset` in `source`. An offset past the end, or
    /// inside a multi-byte character, is clamped to the character boundary
    /// before it.
    pub fn of_offset(source: &str, offset: usize) -> Location {
        let mut offset = offset.min(source.len());
        while !source.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &source[..offset];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
        Location {
            line: u32::try_from(line).unwrap_or(u32::MAX),
            column: before[line_start..].chars().count() + 1,
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn location_counts_lines_and_characters() {
        let source = "ab\ncé\nxyz";
        assert_eq!(
            Location::of_offset(source, 0),
            Location { line: 1, column: 1 }
        );
        assert_eq!(
            Location::of_offset(source, 3),
            Location { line: 2, column: 1 }
        );
        // "é" is two bytes but one column.
        assert_eq!(
            Location::of_offset(source, 6),
            Location { line: 2, column: 3 }
        );
        assert_eq!(
            Location::of_offset(source, 8),
            Location { line: 3, column: 2 }
        );
    }

    #[test]
    fn location_clamps_out_of_range_offsets() {
        assert_eq!(Location::of_offset("é", 1), Location { line: 1, column: 1 });
        assert_eq!(
            Location::of_offset("ab", 99),
            Location { line: 1, column: 3 }
        );
    }

    #[test]
    fn containment_is_inclusive() {
        assert!(Span::new(0, 5).contains(Span::new(0, 5)));
        assert!(Span::new(0, 5).contains(Span::new(2, 2)));
        assert!(!Span::new(1, 5).contains(Span::new(0, 2)));
    }
}
