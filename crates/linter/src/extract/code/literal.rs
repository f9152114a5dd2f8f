//! A string literal's value: its escapes decoded, its interpolation and
//! format conversions read as placeholders, each piece mapped back to the
//! file.

use rfc1738::Span;

use super::super::mapped::{Mapped, PLACEHOLDER};
use super::format::{erlang_directive, format_field, is_format, printf_conversion};
use super::lexer::{balanced, Escapes, Interpolation, Literal};
use super::Language;

/// The value of a literal, mapped to the file, and whether it has a
/// placeholder (an interpolation or a format conversion).
pub(super) fn decode(text: &str, language: Language, literal: &Literal) -> (Mapped, bool) {
    let bytes = text.as_bytes();
    let Span { start, end } = literal.content;
    let mut out = Mapped::new();
    let mut placeholders = false;
    let mut copy_from = start;
    let mut at = start;
    let format = language.formats() && is_format(&bytes[start..end]);
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
            (b'$', Interpolation::DollarParen) if bytes.get(at + 1) == Some(&b'(') => {
                balanced(bytes, at + 1, end).map(|close| close + 1)
            }
            (b'$', Interpolation::DollarParen) => dollar_interpolation(bytes, at, end),
            (b'\\', Interpolation::BackslashParen) if bytes.get(at + 1) == Some(&b'(') => {
                balanced(bytes, at + 1, end).map(|close| close + 1)
            }
            // Perl's arrays and `@{[ expression ]}`.
            (b'@', Interpolation::Dollar) if language == Language::Perl => {
                perl_array(bytes, at, end)
            }
            (b'{', Interpolation::Dollar) if bytes.get(at + 1) == Some(&b'$') => {
                balanced(bytes, at, end).map(|close| close + 1)
            }
            (b'{', Interpolation::Brace) if bytes.get(at + 1) != Some(&b'{') => {
                balanced(bytes, at, end).map(|close| close + 1)
            }
            // An f-string's `{{` is a brace (below).
            (b'{', Interpolation::Brace) => None,
            // A template's `{{ x }}` before a format's field: a string that
            // is not formatted where it is written keeps `{{` as two
            // characters.
            (b'{', _) if bytes.get(at + 1) == Some(&b'{') => family(bytes, at, end),
            // `%HOSTIP` is a variable before it is Go's `%T`.
            (b'%', _) if language.formats() => family(bytes, at, end)
                .or_else(|| printf_conversion(&bytes[at..end]).map(|n| at + n)),
            (b'{', _) if language.formats() => format_field(&bytes[at..end])
                .map(|n| at + n)
                .or_else(|| family(bytes, at, end)),
            // `#{x}` whole: read from its `{`, the `#` would open a fragment
            // (Ruby code in a heredoc that does not interpolate, `<<~'CASK'`).
            (b'{' | b'$' | b'%' | b'[' | b'<' | b'@' | b':' | b'`' | b'#', _) => {
                family(bytes, at, end)
            }
            // Erlang's formats (`io:format`, `ct:print`, `io_lib:format`)
            // are written with `~`: `~s`, `~p`, `~n`, `~10.2f`.
            (b'~', _) if language == Language::Erlang => {
                erlang_directive(&bytes[at..end]).map(|n| at + n)
            }
            // `\g<name>` in a raw string: a replacement's group.
            (b'\\', _) if literal.escapes == Escapes::None => family(bytes, at, end),
            _ => None,
        };
        if let Some(stop) = placeholder {
            copy_from = out.splice(text, copy_from, Span::new(at, stop), PLACEHOLDER);
            placeholders = true;
            at = copy_from;
            continue;
        }
        // A format's `%%` stands for one percent sign.
        if format && byte == b'%' && bytes.get(at + 1) == Some(&b'%') {
            copy_from = out.splice(text, copy_from, Span::new(at, at + 2), "%");
            at = copy_from;
            continue;
        }
        // `{{` and `}}` of an f-string stand for one brace.
        if literal.interpolation == Interpolation::Brace
            && matches!(byte, b'{' | b'}')
            && bytes.get(at + 1) == Some(&byte)
        {
            let brace = if byte == b'{' { "{" } else { "}" };
            copy_from = out.splice(text, copy_from, Span::new(at, at + 2), brace);
            at = copy_from;
            continue;
        }
        if literal.escapes == Escapes::Doubled
            && byte == literal.quote
            && bytes.get(at + 1) == Some(&byte)
        {
            copy_from = out.splice(text, copy_from, Span::new(at, at + 2), &text[at..at + 1]);
            at = copy_from;
            continue;
        }
        let escape_byte = match literal.escapes {
            Escapes::Backtick => b'`',
            _ => b'\\',
        };
        if byte != escape_byte || matches!(literal.escapes, Escapes::None | Escapes::Doubled) {
            at += 1;
            continue;
        }
        let (value, length) = escape(&text[at..end], literal.escapes, literal.quote, language);
        let source = Span::new(at, (at + length).min(end));
        copy_from = out.splice(text, copy_from, source, value.as_deref().unwrap_or(""));
        at = copy_from;
    }
    // A doubled quote read at the content's end reaches past it.
    if copy_from < end {
        out.copy(&text[copy_from..end], copy_from);
    }
    (out, placeholders)
}

/// One escape at the start of `text` (which starts with `\`): the text it
/// stands for (`None`: nothing, a line continuation) and its length.
fn escape(text: &str, escapes: Escapes, quote: u8, language: Language) -> (Option<String>, usize) {
    let bytes = text.as_bytes();
    let Some(&next) = bytes.get(1) else {
        return (Some("\\".into()), 1);
    };
    if escapes == Escapes::Backtick {
        let width = text[1..].chars().next().map_or(1, char::len_utf8);
        let value = match next {
            b'n' => "\n",
            b't' => "\t",
            b'r' => "\r",
            b'0' => "\0",
            b'a' => "\u{7}",
            b'b' => "\u{8}",
            b'f' => "\u{c}",
            b'v' => "\u{b}",
            b'e' => "\u{1b}",
            _ => &text[1..1 + width],
        };
        return (Some(value.to_owned()), 1 + width);
    }
    if let Escapes::Marks(marks) = escapes {
        return match marks.contains(&next) {
            true => (Some((next as char).to_string()), 2),
            false => (Some("\\".into()), 1),
        };
    }
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
            if matches!(language, Language::Rust | Language::Properties) {
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
        // `\u{1F600}` (Rust, JavaScript, Swift), Perl's `\x{263A}`.
        b'u' | b'x' if bytes.get(2) == Some(&b'{') => {
            let close = bytes[3..].iter().take(9).position(|b| *b == b'}');
            match close.and_then(|n| {
                u32::from_str_radix(&text[3..3 + n], 16)
                    .ok()
                    .map(|c| (c, n))
            }) {
                Some((code, n)) => (Some(char_of(code).to_string()), 4 + n),
                None => (Some(text[..2].to_owned()), 2),
            }
        }
        b'x' => match hex(2, 1, 2) {
            Some((code, _)) if code >= 0x80 && byte_strings(language) => utf8_bytes(text)
                .map_or((Some(char_of(code).to_string()), 4), |(value, length)| {
                    (Some(value), length)
                }),
            Some((code, digits)) => (Some(char_of(code).to_string()), 2 + digits),
            None => (Some("\\x".into()), 2),
        },
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
        // Python's `\N{SNOWMAN}`, Perl's `\N{U+2603}`: a character by name.
        b'N' if matches!(language, Language::Python | Language::Perl)
            && bytes.get(2) == Some(&b'{') =>
        {
            named_character(text)
        }
        // Haskell's empty escape, which ends a numeric one (`"\123\&4"`).
        b'&' if language == Language::Haskell => (None, 2),
        // Lua's `\z` skips the white space after it; its `\ddd` is decimal.
        b'z' if language == Language::Lua => (
            None,
            2 + bytes[2..]
                .iter()
                .take_while(|b| b.is_ascii_whitespace())
                .count(),
        ),
        b'0'..=b'9' if language == Language::Lua => {
            let digits = bytes[1..]
                .iter()
                .take(3)
                .take_while(|b| b.is_ascii_digit())
                .count();
            let code = text[1..1 + digits].parse().unwrap_or(0);
            (Some(char_of(code).to_string()), 1 + digits)
        }
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

/// `\N{...}` at the start of `text`: the character it names and the
/// escape's length. The names of Unicode are not carried (their table would
/// outweigh the linter): a name of an ASCII character a URL is written or
/// ended with is read as that character, and any other name as U+FFFD, a
/// character beyond ASCII as the one named is. Either way such a URL is
/// beyond RFC 1738's alphabet, and no fix is made of an escape read as a
/// backslash. A name that is not closed is left as written.
fn named_character(text: &str) -> (Option<String>, usize) {
    let Some(close) = text[3..].bytes().take(100).position(|b| b == b'}') else {
        return (Some(text[..2].to_owned()), 2);
    };
    let name = &text[3..3 + close];
    let named = |names: &[&str]| names.iter().any(|known| known.eq_ignore_ascii_case(name));
    let character = if let Some(hex) = name.strip_prefix("U+") {
        u32::from_str_radix(hex, 16).ok().and_then(char::from_u32)
    } else if let Some(code) = PRINTABLE_ASCII_NAMES
        .split('|')
        .position(|known| known.eq_ignore_ascii_case(name))
    {
        Some(char::from(b' ' + code as u8))
    } else if named(&["CHARACTER TABULATION", "TAB", "HT"]) {
        Some('\t')
    } else if named(&["LINE FEED", "LF", "NEW LINE", "NL", "EOL"]) {
        Some('\n')
    } else if named(&["CARRIAGE RETURN", "CR"]) {
        Some('\r')
    } else if named(&["NULL", "NUL"]) {
        Some('\0')
    } else {
        None
    };
    let character = character.unwrap_or(char::REPLACEMENT_CHARACTER);
    (Some(character.to_string()), 4 + close)
}

/// The names Unicode gives the printable ASCII characters, from `SPACE`
/// (0x20) to `TILDE` (0x7E), in order, separated by `|`.
const PRINTABLE_ASCII_NAMES: &str = concat!(
    "SPACE|EXCLAMATION MARK|QUOTATION MARK|NUMBER SIGN|DOLLAR SIGN|PERCENT SIGN|",
    "AMPERSAND|APOSTROPHE|LEFT PARENTHESIS|RIGHT PARENTHESIS|ASTERISK|PLUS SIGN|COMMA|",
    "HYPHEN-MINUS|FULL STOP|SOLIDUS|DIGIT ZERO|DIGIT ONE|DIGIT TWO|DIGIT THREE|",
    "DIGIT FOUR|DIGIT FIVE|DIGIT SIX|DIGIT SEVEN|DIGIT EIGHT|DIGIT NINE|COLON|SEMICOLON|",
    "LESS-THAN SIGN|EQUALS SIGN|GREATER-THAN SIGN|QUESTION MARK|COMMERCIAL AT|",
    "LATIN CAPITAL LETTER A|LATIN CAPITAL LETTER B|LATIN CAPITAL LETTER C|",
    "LATIN CAPITAL LETTER D|LATIN CAPITAL LETTER E|LATIN CAPITAL LETTER F|",
    "LATIN CAPITAL LETTER G|LATIN CAPITAL LETTER H|LATIN CAPITAL LETTER I|",
    "LATIN CAPITAL LETTER J|LATIN CAPITAL LETTER K|LATIN CAPITAL LETTER L|",
    "LATIN CAPITAL LETTER M|LATIN CAPITAL LETTER N|LATIN CAPITAL LETTER O|",
    "LATIN CAPITAL LETTER P|LATIN CAPITAL LETTER Q|LATIN CAPITAL LETTER R|",
    "LATIN CAPITAL LETTER S|LATIN CAPITAL LETTER T|LATIN CAPITAL LETTER U|",
    "LATIN CAPITAL LETTER V|LATIN CAPITAL LETTER W|LATIN CAPITAL LETTER X|",
    "LATIN CAPITAL LETTER Y|LATIN CAPITAL LETTER Z|LEFT SQUARE BRACKET|REVERSE SOLIDUS|",
    "RIGHT SQUARE BRACKET|CIRCUMFLEX ACCENT|LOW LINE|GRAVE ACCENT|LATIN SMALL LETTER A|",
    "LATIN SMALL LETTER B|LATIN SMALL LETTER C|LATIN SMALL LETTER D|LATIN SMALL LETTER E|",
    "LATIN SMALL LETTER F|LATIN SMALL LETTER G|LATIN SMALL LETTER H|LATIN SMALL LETTER I|",
    "LATIN SMALL LETTER J|LATIN SMALL LETTER K|LATIN SMALL LETTER L|LATIN SMALL LETTER M|",
    "LATIN SMALL LETTER N|LATIN SMALL LETTER O|LATIN SMALL LETTER P|LATIN SMALL LETTER Q|",
    "LATIN SMALL LETTER R|LATIN SMALL LETTER S|LATIN SMALL LETTER T|LATIN SMALL LETTER U|",
    "LATIN SMALL LETTER V|LATIN SMALL LETTER W|LATIN SMALL LETTER X|LATIN SMALL LETTER Y|",
    "LATIN SMALL LETTER Z|LEFT CURLY BRACKET|VERTICAL LINE|RIGHT CURLY BRACKET|TILDE",
);

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
    if bytes[stop..end].starts_with(b"->") && matches!(bytes.get(stop + 2), Some(b'{' | b'[')) {
        // Perl's `$x->{key}`, `$x->[0]`.
        if let Some(close) = balanced(bytes, stop + 2, end) {
            stop = close + 1;
        }
    } else if bytes[stop..end].starts_with(b"->")
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

/// The end of the placeholder of a URL template at `at`, whatever its
/// syntax (`rfc1738::scan::template`, the family prose and data share),
/// within the literal's content (to `end`).
fn family(bytes: &[u8], at: usize, end: usize) -> Option<usize> {
    rfc1738::scan::template::placeholder_at(&bytes[..end], at)
}

/// Whether a language's `\xHH` is a byte of the string, not a character:
/// Go's, C's, PHP's, Perl's and Ruby's strings are bytes, and a run of
/// `\xHH` spells UTF-8 (`"\xe3\x82\xad"` is キ).
fn byte_strings(language: Language) -> bool {
    matches!(
        language,
        Language::Go | Language::C | Language::Php | Language::Perl | Language::Ruby
    )
}

/// The run of `\xHH` escapes at the start of `text` decoded as UTF-8, and
/// its length: `None` when the bytes are no UTF-8 (then each is the
/// character of its value, as Latin-1 would read it).
fn utf8_bytes(text: &str) -> Option<(String, usize)> {
    let bytes = text.as_bytes();
    let mut value = Vec::new();
    let mut at = 0;
    // A character of UTF-8 is four bytes at most: the search stays
    // linear in a string of many escapes.
    while value.len() < 4 && bytes.get(at..at + 2) == Some(b"\\x") {
        let Some(byte) = text
            .get(at + 2..at + 4)
            .filter(|digits| digits.bytes().all(|b| b.is_ascii_hexdigit()))
            .and_then(|digits| u8::from_str_radix(digits, 16).ok())
        else {
            break;
        };
        value.push(byte);
        at += 4;
        if std::str::from_utf8(&value).is_ok() {
            // A whole character: longer runs are decoded one at a time.
            return Some((String::from_utf8(value).ok()?, at));
        }
    }
    None
}

/// Perl's `@name` and `@{...}` at `at`: its end.
fn perl_array(bytes: &[u8], at: usize, end: usize) -> Option<usize> {
    match bytes.get(at + 1)? {
        b'{' => balanced(bytes, at + 1, end).map(|close| close + 1),
        first if first.is_ascii_alphabetic() || *first == b'_' => Some(
            at + 1
                + bytes[at + 1..end]
                    .iter()
                    .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_' || **b == b':')
                    .count(),
        ),
        _ => None,
    }
}
