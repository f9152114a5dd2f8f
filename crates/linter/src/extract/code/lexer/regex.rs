//! Regular-expression literals: where a `/` starts one, and where it ends.

use super::{Language, Lexer};

impl Lexer<'_> {
    /// Whether a `/` here starts a regular expression rather than a
    /// division: after an operator, an opening bracket, a keyword, or at
    /// the start; in Ruby also after a method name and a space (`split /,/`).
    pub(super) fn regex_may_start(&self) -> bool {
        const KEYWORDS: &[&str] = &[
            "return",
            "typeof",
            "case",
            "do",
            "else",
            "in",
            "of",
            "new",
            "delete",
            "void",
            "throw",
            "yield",
            "await",
            "instanceof",
            "if",
            "unless",
            "when",
            "elsif",
            "and",
            "or",
            "not",
            "then",
            "while",
            "until",
        ];
        if !self.last_word.is_empty() {
            if KEYWORDS.contains(&self.last_word) {
                return true;
            }
            let next = self.bytes.get(self.at + 1).copied().unwrap_or(b' ');
            return self.language == Language::Ruby && self.spaced && !next.is_ascii_whitespace();
        }
        matches!(
            self.last,
            0 | b'('
                | b','
                | b'='
                | b':'
                | b'['
                | b'!'
                | b'&'
                | b'|'
                | b'?'
                | b'{'
                | b'}'
                | b';'
                | b'+'
                | b'-'
                | b'*'
                | b'%'
                | b'<'
                | b'>'
                | b'~'
                | b'^'
        )
    }

    /// A regular expression from the `/` at `at`: skipped whole. One that
    /// does not close on its line is a division after all.
    pub(super) fn regex(&mut self, at: usize) -> bool {
        let mut class = false;
        let mut end = at + 1;
        while end < self.bytes.len() {
            match self.bytes[end] {
                b'\\' => end += 1,
                b'[' => class = true,
                b']' => class = false,
                b'/' if !class => break,
                b'\n' => return false,
                _ => {}
            }
            end += 1;
        }
        if end >= self.bytes.len() {
            return false;
        }
        end += 1;
        while self.bytes.get(end).is_some_and(u8::is_ascii_alphabetic) {
            end += 1;
        }
        self.at = end;
        self.code(b'/');
        true
    }
}
