//! Man pages (roff) read as a reader sees them: font changes (`\fB`,
//! `\fI`, `\fP`, `\f(CW`, `\f[B]`), zero-width escapes (`\&`, `\%`, `\|`,
//! `\^`, `\c`) and size changes removed, `\-` read as `-`, `\e` and `\\` as
//! a backslash, `\.` as a dot, named characters (`\(ti`, `\[ti]`, `\(aq`)
//! as what they name; the arguments of requests and macros (`.B`, `.UR`,
//! `.IP "..."`) as text. What an escape stands for is mapped back to the
//! escape, so a fix replaces it whole.
//!
//! The same reading serves roff written inside a string literal of source
//! code (a man page built by a program): [`looks_like_roff`].

use rfc1738::Span;

use super::mapped::Mapped;
use super::reader::{Extracted, Options, Reader};

/// Man pages.
pub(crate) struct Roff;

impl Reader for Roff {
    fn urls<'a>(
        &self,
        text: &'a str,
        _options: Options,
    ) -> Box<dyn Iterator<Item = Extracted> + 'a> {
        let mut read = Mapped::new();
        decode(text, Span::new(0, text.len()), &mut read);
        Box::new(read.urls().into_iter().map(Extracted::from))
    }
}

/// Whether a text is roff: it has a font escape (`\fB`, `\fI`, `\fR`,
/// `\fP`, `\f(`, `\f[`).
pub(crate) fn looks_like_roff(text: &str) -> bool {
    memchr::memmem::find_iter(text.as_bytes(), b"\\f").any(|at| {
        matches!(
            text.as_bytes().get(at + 2),
            Some(b'B' | b'I' | b'R' | b'P' | b'(' | b'[')
        )
    })
}

/// A named character of roff (`\(xx`, `\[name]`) as text; `None` for one
/// that is not a character a URL may hold (`em`, `bu`): dropped.
fn named(name: &str) -> Option<&'static str> {
    Some(match name {
        "ti" | "ap" => "~",
        "ha" | "a^" => "^",
        "aq" | "cq" => "'",
        "dq" => "\"",
        "rs" => "\\",
        "sl" => "/",
        "hy" | "mi" | "en" => "-",
        "lq" | "rq" | "Bq" | "bq" => "\"",
        "oq" => "'",
        "lB" => "[",
        "rB" => "]",
        "lC" => "{",
        "rC" => "}",
        "ba" | "or" => "|",
        "at" => "@",
        "sh" => "#",
        "Do" => "$",
        "pc" => ".",
        "pl" => "+",
        "eq" => "=",
        "ul" | "ru" => "_",
        _ => return None,
    })
}

/// The text of `source` (a span of `text`) as roff reads it, mapped back.
pub(crate) fn decode(text: &str, source: Span, out: &mut Mapped) {
    let bytes = text.as_bytes();
    let end = source.end;
    let mut at = source.start;
    let mut copy_from = at;
    let mut line_start = true;
    while at < end {
        let byte = bytes[at];
        if line_start && (byte == b'.' || byte == b'\'') {
            // A request or a macro: its name is dropped, its arguments are
            // text (a comment `.\"` is text too: it is read, not shown).
            let name_end = bytes[at + 1..end]
                .iter()
                .position(|b| b.is_ascii_whitespace())
                .map_or(end, |i| at + 1 + i);
            if !bytes[at + 1..name_end].starts_with(b"\\\"") {
                copy_from = out.splice(text, copy_from, Span::new(at, name_end), "");
                at = copy_from;
                line_start = false;
                continue;
            }
        }
        line_start = byte == b'\n';
        if byte == b'"' {
            // The quotes of a macro's argument.
            copy_from = out.splice(text, copy_from, Span::new(at, at + 1), " ");
            at = copy_from;
            continue;
        }
        if byte != b'\\' || at + 1 >= end {
            at += 1;
            continue;
        }
        let (value, length) = escape(&text[at..end]);
        copy_from = out.splice(
            text,
            copy_from,
            Span::new(at, at + length),
            value.unwrap_or(""),
        );
        at = copy_from;
    }
    out.copy(&text[copy_from..end], copy_from);
}

/// One escape at the start of `text` (`\` and at least one byte): what it
/// stands for (`None`: nothing) and its length.
fn escape(text: &str) -> (Option<&'static str>, usize) {
    let bytes = text.as_bytes();
    // An argument of one character, `(xx`, or `[name]`: its name and the
    // escape's length, from `from`.
    let argument = |from: usize| -> (&str, usize) {
        match bytes.get(from) {
            Some(b'(') => (text.get(from + 1..from + 3).unwrap_or(""), from + 3),
            Some(b'[') => match bytes[from..].iter().take(32).position(|b| *b == b']') {
                Some(close) => (&text[from + 1..from + close], from + close + 1),
                None => ("", from + 1),
            },
            Some(_) => {
                let width = text[from..].chars().next().map_or(1, char::len_utf8);
                (&text[from..from + width], from + width)
            }
            None => ("", from),
        }
    };
    let width = text[1..].chars().next().map_or(1, char::len_utf8);
    let (value, length) = escape_bytes(bytes, argument, width);
    // An argument counted in bytes may end inside a character (`\(aé`):
    // the escape ends after it.
    let mut length = length.min(text.len());
    while !text.is_char_boundary(length) {
        length += 1;
    }
    (value, length)
}

/// [`escape`] on the bytes: what the escape stands for and its length in
/// bytes, which may end inside a character.
fn escape_bytes<'t>(
    bytes: &[u8],
    argument: impl Fn(usize) -> (&'t str, usize),
    width: usize,
) -> (Option<&'static str>, usize) {
    let text_len = bytes.len();
    match bytes[1] {
        b'f' | b'F' | b'*' | b'n' | b'g' | b'k' | b'm' | b'M' | b'V' | b'Y' => {
            let (_, length) = argument(2);
            (None, length.min(text_len))
        }
        b'(' | b'[' => {
            let (name, length) = argument(1);
            (named(name), length.min(text_len))
        }
        b's' => {
            // `\s+2`, `\s-1`, `\s0`, `\s(12`, `\s[12]`.
            let mut at = 2;
            if matches!(bytes.get(at), Some(b'+' | b'-')) {
                at += 1;
            }
            let (_, length) = argument(at);
            (None, length.min(text_len))
        }
        b'h' | b'v' | b'w' | b'o' | b'b' | b'l' | b'L' | b'D' | b'X' | b'Z' | b'x' | b'R'
        | b'A' | b'B' | b'C' | b'N' | b'S' => {
            // An escape with a delimited argument: `\h'2n'`.
            let delimiter = bytes.get(2).copied().unwrap_or(b'\'');
            let close = bytes[3.min(bytes.len())..]
                .iter()
                .take(64)
                .position(|b| *b == delimiter || *b == b'\n');
            match close {
                Some(close) if bytes[3 + close] == delimiter => (None, 3 + close + 1),
                _ => (None, 2),
            }
        }
        b'-' => (Some("-"), 2),
        b'e' | b'\\' => (Some("\\"), 2),
        b'.' => (Some("."), 2),
        b' ' | b'~' | b'0' => (Some(" "), 2),
        b'&' | b'%' | b'|' | b'^' | b'c' | b'd' | b'u' | b'r' | b'p' | b't' | b'a' | b'{'
        | b'}' | b'\n' => (None, 2),
        b'"' | b'#' => {
            // A comment to the end of the line: read as text after it.
            (None, 2)
        }
        b'\'' => (Some("'"), 2),
        b'`' => (Some("`"), 2),
        _ => (None, 1 + width),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Vec<(String, String)> {
        let mut mapped = Mapped::new();
        decode(text, Span::new(0, text.len()), &mut mapped);
        mapped
            .urls()
            .into_iter()
            .map(|url| (url.text.clone(), text[url.span.range()].to_owned()))
            .collect()
    }

    #[test]
    fn an_escape_argument_inside_a_character_ends_after_it() {
        // `\(a` takes two bytes of `é` for its name: the escape ended
        // inside it, and the next copy panicked (a fuzzer found it).
        for page in [
            "x \\(aé http://a.b/",
            "\\hé'x http://a.b/",
            "\\fé",
            "\\s+(é1",
        ] {
            let found = read(page);
            assert!(found.len() <= 1, "{page:?}");
        }
        assert_eq!(read("\\(aé http://a.b/")[0].0, "http://a.b/");
    }

    #[test]
    fn font_escapes_are_no_part_of_a_url() {
        let page = ".TH BREW 1\n.SH SEE ALSO\nDocs at \\fBhttps://docs\\.brew\\.sh\\fP and\n\\fIhttps://a\\-b.c/x\\fR.\n";
        let found = read(page);
        assert_eq!(found[0].0, "https://docs.brew.sh");
        assert_eq!(found[0].1, "https://docs\\.brew\\.sh");
        assert_eq!(found[1].0, "https://a-b.c/x");
    }

    #[test]
    fn macro_arguments_and_named_characters() {
        let page = ".UR https://example.com/\\(tiuser\n.UE\n.B \"ftp://ftp.x.y/pub\"\n";
        let found = read(page);
        assert_eq!(found[0].0, "https://example.com/~user");
        assert_eq!(found[0].1, "https://example.com/\\(tiuser");
        assert_eq!(found[1].0, "ftp://ftp.x.y/pub");
    }

    #[test]
    fn roff_is_recognised() {
        assert!(looks_like_roff("see \\fIhttps://x\\fP"));
        assert!(!looks_like_roff("C:\\files"));
    }
}
