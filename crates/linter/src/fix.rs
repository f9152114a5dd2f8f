//! Fixes that keep a URL's meaning: an unsafe character escaped (`~` to
//! `%7E`, a space to `%20`), in the URL or in the fragment after it, the
//! scheme name and an FTP typecode in lower case. A URL's fixes are offered
//! only when the URL with all of them applied matches its scheme's
//! production (`rfc1738::lint::parses`; a template with a value in each
//! placeholder). A template's placeholders are left as they are.

use rfc1738::grammar::chars::SCHEME_ANY_CASE;
use rfc1738::lint::Code;
use rfc1738::scan::template::placeholders;
use rfc1738::scan::ScannedUrl;
use rfc1738::Span;

/// The unsafe characters whose escape means the same: all of section
/// 2.2's but `#` (a fragment delimiter) and `%` (an escape, maybe broken).
const ESCAPABLE: &[char] = &[
    ' ', '<', '>', '"', '{', '}', '|', '\\', '^', '~', '[', ']', '`',
];

/// One planned fix, small (a URL of 100,000 unsafe characters has as many):
/// where in the text, which finding, and the byte to escape (0: lower-case
/// the text there).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Planned {
    start: u32,
    end: u32,
    pub code: Code,
    escape: u8,
}

impl Planned {
    /// Where in the text.
    pub fn span(&self) -> Span {
        Span::new(self.start as usize, self.end as usize)
    }

    /// The replacement of `text[self.span()]`.
    pub fn content(&self, text: &str) -> String {
        let mut content = String::new();
        self.push_content(text, &mut content);
        content
    }

    /// [`Planned::content`], onto `out`.
    fn push_content(&self, text: &str, out: &mut String) {
        match self.escape {
            0 => {
                let old = &text[self.span().range()];
                out.extend(old.chars().map(|c| c.to_ascii_lowercase()));
            }
            // The escape as the library writes one (hex digits in upper case).
            byte => out.push_str(&rfc1738::build::encode(&[byte], b"")),
        }
    }
}

/// Whether `byte` is one of [`ESCAPABLE`] (all ASCII: no byte of a
/// character beyond ASCII is one).
fn escapable(byte: u8) -> bool {
    const TABLE: [bool; 256] = {
        let mut table = [false; 256];
        let mut index = 0;
        while index < ESCAPABLE.len() {
            table[ESCAPABLE[index] as usize] = true;
            index += 1;
        }
        table
    };
    TABLE[usize::from(byte)]
}

/// The fixes of one URL, in order.
pub type Plan = Vec<Planned>;

/// The fixes of `url`, for the findings `wanted` lets through; `None` when
/// there is none, or when the fixed URL would not match its production.
pub fn plan(url: &ScannedUrl, wanted: &mut dyn FnMut(Code, Span) -> bool) -> Option<Plan> {
    let text = url.text.as_str();
    u32::try_from(url.span.end.max(text.len())).ok()?;
    let planned = |span: Span, code: Code, escape: u8| Planned {
        start: span.start as u32,
        end: span.end as u32,
        code,
        escape,
    };
    // In the URL's text first, then mapped to the text of the file.
    let mut edits: Plan = Vec::new();
    // The scheme: scheme characters up to the first `:`, read in one pass.
    let scheme_end = text.bytes().position(|b| !SCHEME_ANY_CASE.contains(b))?;
    if scheme_end == 0 || text.as_bytes()[scheme_end] != b':' {
        return None;
    }
    let scheme = &text[..scheme_end];
    let scheme_span = Span::new(0, scheme_end);
    if scheme.bytes().any(|b| b.is_ascii_uppercase())
        && written_verbatim(url, scheme_span)
        && wanted(Code::SchemeCase, url.original_span(scheme_span))
    {
        edits.push(planned(scheme_span, Code::SchemeCase, 0));
    }
    each_escapable(text, |span| {
        if wanted(Code::UnsafeCharacter, url.original_span(span)) {
            edits.push(planned(
                span,
                Code::UnsafeCharacter,
                text.as_bytes()[span.start],
            ));
        }
    });
    // The typecode ends an ftp URL: `;type=A`.
    if scheme.eq_ignore_ascii_case("ftp") {
        let bytes = text.as_bytes();
        if bytes.len() > 6
            && bytes[bytes.len() - 7..bytes.len() - 1].eq_ignore_ascii_case(b";type=")
            && matches!(bytes[bytes.len() - 1], b'A' | b'I' | b'D')
        {
            let span = Span::new(text.len() - 1, text.len());
            if written_verbatim(url, span) && wanted(Code::FtpTypecodeCase, url.original_span(span))
            {
                edits.push(planned(span, Code::FtpTypecodeCase, 0));
            }
        }
    }
    // The fragment's, in the fragment's text.
    let mut fragment_edits: Plan = Vec::new();
    if let Some(fragment) = &url.fragment {
        each_escapable(&fragment.text, |span| {
            if wanted(Code::FragmentCharacter, url.fragment_span(span)) {
                let byte = fragment.text.as_bytes()[span.start];
                fragment_edits.push(planned(span, Code::FragmentCharacter, byte));
            }
        });
    }
    if edits.is_empty() && fragment_edits.is_empty() {
        return None;
    }
    let mut fixed = String::with_capacity(text.len() + 2 * edits.len());
    let mut at = 0;
    for edit in &edits {
        let span = edit.span();
        fixed.push_str(&text[at..span.start]);
        edit.push_content(text, &mut fixed);
        at = span.end;
    }
    fixed.push_str(&text[at..]);
    // Only whether it passes: no tree, and no error when it does not.
    if !rfc1738::lint::parses(&fixed) {
        return None;
    }
    for edit in &mut edits {
        let original = url.original_span(edit.span());
        *edit = planned(original, edit.code, edit.escape);
    }
    for edit in fragment_edits {
        let original = url.fragment_span(edit.span());
        edits.push(planned(original, edit.code, edit.escape));
    }
    Some(edits)
}

/// Whether each byte of `span` (of the URL's text) is written as itself in
/// the file, not decoded from an entity or a backslash escape: a case fix
/// lowers the text as written, which in `&#72;` is no letter.
fn written_verbatim(url: &ScannedUrl, span: Span) -> bool {
    (span.start..span.end).all(|at| url.original_span(Span::new(at, at + 1)).len() == 1)
}

/// Calls `each` with the characters of `text` a fix escapes, outside a
/// template's placeholders, in order.
fn each_escapable(text: &str, mut each: impl FnMut(Span)) {
    // Looked for once, and only in a URL with a character to escape; both
    // are in order, so one pass over each.
    let mut places: Option<std::iter::Peekable<_>> = None;
    for (offset, byte) in text.bytes().enumerate() {
        if escapable(byte) {
            let places = places.get_or_insert_with(|| placeholders(text).peekable());
            while places.next_if(|place| place.end <= offset).is_some() {}
            if places.peek().is_none_or(|place| place.start > offset) {
                each(Span::new(offset, offset + 1));
            }
        }
    }
}

/// The file's bytes with the edits `(byte start, byte end, content)`
/// applied; edits are in order and do not overlap. `None` when an edit has
/// no content (its replacement has no encoding in the file's).
pub fn apply<C: AsRef<[u8]>>(
    bytes: &[u8],
    edits: impl IntoIterator<Item = Option<(usize, usize, C)>>,
) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(bytes.len() + bytes.len() / 8);
    let mut at = 0;
    for edit in edits {
        let (start, end, content) = edit?;
        if start < at {
            continue;
        }
        out.extend_from_slice(&bytes[at..start]);
        out.extend_from_slice(content.as_ref());
        at = end;
    }
    out.extend_from_slice(&bytes[at..]);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rfc1738::scan::scan;

    fn fixed(text: &str) -> Option<String> {
        let url = scan(text).into_iter().next()?;
        let plan = plan(&url, &mut |_, _| true)?;
        let edits = plan.into_iter().map(|planned| {
            Some((
                planned.span().start,
                planned.span().end,
                planned.content(text),
            ))
        });
        Some(String::from_utf8(apply(text.as_bytes(), edits)?).unwrap())
    }

    #[test]
    fn fixes_keep_meaning() {
        assert_eq!(
            fixed("HTTP://a.b/~joe").as_deref(),
            Some("http://a.b/%7Ejoe")
        );
        assert_eq!(
            fixed("<gopher://g.h/00/About Gopher/Index>").as_deref(),
            Some("<gopher://g.h/00/About%20Gopher/Index>")
        );
        assert_eq!(
            fixed("FTP://a.b/c;type=I").as_deref(),
            Some("ftp://a.b/c;type=i")
        );
        // Broken across lines: only the character is replaced.
        assert_eq!(
            fixed("<URL:http://a.b/x~\n   y>").as_deref(),
            Some("<URL:http://a.b/x%7E\n   y>")
        );
    }

    #[test]
    fn no_fix_when_the_fixed_url_still_fails() {
        // A password in an http URL stays a scheme-production error.
        assert_eq!(fixed("http://u:p@a.b/~x"), None);
        // `#` and a bad `%` are not escaped: that would change the meaning.
        assert_eq!(fixed("http://a.b/x#y"), None);
        assert_eq!(fixed("http://a.b/100%"), None);
        assert_eq!(fixed("http://a.b/"), None);
    }

    #[test]
    fn only_wanted_findings_are_fixed() {
        let url = scan("HTTP://a.b/~joe").remove(0);
        let none = plan(&url, &mut |code, _| code == Code::SchemeCase);
        // Without the `~` escaped the URL does not parse: no fix at all.
        assert!(none.is_none());
        let url = scan("HTTP://a.b/joe").remove(0);
        let some = plan(&url, &mut |code, _| code == Code::SchemeCase).unwrap();
        assert_eq!(some.len(), 1);
        assert_eq!(some[0].span(), Span::new(0, 4));
        assert_eq!(some[0].code, Code::SchemeCase);
        assert_eq!(some[0].content("HTTP://a.b/joe"), "http");
    }

    #[test]
    fn no_case_fix_where_the_letters_are_entities() {
        use crate::extract::{urls, Kind};
        let all = &mut |_, _| true;
        // Lowering `&#72;TTP` would leave the `H` of its entity: the fix
        // would fix nothing and `--fix` would offer it again.
        let markdown = "[a](&#72;TTP://a.b/~x)";
        let found: Vec<ScannedUrl> = urls(markdown, Kind::Markdown, false)
            .map(|extracted| extracted.url)
            .collect();
        let planned = plan(&found[0], all).unwrap();
        let codes: Vec<Code> = planned.iter().map(|planned| planned.code).collect();
        assert_eq!(codes, [Code::UnsafeCharacter]);
        assert_eq!(planned[0].content(markdown), "%7E");
        let html = "<a href=\"ftp://a.b/c;type=&#65;\">x</a> <a href=\"FTP://a.b/c;type=A\">y</a>";
        let found: Vec<ScannedUrl> = urls(html, Kind::Html, false)
            .map(|extracted| extracted.url)
            .collect();
        assert!(plan(&found[0], all).is_none());
        // Written as letters they are lowered, in a URL broken across
        // lines too.
        let planned = plan(&found[1], all).unwrap();
        let contents: Vec<String> = planned.iter().map(|p| p.content(html)).collect();
        assert_eq!(contents, ["ftp", "a"]);
        assert_eq!(
            fixed("<URL:FTP://a.b/c;\n   type=A>").as_deref(),
            Some("<URL:ftp://a.b/c;\n   type=a>")
        );
    }
}
