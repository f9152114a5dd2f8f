//! The URLs of HTML: the values of URL attributes (`href`, `src`,
//! `srcset`, ...) that start with a scheme, entities decoded when they are
//! checked. Comments, `<script>` and `<style>` are skipped.

use rfc1738::scan::Form;
use rfc1738::Span;

use super::reader::{Extracted, Options, Reader};
use super::written::{has_scheme, in_turn, Candidate, Decode, Pending};

/// HTML.
pub(crate) struct Html;

impl Reader for Html {
    fn urls<'a>(
        &self,
        text: &'a str,
        _options: Options,
    ) -> Box<dyn Iterator<Item = Extracted> + 'a> {
        let mut found = Vec::new();
        urls(text, 0, text.len(), &mut found);
        Box::new(in_turn(text, found))
    }
}

/// The URL attributes of HTML.
const URL_ATTRIBUTES: &[&str] = &[
    "href",
    "src",
    "action",
    "cite",
    "formaction",
    "data",
    "poster",
    "background",
    "longdesc",
    "usemap",
    "codebase",
    "classid",
    "profile",
    "manifest",
    "icon",
    "srcset",
];

/// The URLs in the HTML `text[start..end]`: values of URL attributes with a
/// scheme. Comments, `<script>` and `<style>` are skipped.
pub(super) fn urls(text: &str, start: usize, end: usize, found: &mut Vec<Pending>) {
    let bytes = &text.as_bytes()[..end];
    let mut at = start;
    while let Some(open) = memchr::memchr(b'<', &bytes[at..]).map(|i| at + i) {
        let rest = &bytes[open..];
        if rest.starts_with(b"<!--") {
            at = memchr::memmem::find(&rest[4..], b"-->").map_or(end, |i| open + 4 + i + 3);
            continue;
        }
        if !rest.get(1).is_some_and(u8::is_ascii_alphabetic) {
            at = open + 1;
            continue;
        }
        let name_end = open
            + 1
            + rest[1..]
                .iter()
                .position(|b| !(b.is_ascii_alphanumeric() || *b == b'-' || *b == b':'))
                .unwrap_or(rest.len() - 1);
        let name = text[open + 1..name_end].to_ascii_lowercase();
        at = attributes(text, name_end, end, found);
        if name == "script" || name == "style" {
            let close = format!("</{name}");
            at = find_ignore_case(&bytes[at..], close.as_bytes()).map_or(end, |i| at + i);
        }
    }
}

pub(super) fn find_ignore_case(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|window| window.eq_ignore_ascii_case(needle))
}

/// The attributes of a tag from `at` (after its name) to its `>`; returns
/// where the tag ends.
fn attributes(text: &str, mut at: usize, end: usize, found: &mut Vec<Pending>) -> usize {
    let bytes = &text.as_bytes()[..end];
    loop {
        while at < end && bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        match bytes.get(at) {
            None => return end,
            Some(b'>') => return at + 1,
            Some(b'/') => {
                at += 1;
                continue;
            }
            Some(b'<') => return at,
            _ => {}
        }
        let name_start = at;
        while at < end
            && !bytes[at].is_ascii_whitespace()
            && !matches!(bytes[at], b'=' | b'>' | b'/')
        {
            at += 1;
        }
        let name = &text[name_start..at];
        let mut after = at;
        while after < end && bytes[after].is_ascii_whitespace() {
            after += 1;
        }
        if bytes.get(after) != Some(&b'=') {
            continue;
        }
        at = after + 1;
        while at < end && bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        let (value, outer) = match bytes.get(at) {
            Some(quote @ (b'"' | b'\'')) => {
                let close = closing_quote(bytes, at + 1, *quote).unwrap_or(end);
                let span = (
                    Span::new(at + 1, close),
                    Span::new(at, (close + 1).min(end)),
                );
                at = (close + 1).min(end);
                span
            }
            _ => {
                let start = at;
                while at < end && !bytes[at].is_ascii_whitespace() && bytes[at] != b'>' {
                    at += 1;
                }
                (Span::new(start, at), Span::new(start, at))
            }
        };
        if !URL_ATTRIBUTES.iter().any(|a| a.eq_ignore_ascii_case(name)) {
            continue;
        }
        if name.eq_ignore_ascii_case("srcset") {
            // Candidates separated by commas, each a URL and a descriptor.
            let mut from = value.start;
            for part in text[value.range()].split(',') {
                let trimmed = trim_span(text, Span::new(from, from + part.len()));
                let url_end = text[trimmed.range()]
                    .find(|c: char| c.is_ascii_whitespace())
                    .map_or(trimmed.end, |i| trimmed.start + i);
                push_attribute(text, Span::new(trimmed.start, url_end), outer, found);
                from += part.len() + 1;
            }
        } else {
            push_attribute(text, trim_span(text, value), outer, found);
        }
    }
}

/// The quote that closes an attribute's value opened before `from`. A
/// template's action in the value is read whole, quotes and all: Hugo's
/// `poster="npt:{{ .Get "poster" }}"`, Jinja's `{% url "a" %}` (the
/// template makes the HTML, its action is no part of it), as the family
/// of placeholders reads it (`rfc1738::scan::template::placeholder_at`).
/// One that holds a `<` is text: `href="{{"` before markup is no action.
fn closing_quote(bytes: &[u8], from: usize, quote: u8) -> Option<usize> {
    let mut at = from;
    loop {
        at += memchr::memchr2(quote, b'{', &bytes[at..])?;
        if bytes[at] == quote {
            return Some(at);
        }
        at = match rfc1738::scan::template::placeholder_at(bytes, at) {
            Some(end) if !bytes[at..end].contains(&b'<') => end,
            _ => at + 1,
        };
    }
}

/// The span without the white space at its ends.
fn trim_span(text: &str, span: Span) -> Span {
    let value = &text[span.range()];
    let start = span.start + (value.len() - value.trim_start().len());
    let end = span.end - (value.len() - value.trim_end().len());
    Span::new(start, end.max(start))
}

fn push_attribute(text: &str, value: Span, outer: Span, found: &mut Vec<Pending>) {
    if has_scheme(&text[value.range()]) {
        found.push(Pending::Written(Candidate {
            dest: value,
            outer,
            form: Form::Attribute,
            decode: Decode::Html,
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::super::{urls, Kind};

    fn texts(text: &str, kind: Kind) -> Vec<String> {
        urls(text, kind, false)
            .map(|found| found.url)
            .map(|url| url.text)
            .collect()
    }

    #[test]
    fn html_attributes_in_html_and_in_markdown() {
        let text = "<a href=\"http://a.b/?x=1&amp;y=2\">t</a><img src='ftp://c.d/e' alt=\"http://no/\">\n<!-- <a href=\"http://comment/\"> --><script>x=\"<a href='http://s/'>\"</script><p cite=http://q.r/>";
        assert_eq!(
            texts(text, Kind::Html),
            ["http://a.b/?x=1&y=2", "ftp://c.d/e", "http://q.r/"]
        );
        let markdown = "Text <a href=\"http://i.j/\">x</a>.\n\n<p align=\"center\">\n  <img\n    src=\"https://k.l/m.png\">\n</p>\n";
        assert_eq!(
            texts(markdown, Kind::Markdown),
            ["http://i.j/", "https://k.l/m.png"]
        );
    }

    /// mitmproxy's Hugo shortcode: a template's action in a value is read
    /// whole, quotes and all; a `{` alone is text.
    #[test]
    fn a_templates_action_in_a_value_is_read_whole() {
        let text = "<x poster=\"npt:{{ .Get \"poster\" }}\"></x><a href=\"https://a.b/{% url \"c\" %}\">t</a><a href=\"http://d.e/{x\">u</a><a href=\"http://f.g/{{\">v</a> {{ w }}";
        assert_eq!(
            texts(text, Kind::Html),
            [
                "npt:{{ .Get \"poster\" }}",
                "https://a.b/{% url \"c\" %}",
                "http://d.e/{x",
                "http://f.g/{{"
            ]
        );
    }

    #[test]
    fn srcset_has_several_urls() {
        assert_eq!(
            texts(
                "<img srcset=\"http://a/1.png 1x, http://a/2.png 2x\">",
                Kind::Html
            ),
            ["http://a/1.png", "http://a/2.png"]
        );
    }
}
