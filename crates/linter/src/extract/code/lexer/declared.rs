//! The lexer of the languages whose syntax is declared
//! ([`super::syntax`]): comments and string literals found left to right,
//! names and the rest skipped. Every search for a closing delimiter either
//! finds it or ends the piece at the end of the text, and a search that
//! found nothing is not made again, so that reading stays linear.

use rfc1738::Span;

use super::delimiters::closing_bracket;
use super::syntax::{Form, Quote, Syntax};
use super::{balanced, find, Escapes, Interpolation, Lexer};

fn name_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_' || byte >= 0x80
}

impl Lexer<'_> {
    /// Reads the whole text (from the lexer's place) by `syntax`.
    pub(super) fn declared(&mut self, syntax: &Syntax) {
        if let Some(comments) = syntax.forms.iter().find_map(|form| match form {
            Form::Values(comments) => Some(*comments),
            _ => None,
        }) {
            self.values(comments, &syntax.quotes[0]);
            return;
        }
        // Where a search for a quasiquote's `|]` found none: no later one
        // will.
        let mut no_quasi_close = usize::MAX;
        let mut after_name = false;
        while self.at < self.bytes.len() {
            let at = self.at;
            let byte = self.bytes[at];
            let continues_name = name_byte(byte)
                || (byte == b'\'' && syntax.has(Form::CharQuote))
                || (matches!(byte, b'?' | b'!') && syntax.has(Form::NameMarks));
            if after_name && continues_name {
                self.at += 1;
                continue;
            }
            if self.declared_comment(syntax) || self.declared_literal(syntax, after_name) {
                after_name = false;
                continue;
            }
            if byte == b'[' && syntax.has(Form::QuasiQuotes) && at < no_quasi_close {
                if let Some(found) = self.quasiquote(at) {
                    if !found {
                        no_quasi_close = at;
                    }
                    after_name = false;
                    continue;
                }
            }
            after_name = name_byte(byte) || byte == b')' || byte == b']';
            self.at += 1;
        }
    }

    /// A comment at the lexer's place: whether one was read.
    fn declared_comment(&mut self, syntax: &Syntax) -> bool {
        let at = self.at;
        let rest = &self.bytes[at..];
        for (open, close) in syntax.blocks {
            if rest.starts_with(open.as_bytes()) {
                let end = self.block_end(at + open.len(), open, close, syntax.nested);
                self.comment(Span::new(at, end), syntax);
                return true;
            }
        }
        for open in syntax.line {
            if !rest.starts_with(open.as_bytes()) {
                continue;
            }
            let after = at + open.len();
            if syntax.has(Form::LongBrackets) {
                if let Some((level, content)) = self.long_bracket(after) {
                    let (_, end) = self.long_close(content, level);
                    self.comment(Span::new(at, end), syntax);
                    return true;
                }
            }
            let end = self.line_end(at);
            self.comment(Span::new(at, end), syntax);
            return true;
        }
        false
    }

    /// The end of a block comment whose content starts at `from`.
    fn block_end(&self, from: usize, open: &str, close: &str, nested: bool) -> usize {
        let bytes = self.bytes;
        if !nested {
            return find(bytes, from, close.as_bytes()).map_or(bytes.len(), |i| i + close.len());
        }
        let mut depth = 1usize;
        let mut at = from;
        while at < bytes.len() {
            if bytes[at..].starts_with(close.as_bytes()) {
                depth -= 1;
                at += close.len();
                if depth == 0 {
                    return at;
                }
            } else if bytes[at..].starts_with(open.as_bytes()) {
                depth += 1;
                at += open.len();
            } else {
                at += 1;
            }
        }
        bytes.len()
    }

    /// Pushes a comment; Haddock's `<url label>` as the URL alone, and a
    /// quasiquote's brackets in an example (`[uri|http://a.b/|]`) left
    /// out.
    fn comment(&mut self, span: Span, syntax: &Syntax) {
        self.at = span.end.max(self.at + 1);
        if !syntax.has(Form::Haddock) {
            self.pieces.comments.push(span);
            return;
        }
        let bytes = self.bytes;
        let mut from = span.start;
        let mut at = span.start;
        while let Some(open) = bytes[at..span.end]
            .iter()
            .position(|b| matches!(b, b'<' | b'|'))
        {
            let open = at + open;
            if bytes[open] == b'|' {
                let name = bytes[span.start..open]
                    .iter()
                    .rev()
                    .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.'))
                    .count();
                let quasi_open =
                    open > span.start + name && bytes[open - name - 1] == b'[' && name > 0;
                let quasi_close = bytes.get(open + 1) == Some(&b']');
                if quasi_open || quasi_close {
                    let start = if quasi_open { open - name - 1 } else { open };
                    self.pieces.comments.push(Span::new(from, start.max(from)));
                    from = open + 1 + usize::from(quasi_close);
                }
                at = open + 1;
                continue;
            }
            let link = &bytes[open + 1..span.end];
            let scheme = link
                .iter()
                .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
                .count();
            let close = link.iter().position(|b| matches!(b, b'>' | b'\n'));
            let space = link.iter().position(|b| *b == b' ');
            match (close, space) {
                (Some(close), Some(space))
                    if scheme > 0
                        && link[scheme] == b':'
                        && space < close
                        && link[close] == b'>' =>
                {
                    self.pieces.comments.push(Span::new(from, open));
                    self.pieces
                        .comments
                        .push(Span::new(open + 1, open + 1 + space));
                    from = open + 2 + close;
                    at = from;
                }
                _ => at = open + 1,
            }
        }
        self.pieces.comments.push(Span::new(from, span.end));
    }

    /// A string literal, a sigil or a character literal at the lexer's
    /// place: whether one was read.
    fn declared_literal(&mut self, syntax: &Syntax, after_name: bool) -> bool {
        let at = self.at;
        let bytes = self.bytes;
        let byte = bytes[at];
        for form in syntax.forms {
            let read = match *form {
                Form::LongBrackets if byte == b'[' => self.long_bracket(at).map(|(level, from)| {
                    let (close, end) = self.long_close(from, level);
                    self.raw_literal(at, from, close, end, b']');
                }),
                Form::RawR if matches!(byte, b'r' | b'R') && !after_name => self.raw_r(at),
                Form::HashRaw if byte == b'#' => self.hash_raw(at),
                Form::Sigils if byte == b'~' => self.sigil(at),
                Form::CharPrefix(prefix) if byte == prefix && !after_name => {
                    let width = if bytes.get(at + 1) == Some(&b'\\') {
                        3
                    } else {
                        2
                    };
                    let mut end = (at + width).min(bytes.len());
                    while !self.text.is_char_boundary(end) {
                        end += 1;
                    }
                    self.at = end;
                    Some(())
                }
                Form::CharQuote if byte == b'\'' && !after_name => {
                    self.character(at);
                    Some(())
                }
                _ => None,
            };
            if read.is_some() {
                return true;
            }
        }
        let rest = &bytes[at..];
        let Some(quote) = syntax
            .quotes
            .iter()
            .find(|q| !q.open.is_empty() && rest.starts_with(q.open.as_bytes()))
        else {
            return false;
        };
        // A prefix is a name's start, not its end (`bar"x"` is no `r"`).
        if after_name && quote.open.as_bytes()[0].is_ascii_alphabetic() {
            return false;
        }
        let from = at + quote.open.len();
        let close = self.quote_end(from, quote);
        let end = if bytes[close..].starts_with(quote.close.as_bytes()) {
            close + quote.close.len()
        } else {
            close
        };
        let quoted = quote.close.bytes().find(|b| *b != b'\n').unwrap_or(b'"');
        self.literal(
            at,
            from,
            close,
            end,
            quote.escapes,
            quote.interpolation,
            quoted,
        );
        true
    }

    /// Where a literal's closing delimiter is, from `from`: an escape
    /// skips the byte after it, an interpolation is skipped whole.
    fn quote_end(&self, from: usize, quote: &Quote) -> usize {
        let bytes = self.bytes;
        let close = quote.close.as_bytes();
        let escape = match quote.escapes {
            Escapes::Full { .. } | Escapes::QuoteOnly | Escapes::Marks(_) => Some(b'\\'),
            Escapes::Backtick => Some(b'`'),
            Escapes::None | Escapes::Doubled => None,
        };
        let mut at = from;
        while at < bytes.len() {
            let byte = bytes[at];
            let next = bytes.get(at + 1).copied();
            let open = match (byte, quote.interpolation, next) {
                (b'#', Interpolation::Hash, Some(b'{'))
                | (
                    b'$',
                    Interpolation::Dollar | Interpolation::DollarBrace | Interpolation::DollarParen,
                    Some(b'{'),
                )
                | (b'$', Interpolation::DollarParen, Some(b'('))
                | (b'\\', Interpolation::BackslashParen, Some(b'(')) => {
                    balanced(bytes, at + 1, bytes.len())
                }
                _ => None,
            };
            if let Some(close) = open {
                at = close + 1;
                continue;
            }
            if Some(byte) == escape {
                at += 2;
                continue;
            }
            if bytes[at..].starts_with(close) {
                if quote.doubled && bytes[at + close.len()..].starts_with(close) {
                    at += 2 * close.len();
                    continue;
                }
                return at;
            }
            if byte == b'\n' && !quote.multiline {
                return at;
            }
            at += 1;
        }
        bytes.len()
    }

    /// Lua's long bracket opening at `at` (`[[`, `[==[`): its level and
    /// where its content starts.
    fn long_bracket(&self, at: usize) -> Option<(usize, usize)> {
        if self.bytes.get(at) != Some(&b'[') {
            return None;
        }
        let level = self.bytes[at + 1..]
            .iter()
            .take_while(|b| **b == b'=')
            .count();
        (self.bytes.get(at + 1 + level) == Some(&b'[')).then_some((level, at + level + 2))
    }

    /// Where a long bracket of `level` closes from `from`, and the end of
    /// its closing bracket.
    fn long_close(&self, from: usize, level: usize) -> (usize, usize) {
        let mut closing = vec![b']'];
        closing.extend(std::iter::repeat_n(b'=', level));
        closing.push(b']');
        find(self.bytes, from, &closing).map_or((self.bytes.len(), self.bytes.len()), |i| {
            (i, i + closing.len())
        })
    }

    /// R's raw string at `at` (`r"(...)"`, `R'--[...]--'`).
    fn raw_r(&mut self, at: usize) -> Option<()> {
        let bytes = self.bytes;
        let quote = *bytes.get(at + 1).filter(|b| matches!(b, b'"' | b'\''))?;
        let dashes = bytes[at + 2..].iter().take_while(|b| **b == b'-').count();
        let opening = *bytes
            .get(at + 2 + dashes)
            .filter(|b| matches!(b, b'(' | b'[' | b'{'))?;
        let mut closing = vec![closing_bracket(opening)];
        closing.extend(std::iter::repeat_n(b'-', dashes));
        closing.push(quote);
        self.raw_until(at, at + 3 + dashes, &closing, quote);
        Some(())
    }

    /// Swift's raw string at `at`: `#"..."#`, `##"""..."""##`.
    fn hash_raw(&mut self, at: usize) -> Option<()> {
        let bytes = self.bytes;
        let hashes = bytes[at..].iter().take_while(|b| **b == b'#').count();
        let open = at + hashes;
        if bytes.get(open) != Some(&b'"') {
            return None;
        }
        let quotes = if bytes[open..].starts_with(b"\"\"\"") {
            3
        } else {
            1
        };
        let mut closing = vec![b'"'; quotes];
        closing.extend(std::iter::repeat_n(b'#', hashes));
        self.raw_until(at, open + quotes, &closing, b'"');
        Some(())
    }

    /// Elixir's sigil at `at`: `~s(...)`, `~S|...|`, `~w[...]`; a regular
    /// expression's (`~r`, `~R`) is skipped, holding no URL.
    fn sigil(&mut self, at: usize) -> Option<()> {
        let bytes = self.bytes;
        let letters = bytes[at + 1..]
            .iter()
            .take_while(|b| b.is_ascii_alphabetic())
            .count();
        let letter = *bytes.get(at + 1)?;
        if letters == 0 || (letters > 1 && !letter.is_ascii_uppercase()) {
            return None;
        }
        let open = at + 1 + letters;
        let opening = *bytes
            .get(open)
            .filter(|b| matches!(b, b'/' | b'|' | b'"' | b'\'' | b'(' | b'[' | b'{' | b'<'))?;
        let heredoc = matches!(opening, b'"' | b'\'') && bytes[open..].starts_with(&[opening; 3]);
        let (from, close, length) = if heredoc {
            let close = find(bytes, open + 3, &[opening; 3]).unwrap_or(bytes.len());
            (open + 3, close, 3)
        } else {
            (
                open + 1,
                self.delimited_end(open, opening, closing_bracket(opening)),
                1,
            )
        };
        let end = (close + length).min(bytes.len());
        if matches!(letter, b'r' | b'R') {
            self.at = end;
            return Some(());
        }
        let (escapes, interpolation) = if letter.is_ascii_lowercase() {
            (
                Escapes::Full {
                    keep_unknown: false,
                },
                Interpolation::Hash,
            )
        } else {
            (Escapes::None, Interpolation::None)
        };
        self.literal(at, from, close, end, escapes, interpolation, opening);
        Some(())
    }

    /// Haskell's quasiquote at `at` (`[r|...|]`, `[QQ.text|...|]`):
    /// `None` when none opens there, else whether its `|]` was found.
    fn quasiquote(&mut self, at: usize) -> Option<bool> {
        let bytes = self.bytes;
        let name = bytes[at + 1..]
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'\''))
            .count();
        if name == 0
            || !bytes[at + 1].is_ascii_alphabetic()
            || bytes.get(at + 1 + name) != Some(&b'|')
        {
            return None;
        }
        let from = at + name + 2;
        let close = find(bytes, from, b"|]")?;
        self.raw_literal(at, from, close, close + 2, b'|');
        Some(true)
    }

    /// Keys and values, a line each: a line that starts with one of
    /// `comments` is a comment, one that starts with `[` a section's
    /// name, and what follows a key's `=` or `:` (or, in Java's
    /// properties, its white space) a value read as `quote` says.
    fn values(&mut self, comments: &[u8], quote: &Quote) {
        let bytes = self.bytes;
        let properties = quote.multiline;
        let mut line = self.at;
        while line < bytes.len() {
            let end = self.line_end(line);
            let indent = bytes[line..end]
                .iter()
                .take_while(|b| matches!(b, b' ' | b'\t'))
                .count();
            let start = line + indent;
            let first = bytes.get(start).copied().filter(|_| start < end);
            let mut next = end + 1;
            match first {
                None => {}
                Some(byte) if comments.contains(&byte) => {
                    self.pieces.comments.push(Span::new(start, end));
                }
                Some(b'[') if !properties => {}
                Some(_) => {
                    if let Some(from) = value_start(&bytes[start..end], properties) {
                        let from = start + from;
                        let mut close = end;
                        if properties {
                            // A value continues while its line ends with
                            // an odd run of backslashes.
                            let mut line_end = end;
                            while continued(&bytes[from..line_end]) && line_end < bytes.len() {
                                line_end = self.line_end(line_end + 1);
                            }
                            close = line_end;
                        }
                        next = close + 1;
                        while close > from && matches!(bytes[close - 1], b' ' | b'\t' | b'\r') {
                            close -= 1;
                        }
                        self.literal(
                            from,
                            from,
                            close,
                            close,
                            quote.escapes,
                            quote.interpolation,
                            b'"',
                        );
                    }
                }
            }
            line = next;
        }
        self.at = bytes.len();
    }
}

/// Where a key's value starts in `line` (after its indent): after the
/// first `=` or `:`, white space skipped; in Java's properties also after
/// a key's white space, and a `\` escapes a separator.
fn value_start(line: &[u8], properties: bool) -> Option<usize> {
    let mut at = 0;
    while at < line.len() {
        match line[at] {
            b'\\' if properties => at += 2,
            b'=' | b':' => break,
            b' ' | b'\t' if properties => break,
            _ => at += 1,
        }
    }
    if at >= line.len() {
        return None;
    }
    let blank = |at: &mut usize| {
        while matches!(line.get(*at), Some(b' ' | b'\t')) {
            *at += 1;
        }
    };
    blank(&mut at);
    if matches!(line.get(at), Some(b'=' | b':')) {
        at += 1;
        blank(&mut at);
    }
    Some(at)
}

/// Whether a line of a value ends with an odd run of backslashes.
fn continued(line: &[u8]) -> bool {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    line.iter().rev().take_while(|b| **b == b'\\').count() % 2 == 1
}
