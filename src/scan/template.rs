//! The placeholders of URL templates, which documentation writes where a
//! value goes: `https://api.example.com/users/{id}`, RFC 6570's
//! expressions (`{+base}`, `{?q,lang}`, `{#section}`), the `{{ host }}` of
//! Jinja, Handlebars and Go templates, the `${HOST}` of shells and
//! JavaScript, and the conversions of printf (`%s`, `%d`, `%(name)s`) in
//! the format strings of source code, where the `%` starts no escape, and
//! the bracketed upper-case names of documentation (`[USERNAME]`).
//!
//! RFC 1738 has no templates: `{` and `}` are unsafe characters (section
//! 2.2). A template is not a broken URL, though, and the linter reports
//! each placeholder under a code of its own and checks the rest of the URL
//! with a value in its place (`rfc1738::lint`). `<host>` placeholders are
//! not here: the scanner takes a bare token that reaches one for the
//! mention of a scheme and reports nothing.
//!
//! ```
//! use rfc1738::scan::template::placeholders;
//! let url = "https://{{ host }}/users/{id}{?fields}/%s?p=%20";
//! let found: Vec<&str> = placeholders(url).map(|span| &url[span.range()]).collect();
//! assert_eq!(found, ["{{ host }}", "{id}", "{?fields}", "%s"]);
//! ```

use crate::span::Span;

/// The longest placeholder, in bytes: a `{` that nothing closes within it
/// is an unsafe character, not a placeholder. It keeps the search linear.
const MAX_PLACEHOLDER: usize = 128;

/// The placeholders of `text`, in order.
pub fn placeholders(text: &str) -> Placeholders<'_> {
    Placeholders {
        bytes: text.as_bytes(),
        at: 0,
    }
}

/// The placeholders of a text, one at a time ([`placeholders`]).
#[derive(Debug, Clone)]
pub struct Placeholders<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Iterator for Placeholders<'_> {
    type Item = Span;

    fn next(&mut self) -> Option<Span> {
        let bytes = self.bytes;
        while let Some(open) = may_start(&bytes[self.at..]).map(|i| self.at + i) {
            if let Some(end) = placeholder_at(bytes, open) {
                self.at = end;
                return Some(Span::new(open, end));
            }
            self.at = open + 1;
        }
        self.at = bytes.len();
        None
    }
}

/// The offset of the first byte that may start a placeholder (`{`, `$`,
/// `%`, `[`). Every URL the linter checks is searched (most have none).
fn may_start(bytes: &[u8]) -> Option<usize> {
    super::find_first_of(bytes, [b'{', b'$', b'%', b'['])
}

/// The end of the placeholder that starts at `open`, if one does.
pub(crate) fn placeholder_at(bytes: &[u8], open: usize) -> Option<usize> {
    let rest = &bytes[open..bytes.len().min(open + MAX_PLACEHOLDER)];
    if let Some(inner) = rest.strip_prefix(b"{{") {
        // `{{ name }}`, `{{ .Host }}`, `{{host}}`: anything but braces and
        // line breaks, and something in it.
        let close = inner.windows(2).position(|pair| pair == b"}}")?;
        let body = &inner[..close];
        let well_formed = body.iter().any(|b| !b.is_ascii_whitespace())
            && !body
                .iter()
                .any(|b| matches!(b, b'{' | b'}' | b'\n' | b'\r'));
        return well_formed.then_some(open + 2 + close + 2);
    }
    if let Some(inner) = rest.strip_prefix(b"${") {
        let close = inner.iter().position(|b| *b == b'}')?;
        let body = &inner[..close];
        let well_formed = body.iter().any(|b| !b.is_ascii_whitespace())
            && !body.iter().any(|b| matches!(b, b'{' | b'\n' | b'\r'));
        return well_formed.then_some(open + 2 + close + 1);
    }
    if rest.first() == Some(&b'%') {
        return printf_conversion(rest).map(|len| open + len);
    }
    if let Some(inner) = rest.strip_prefix(b"[") {
        // `[USERNAME]`, `[YOUR_TOKEN]`: a name in capitals, two letters at
        // least (an IPv6 literal `[::1]`, `[FE80::1]` has colons).
        let close = inner.iter().position(|b| *b == b']')?;
        let body = &inner[..close];
        let name = body.len() >= 2
            && body.iter().filter(|b| b.is_ascii_uppercase()).count() >= 2
            && body
                .iter()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || matches!(b, b'_' | b'-'));
        // `[:port]`, `[@host]`, `[/path]`, `[?query]`: the notation of an
        // optional part, a delimiter and a name; not where a host starts
        // (`//[`, `@[`: an IPv6 literal).
        let host_starts = bytes[..open].ends_with(b"//") || bytes[..open].ends_with(b"@");
        let optional = !host_starts
            && matches!(
                body.first(),
                Some(b':' | b'@' | b'/' | b'?' | b';' | b'#' | b'.' | b'&')
            )
            && body.iter().any(u8::is_ascii_alphabetic)
            && body.iter().all(|b| {
                b.is_ascii_alphanumeric()
                    || matches!(
                        b,
                        b'_' | b'-' | b':' | b'@' | b'/' | b'?' | b';' | b'#' | b'.' | b'&' | b'='
                    )
            });
        return (name || optional).then_some(open + 1 + close + 1);
    }
    let inner = rest.strip_prefix(b"{")?;
    let close = inner.iter().position(|b| *b == b'}')?;
    is_expression(&inner[..close]).then_some(open + 1 + close + 1)
}

/// The length of the printf conversion at the start of `text` (which
/// starts with `%`): `%`, an optional `(name)`, flags, width, precision,
/// length and the conversion letter. A `%` that starts an escape `%XX` is
/// an escape, never a conversion (`%de` is the octet DE).
fn printf_conversion(text: &[u8]) -> Option<usize> {
    if text.len() >= 3 && text[1].is_ascii_hexdigit() && text[2].is_ascii_hexdigit() {
        return None;
    }
    let mut at = 1;
    if text.get(at) == Some(&b'(') {
        let close = text[at..].iter().position(|b| *b == b')')? + at;
        let name = &text[at + 1..close];
        if name.is_empty() || !name.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'_') {
            return None;
        }
        at = close + 1;
    }
    let skip = |at: &mut usize, wanted: &dyn Fn(u8) -> bool| {
        while text.get(*at).is_some_and(|b| wanted(*b)) {
            *at += 1;
        }
    };
    skip(&mut at, &|b| matches!(b, b'-' | b'+' | b' ' | b'#' | b'0'));
    // A width and a precision: digits, or `*` (given as an argument).
    skip(&mut at, &|b| b.is_ascii_digit() || b == b'*');
    if text.get(at) == Some(&b'.') {
        at += 1;
        skip(&mut at, &|b| b.is_ascii_digit() || b == b'*');
    }
    skip(&mut at, &|b| {
        matches!(b, b'h' | b'l' | b'z' | b'j' | b't' | b'L' | b'q')
    });
    match text.get(at) {
        Some(
            b's' | b'd' | b'i' | b'u' | b'o' | b'x' | b'X' | b'f' | b'F' | b'e' | b'E' | b'g'
            | b'G' | b'c' | b'p',
        ) => Some(at + 1),
        _ => None,
    }
}

/// Whether `body` is what RFC 6570 (section 2.2) allows between the braces
/// of an expression: an optional operator, then variable names separated by
/// commas, each with an optional `:length` or `*`. Names take letters,
/// digits, `_`, `.` and `%XX`, and `-` as OpenAPI's path parameters do.
fn is_expression(body: &[u8]) -> bool {
    let body = match body.first() {
        Some(b'+' | b'#' | b'.' | b'/' | b';' | b'?' | b'&') => &body[1..],
        _ => body,
    };
    !body.is_empty()
        && body.split(|b| *b == b',').all(|spec| {
            let name_end = spec
                .iter()
                .position(|b| matches!(b, b':' | b'*'))
                .unwrap_or(spec.len());
            let (name, modifier) = spec.split_at(name_end);
            let name_ok = !name.is_empty()
                && name
                    .iter()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-' | b'%'));
            let modifier_ok = match modifier {
                [] | [b'*'] => true,
                [b':', digits @ ..] => {
                    !digits.is_empty() && digits.len() <= 4 && digits.iter().all(u8::is_ascii_digit)
                }
                _ => false,
            };
            name_ok && modifier_ok
        })
}

/// The offset of the first `#` of `text` that starts a fragment: not inside
/// a placeholder, nor right after a `{` (RFC 6570's `{#var}`).
pub(crate) fn first_hash(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut at = 0;
    loop {
        let next = bytes[at..]
            .iter()
            .position(|b| matches!(b, b'#' | b'{' | b'$' | b'%'))?
            + at;
        match bytes[next] {
            b'#' if next == 0 || bytes[next - 1] != b'{' => return Some(next),
            b'#' => at = next + 1,
            _ => at = placeholder_at(bytes, next).unwrap_or(next + 1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use alloc::vec::Vec;

    fn found(text: &str) -> Vec<&str> {
        placeholders(text).map(|span| &text[span.range()]).collect()
    }

    #[test]
    fn the_forms_of_placeholder() {
        assert_eq!(found("http://a/{id}/x"), ["{id}"]);
        assert_eq!(
            found("{+base}/p{?q,lang}{#frag}{/a*}{;x:3}"),
            ["{+base}", "{?q,lang}", "{#frag}", "{/a*}", "{;x:3}"]
        );
        assert_eq!(
            found("https://{{ host }}/{{.Path}}"),
            ["{{ host }}", "{{.Path}}"]
        );
        assert_eq!(found("https://${HOST}/${ path }"), ["${HOST}", "${ path }"]);
        assert_eq!(found("http://a/{user-id}"), ["{user-id}"]);
        assert_eq!(
            found("https://github.com/[USERNAME]/[REPO_2]"),
            ["[USERNAME]", "[REPO_2]"]
        );
        assert_eq!(
            found("finger://host/username[@host]/w ftp://h[:port]/p[;type=X]"),
            ["[@host]", "[:port]", "[;type=X]"]
        );
        assert_eq!(
            found("https://e.com/%s/%d/%-5.2f/%(name)s/%lld/%20/%de/%.*s/%*d"),
            ["%s", "%d", "%-5.2f", "%(name)s", "%lld", "%.*s", "%*d"]
        );
    }

    #[test]
    fn braces_that_are_not_placeholders() {
        assert!(found("http://a/{}").is_empty());
        assert!(found("http://a/{a b}").is_empty());
        assert!(found("http://a/{x:y}").is_empty());
        assert!(found("http://a/{{}}").is_empty());
        assert!(found("http://a/{{ a\nb }}").is_empty());
        assert!(found("http://a/$x {").is_empty());
        assert!(found("http://a/%y %").is_empty());
        assert!(found("http://[::1]:80/[FE80::1]/[a]/[A]/[Ab]").is_empty());
        assert!(found("http://u@[::ffff:1.2.3.4]/").is_empty());
        let long = format!("http://a/{{{}}}", "x".repeat(200));
        assert!(found(&long).is_empty());
    }

    #[test]
    fn a_hash_in_a_placeholder_starts_no_fragment() {
        assert_eq!(first_hash("http://a/b#c"), Some(10));
        assert_eq!(first_hash("http://a/{#section}"), None);
        assert_eq!(first_hash("http://a/{#s}#top"), Some(13));
        assert_eq!(first_hash("http://a/{{ x#y }}#z"), Some(18));
        assert_eq!(first_hash("http://a/b"), None);
        assert_eq!(first_hash("http://a/%#x#y"), Some(12));
    }
}
