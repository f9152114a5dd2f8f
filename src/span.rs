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

/// Where a node of the tree is: its text and its span, stored so that the
/// parse need not cut the text out.
///
/// Cutting a `&str` checks that both ends are character boundaries, and
/// those two checks at every node were a large part of `parse`'s time
/// (benches/records/log.md, "Nodes that do not cut their text"). So a node read from
/// the start of the caller's text (offset 0, as in `parse`, `check` and
/// every `&str` input) keeps that whole text, `source`, and its span, which
/// then indexes it; the text is cut when asked for. Elsewhere (a
/// `LocatedSpan` further on) `source` is the node's own text, cut once.
/// The two are told apart by their lengths: a `source` as long as the span
/// is the node's text, since a span as long as a whole text that starts at
/// offset 0 covers all of it.
#[derive(Clone, Copy)]
pub(crate) struct Place<'a> {
    source: &'a str,
    span: Span,
}

impl<'a> Place<'a> {
    /// The place of `span` in `source`, a text that starts at offset 0.
    #[inline(always)]
    pub(crate) const fn within(source: &'a str, span: Span) -> Self {
        Place { source, span }
    }

    /// The place of `text`, which is at `span`.
    #[inline(always)]
    pub(crate) fn exact(text: &'a str, span: Span) -> Self {
        debug_assert_eq!(text.len(), span.len());
        Place { source: text, span }
    }

    /// The text.
    #[inline]
    pub(crate) fn as_str(&self) -> &'a str {
        match self.source.len() == self.span.len() {
            true => self.source,
            false => self.source.get(self.span.range()).unwrap_or_default(),
        }
    }

    /// The span.
    #[inline(always)]
    pub(crate) fn span(&self) -> Span {
        self.span
    }
}

impl fmt::Debug for Place<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Place")
            .field("text", &self.as_str())
            .field("span", &self.span)
            .finish()
    }
}

/// Serialized as the two fields a node had before, `text` and `span`, which
/// the nodes flatten into their own.
#[cfg(feature = "serde")]
impl serde::Serialize for Place<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut place = serializer.serialize_struct("Place", 2)?;
        place.serialize_field("text", self.as_str())?;
        place.serialize_field("span", &self.span)?;
        place.end()
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

    /// A place within a text from offset 0 cuts its text on demand; an
    /// exact place is its text; a place within that covers the whole text
    /// reads as exact, and is the same text.
    #[test]
    fn places_give_their_text_and_span() {
        let source = "http://a.b/c";
        for (start, end) in [(0, 4), (7, 10), (11, 12), (12, 12), (0, 12)] {
            let span = Span::new(start, end);
            let within = Place::within(source, span);
            assert_eq!(within.as_str(), &source[start..end]);
            assert_eq!(within.span(), span);
            let shifted = Span::new(start + 100, end + 100);
            let exact = Place::exact(&source[start..end], shifted);
            assert_eq!(exact.as_str(), &source[start..end]);
            assert_eq!(exact.span(), shifted);
        }
        // Not at a character boundary (no production ends inside a
        // character): no text, and no panic.
        assert_eq!(Place::within("éa", Span::new(0, 1)).as_str(), "");
    }

    #[test]
    fn containment_is_inclusive() {
        assert!(Span::new(0, 5).contains(Span::new(0, 5)));
        assert!(Span::new(0, 5).contains(Span::new(2, 2)));
        assert!(!Span::new(1, 5).contains(Span::new(0, 2)));
    }
}
