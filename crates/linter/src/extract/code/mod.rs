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

mod lexer;
mod literal;

use super::mapped::{across_blanked, blanked, overlaps, Mapped};
use super::{Applicability, Extracted, Language};
use lexer::{balanced, Lexer, Literal};
use literal::decode;

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
    if language == Language::Shell {
        shell_expansions(&mut read);
    }
    // Only ASCII bytes were blanked.
    let read = String::from_utf8(read).unwrap_or_else(|_| text.to_owned());
    // A shell's word is code: what a fix would write there (`%`) may be
    // read again by `printf` or an expansion.
    // A YAML value is data a program reads.
    let fix = match language {
        Language::Shell => Applicability::Never,
        Language::Yaml => Applicability::Unsafe,
        _ => Applicability::Safe,
    };
    // No blanked byte is in a URL: the URLs read are the file's.
    rfc1738::scan::Scanner::new(&read)
        .map(|url| Extracted { url, fix })
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
            let line_end = memchr::memchr(b'\n', &read[at..]).map_or(read.len(), |i| at + i);
            let end = memchr::memmem::find(&read[at..line_end], b"]]")
                .map(|i| at + i)
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
    // The comments come in order, and their code spans in each; none is
    // read across a blanked character of several bytes.
    rfc1738::scan::Scanner::new(&read)
        .filter(|url| !across_blanked(text, &read, url.outer))
        .filter(|url| url.outer.start < data || !text[url.outer.range()].contains('\\'))
        // Code in a comment: a backslash before a quote escapes it.
        .filter_map(|url| super::escaped_quote(&read, url))
        .map(|url| {
            let fix = Applicability::safe_if(!overlaps(&code_spans, url.span_with_fragment()));
            Extracted { url, fix }
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
        // A catalog's string is prose (a translation), fixed as prose
        // unless its entry is a format string (`#, c-format`), which
        // gettext checks conversion by conversion.
        let value_ok = match language {
            Language::Po => !format_entry(text, literal.whole.start),
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

/// Whether the gettext entry holding the byte `at` is flagged as a format
/// string (`#, c-format`, `#, python-format`, ...): its flags are in the
/// comment lines that open the entry, after the blank line before it.
fn format_entry(text: &str, at: usize) -> bool {
    let entry = text[..at].rfind("\n\n").map_or(0, |i| i + 2);
    text[entry..at]
        .lines()
        .filter(|line| line.starts_with("#,"))
        .any(|flags| {
            flags
                .split([',', ' '])
                .any(|flag| flag.ends_with("-format") && !flag.starts_with("no-"))
        })
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The URLs of a source text: as read, and where each is written.
    fn read(text: &str, language: Language) -> Vec<(String, String, Applicability)> {
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
                    extracted.fix,
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
        assert_eq!(
            found[0].2,
            Applicability::Never,
            "a template is never fixed"
        );
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
            .map(|e| (e.url.text, e.fix == Applicability::Safe))
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
        let fixable: Vec<Applicability> = read(python, Language::Python)
            .into_iter()
            .map(|f| f.2)
            .collect();
        // The literal is a program's: its fix is applied only when asked.
        assert_eq!(
            fixable,
            [
                Applicability::Unsafe,
                Applicability::Never,
                Applicability::Never
            ]
        );
    }

    #[test]
    fn perl_is_read_as_perl() {
        // From Mojolicious, LWP and Test::Nginx: escapes, interpolation,
        // quote-like operators, patterns, POD and data.
        let perl = concat!(
            "my $u = \"ftp://user\\@host.example/path\";\n",
            "my $t = $ua->get(\"http://127.0.0.1:$port/hello\");\n",
            "like $x, qr,^http://www\\.perl\\.(org|co)\\.uk/,;\n",
            "$url = URI->new('news:comp.lang.perl.misc')->crack;\n",
            "my %h = (a => q{http://a.example/b}, q => 1);\n",
            "\n=head1 SEE\n\nL<http://d.example/e>\n\n  my $c = {listen => ['http://*:80']};\n\n=cut\n",
            "__DATA__\n--- config\n    proxy_pass http://127.0.0.1:$server_port/x;\n",
            "--- error_log eval\nqr{upstream: \"http://0\\.0\\.0\\.1:80/t\"}\n",
        );
        assert_eq!(
            texts(perl, Language::Perl),
            [
                "ftp://user@host.example/path",
                "http://127.0.0.1:${x}/hello",
                "news:comp.lang.perl.misc",
                "http://a.example/b",
                "http://d.example/e",
                "http://*:80",
                "http://127.0.0.1:$server_port/x",
            ]
        );
        assert_eq!(Language::of_name("lib/Mojo/URL.pm"), Some(Language::Perl));
        assert_eq!(Language::of_interpreter("perl5.36"), Some(Language::Perl));
    }

    #[test]
    fn heredocs_and_percent_literals() {
        let ruby = "x = <<~EOS\n  see https://a.b/#{c}\nEOS\ny = %w[http://d.e/ f]\nz = a % b\n";
        assert_eq!(
            texts(ruby, Language::Ruby),
            ["https://a.b/${x}", "http://d.e/"]
        );
        let php = "<?php\n$a = <<<EOT\nhttp://a.b/$name/x\nEOT;\n$b = 'http://c.d/$e';\n";
        // A single-quoted `$e` is not interpolated, but is a template's
        // placeholder all the same (as `$version` in a manifest's data).
        assert_eq!(
            texts(php, Language::Php),
            ["http://a.b/${x}/x", "http://c.d/${x}"]
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
        let printf = "printf \"see: https://a.b/c\\\\n\"\n";
        assert_eq!(
            read(printf, Language::Shell),
            [(
                "https://a.b/c".to_owned(),
                "https://a.b/c".to_owned(),
                Applicability::Never
            )]
        );
        let rtf =
            "{\\field{\\*\\fldinst{HYPERLINK \"https://a.b/\"}}{\\fldrslt \\ul https://a.b/}}\\ul";
        assert_eq!(texts(rtf, Language::Rtf), ["https://a.b/", "https://a.b/"]);
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

    /// Inputs of deep repetition, 64 KB each, in every language: every
    /// URL's span lies in the text (and each reading stays linear: a
    /// quadratic one takes minutes here; the fuzz targets' hostile seeds
    /// go to a megabyte).
    #[test]
    fn hostile_inputs_in_every_language() {
        let pieces = [
            "\"#{",
            "${",
            "/*",
            "'",
            "%q(",
            "<<~A\n",
            "r#\"",
            "`",
            "\\",
            "{",
            "%",
            "/",
            "=~ ",
            "{https:",
            "\"http://a/",
            "#",
            "'''",
            "\\x7e",
            "\\u{",
            "?",
            "(/",
            "f\"{",
        ];
        let languages = [
            Language::C,
            Language::Java,
            Language::Go,
            Language::Rust,
            Language::JavaScript,
            Language::Php,
            Language::Python,
            Language::Ruby,
            Language::Shell,
            Language::Json,
            Language::Toml,
            Language::Yaml,
            Language::Rtf,
        ];
        for piece in pieces {
            let text = piece.repeat(64 * 1024 / piece.len());
            for language in languages {
                for found in urls(&text, language, true) {
                    let span = found.url.span_with_fragment();
                    assert!(span.end <= text.len(), "{piece:?} {language:?}");
                    assert!(text.is_char_boundary(span.start) && text.is_char_boundary(span.end));
                }
            }
        }
    }

    #[test]
    fn a_catalog_entry_is_fixed_unless_it_is_a_format() {
        let po = "msgid \"a\"\nmsgstr \"see http://a.b/~c\"\n\n#, c-format\nmsgid \"b %s\"\nmsgstr \"see http://a.b/~d %s\"\n";
        let fixable: Vec<Applicability> = read(po, Language::Po).into_iter().map(|f| f.2).collect();
        assert_eq!(fixable, [Applicability::Safe, Applicability::Never]);
    }

    #[test]
    fn no_url_is_read_across_a_code_span_of_wider_characters() {
        let python = "# <URL:ftp://a/\u{c4}\u{c4}`\u{c4}\u{c4}`\u{c4}/c>\n";
        for found in urls(python, Language::Python, false) {
            let span = found.url.span_with_fragment();
            assert!(python.is_char_boundary(span.start) && python.is_char_boundary(span.end));
            assert!(!found.url.text.contains(' '), "{:?}", found.url.text);
        }
    }

    #[test]
    fn catalogs_and_code_in_comments() {
        let po = "#~ msgid \"You are not allowed to goto \\\"mailto:\\\" URLs\"\nmsgstr \"see http://a.b/%s\"\n";
        assert_eq!(texts(po, Language::Po), ["http://a.b/${x}"]);
        let c = "/* \"LYNXDOWNLOAD://M=1/F=%s\\\">Save</a>\" */";
        assert_eq!(texts(c, Language::C), ["LYNXDOWNLOAD://M=1/F=%s"]);
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
