//! The lexer of each language: where its comments and string literals
//! are, and how each literal's escapes and interpolation read. The rest
//! of the code is skipped.

use rfc1738::Span;

use super::Language;

mod declared;
mod delimiters;
mod perl;
mod prefixed;
mod raw;
mod regex;
mod ruby;
mod syntax;

/// How a string literal's escapes are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Escapes {
    /// C's and its successors': `\n`, `\xHH`, `\u{...}`, octal; an unknown
    /// escape keeps its backslash when `keep_unknown`.
    Full { keep_unknown: bool },
    /// Only `\\` and the quote (single-quoted strings of Ruby, PHP).
    QuoteOnly,
    /// None: a raw string.
    None,
    /// PowerShell's: a backtick escapes (`` `n ``, `` `$ ``).
    Backtick,
    /// None but the quote written twice (SQL's `'it''s'`).
    Doubled,
    /// A backslash before one of these bytes is that byte, and before any
    /// other a backslash: an INI value's `\#` and `\;`, which would open a
    /// comment (tox's, git's configuration).
    Marks(&'static [u8]),
}

/// What interpolation a string literal has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Interpolation {
    None,
    /// Ruby's `#{...}`, `#@var`.
    Hash,
    /// JavaScript's template literals: `${...}`.
    DollarBrace,
    /// PHP, Kotlin, Dart, Scala: `$name` and `${...}`, `{$...}`.
    Dollar,
    /// Python's f-strings and C#'s `$"..."`: `{...}`, `{{` for a brace.
    Brace,
    /// PowerShell and Julia: `$name`, `${...}` and `$(...)`.
    DollarParen,
    /// Swift's `\(...)`.
    BackslashParen,
}

/// A string literal of the source.
#[derive(Clone, Copy, Debug)]
pub(super) struct Literal {
    /// Its content, without the delimiters.
    pub(super) content: Span,
    /// From its prefix to its closing delimiter.
    pub(super) whole: Span,
    pub(super) escapes: Escapes,
    pub(super) interpolation: Interpolation,
    /// The quote a backslash escapes ([`Escapes::QuoteOnly`]).
    pub(super) quote: u8,
}

/// What the lexer found: comments and string literals, in order.
#[derive(Default)]
pub(super) struct Pieces {
    pub(super) comments: Vec<Span>,
    pub(super) literals: Vec<Literal>,
}

/// The lexer of one language: comments and string literals, the rest
/// skipped.
pub(super) struct Lexer<'a> {
    text: &'a str,
    bytes: &'a [u8],
    language: Language,
    at: usize,
    pieces: Pieces,
    /// The last byte of code that was not white space (0 at the start).
    last: u8,
    /// The last word of code, when the last byte ended one.
    last_word: &'a str,
    /// Whether white space came since the last byte of code.
    spaced: bool,
    /// Ruby's and PHP's heredocs that start at the next line: their
    /// terminator, whether it may be indented, and how their body reads.
    heredocs: Vec<(String, bool, Escapes, Interpolation)>,
    /// Whether Perl's POD is open (from a `=command` to `=cut`).
    in_pod: bool,
}

impl<'a> Lexer<'a> {
    pub(super) fn new(text: &'a str, language: Language) -> Lexer<'a> {
        Lexer {
            text,
            bytes: text.as_bytes(),
            language,
            at: 0,
            pieces: Pieces::default(),
            last: 0,
            last_word: "",
            spaced: true,
            heredocs: Vec::new(),
            in_pod: false,
        }
    }

    pub(super) fn run(mut self) -> Pieces {
        let language = self.language;
        // A `#!` line is no comment of the language (but is read as one).
        if self.bytes.starts_with(b"#!") {
            let end = self.line_end(0);
            self.pieces.comments.push(Span::new(0, end));
            self.at = end;
        }
        if let Some(syntax) = syntax::of(language) {
            self.declared(syntax);
            return self.pieces;
        }
        while self.at < self.bytes.len() {
            let at = self.at;
            let byte = self.bytes[at];
            let next = self.bytes.get(at + 1).copied().unwrap_or(0);
            if byte == b'\n' {
                self.at += 1;
                self.spaced = true;
                if !self.heredocs.is_empty() {
                    self.heredoc_bodies();
                }
                continue;
            }
            if byte.is_ascii_whitespace() {
                self.at += 1;
                self.spaced = true;
                continue;
            }
            if language.slash_comments() && byte == b'/' && next == b'/' {
                let end = self.line_end(at);
                self.pieces.comments.push(Span::new(at, end));
                self.at = end;
                continue;
            }
            if language.slash_comments() && byte == b'/' && next == b'*' {
                let end = find(self.bytes, at + 2, b"*/").map_or(self.bytes.len(), |i| i + 2);
                self.pieces.comments.push(Span::new(at, end));
                self.at = end;
                continue;
            }
            if language.hash_comments()
                && byte == b'#'
                && !(language == Language::Php && next == b'[')
            {
                let end = self.line_end(at);
                self.pieces.comments.push(Span::new(at, end));
                self.at = end;
                continue;
            }
            if language == Language::Ruby
                && byte == b'='
                && self.at_line_start(at)
                && self.bytes[at..].starts_with(b"=begin")
            {
                let end = find(self.bytes, at, b"\n=end")
                    .map_or(self.bytes.len(), |i| self.line_end(i + 1));
                self.pieces.comments.push(Span::new(at, end));
                self.at = end;
                continue;
            }
            if language == Language::Perl && self.at_line_start(at) {
                if let Some(end) = self.pod_line(at) {
                    self.pieces.comments.push(Span::new(at, end));
                    self.at = end;
                    continue;
                }
            }
            if language == Language::Perl
                && byte == b'_'
                && self.at_line_start(at)
                && (self.bytes[at..].starts_with(b"__END__")
                    || self.bytes[at..].starts_with(b"__DATA__"))
            {
                // What follows is data (Test::Nginx's blocks, a template):
                // prose to the end.
                self.pieces.comments.push(Span::new(at, self.bytes.len()));
                self.at = self.bytes.len();
                continue;
            }
            if byte.is_ascii_alphabetic()
                || byte == b'_'
                || (byte == b'$' && language != Language::Php)
                || byte >= 0x80
            {
                if self.word_or_prefixed_literal() {
                    continue;
                }
                continue;
            }
            if byte.is_ascii_digit() {
                while self.at < self.bytes.len()
                    && (self.bytes[self.at].is_ascii_alphanumeric()
                        || self.bytes[self.at] == b'.'
                        || self.bytes[self.at] == b'_')
                {
                    self.at += 1;
                }
                self.code(self.bytes[self.at - 1]);
                continue;
            }
            if self.literal_at(at) {
                continue;
            }
            self.at += 1;
            self.code(byte);
        }
        self.pieces
    }

    /// A byte of code was read.
    fn code(&mut self, byte: u8) {
        self.last = byte;
        self.last_word = "";
        self.spaced = false;
    }

    fn line_end(&self, at: usize) -> usize {
        memchr::memchr(b'\n', &self.bytes[at..]).map_or(self.bytes.len(), |i| at + i)
    }

    fn at_line_start(&self, at: usize) -> bool {
        at == 0 || self.bytes[at - 1] == b'\n'
    }

    /// A word of code, or a string literal with a prefix (`r"..."`,
    /// `f'...'`, `R"x(...)x"`, `%w[...]` is not here): whether the lexer
    /// moved on.
    fn word_or_prefixed_literal(&mut self) -> bool {
        // A step that ended inside a character (it never should) moves on
        // to the next, rather than cut the text there and panic.
        if !self.text.is_char_boundary(self.at) {
            self.at += 1;
            return true;
        }
        let start = self.at;
        let mut end = start;
        while end < self.bytes.len()
            && (self.bytes[end].is_ascii_alphanumeric()
                || matches!(self.bytes[end], b'_' | b'$')
                || self.bytes[end] >= 0x80)
        {
            end += 1;
        }
        while !self.text.is_char_boundary(end) {
            end += 1;
        }
        let word = &self.text[start..end];
        if self.language == Language::Perl && self.quote_like(start, end, word) {
            return true;
        }
        let quote = self.bytes.get(end).copied();
        if let Some(quote @ (b'"' | b'\'' | b'#')) = quote {
            if self.prefixed_literal(start, end, word, quote) {
                return true;
            }
        }
        self.at = end;
        self.last = self.bytes[end - 1];
        self.last_word = word;
        self.spaced = false;
        true
    }

    /// A literal opened by one or three quotes at `open` (after a prefix
    /// from `start`).
    fn quoted(
        &mut self,
        start: usize,
        open: usize,
        escapes: Escapes,
        interpolation: Interpolation,
        triple: bool,
    ) -> bool {
        let quote = self.bytes[open];
        let three = [quote; 3];
        if triple && self.bytes[open..].starts_with(&three) {
            let content_start = open + 3;
            let close = self.closing(content_start, &three, true, interpolation);
            self.literal(
                start,
                content_start,
                close,
                (close + 3).min(self.bytes.len()),
                escapes,
                interpolation,
                quote,
            );
            return true;
        }
        let multiline = matches!(
            self.language,
            Language::Rust | Language::Ruby | Language::Php | Language::Perl
        ) || (self.language == Language::JavaScript && quote == b'`');
        let content_start = open + 1;
        let close = self.closing(content_start, &[quote], multiline, interpolation);
        let whole_end = if self.bytes.get(close) == Some(&quote) {
            close + 1
        } else {
            close
        };
        self.literal(
            start,
            content_start,
            close,
            whole_end,
            escapes,
            interpolation,
            quote,
        );
        true
    }

    /// Where the closing delimiter is, from `from`: a backslash skips the
    /// byte after it; a line break ends a string that cannot hold one; an
    /// interpolation is skipped whole (`"#{h["k"]}"` holds quotes).
    fn closing(
        &self,
        from: usize,
        delimiter: &[u8],
        multiline: bool,
        interpolation: Interpolation,
    ) -> usize {
        let bytes = self.bytes;
        let mut at = from;
        while at < bytes.len() {
            let byte = bytes[at];
            if byte == b'\\' {
                at += 2;
                continue;
            }
            if byte == b'\n' && !multiline {
                return at;
            }
            if bytes[at..].starts_with(delimiter) {
                return at;
            }
            let open = match (byte, interpolation) {
                (b'#', Interpolation::Hash)
                | (b'$', Interpolation::DollarBrace | Interpolation::Dollar)
                    if bytes.get(at + 1) == Some(&b'{') =>
                {
                    Some(at + 1)
                }
                (b'{', Interpolation::Brace) if bytes.get(at + 1) != Some(&b'{') => Some(at),
                _ => None,
            };
            if let Some(close) = open.and_then(|open| balanced(bytes, open, bytes.len())) {
                at = close + 1;
                continue;
            }
            at += 1;
        }
        bytes.len()
    }

    #[allow(clippy::too_many_arguments)]
    fn literal(
        &mut self,
        start: usize,
        content_start: usize,
        close: usize,
        end: usize,
        escapes: Escapes,
        interpolation: Interpolation,
        quote: u8,
    ) {
        let close = close
            .min(self.bytes.len())
            .max(content_start.min(self.bytes.len()));
        let end = end.min(self.bytes.len()).max(close);
        self.pieces.literals.push(Literal {
            content: Span::new(content_start.min(close), close),
            whole: Span::new(start, end),
            escapes,
            interpolation,
            quote,
        });
        self.at = end.max(start + 1);
        self.code(b'"');
    }

    /// A literal that starts with the punctuation at `at`: quotes, Ruby's
    /// `%` literals and heredocs, regular expressions. Whether one did.
    fn literal_at(&mut self, at: usize) -> bool {
        let byte = self.bytes[at];
        let next = self.bytes.get(at + 1).copied().unwrap_or(0);
        let language = self.language;
        match (language, byte) {
            (Language::Python, b'"' | b'\'') => self.quoted(
                at,
                at,
                Escapes::Full { keep_unknown: true },
                Interpolation::None,
                true,
            ),
            (Language::Ruby, b'"' | b'`') => self.quoted(
                at,
                at,
                Escapes::Full {
                    keep_unknown: false,
                },
                Interpolation::Hash,
                false,
            ),
            (Language::Ruby | Language::Php, b'\'') => {
                self.quoted(at, at, Escapes::QuoteOnly, Interpolation::None, false)
            }
            (Language::Php, b'"' | b'`') => self.quoted(
                at,
                at,
                Escapes::Full { keep_unknown: true },
                Interpolation::Dollar,
                false,
            ),
            (Language::JavaScript, b'`') => self.quoted(
                at,
                at,
                Escapes::Full {
                    keep_unknown: false,
                },
                Interpolation::DollarBrace,
                false,
            ),
            (Language::JavaScript | Language::Json, b'"' | b'\'') => self.quoted(
                at,
                at,
                Escapes::Full {
                    keep_unknown: false,
                },
                Interpolation::None,
                false,
            ),
            (Language::Go, b'`') => {
                self.raw_until(at, at + 1, b"`", b'`');
                true
            }
            (Language::Toml, b'"') => self.quoted(
                at,
                at,
                Escapes::Full {
                    keep_unknown: false,
                },
                Interpolation::None,
                true,
            ),
            (Language::Toml, b'\'') => {
                self.quoted(at, at, Escapes::None, Interpolation::None, true)
            }
            (Language::Java, b'"') => {
                if self.text[..at].ends_with('@') {
                    return self.verbatim_csharp(at);
                }
                let interpolation = Interpolation::Dollar;
                // Kotlin's, Scala's and C#'s `"""` are raw: a pattern's
                // `\?` stays two characters (Java's text blocks decode
                // their escapes, seldom in a URL).
                let escapes = match self.bytes[at..].starts_with(b"\"\"\"") {
                    true => Escapes::None,
                    false => Escapes::Full {
                        keep_unknown: false,
                    },
                };
                self.quoted(at, at, escapes, interpolation, true)
            }
            (Language::C | Language::Go | Language::Rust | Language::Po, b'"') => self.quoted(
                at,
                at,
                Escapes::Full { keep_unknown: true },
                Interpolation::None,
                false,
            ),
            (Language::C | Language::Java | Language::Go | Language::Rust, b'\'') => {
                self.character(at);
                true
            }
            (Language::Perl, b'"' | b'`') => self.quoted(
                at,
                at,
                Escapes::Full {
                    keep_unknown: false,
                },
                Interpolation::Dollar,
                false,
            ),
            (Language::Perl, b'\'') => {
                self.quoted(at, at, Escapes::QuoteOnly, Interpolation::None, false)
            }
            (Language::JavaScript | Language::Ruby | Language::Perl, b'/')
                if next != b'/' && next != b'*' && self.regex_may_start() =>
            {
                self.regex(at)
            }
            (Language::Ruby, b'%') => self.percent_literal(at),
            (Language::Ruby | Language::Perl, b'<') if next == b'<' => self.heredoc(at),
            (Language::Php, b'<') if self.bytes[at..].starts_with(b"<<<") => self.heredoc(at),
            _ => false,
        }
    }

    /// The bodies of the heredocs opened on the line that just ended.
    fn heredoc_bodies(&mut self) {
        for (name, indented, escapes, interpolation) in std::mem::take(&mut self.heredocs) {
            let start = self.at;
            let mut line = start;
            let mut close = self.bytes.len();
            let mut end = self.bytes.len();
            while line < self.bytes.len() {
                let line_end = self.line_end(line);
                let content = &self.text[line..line_end];
                let content = if indented {
                    content.trim_start()
                } else {
                    content
                };
                let content = content.trim_end_matches('\r');
                let terminator = content.strip_prefix(name.as_str()).is_some_and(|rest| {
                    !rest.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
                });
                if terminator {
                    close = line;
                    end = line_end;
                    break;
                }
                line = line_end + 1;
            }
            self.pieces.literals.push(Literal {
                content: Span::new(start, close.max(start)),
                whole: Span::new(start, end.max(start)),
                escapes,
                interpolation,
                quote: b'"',
            });
            self.at = end.min(self.bytes.len());
        }
    }
}

/// The index of the bracket that closes the one at `open` (`{`, `(`, `[`),
/// before `end`, nested brackets counted.
pub(super) fn balanced(bytes: &[u8], open: usize, end: usize) -> Option<usize> {
    let (opening, closing) = match bytes.get(open)? {
        b'{' => (b'{', b'}'),
        b'(' => (b'(', b')'),
        b'[' => (b'[', b']'),
        _ => return None,
    };
    let mut depth = 0usize;
    // An interpolation is short: one that does not close within its reach
    // is none (this keeps a line of a million `#{` linear).
    let end = end.min(open + MAX_INTERPOLATION);
    for (at, byte) in bytes.iter().enumerate().take(end).skip(open) {
        if *byte == opening {
            depth += 1;
        } else if *byte == closing {
            depth -= 1;
            if depth == 0 {
                return Some(at);
            }
        } else if *byte == b'\n' && at - open > 256 {
            return None;
        }
    }
    None
}

/// The longest interpolation or bracketed expression, in bytes.
const MAX_INTERPOLATION: usize = 256;

/// The first place of `needle` in `bytes` from `from`.
pub(super) fn find(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    memchr::memmem::find(bytes.get(from..)?, needle).map(|i| from + i)
}
