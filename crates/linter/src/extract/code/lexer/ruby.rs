//! Ruby's `%` literals and the heredocs of Ruby, Perl and PHP.

use super::delimiters::closing_bracket;
use super::{Escapes, Interpolation, Language, Lexer};

impl Lexer<'_> {
    /// Ruby's `%q(...)`, `%Q[...]`, `%(...)`, `%w[...]`, `%r{...}` and
    /// their kin; a `%` that is an operator is code.
    pub(super) fn percent_literal(&mut self, at: usize) -> bool {
        let bytes = self.bytes;
        let (kind, open) = match bytes.get(at + 1) {
            Some(&kind @ (b'q' | b'Q' | b'w' | b'W' | b'i' | b'I' | b'r' | b's' | b'x')) => {
                (kind, at + 2)
            }
            Some(b'(' | b'[' | b'{' | b'<' | b'|' | b'!' | b'/') => (b'Q', at + 1),
            _ => return false,
        };
        let Some(&opening) = bytes.get(open) else {
            return false;
        };
        // Ruby takes no letter, digit, space or character beyond ASCII as
        // the delimiter (`%sÕ` is the operator `%` and a name).
        if opening.is_ascii_alphanumeric() || opening.is_ascii_whitespace() || opening >= 0x80 {
            return false;
        }
        // `x % (y)`: after a value, `%` is the operator.
        let after_value = (self.last_word.is_empty()
            && (self.last.is_ascii_alphanumeric()
                || matches!(self.last, b')' | b']' | b'}' | b'"' | b'\'')))
            || (!self.last_word.is_empty() && !self.spaced);
        if after_value && kind == b'Q' && open == at + 1 {
            return false;
        }
        let closing = closing_bracket(opening);
        let close = self.delimited_end(open, opening, closing);
        let close = close.min(bytes.len());
        if matches!(kind, b'r') {
            // A regular expression: no URL.
            self.at = (close + 1).min(bytes.len());
            while self.bytes.get(self.at).is_some_and(u8::is_ascii_alphabetic) {
                self.at += 1;
            }
            self.code(b'/');
            return true;
        }
        let (escapes, interpolation) = match kind {
            b'q' | b'w' | b'i' | b's' => (Escapes::QuoteOnly, Interpolation::None),
            _ => (
                Escapes::Full {
                    keep_unknown: false,
                },
                Interpolation::Hash,
            ),
        };
        self.literal(
            at,
            open + 1,
            close,
            close + 1,
            escapes,
            interpolation,
            closing,
        );
        true
    }

    /// A heredoc's opener (`<<~EOS`, `<<-'EOS'`, `<<<EOT` in PHP): its body
    /// is read from the next line; the opener is code.
    pub(super) fn heredoc(&mut self, at: usize) -> bool {
        let bytes = self.bytes;
        let mut from = at + if self.language == Language::Php { 3 } else { 2 };
        let mut indented = self.language == Language::Php;
        if matches!(self.language, Language::Ruby | Language::Perl) {
            // `a << b` is a shift or an append: a heredoc follows `<<` at once.
            if matches!(bytes.get(from), Some(b'~' | b'-')) {
                indented = true;
                from += 1;
            }
        } else {
            while bytes.get(from) == Some(&b' ') {
                from += 1;
            }
        }
        let quote = bytes
            .get(from)
            .copied()
            .filter(|b| matches!(b, b'\'' | b'"' | b'`'));
        let name_start = from + usize::from(quote.is_some());
        let name_length = bytes[name_start..]
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
            .count();
        if name_length == 0
            || (matches!(self.language, Language::Ruby | Language::Perl)
                && quote.is_none()
                && !bytes[name_start].is_ascii_uppercase())
        {
            return false;
        }
        let mut end = name_start + name_length;
        if let Some(quote) = quote {
            if bytes.get(end) != Some(&quote) {
                return false;
            }
            end += 1;
        }
        let name = self.text[name_start..name_start + name_length].to_owned();
        let (escapes, interpolation) = match (quote, self.language) {
            (Some(b'\''), _) => (Escapes::None, Interpolation::None),
            (_, Language::Php) => (Escapes::Full { keep_unknown: true }, Interpolation::Dollar),
            (_, Language::Perl) => (
                Escapes::Full {
                    keep_unknown: false,
                },
                Interpolation::Dollar,
            ),
            _ => (
                Escapes::Full {
                    keep_unknown: false,
                },
                Interpolation::Hash,
            ),
        };
        self.heredocs.push((name, indented, escapes, interpolation));
        self.at = end;
        self.code(b'"');
        true
    }
}
