//! Source code and data files read as what they are: the URLs of their
//! comments and string literals only.
//!
//! - A comment is prose, read by the appendix's rules; a code span in it
//!   (between backticks) is code, as in Markdown: read only when code is
//!   asked for, and never fixed.
//! - A string literal's escapes are decoded before its URLs are read
//!   (`"a\nb"`, `'\\'`, `"\u003d"`), each decoded character mapped back to
//!   the escape it was written as, so that spans, columns and fixes stay
//!   exact.
//! - Interpolation and format placeholders (`#{...}`, `${...}`, an
//!   f-string's `{...}`, `%s`, `%.*s`, `%{name}`, `{}`) are placeholders of
//!   a template (U022): the rest of the URL is checked with a value in
//!   their place.
//! - Regular-expression literals, and strings that are patterns (`\.`,
//!   `[^/]`, `(?:`, anchors), hold no URL.
//! - A URL in a string literal is fixed only when the string's value is the
//!   URL (and is no format string): a fix then changes the value to an
//!   equivalent URL and writes it with the string's own escapes.
//!
//! The lexers are written here rather than taken from a parser generator's
//! grammars: they need to tell comments, string literals and their escapes
//! from the rest, no more, and the build of eleven generated parsers would
//! cost the tool more than the rest of it (BENCHMARKS.md, "Reading source
//! code").

use rfc1738::scan::ScannedUrl;
use rfc1738::Span;

use super::mapped::{blanked, Mapped};
use super::Extracted;

/// A language whose comments and strings the linter reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Language {
    /// C, and C++ (raw strings `R"x(...)x"`).
    C,
    /// Java, Kotlin, Scala, C#, Dart, Swift: C's comments and strings,
    /// `$name` and `${...}` interpolation (Kotlin, Dart, Scala), text
    /// blocks.
    Java,
    /// Go: raw strings in backquotes.
    Go,
    /// Rust: raw strings `r#"..."#`, lifetimes that are no character.
    Rust,
    /// JavaScript and TypeScript: template literals, regular expressions.
    JavaScript,
    /// PHP: `#` comments too, `$var` interpolation, heredocs.
    Php,
    /// Python: prefixes, triple quotes, f-strings.
    Python,
    /// Ruby: `#{...}`, `%q()` and its kin, regular expressions, heredocs.
    Ruby,
    /// Shell scripts: words, quotes and comments are all read as prose, the
    /// quotes delimiting.
    Shell,
    /// JSON (and JSON with comments).
    Json,
    /// TOML.
    Toml,
    /// YAML: read as prose, the quotes delimiting.
    Yaml,
}

impl Language {
    /// The language of a file by its extension (lower case) or its name.
    pub fn of_name(name: &str) -> Option<Language> {
        let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
        match base {
            "Rakefile" | "Gemfile" | "Guardfile" | "Podfile" | "Vagrantfile" | "Brewfile"
            | "Capfile" | "Fastfile" | "Dangerfile" | "Berksfile" => return Some(Language::Ruby),
            "Pipfile" | "Cargo.lock" | "poetry.lock" => return Some(Language::Toml),
            ".bashrc" | ".bash_profile" | ".profile" | ".zshrc" | "PKGBUILD" | "configure" => {
                return Some(Language::Shell)
            }
            _ => {}
        }
        let extension = base.rsplit_once('.')?.1.to_ascii_lowercase();
        Some(match extension.as_str() {
            "c" | "h" | "cc" | "cpp" | "cxx" | "c++" | "hh" | "hpp" | "hxx" | "h++" | "ino"
            | "m" | "mm" | "cu" | "cuh" => Language::C,
            "java" | "kt" | "kts" | "scala" | "sc" | "cs" | "dart" | "swift" | "groovy"
            | "gradle" => Language::Java,
            "go" => Language::Go,
            "rs" => Language::Rust,
            "js" | "mjs" | "cjs" | "jsx" | "ts" | "mts" | "cts" | "tsx" | "vue" | "svelte" => {
                Language::JavaScript
            }
            "php" | "phtml" => Language::Php,
            "py" | "pyi" | "pyw" | "pyx" | "pxd" | "bzl" | "star" => Language::Python,
            "rb" | "rake" | "gemspec" | "ru" | "podspec" | "thor" | "jbuilder" => Language::Ruby,
            "sh" | "bash" | "zsh" | "ksh" | "dash" | "bats" | "fish" => Language::Shell,
            "json" | "jsonc" | "json5" | "geojson" | "webmanifest" | "har" | "ipynb" | "map" => {
                Language::Json
            }
            "toml" => Language::Toml,
            "yaml" | "yml" => Language::Yaml,
            _ => return None,
        })
    }

    /// The language of an interpreter named by a `#!` line (`python3`,
    /// `ruby`, `node`, `bash`).
    pub fn of_interpreter(name: &str) -> Option<Language> {
        let name = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
        Some(match name {
            "python" | "pypy" => Language::Python,
            "ruby" | "jruby" => Language::Ruby,
            "node" | "nodejs" | "deno" | "bun" | "ts-node" => Language::JavaScript,
            "php" => Language::Php,
            "sh" | "bash" | "zsh" | "ksh" | "dash" | "ash" | "mksh" | "fish" => Language::Shell,
            _ => return None,
        })
    }

    /// The language of an Emacs or Vim mode name.
    pub fn of_mode(name: &str) -> Option<Language> {
        Some(match name.to_ascii_lowercase().as_str() {
            "c" | "c++" | "cpp" | "objc" => Language::C,
            "java" | "kotlin" | "scala" | "csharp" | "cs" | "dart" | "swift" | "groovy" => {
                Language::Java
            }
            "go" => Language::Go,
            "rust" => Language::Rust,
            "javascript" | "js" | "typescript" | "ts" => Language::JavaScript,
            "php" => Language::Php,
            "python" => Language::Python,
            "ruby" => Language::Ruby,
            "sh" | "shell-script" | "bash" | "zsh" => Language::Shell,
            "json" => Language::Json,
            "toml" => Language::Toml,
            "yaml" => Language::Yaml,
            _ => return None,
        })
    }

    /// Whether the whole file is read as prose, its quotes delimiting.
    fn as_prose(self) -> bool {
        matches!(self, Language::Shell | Language::Yaml)
    }

    /// Whether its comments are `//` and `/* */`.
    fn slash_comments(self) -> bool {
        matches!(
            self,
            Language::C
                | Language::Java
                | Language::Go
                | Language::Rust
                | Language::JavaScript
                | Language::Php
                | Language::Json
        )
    }

    /// Whether its comments start with `#`.
    fn hash_comments(self) -> bool {
        matches!(
            self,
            Language::Python | Language::Ruby | Language::Php | Language::Toml
        )
    }

    /// Whether its strings may be format strings (printf's `%s`).
    fn formats(self) -> bool {
        !matches!(self, Language::Json | Language::Toml | Language::Yaml)
    }
}

/// How a string literal's escapes are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Escapes {
    /// C's and its successors': `\n`, `\xHH`, `\u{...}`, octal; an unknown
    /// escape keeps its backslash when `keep_unknown`.
    Full { keep_unknown: bool },
    /// Only `\\` and the quote (single-quoted strings of Ruby, PHP).
    QuoteOnly,
    /// None: a raw string.
    None,
}

/// What interpolation a string literal has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Interpolation {
    None,
    /// Ruby's `#{...}`, `#@var`.
    Hash,
    /// JavaScript's template literals: `${...}`.
    DollarBrace,
    /// PHP, Kotlin, Dart, Scala: `$name` and `${...}`, `{$...}`.
    Dollar,
    /// Python's f-strings and C#'s `$"..."`: `{...}`, `{{` for a brace.
    Brace,
}

/// A string literal of the source.
#[derive(Clone, Copy, Debug)]
struct Literal {
    /// Its content, without the delimiters.
    content: Span,
    /// From its prefix to its closing delimiter.
    whole: Span,
    escapes: Escapes,
    interpolation: Interpolation,
    /// The quote a backslash escapes ([`Escapes::QuoteOnly`]).
    quote: u8,
}

/// What the lexer found: comments and string literals, in order.
#[derive(Default)]
struct Pieces {
    comments: Vec<Span>,
    literals: Vec<Literal>,
}

/// The URLs of a source file in `language`, in order; `code` also reads
/// the code spans of comments.
pub(crate) fn urls(text: &str, language: Language, code: bool) -> Vec<Extracted> {
    if language.as_prose() {
        return prose_with_quotes(text, language);
    }
    let pieces = Lexer::new(text, language).run();
    let mut found = comment_urls(text, language, &pieces.comments, code);
    for literal in &pieces.literals {
        literal_urls(text, language, literal, code, &mut found);
    }
    found.sort_by_key(|extracted| {
        let span = extracted.url.span_with_fragment();
        (span.start, span.end)
    });
    found.dedup_by_key(|extracted| extracted.url.span_with_fragment());
    found
}

/// A shell script or a YAML file: every word is read, as prose whose
/// quotes delimit (`curl 'https://a.b/c'`, `url: "https://a.b/"`).
fn prose_with_quotes(text: &str, language: Language) -> Vec<Extracted> {
    let quotes = text
        .bytes()
        .enumerate()
        .filter(|(_, b)| matches!(b, b'\'' | b'"' | b'`'))
        .map(|(at, _)| at);
    let mut read = blanked(text, quotes).into_bytes();
    if language == Language::Shell {
        shell_expansions(&mut read);
    }
    // Only ASCII bytes were blanked.
    let read = String::from_utf8(read).unwrap_or_else(|_| text.to_owned());
    // No blanked byte is in a URL: the URLs read are the file's.
    rfc1738::scan::Scanner::new(&read)
        .map(|url| Extracted { url, fixable: true })
        .collect()
}

/// What of a shell script is not prose: the regular expression after
/// `=~` (to the `]]`), blanked; the `}` that closes a parameter expansion
/// holding a URL (`${URL#https://github.com/}`, `${U:-https://a.b/}`),
/// blanked so that the URL ends before it.
fn shell_expansions(read: &mut [u8]) {
    let mut at = 0;
    while at + 1 < read.len() {
        if read[at] == b'=' && read[at + 1] == b'~' {
            let end = memchr::memmem::find(&read[at..], b"]]")
                .map(|i| at + i)
                .filter(|end| !read[at..*end].contains(&b'\n'))
                .unwrap_or(at);
            for byte in &mut read[at..end] {
                *byte = b' ';
            }
            at = end.max(at + 2);
            continue;
        }
        if read[at] == b'$' && read[at + 1] == b'{' {
            if let Some(close) = balanced(read, at + 1, read.len()) {
                if let Some(colon) = memchr::memmem::find(&read[at..close], b"://") {
                    read[close] = b' ';
                    // The name and the operator before the URL (`#`, `%`,
                    // `:-`) are no part of it either.
                    let mut scheme = at + colon;
                    while scheme > at + 2 && read[scheme - 1].is_ascii_alphanumeric() {
                        scheme -= 1;
                    }
                    for byte in &mut read[at..scheme] {
                        *byte = b' ';
                    }
                }
                at = close + 1;
                continue;
            }
        }
        at += 1;
    }
}

/// The URLs of the comments: prose, read in a copy of the file where all
/// but the comments is blank (so every offset is the file's). Code spans
/// (between backticks) delimit; their URLs are read only with `code`, and
/// never fixed.
fn comment_urls(text: &str, language: Language, comments: &[Span], code: bool) -> Vec<Extracted> {
    if comments.is_empty() {
        return Vec::new();
    }
    let bytes = text.as_bytes();
    let mut read = vec![b' '; bytes.len()];
    for (at, byte) in bytes.iter().enumerate() {
        if *byte == b'\n' {
            read[at] = b'\n';
        }
    }
    let mut code_spans = Vec::new();
    for comment in comments {
        read[comment.range()].copy_from_slice(&bytes[comment.range()]);
        link_braces(&mut read, *comment);
        if language == Language::Ruby {
            // Code in a Ruby comment interpolates as Ruby does: `#{x}` is
            // a placeholder, read as the library's `${x}` (as long).
            for at in comment.start..comment.end.saturating_sub(1) {
                if read[at] == b'#' && read[at + 1] == b'{' {
                    read[at] = b'$';
                }
            }
        }
        for span in code_spans_in(text, *comment) {
            if code {
                read[span.start] = b' ';
                read[span.end - 1] = b' ';
            } else {
                for at in span.range() {
                    if read[at] != b'\n' {
                        read[at] = b' ';
                    }
                }
            }
            code_spans.push(span);
        }
    }
    // Whole characters were copied or blanked: the copy is UTF-8.
    let Ok(read) = String::from_utf8(read) else {
        return Vec::new();
    };
    rfc1738::scan::Scanner::new(&read)
        .map(|url| {
            let place = url.span_with_fragment();
            let fixable = !code_spans
                .iter()
                .any(|span| span.start < place.end && place.start < span.end);
            Extracted { url, fixable }
        })
        .collect()
}

/// Blanks the braces around a URL in documentation comments (YARD's
/// `{https://a.b/ text}`, JSDoc's `{@link https://a.b/}`): a `{` right
/// before a scheme or `@`, and the next `}` on its line. A placeholder
/// (`{path}`) is left as it is.
fn link_braces(read: &mut [u8], within: Span) {
    let mut at = within.start;
    while at < within.end {
        if read[at] != b'{' {
            at += 1;
            continue;
        }
        let rest = &read[at + 1..within.end];
        let scheme = rest
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
            .count();
        let opens_link = rest.first() == Some(&b'@')
            || (scheme > 0 && rest.get(scheme) == Some(&b':') && rest[0].is_ascii_alphabetic());
        if !opens_link {
            at += 1;
            continue;
        }
        let Some(close) = rest.iter().position(|b| matches!(b, b'}' | b'\n')) else {
            break;
        };
        if rest[close] == b'}' {
            read[at] = b' ';
            read[at + 1 + close] = b' ';
        }
        at += 1 + close;
    }
}

/// The code spans of a piece of prose: from a backtick to the next on the
/// same line (with its delimiters).
fn code_spans_in(text: &str, within: Span) -> Vec<Span> {
    let bytes = text.as_bytes();
    let mut spans = Vec::new();
    let mut at = within.start;
    while let Some(open) = bytes[at..within.end].iter().position(|b| *b == b'`') {
        let open = at + open;
        let close = bytes[open + 1..within.end]
            .iter()
            .position(|b| matches!(b, b'`' | b'\n'));
        match close.map(|i| open + 1 + i) {
            Some(close) if bytes[close] == b'`' => {
                spans.push(Span::new(open, close + 1));
                at = close + 1;
            }
            _ => at = open + 1,
        }
    }
    spans
}

/// The URLs of one string literal, pushed onto `found`.
fn literal_urls(
    text: &str,
    language: Language,
    literal: &Literal,
    code: bool,
    found: &mut Vec<Extracted>,
) {
    let content = &text[literal.content.range()];
    // Most strings hold no URL: only those with a `:` are decoded.
    if !content.contains(':') {
        return;
    }
    let (mut value, placeholders) = decode(text, language, literal);
    if is_pattern(&value.text) {
        return;
    }
    // A JSON string of several lines is a file held in data (a source
    // map's sources, a notebook's output): its language is unknown.
    if language == Language::Json && value.text.bytes().filter(|b| *b == b'\n').count() > 1 {
        return;
    }
    // A man page written by a program: roff in a string.
    let roff = super::roff::looks_like_roff(&value.text);
    if roff {
        let mut read = Mapped::new();
        super::roff::decode(&value.text, Span::new(0, value.text.len()), &mut read);
        value = read.through(&value);
    }
    let code_spans = code_spans_in(&value.text, Span::new(0, value.text.len()));
    let mask = (!code_spans.is_empty()).then(|| {
        let mut bytes = value.text.clone().into_bytes();
        for span in &code_spans {
            let range = if code {
                vec![span.start, span.end - 1]
            } else {
                span.range().collect()
            };
            for at in range {
                if bytes[at].is_ascii() && bytes[at] != b'\n' {
                    bytes[at] = b' ';
                }
            }
        }
        String::from_utf8(bytes).unwrap_or_else(|_| value.text.clone())
    });
    let whole_value = |url: &ScannedUrl| match &url.fragment {
        None => url.text == value.text,
        Some(fragment) => {
            value.text.len() == url.text.len() + 1 + fragment.text.len()
                && value.text.starts_with(&url.text)
                && value.text.ends_with(&fragment.text)
        }
    };
    let formatted = placeholders || format_call_around(text, literal.whole);
    for url in value.urls(mask.as_deref()) {
        let fixable = !formatted && !roff && code_spans.is_empty() && whole_value(&url);
        found.push(Extracted { url, fixable });
    }
}

/// Whether a string literal at `whole` is formatted where it is written:
/// an argument of a printf-like call, or the left side of Python's and
/// Ruby's `%` or of `.format(`. A `%7E` written into a format string would
/// be read as a conversion.
fn format_call_around(text: &str, whole: Span) -> bool {
    let line_start = text[..whole.start].rfind('\n').map_or(0, |i| i + 1);
    let mut from = whole.start.saturating_sub(48).max(line_start);
    while !text.is_char_boundary(from) {
        from += 1;
    }
    let before = text[from..whole.start].to_ascii_lowercase();
    let calls = [
        "printf", "format", "errorf", "fatalf", "logf", "panicf", "sprint",
    ];
    if calls.iter().any(|call| before.contains(call)) {
        return true;
    }
    let after = text[whole.end..].trim_start_matches([' ', '\t']);
    after.starts_with('%') && !after.starts_with("%>") || after.starts_with(".format(")
}

/// Whether a string's value is a pattern (a regular expression or the
/// like) rather than text: it holds none of the URLs it looks like.
fn is_pattern(value: &str) -> bool {
    const MARKS: &[&str] = &[
        "\\.", "\\/", "\\d", "\\w", "\\s", "\\S", "\\A", "\\z", "\\Z", "\\b", "\\?", "\\+", "(?:",
        "(?<", "(?P<", "(?i", "[^", ".*", ".+", "[a-z", "[A-Z", "[0-9", "\\-", "\\(", "\\[",
    ];
    if MARKS.iter().any(|mark| value.contains(mark)) {
        return true;
    }
    let trimmed = value.trim();
    (trimmed.starts_with('^') && trimmed[1..].starts_with(|c: char| c.is_ascii_alphabetic()))
        || (trimmed.ends_with('$') && !trimmed.ends_with("$$") && trimmed.len() > 1)
}

/// The value of a literal, mapped to the file, and whether it has a
/// placeholder (an interpolation or a format conversion).
fn decode(text: &str, language: Language, literal: &Literal) -> (Mapped, bool) {
    let bytes = text.as_bytes();
    let Span { start, end } = literal.content;
    let mut out = Mapped::new();
    let mut placeholders = false;
    let mut copy_from = start;
    let mut at = start;
    let flush = |out: &mut Mapped, from: usize, to: usize| {
        if from < to {
            out.copy(&text[from..to], from);
        }
    };
    while at < end {
        let byte = bytes[at];
        // An interpolation or a placeholder: its span, if one starts here.
        let placeholder = match (byte, literal.interpolation) {
            (b'#', Interpolation::Hash) => hash_interpolation(bytes, at, end),
            // `\#{x}` writes Ruby that is interpolated later (a cask in a
            // heredoc of a test): a placeholder all the same.
            (b'\\', Interpolation::Hash) if bytes.get(at + 1) == Some(&b'#') => {
                hash_interpolation(bytes, at + 1, end)
            }
            (b'$', Interpolation::DollarBrace) if bytes.get(at + 1) == Some(&b'{') => {
                balanced(bytes, at + 1, end).map(|close| close + 1)
            }
            (b'$', Interpolation::Dollar) => dollar_interpolation(bytes, at, end),
            (b'{', Interpolation::Dollar) if bytes.get(at + 1) == Some(&b'$') => {
                balanced(bytes, at, end).map(|close| close + 1)
            }
            (b'{', Interpolation::Brace) if bytes.get(at + 1) != Some(&b'{') => {
                balanced(bytes, at, end).map(|close| close + 1)
            }
            (b'%', _) if language.formats() => printf_conversion(&bytes[at..end]).map(|n| at + n),
            (b'{', _) if language.formats() => format_field(&bytes[at..end]).map(|n| at + n),
            _ => None,
        };
        if let Some(stop) = placeholder {
            flush(&mut out, copy_from, at);
            out.placeholder(Span::new(at, stop));
            placeholders = true;
            at = stop;
            copy_from = at;
            continue;
        }
        // `{{` and `}}` of an f-string stand for one brace.
        if literal.interpolation == Interpolation::Brace
            && matches!(byte, b'{' | b'}')
            && bytes.get(at + 1) == Some(&byte)
        {
            flush(&mut out, copy_from, at);
            out.decoded(if byte == b'{' { "{" } else { "}" }, Span::new(at, at + 2));
            at += 2;
            copy_from = at;
            continue;
        }
        if byte != b'\\' || literal.escapes == Escapes::None {
            at += 1;
            continue;
        }
        flush(&mut out, copy_from, at);
        let (value, length) = escape(&text[at..end], literal.escapes, literal.quote, language);
        let source = Span::new(at, (at + length).min(end));
        if let Some(value) = value {
            out.decoded(&value, source);
        }
        at = source.end;
        copy_from = at;
    }
    flush(&mut out, copy_from, end);
    (out, placeholders)
}

/// One escape at the start of `text` (which starts with `\`): the text it
/// stands for (`None`: nothing, a line continuation) and its length.
fn escape(text: &str, escapes: Escapes, quote: u8, language: Language) -> (Option<String>, usize) {
    let bytes = text.as_bytes();
    let Some(&next) = bytes.get(1) else {
        return (Some("\\".into()), 1);
    };
    if escapes == Escapes::QuoteOnly {
        return match next {
            b'\\' => (Some("\\".into()), 2),
            _ if next == quote => (Some((quote as char).to_string()), 2),
            _ => (Some("\\".into()), 1),
        };
    }
    let keep_unknown = matches!(escapes, Escapes::Full { keep_unknown: true });
    let char_of = |code: u32| char::from_u32(code).unwrap_or(char::REPLACEMENT_CHARACTER);
    let hex = |from: usize, min: usize, max: usize| {
        let digits = bytes[from..]
            .iter()
            .take(max)
            .take_while(|b| b.is_ascii_hexdigit())
            .count();
        (digits >= min)
            .then(|| u32::from_str_radix(&text[from..from + digits], 16).ok())
            .flatten()
            .map(|code| (code, digits))
    };
    let simple = |c: char| (Some(c.to_string()), 2);
    match next {
        b'\n' => {
            // A line continuation; Rust also drops the next line's indent.
            let mut length = 2;
            if language == Language::Rust {
                length += bytes[2..]
                    .iter()
                    .take_while(|b| b.is_ascii_whitespace())
                    .count();
            }
            (None, length)
        }
        b'\r' if bytes.get(2) == Some(&b'\n') => (None, 3),
        b'n' => simple('\n'),
        b't' => simple('\t'),
        b'r' => simple('\r'),
        b'a' => simple('\u{7}'),
        b'b' => simple('\u{8}'),
        b'f' => simple('\u{c}'),
        b'v' => simple('\u{b}'),
        b'e' if matches!(language, Language::Ruby | Language::Php) => simple('\u{1b}'),
        b's' if matches!(language, Language::Ruby | Language::Java) => simple(' '),
        b'x' => match hex(2, 1, 2) {
            Some((code, digits)) => (Some(char_of(code).to_string()), 2 + digits),
            None => (Some("\\x".into()), 2),
        },
        b'u' if bytes.get(2) == Some(&b'{') => {
            let close = bytes[3..].iter().take(9).position(|b| *b == b'}');
            match close.and_then(|n| {
                u32::from_str_radix(&text[3..3 + n], 16)
                    .ok()
                    .map(|c| (c, n))
            }) {
                Some((code, n)) => (Some(char_of(code).to_string()), 4 + n),
                None => (Some("\\u".into()), 2),
            }
        }
        b'u' => match hex(2, 4, 4) {
            Some((high, _)) if (0xD800..0xDC00).contains(&high) => {
                // A surrogate pair: `\uD83D\uDE00`.
                let low = (bytes.get(6..8) == Some(b"\\u"))
                    .then(|| hex(8, 4, 4))
                    .flatten()
                    .filter(|(low, _)| (0xDC00..0xE000).contains(low));
                match low {
                    Some((low, _)) => {
                        let code = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
                        (Some(char_of(code).to_string()), 12)
                    }
                    None => (Some(char::REPLACEMENT_CHARACTER.to_string()), 6),
                }
            }
            Some((code, _)) => (Some(char_of(code).to_string()), 6),
            None => (Some("\\u".into()), 2),
        },
        b'U' => match hex(2, 8, 8) {
            Some((code, _)) => (Some(char_of(code).to_string()), 10),
            None => (Some("\\U".into()), 2),
        },
        b'0'..=b'7' if language != Language::JavaScript && language != Language::Json => {
            let digits = bytes[1..]
                .iter()
                .take(3)
                .take_while(|b| (b'0'..=b'7').contains(b))
                .count();
            let code = u32::from_str_radix(&text[1..1 + digits], 8).unwrap_or(0);
            (Some(char_of(code).to_string()), 1 + digits)
        }
        b'0' => simple('\0'),
        b'\\' | b'\'' | b'"' | b'`' | b'/' | b'$' | b'#' | b'{' | b'}' | b'?' => {
            if keep_unknown && !matches!(next, b'\\' | b'\'' | b'"') {
                (Some(text[..2].to_owned()), 2)
            } else {
                simple(next as char)
            }
        }
        _ => {
            let width = text[1..].chars().next().map_or(1, char::len_utf8);
            if keep_unknown {
                (Some(text[..1 + width].to_owned()), 1 + width)
            } else {
                (Some(text[1..1 + width].to_owned()), 1 + width)
            }
        }
    }
}

/// The index of the bracket that closes the one at `open` (`{`, `(`, `[`),
/// before `end`, nested brackets counted.
fn balanced(bytes: &[u8], open: usize, end: usize) -> Option<usize> {
    let (opening, closing) = match bytes.get(open)? {
        b'{' => (b'{', b'}'),
        b'(' => (b'(', b')'),
        b'[' => (b'[', b']'),
        _ => return None,
    };
    let mut depth = 0usize;
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

/// Ruby's `#{...}`, `#@var`, `#@@var` and `#$var` at `at`: its end.
fn hash_interpolation(bytes: &[u8], at: usize, end: usize) -> Option<usize> {
    match bytes.get(at + 1)? {
        b'{' => balanced(bytes, at + 1, end).map(|close| close + 1),
        b'@' | b'$' => {
            let mut stop = at + 2;
            if bytes.get(stop) == Some(&b'@') {
                stop += 1;
            }
            let name = bytes[stop..end]
                .iter()
                .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
                .count();
            (name > 0 && !bytes[stop].is_ascii_digit()).then_some(stop + name)
        }
        _ => None,
    }
}

/// `$name` (with `->prop` or `[key]` after it, as PHP reads) or `${...}`
/// at `at`: its end.
fn dollar_interpolation(bytes: &[u8], at: usize, end: usize) -> Option<usize> {
    if bytes.get(at + 1) == Some(&b'{') {
        return balanced(bytes, at + 1, end).map(|close| close + 1);
    }
    let name = |from: usize| {
        bytes[from..end]
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
            .count()
    };
    let first = *bytes.get(at + 1)?;
    if !(first.is_ascii_alphabetic() || first == b'_') {
        return None;
    }
    let mut stop = at + 1 + name(at + 1);
    if bytes[stop..end].starts_with(b"->")
        && bytes.get(stop + 2).is_some_and(u8::is_ascii_alphabetic)
    {
        stop += 2 + name(stop + 2);
    } else if bytes.get(stop) == Some(&b'[') {
        if let Some(close) = bytes[stop..end].iter().take(64).position(|b| *b == b']') {
            stop += close + 1;
        }
    }
    Some(stop)
}

/// The length of the printf conversion at the start of `text` (which
/// starts with `%`): `%s`, `%-5.2f`, `%.*s`, `%p`, `%lld`, Python's
/// `%(name)s`, Ruby's `%{name}` and `%<name>s`, Go's `%v`. A `%` that
/// starts an escape `%XX` is an escape (`%2F`), but for printf's zero flag
/// and width (`%02x`, `%08d`).
fn printf_conversion(text: &[u8]) -> Option<usize> {
    let hex_pair = text.len() >= 3 && text[1].is_ascii_hexdigit() && text[2].is_ascii_hexdigit();
    let mut at = 1;
    match text.get(1)? {
        b'{' | b'<' => {
            let close = if text[1] == b'{' { b'}' } else { b'>' };
            let length = text[2..].iter().take(64).position(|b| *b == close)?;
            let name = &text[2..2 + length];
            if name.is_empty() || !name.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'_') {
                return None;
            }
            at = 2 + length + 1;
            if close == b'}' {
                return Some(at);
            }
        }
        b'(' => {
            let length = text[2..].iter().take(64).position(|b| *b == b')')?;
            let name = &text[2..2 + length];
            if name.is_empty() || !name.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'_') {
                return None;
            }
            at = 2 + length + 1;
        }
        _ => {}
    }
    let skip = |at: &mut usize, wanted: &dyn Fn(u8) -> bool| {
        while text.get(*at).is_some_and(|b| wanted(*b)) {
            *at += 1;
        }
    };
    let flags_from = at;
    skip(&mut at, &|b| matches!(b, b'-' | b'+' | b' ' | b'#' | b'0'));
    let zero_flag = text[flags_from..at].contains(&b'0');
    if text.get(at) == Some(&b'*') {
        at += 1;
    } else {
        skip(&mut at, &|b| b.is_ascii_digit());
    }
    if text.get(at) == Some(&b'$') {
        // A positional argument: `%1$s`.
        at += 1;
    }
    if text.get(at) == Some(&b'.') {
        at += 1;
        if text.get(at) == Some(&b'*') {
            at += 1;
        } else {
            skip(&mut at, &|b| b.is_ascii_digit());
        }
    }
    skip(&mut at, &|b| {
        matches!(b, b'h' | b'l' | b'z' | b'j' | b't' | b'L' | b'q')
    });
    let conversion = *text.get(at)?;
    let known = matches!(
        conversion,
        b's' | b'd'
            | b'i'
            | b'u'
            | b'o'
            | b'x'
            | b'X'
            | b'f'
            | b'F'
            | b'e'
            | b'E'
            | b'g'
            | b'G'
            | b'c'
            | b'p'
            | b'v'
            | b'q'
            | b'T'
            | b'w'
            | b'r'
            | b'a'
            | b'A'
            | b'b'
            | b'n'
    );
    if !known {
        return None;
    }
    // An escape `%XX`, not a conversion: `%2F`, `%de`, unless the flags
    // and width say printf (`%02x`).
    if hex_pair && !(zero_flag && at >= 3) && text.get(1) != Some(&b'(') {
        return None;
    }
    // `%s` followed by letters is a word more often than a conversion
    // (`%sometext` is rare in a URL either way): a conversion ends there.
    Some(at + 1)
}

/// The length of a format field at the start of `text` (which starts with
/// `{`): `{}`, `{0}`, `{name}`, `{:?}`, `{name!r:>10}`, as Python, Rust,
/// C#, Java's MessageFormat and C++'s `std::format` write them.
fn format_field(text: &[u8]) -> Option<usize> {
    let close = text[1..]
        .iter()
        .take(64)
        .position(|b| matches!(b, b'}' | b'{' | b'\n'))?
        + 1;
    if text[close] != b'}' {
        return None;
    }
    let body = &text[1..close];
    let (name, spec) = match body.iter().position(|b| *b == b':') {
        Some(colon) => (&body[..colon], &body[colon + 1..]),
        None => (body, &body[body.len()..]),
    };
    let name_ok = name
        .iter()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'[' | b']' | b'!'));
    let spec_ok = spec.iter().all(|b| !b.is_ascii_whitespace() || *b == b' ');
    (name_ok && spec_ok && !name.starts_with(b"!")).then_some(close + 1)
}

/// The lexer of one language: comments and string literals, the rest
/// skipped.
struct Lexer<'a> {
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
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str, language: Language) -> Lexer<'a> {
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
        }
    }

    fn run(mut self) -> Pieces {
        let language = self.language;
        // A `#!` line is no comment of the language (but is read as one).
        if self.bytes.starts_with(b"#!") {
            let end = self.line_end(0);
            self.pieces.comments.push(Span::new(0, end));
            self.at = end;
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

    /// A literal whose prefix is `word` (at `start..end`), before `quote`.
    fn prefixed_literal(&mut self, start: usize, end: usize, word: &str, quote: u8) -> bool {
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
                let content_start = at + 1;
                let close = find(self.bytes, content_start, &closing).unwrap_or(self.bytes.len());
                self.literal(
                    start,
                    content_start,
                    close,
                    close + closing.len(),
                    Escapes::None,
                    Interpolation::None,
                    b'"',
                );
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
                let close = find(self.bytes, paren + 1, &closing).unwrap_or(self.bytes.len());
                self.literal(
                    start,
                    paren + 1,
                    close,
                    close + closing.len(),
                    Escapes::None,
                    Interpolation::None,
                    b'"',
                );
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
            Language::Rust | Language::Ruby | Language::Php
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
                let close = find(self.bytes, at + 1, b"`").unwrap_or(self.bytes.len());
                self.literal(
                    at,
                    at + 1,
                    close,
                    close + 1,
                    Escapes::None,
                    Interpolation::None,
                    b'`',
                );
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
                self.quoted(
                    at,
                    at,
                    Escapes::Full {
                        keep_unknown: false,
                    },
                    interpolation,
                    true,
                )
            }
            (Language::C | Language::Go | Language::Rust, b'"') => self.quoted(
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
            (Language::JavaScript | Language::Ruby, b'/')
                if next != b'/' && next != b'*' && self.regex_may_start() =>
            {
                self.regex(at)
            }
            (Language::Ruby, b'%') => self.percent_literal(at),
            (Language::Ruby, b'<') if next == b'<' => self.heredoc(at),
            (Language::Php, b'<') if self.bytes[at..].starts_with(b"<<<") => self.heredoc(at),
            _ => false,
        }
    }

    /// C#'s `@"..."`, where `""` is a quote.
    fn verbatim_csharp(&mut self, at: usize) -> bool {
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
        self.literal(
            at - 1,
            at + 1,
            close,
            close + 1,
            Escapes::None,
            Interpolation::None,
            b'"',
        );
        true
    }

    /// A character literal, or (Rust) a lifetime or label: skipped.
    fn character(&mut self, at: usize) {
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

    /// Whether a `/` here starts a regular expression rather than a
    /// division: after an operator, an opening bracket, a keyword, or at
    /// the start; in Ruby also after a method name and a space (`split /,/`).
    fn regex_may_start(&self) -> bool {
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
    fn regex(&mut self, at: usize) -> bool {
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

    /// Ruby's `%q(...)`, `%Q[...]`, `%(...)`, `%w[...]`, `%r{...}` and
    /// their kin; a `%` that is an operator is code.
    fn percent_literal(&mut self, at: usize) -> bool {
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
        if opening.is_ascii_alphanumeric() || opening.is_ascii_whitespace() {
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
        let closing = match opening {
            b'(' => b')',
            b'[' => b']',
            b'{' => b'}',
            b'<' => b'>',
            other => other,
        };
        let mut depth = 0usize;
        let mut close = open + 1;
        while close < bytes.len() {
            let byte = bytes[close];
            if byte == b'\\' {
                close += 2;
                continue;
            }
            if byte == opening && opening != closing {
                depth += 1;
            } else if byte == closing {
                if depth == 0 {
                    break;
                }
                depth -= 1;
            }
            close += 1;
        }
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
    fn heredoc(&mut self, at: usize) -> bool {
        let bytes = self.bytes;
        let mut from = at + if self.language == Language::Php { 3 } else { 2 };
        let mut indented = self.language == Language::Php;
        if self.language == Language::Ruby {
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
            || (self.language == Language::Ruby
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

/// The first place of `needle` in `bytes` from `from`.
fn find(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    memchr::memmem::find(bytes.get(from..)?, needle).map(|i| from + i)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The URLs of a source text: as read, and where each is written.
    fn read(text: &str, language: Language) -> Vec<(String, String, bool)> {
        urls(text, language, false)
            .into_iter()
            .map(|extracted| {
                let url = extracted.url;
                let mut read = url.text.clone();
                if let Some(fragment) = &url.fragment {
                    read = format!("{read}#{}", fragment.text);
                }
                (
                    read,
                    text[url.span_with_fragment().range()].to_owned(),
                    extracted.fixable,
                )
            })
            .collect()
    }

    fn texts(text: &str, language: Language) -> Vec<String> {
        read(text, language)
            .into_iter()
            .map(|(read, _, _)| read)
            .collect()
    }

    #[test]
    fn escapes_are_decoded_and_mapped_back() {
        let source = r#"let a = "http://a.b/\x7euser\n"; let b = 'http://c.d/\\@e.f';"#;
        let found = read(source, Language::JavaScript);
        assert_eq!(found[0].0, "http://a.b/~user");
        assert_eq!(found[0].1, r"http://a.b/\x7euser");
        assert_eq!(found[1].0, r"http://c.d/\@e.f");
        assert_eq!(found[1].1, r"http://c.d/\\@e.f");
        let java = r#"String u = "http://a.b/?q\u003dx";"#;
        assert_eq!(texts(java, Language::Java), ["http://a.b/?q=x"]);
    }

    #[test]
    fn code_outside_comments_and_strings_is_not_read() {
        let source = "x = http://not.a/url; // see http://a.b/c.\n/* and <http://d.e/> */";
        assert_eq!(texts(source, Language::C), ["http://a.b/c", "http://d.e/"]);
    }

    #[test]
    fn interpolation_is_a_placeholder() {
        let escaped = r#"url "https://brew.sh/foo-\#{arch}.dmg""#;
        assert_eq!(
            texts(escaped, Language::Ruby),
            ["https://brew.sh/foo-${x}.dmg"]
        );
        let ruby = r#"url = "https://github.com/#{user}/#{repo}#readme""#;
        let found = read(ruby, Language::Ruby);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].0, "https://github.com/${x}/${x}#readme");
        assert_eq!(found[0].1, "https://github.com/#{user}/#{repo}#readme");
        assert!(!found[0].2, "a template is never fixed");
        let js = "fetch(`https://api.x.com/${id}/items`)";
        assert_eq!(
            texts(js, Language::JavaScript),
            ["https://api.x.com/${x}/items"]
        );
        let python = "f'https://x.com/{user}/{{literal}}'";
        assert_eq!(
            texts(python, Language::Python),
            ["https://x.com/${x}/{literal}"]
        );
        let c = r#"printf("file://%s\\", path); snprintf(b, n, "http://%.*s:%p/", 3, h, p);"#;
        assert_eq!(
            texts(c, Language::C),
            [r"file://${x}\", "http://${x}:${x}/"]
        );
        let rust = r#"format!("file://{host}{path}")"#;
        assert_eq!(texts(rust, Language::Rust), ["file://${x}${x}"]);
    }

    #[test]
    fn patterns_and_regular_expressions_hold_no_url() {
        let ruby = r#"a = %r{\Ahttps://github\.com/}; b = /https:\/\/x\.y/; c = "https://ok.com/""#;
        assert_eq!(texts(ruby, Language::Ruby), ["https://ok.com/"]);
        let python = r#"re.compile(r"^https://github\.com/([^/]+)$")"#;
        assert!(texts(python, Language::Python).is_empty());
        let js = r#"const r = /^https?:\/\/[^/]+/i; const u = 'https://a.b/';"#;
        assert_eq!(texts(js, Language::JavaScript), ["https://a.b/"]);
    }

    #[test]
    fn a_comment_is_prose_and_its_code_spans_are_code() {
        let ruby = "# Download `https://example.com/foo.tar.gz` or see 'https://a.b/c'.\nx = 1";
        assert_eq!(texts(ruby, Language::Ruby), ["https://a.b/c"]);
        let with_code: Vec<_> = urls(ruby, Language::Ruby, true)
            .into_iter()
            .map(|e| (e.url.text, e.fixable))
            .collect();
        assert_eq!(
            with_code,
            [
                ("https://example.com/foo.tar.gz".to_owned(), false),
                ("https://a.b/c".to_owned(), true)
            ]
        );
    }

    #[test]
    fn comments_hold_code_and_documentation_links() {
        let ruby = "# url \"https://u.c/#{version}/x\"\n# {https://github.com/a/b#c}\n# {https://d.e/f text}\n";
        assert_eq!(
            texts(ruby, Language::Ruby),
            [
                "https://u.c/${version}/x",
                "https://github.com/a/b#c",
                "https://d.e/f"
            ]
        );
        let js = "/** See {@link https://a.b/c} and https://d.e/{id}. */";
        assert_eq!(
            texts(js, Language::JavaScript),
            ["https://a.b/c", "https://d.e/{id}"]
        );
    }

    #[test]
    fn shell_expansions_and_regular_expressions() {
        let shell = "R=\"${URL#https://github.com/}\"\n[[ \"$U\" =~ https://([[:alnum:]]+)@x.com/ ]]\nD=${D:-https://a.b/c}\n";
        assert_eq!(
            texts(shell, Language::Shell),
            ["https://github.com/", "https://a.b/c"]
        );
    }

    #[test]
    fn only_a_string_that_is_the_url_is_fixed() {
        let python = "a = 'http://x.y/~u'\nb = 'see http://x.y/~v'\nc = 'http://x.y/~w' % d\n";
        let fixable: Vec<bool> = read(python, Language::Python)
            .into_iter()
            .map(|f| f.2)
            .collect();
        assert_eq!(fixable, [true, false, false]);
    }

    #[test]
    fn heredocs_and_percent_literals() {
        let ruby = "x = <<~EOS\n  see https://a.b/#{c}\nEOS\ny = %w[http://d.e/ f]\nz = a % b\n";
        assert_eq!(
            texts(ruby, Language::Ruby),
            ["https://a.b/${x}", "http://d.e/"]
        );
        let php = "<?php\n$a = <<<EOT\nhttp://a.b/$name/x\nEOT;\n$b = 'http://c.d/$e';\n";
        assert_eq!(
            texts(php, Language::Php),
            ["http://a.b/${x}/x", "http://c.d/$e"]
        );
    }

    #[test]
    fn raw_strings_keep_their_backslashes() {
        let rust =
            r###"let a = r#"http://a.b/\d"#; let b = 'x'; let c: &'static str = "http://c.d/";"###;
        assert_eq!(texts(rust, Language::Rust), ["http://c.d/"]);
        let go = "s := `http://a.b/c` + \"http://d.e/\\x41\"";
        assert_eq!(texts(go, Language::Go), ["http://a.b/c", "http://d.e/A"]);
        let cpp = r#"auto s = R"x(http://a.b/"q")x";"#;
        assert_eq!(texts(cpp, Language::C), ["http://a.b/"]);
    }

    #[test]
    fn shell_and_yaml_read_words_with_quotes_delimiting() {
        let shell = "curl -fsSL 'https://a.b/install.sh' | sh # from https://c.d/\n";
        assert_eq!(
            texts(shell, Language::Shell),
            ["https://a.b/install.sh", "https://c.d/"]
        );
        let yaml = "homepage: \"https://a.b/\"\nurl: https://c.d/e\n";
        assert_eq!(
            texts(yaml, Language::Yaml),
            ["https://a.b/", "https://c.d/e"]
        );
    }

    #[test]
    fn languages_by_name() {
        assert_eq!(Language::of_name("lib/a.rb"), Some(Language::Ruby));
        assert_eq!(Language::of_name("Rakefile"), Some(Language::Ruby));
        assert_eq!(Language::of_name("x.TSX"), Some(Language::JavaScript));
        assert_eq!(Language::of_name("notes.txt"), None);
        assert_eq!(
            Language::of_interpreter("python3.11"),
            Some(Language::Python)
        );
        assert_eq!(Language::of_mode("Ruby"), Some(Language::Ruby));
    }
}
