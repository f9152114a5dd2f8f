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
//! from the rest, no more; tree-sitter's grammars of these languages are 95
//! MB of generated C that would more than double the tool's size, and parse
//! a file slower than the whole lint of it (BENCHMARKS.md, "Linting whole
//! repositories").

use rfc1738::scan::ScannedUrl;
use rfc1738::Span;

mod catalog;
mod format;
mod joined;
mod lexer;
mod literal;
mod shell;

use super::mapped::{Mapped, PLACEHOLDER};
use super::prose::{self, blank_code, blanked};
use super::reader::{Applicability, Extracted, Options, Reader};
use super::text::{cut_and_rescan, escaped_quote};
use super::Language;
use catalog::{adjacent, Entries};
use joined::joined_after;
use lexer::{Lexer, Literal};
use literal::decode;
use shell::{pattern_stems, shell_expansions};

/// Source code or data in a language.
pub(crate) struct Code(pub Language);

impl Reader for Code {
    fn urls<'a>(
        &self,
        text: &'a str,
        options: Options,
    ) -> Box<dyn Iterator<Item = Extracted> + 'a> {
        Box::new(urls(text, self.0, options.code).into_iter())
    }
}

/// The URLs of a source file in `language`, in order; `code` also reads
/// the code spans of comments.
pub(crate) fn urls(text: &str, language: Language, code: bool) -> Vec<Extracted> {
    // Most source files hold no URL: those with nothing a URL starts with
    // are not lexed.
    let finder = |needle: &str| memchr::memmem::find(text.as_bytes(), needle.as_bytes()).is_some();
    if !finder("://") && !finder("mailto:") && !finder("news:") && !finder("URL:") {
        return Vec::new();
    }
    if language.as_prose() {
        return prose_with_quotes(text, language);
    }
    let pieces = Lexer::new(text, language).run();
    let mut found = comment_urls(text, language, &pieces.comments, code);
    let mut literals = pieces.literals.as_slice();
    let entries = (language == Language::Po).then(|| Entries::of(text));
    let source = Source {
        text,
        language,
        code,
        entries: entries.as_ref(),
    };
    while !literals.is_empty() {
        let one = adjacent(text, language, literals);
        literal_urls(&source, &literals[..one], &mut found);
        literals = &literals[one..];
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
/// TeX's and Rd's control symbols (`\%`, `\&`, `\#`, `\_`, `\$`) write
/// the character itself (an Rd example's `user\%3Amozilla`, where `%`
/// alone starts a comment): that text is read decoded, mapped back, and a
/// URL written with one is never fixed (the fix would drop the backslash).
fn prose_with_quotes(text: &str, language: Language) -> Vec<Extracted> {
    let decoded = (language == Language::Rtf)
        .then(|| control_symbols(text))
        .flatten();
    let Some(decoded) = decoded else {
        return words(text, language);
    };
    words(&decoded.text, language)
        .into_iter()
        .map(|found| {
            let url = decoded.to_file(&found.url);
            let escaped = text[url.outer.range()].contains('\\');
            Extracted {
                url,
                fix: if escaped {
                    Applicability::Never
                } else {
                    found.fix
                },
            }
        })
        .collect()
}

/// `text` with TeX's control symbols for a URL's characters decoded, if it
/// has one.
fn control_symbols(text: &str) -> Option<Mapped> {
    let bytes = text.as_bytes();
    let mut decoded = Mapped::with_capacity(text.len());
    let mut copied = 0;
    for at in memchr::memchr_iter(b'\\', bytes) {
        let symbol = bytes.get(at + 1).copied();
        if at >= copied && matches!(symbol, Some(b'%' | b'&' | b'#' | b'_' | b'$')) {
            copied = decoded.splice(text, copied, Span::new(at, at + 2), &text[at + 1..at + 2]);
        }
    }
    if copied == 0 {
        return None;
    }
    decoded.copy(&text[copied..], copied);
    Some(decoded)
}

/// [`prose_with_quotes`] on the text as it is.
fn words(text: &str, language: Language) -> Vec<Extracted> {
    // What delimits a URL there: the quotes and escapes of a shell's
    // words and YAML's scalars, the groups and control words of RTF.
    let delimiter = |byte: u8| match language {
        Language::Rtf => matches!(byte, b'{' | b'}' | b'\\'),
        _ => matches!(byte, b'\'' | b'"' | b'`' | b'\\'),
    };
    let delimiters = text
        .bytes()
        .enumerate()
        .filter(|(_, b)| delimiter(*b))
        .map(|(at, _)| at);
    let mut read = blanked(text, delimiters).into_bytes();
    if matches!(language, Language::Shell | Language::Make) {
        shell_expansions(&mut read);
    }
    if language == Language::Make {
        pattern_stems(&mut read);
    }
    if language == Language::Yaml {
        folded_templates(&mut read);
    }
    // Only ASCII bytes were blanked.
    let read = String::from_utf8(read).unwrap_or_else(|_| text.to_owned());
    // A shell's word is code: what a fix would write there (`%`) may be
    // read again by `printf` or an expansion.
    // A YAML value is data a program reads.
    let fix = match language {
        Language::Shell | Language::Make => Applicability::Never,
        Language::Yaml => Applicability::Unsafe,
        _ => Applicability::Safe,
    };
    prose::urls(text, &read, &[], fix, Some).collect()
}

/// A Jinja expression broken over a folded scalar's lines (an Ansible
/// playbook's `http://foo.com/{{` and `case1 }}` on the next line): YAML
/// folds the line break into a space, and so does this copy, so that the
/// expression is read whole as a placeholder. Within 256 bytes, so that a
/// text of `{{` repeated stays linear.
fn folded_templates(read: &mut [u8]) {
    let mut at = 0;
    while let Some(open) = memchr::memmem::find(&read[at..], b"{{").map(|i| at + i) {
        let reach = read.len().min(open + 256);
        let Some(close) = memchr::memmem::find(&read[open + 2..reach], b"}}").map(|i| open + 2 + i)
        else {
            at = open + 2;
            continue;
        };
        let inside = &read[open + 2..close];
        if !inside.iter().any(|b| matches!(b, b'{' | b'}')) {
            for byte in &mut read[open + 2..close] {
                if matches!(*byte, b'\n' | b'\r') {
                    *byte = b' ';
                }
            }
        }
        at = close + 2;
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
        // Code in a comment interpolates as the language's strings do:
        // Ruby's `#{x}` and Swift's `\(x)` (commented-out code) are
        // placeholders, read as the library's `${x}` and `$(x)` (as long).
        let interpolation = match language {
            Language::Ruby => Some(*b"#{"),
            Language::Swift => Some(*b"\\("),
            _ => None,
        };
        if let Some([sigil, open]) = interpolation {
            for at in comment.start..comment.end.saturating_sub(1) {
                if read[at] == sigil && read[at + 1] == open {
                    read[at] = b'$';
                }
            }
        }
        for span in code_spans_in(text, *comment) {
            blank_code(&mut read, span, 1, code, &mut code_spans);
        }
    }
    // Whole characters were copied or blanked: the copy is UTF-8.
    let Ok(read) = String::from_utf8(read) else {
        return Vec::new();
    };
    // Perl's data after `__END__` or `__DATA__` is the text of other
    // languages (Test::Nginx's blocks hold nginx's configuration, Lua and
    // Perl's patterns): a URL there with a backslash in it is an escape's
    // or a pattern's (`"http://a/\r\n"`, `qr{http://0\.0\.0\.1/}`), not
    // a URL as written.
    let data = (language == Language::Perl)
        .then(|| comments.last())
        .flatten()
        .filter(|last| {
            let head = &bytes[last.start..];
            head.starts_with(b"__END__") || head.starts_with(b"__DATA__")
        })
        .map_or(usize::MAX, |last| last.start);
    let keep = |url: ScannedUrl| {
        let escape_in_data = url.outer.start >= data && text[url.outer.range()].contains('\\');
        // Code in a comment: a backslash before a quote escapes it.
        (!escape_in_data)
            .then(|| escaped_quote(&read, url))
            .flatten()
    };
    prose::urls(text, &read, &code_spans, Applicability::Safe, keep).collect()
}

/// A URL of a string's value holding another string's escape (`\n`,
/// `\t`, `\r`, `\"`, `\\`, `\u2603`, `\u{1b}`, `\xe5`, `\U0001F600`,
/// `\N{...}`):
/// the value writes a string of another language or level (a JSON message
/// inside a JSON string, whose newline is `\\n` once the outer escapes
/// are read; a doctest's `'http://\\u2603.net/'` in a docstring), and the
/// URL ends before the backslash.
///
/// `written(at)` is the source as written from offset `at` of `read` on,
/// which differs where a placeholder of the value stands for braces.
fn embedded_escape<'w>(
    read: &str,
    url: ScannedUrl,
    written: impl Fn(usize) -> &'w [u8],
) -> Option<ScannedUrl> {
    let bytes = url.text.as_bytes();
    let hex_digits = |from: usize, count: usize| {
        bytes
            .get(from..from + count)
            .is_some_and(|digits| digits.iter().all(u8::is_ascii_hexdigit))
    };
    let escape = (0..bytes.len().saturating_sub(1)).find(|&at| {
        bytes[at] == b'\\'
            && match bytes[at + 1] {
                b'n' | b't' | b'r' | b'"' | b'\\' => true,
                b'u' => {
                    hex_digits(at + 2, 4) || braced_code_point(written(url.original_offset(at + 2)))
                }
                b'x' => hex_digits(at + 2, 2),
                b'U' => hex_digits(at + 2, 8),
                // `{SNOWMAN}` may have been read as a template's placeholder.
                b'N' => {
                    let name = &url.text[at + 2..];
                    name.starts_with('{') || name.starts_with(PLACEHOLDER)
                }
                _ => false,
            }
    });
    match escape {
        Some(cut) => cut_and_rescan(read, url, cut),
        None => Some(url),
    }
}

/// Whether `written` (after a `\u`) opens with the braces of a code
/// point, `{1b}` as Rust, JavaScript, Swift, Ruby and Nushell write it: one
/// to six hex digits.
fn braced_code_point(written: &[u8]) -> bool {
    let [b'{', rest @ ..] = written else {
        return false;
    };
    let digits = rest.iter().take_while(|b| b.is_ascii_hexdigit()).count();
    (1..=6).contains(&digits) && rest.get(digits) == Some(&b'}')
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

/// The file whose strings are read, and how.
#[derive(Clone, Copy)]
struct Source<'a> {
    text: &'a str,
    language: Language,
    /// Whether the code spans of comments are read too.
    code: bool,
    /// A gettext catalog's entries.
    entries: Option<&'a Entries>,
}

/// The URLs of one string (the literals that are one, in order: one
/// literal but in a gettext catalog), pushed onto `found`.
fn literal_urls(source: &Source<'_>, literals: &[Literal], found: &mut Vec<Extracted>) {
    let Source {
        text,
        language,
        code,
        entries,
    } = *source;
    let contents = || {
        literals
            .iter()
            .map(|literal| &text[literal.content.range()])
    };
    // Most strings hold no URL: only those with a `:` are decoded.
    if !contents().any(|content| content.contains(':')) {
        return;
    }
    let whole = Span::new(
        literals[0].whole.start,
        literals[literals.len() - 1].whole.end,
    );
    let (mut value, mut placeholders) = decode(text, language, &literals[0]);
    for literal in &literals[1..] {
        let (next, in_next) = decode(text, language, literal);
        value.append(next);
        placeholders |= in_next;
    }
    // A character class `[0-9]` is a placeholder in the value (a glob's
    // range): the content still shows it.
    let class = contents().any(|content| CLASSES.iter().any(|class| content.contains(class)));
    if is_pattern(&value.text) || class {
        return;
    }
    // A string joined to what follows it (`"ftp://user:pw@" .. host`)
    // holds the start of a URL: what the program appends stands in its
    // place, so the URL is not taken to end where the string does.
    if let Some(joined) = joined_after(text, whole.end, language) {
        value.placeholder(joined);
        placeholders = true;
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
    let formatted = placeholders || format_call_around(text, whole);
    let read = mask.as_deref().unwrap_or(&value.text);
    // Only ASCII bytes are blanked: no URL is dropped for crossing one, and
    // what the fix of each is, is decided below.
    // A backslash before a quote escapes it, in the value as in a comment:
    // a string read as written (Elixir's `~S"""`, a raw string) or one that
    // holds another language's string (`"{\\\"url\\\": ...}"`) quotes code.
    // The value's placeholder in place of braces (`\u{7}` in a format
    // string) is read as the braces it stands for.
    let written = |at: usize| {
        let from = read.as_bytes().get(at..).unwrap_or_default();
        match from.starts_with(PLACEHOLDER.as_bytes()) {
            true => {
                let braces = value.source_span(Span::new(at, at + PLACEHOLDER.len()));
                text.as_bytes().get(braces.range()).unwrap_or_default()
            }
            false => from,
        }
    };
    let keep = |url| escaped_quote(read, url).and_then(|url| embedded_escape(read, url, written));
    let read_urls = prose::urls(&value.text, read, &[], Applicability::Never, keep);
    for url in read_urls.map(|found| value.to_file(&found.url)) {
        // A catalog's string is prose (a translation), fixed as prose
        // unless its entry is a format string (`#, c-format`), which
        // gettext checks conversion by conversion.
        let value_ok = match language {
            Language::Po => !entries.is_some_and(|entries| entries.format_at(whole.start)),
            _ => whole_value(&url),
        };
        let fix = if formatted || roff || !code_spans.is_empty() || !value_ok {
            Applicability::Never
        } else if language == Language::Po {
            // A catalog's string is a translation: prose.
            Applicability::Safe
        } else {
            Applicability::Unsafe
        };
        found.push(Extracted { url, fix });
    }
}

/// Whether a string literal at `whole` is formatted where it is written:
/// an argument of a printf-like call, or the left side of Python's and
/// Ruby's `%` or of `.format(`. A `%7E` written into a format string would
/// be read as a conversion.
fn format_call_around(text: &str, whole: Span) -> bool {
    // The 48 bytes before it on its line (no more: a minified file is one
    // line of many literals).
    let mut from = whole.start.saturating_sub(48);
    while !text.is_char_boundary(from) {
        from += 1;
    }
    if let Some(line_break) = text[from..whole.start].rfind('\n') {
        from += line_break + 1;
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

/// The character classes that say a string is a pattern.
const CLASSES: [&str; 3] = ["[a-z", "[A-Z", "[0-9"];

/// Whether a string's value is a pattern (a regular expression or the
/// like) rather than text: it holds none of the URLs it looks like.
fn is_pattern(value: &str) -> bool {
    const MARKS: &[&str] = &[
        "\\.", "\\/", "\\d", "\\w", "\\s", "\\S", "\\A", "\\z", "\\Z", "\\b", "\\?", "\\+", "(?:",
        "(?<", "(?P<", "(?i", "[^", ".*", ".+", "\\-", "\\(", "\\[",
    ];
    if MARKS
        .iter()
        .chain(&CLASSES)
        .any(|mark| value.contains(mark))
    {
        return true;
    }
    let trimmed = value.trim();
    // PHP's PCRE patterns open with a delimiter: `{^file://}i`, `#^https?://#`.
    let anchored = trimmed
        .strip_prefix(['{', '#', '~', '/', '!', '@', '%', '|'])
        .unwrap_or(trimmed);
    (anchored.starts_with('^') && anchored[1..].starts_with(|c: char| c.is_ascii_alphabetic()))
        || (trimmed.ends_with('$') && !trimmed.ends_with("$$") && trimmed.len() > 1)
}

#[cfg(test)]
mod tests;
