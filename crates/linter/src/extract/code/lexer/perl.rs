//! Perl's own forms: POD, the quote-like operators and their delimiters.

use super::delimiters::closing_bracket;
use super::{Escapes, Interpolation, Lexer};

impl Lexer<'_> {
    /// The end of a line of Perl's POD that starts at `at`: a command
    /// (`=head1`, `=cut`) or a paragraph of prose. An indented line of
    /// POD is a verbatim paragraph, an example of code: it is lexed as
    /// Perl (`None`), as are the lines outside POD.
    pub(super) fn pod_line(&mut self, at: usize) -> Option<usize> {
        let command =
            self.bytes[at] == b'=' && self.bytes.get(at + 1).is_some_and(u8::is_ascii_alphabetic);
        if !self.in_pod && !command {
            return None;
        }
        let end = self.line_end(at);
        if command {
            self.in_pod = !self.bytes[at..end].starts_with(b"=cut");
            return Some(end);
        }
        (!matches!(self.bytes[at], b' ' | b'\t')).then_some(end)
    }

    /// Perl's quote-like operators after the word at `start..end`: `q`,
    /// `qq`, `qw`, `qx` as strings; `m`, `qr`, `s`, `tr`, `y` as patterns,
    /// skipped whole. Any delimiter but a word's character, white space
    /// before `#`, a closing bracket, `=` (`q => 1`), `,` and `;`. Whether
    /// one was read.
    pub(super) fn quote_like(&mut self, start: usize, end: usize, word: &str) -> bool {
        let strings = matches!(word, "q" | "qq" | "qw" | "qx");
        let patterns = matches!(word, "m" | "qr" | "s" | "tr" | "y");
        // `$s`, `->s(`, `{s}` are no operators.
        let method = start >= 2 && &self.bytes[start - 2..start] == b"->";
        if !(strings || patterns) || method || (start > 0 && self.bytes[start - 1] == b'{') {
            return false;
        }
        let mut open = end;
        while matches!(self.bytes.get(open), Some(b' ' | b'\t')) {
            open += 1;
        }
        let Some(&opening) = self.bytes.get(open) else {
            return false;
        };
        let spaced = open > end;
        if opening.is_ascii_alphanumeric()
            || opening.is_ascii_whitespace()
            || opening >= 0x80
            || matches!(
                opening,
                b'_' | b')' | b']' | b'}' | b'>' | b'=' | b',' | b';'
            )
            || (spaced && opening == b'#')
        {
            return false;
        }
        let closing = closing_bracket(opening);
        let close = self.delimited_end(open, opening, closing);
        if patterns {
            let mut after = (close + 1).min(self.bytes.len());
            if matches!(word, "s" | "tr" | "y") {
                // The replacement: the same delimiter goes on, or a pair of
                // brackets opens again.
                if opening != closing {
                    while self.bytes.get(after).is_some_and(u8::is_ascii_whitespace) {
                        after += 1;
                    }
                    // Its delimiter is ASCII punctuation, as the first's
                    // is: a character beyond ASCII there (`s{a}㊦`) opens no
                    // replacement, and a search for its first byte would
                    // end inside a character (a fuzzer found it).
                    if let Some(&again) = self
                        .bytes
                        .get(after)
                        .filter(|byte| byte.is_ascii_punctuation())
                    {
                        let again_closing = closing_bracket(again);
                        after = (self.delimited_end(after, again, again_closing) + 1)
                            .min(self.bytes.len());
                    }
                } else {
                    after = (self.delimited_end(close, opening, closing) + 1).min(self.bytes.len());
                }
            }
            while self.bytes.get(after).is_some_and(u8::is_ascii_alphabetic) {
                after += 1;
            }
            self.at = after.max(end);
            self.code(b'/');
            return true;
        }
        let (escapes, interpolation) = match word {
            "qq" | "qx" => (
                Escapes::Full {
                    keep_unknown: false,
                },
                Interpolation::Dollar,
            ),
            _ => (Escapes::QuoteOnly, Interpolation::None),
        };
        self.literal(
            start,
            open + 1,
            close,
            close + 1,
            escapes,
            interpolation,
            closing,
        );
        true
    }
}
