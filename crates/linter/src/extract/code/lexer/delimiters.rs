//! Where a literal opened by a delimiter of the writer's choice closes:
//! Perl's quote-like operators and Ruby's `%` literals.

use super::Lexer;

/// The bracket that closes `opening` (`(`, `[`, `{`, `<`), or the same
/// byte for a delimiter that is no bracket (`|`, `,`, `!`).
pub(super) fn closing_bracket(opening: u8) -> u8 {
    match opening {
        b'(' => b')',
        b'[' => b']',
        b'{' => b'}',
        b'<' => b'>',
        other => other,
    }
}

impl Lexer<'_> {
    /// The index of the delimiter that closes the one at `open` (nested
    /// brackets counted, a backslash escaping), or the end of the text.
    pub(super) fn delimited_end(&self, open: usize, opening: u8, closing: u8) -> usize {
        let bytes = self.bytes;
        let mut depth = 0usize;
        let mut at = open + 1;
        while at < bytes.len() {
            let byte = bytes[at];
            if byte == b'\\' {
                at += 2;
                continue;
            }
            if byte == opening && opening != closing {
                depth += 1;
            } else if byte == closing {
                if depth == 0 {
                    return at;
                }
                depth -= 1;
            }
            at += 1;
        }
        bytes.len()
    }
}
