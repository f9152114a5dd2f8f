//! Literals with a prefix (`r"..."`, `f'...'`, `R"x(...)x"`, `$"..."`),
//! C#'s verbatim strings and character literals.

use super::{Escapes, Interpolation, Language, Lexer};

impl Lexer<'_> {
    /// A literal whose prefix is `word` (at `start..end`), before `quote`.
    pub(super) fn prefixed_literal(
        &mut self,
        start: usize,
        end: usize,
        word: &str,
        quote: u8,
    ) -> bool {
        let lower = word.to_ascii_lowercase();
        match self.language {
            Language::Python
                if quote != b'#'
                    && lower.len() <= 2
                    && lower.chars().all(|c| "rbuf".contains(c)) =>
            {
                let raw = lower.contains('r');
                let interpolation = if lower.contains('f') {
                    Interpolation::Brace
                } else {
                    Interpolation::None
                };
                let escapes = if raw {
                    Escapes::None
                } else {
                    Escapes::Full { keep_unknown: true }
                };
                self.quoted(start, end, escapes, interpolation, true)
            }
            Language::Rust if matches!(lower.as_str(), "r" | "br" | "cr") => {
                let mut hashes = 0;
                let mut at = end;
                while self.bytes.get(at) == Some(&b'#') {
                    hashes += 1;
                    at += 1;
                }
                if self.bytes.get(at) != Some(&b'"') {
                    return false;
                }
                let mut closing = vec![b'"'];
                closing.extend(std::iter::repeat_n(b'#', hashes));
                self.raw_until(start, at + 1, &closing, b'"');
                true
            }
            Language::Rust if matches!(lower.as_str(), "b" | "c") && quote == b'"' => self.quoted(
                start,
                end,
                Escapes::Full {
                    keep_unknown: false,
                },
                Interpolation::None,
                false,
            ),
            Language::C if quote == b'"' && word.ends_with('R') && word.len() <= 3 => {
                // C++'s raw string: R"delim( ... )delim".
                let open = end + 1;
                let paren = self.bytes[open..].iter().take(17).position(|b| *b == b'(');
                let Some(paren) = paren.map(|i| open + i) else {
                    return false;
                };
                let mut closing = vec![b')'];
                closing.extend_from_slice(&self.bytes[open..paren]);
                closing.push(b'"');
                self.raw_until(start, paren + 1, &closing, b'"');
                true
            }
            Language::C if matches!(word, "L" | "u" | "U" | "u8") => self.quoted(
                start,
                end,
                Escapes::Full { keep_unknown: true },
                Interpolation::None,
                false,
            ),
            Language::Java if quote == b'"' && matches!(word, "$" | "$@" | "@$") => {
                // C#'s interpolated strings.
                self.quoted(
                    start,
                    end,
                    Escapes::Full {
                        keep_unknown: false,
                    },
                    Interpolation::Brace,
                    false,
                )
            }
            Language::Java if quote == b'"' && matches!(word, "s" | "f" | "raw") => {
                // Scala's interpolators.
                self.quoted(
                    start,
                    end,
                    Escapes::Full {
                        keep_unknown: false,
                    },
                    Interpolation::Dollar,
                    false,
                )
            }
            _ => false,
        }
    }

    /// C#'s `@"..."`, where `""` is a quote.
    pub(super) fn verbatim_csharp(&mut self, at: usize) -> bool {
        let mut close = at + 1;
        while close < self.bytes.len() {
            if self.bytes[close] == b'"' {
                if self.bytes.get(close + 1) == Some(&b'"') {
                    close += 2;
                    continue;
                }
                break;
            }
            close += 1;
        }
        self.raw_literal(at - 1, at + 1, close, close + 1, b'"');
        true
    }

    /// A character literal, or (Rust) a lifetime or label: skipped.
    pub(super) fn character(&mut self, at: usize) {
        let bytes = self.bytes;
        let end = if bytes.get(at + 1) == Some(&b'\\') {
            bytes[at + 2..]
                .iter()
                .take(12)
                .position(|b| *b == b'\'')
                .map(|i| at + 2 + i + 1)
        } else {
            let width = self.text[at + 1..].chars().next().map_or(1, char::len_utf8);
            (bytes.get(at + 1 + width) == Some(&b'\'')).then_some(at + 1 + width + 1)
        };
        self.at = end.unwrap_or(at + 1);
        self.code(b'\'');
    }
}
