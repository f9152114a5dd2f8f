//! Literals read as written, with no escape and no interpolation: Go's
//! backquotes, Rust's and C++'s raw strings, C#'s verbatim strings, Lua's
//! long brackets, R's and Swift's raw strings, Haskell's quasiquotes.

use super::{find, Escapes, Interpolation, Lexer};

impl Lexer<'_> {
    /// A raw string from `at` whose content starts at `from` and ends
    /// before `closing` (or at the end of the text): no escape, no
    /// interpolation.
    pub(super) fn raw_until(&mut self, at: usize, from: usize, closing: &[u8], quote: u8) {
        let bytes = self.bytes;
        let close = find(bytes, from, closing).unwrap_or(bytes.len());
        let end = (close + closing.len()).min(bytes.len());
        self.raw_literal(at, from, close, end, quote);
    }

    /// A literal from `at` to `end` whose content is `from..close`, read as
    /// written: no escape, no interpolation.
    pub(super) fn raw_literal(
        &mut self,
        at: usize,
        from: usize,
        close: usize,
        end: usize,
        quote: u8,
    ) {
        self.literal(
            at,
            from,
            close,
            end,
            Escapes::None,
            Interpolation::None,
            quote,
        );
    }
}
