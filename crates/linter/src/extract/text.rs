//! Plain text, by the rules of RFC 1738's appendix (`rfc1738::scan`): the
//! reader of every file whose format has no reader of its own.

use rfc1738::scan::{ScannedUrl, Scanner};

use super::reader::{Extracted, Options, Reader};

/// Plain text.
pub(crate) struct PlainText;

impl Reader for PlainText {
    fn urls<'a>(
        &self,
        text: &'a str,
        options: Options,
    ) -> Box<dyn Iterator<Item = Extracted> + 'a> {
        Box::new(
            Scanner::starting_at(text, options.start)
                .filter_map(move |url| written_escape(text, url))
                .filter_map(move |url| escaped_quote(text, url))
                .map(Extracted::from),
        )
    }
}

/// A URL of plain text that ends with a backslash before a quote: the
/// backslash escapes the quote (`"<a href=\"https://a.b\">"` in a test's
/// text), and is no part of the URL (see [`cut_and_rescan`]).
pub(crate) fn escaped_quote(text: &str, url: ScannedUrl) -> Option<ScannedUrl> {
    // After a fragment, the backslash is the fragment's last byte
    // (searxng's catalogs: `href=\"http://a.b/wiki/HTTP#Request_methods\"`).
    if let Some(fragment) = &url.fragment {
        let end = fragment.span.end;
        let quoted = matches!(text.as_bytes().get(end), Some(b'"' | b'\''));
        if !quoted || end == 0 || text.as_bytes()[end - 1] != b'\\' || !url.breaks.is_empty() {
            return Some(url);
        }
        return rescan(text, url.span.start, end - 1);
    }
    let quoted = matches!(text.as_bytes().get(url.span.end), Some(b'"' | b'\''));
    if !quoted || !url.text.ends_with('\\') {
        return Some(url);
    }
    let cut = url.text.len() - 1;
    cut_and_rescan(text, url, cut)
}

/// A URL of plain text holding what a program's string writes with a
/// backslash: an escape no URL goes on after ends it (see
/// [`cut_and_rescan`]): a terminal's `\e` (a recording's `printf
/// '\e]8;;https://a.b\e\\'`), roff's font `\fR`, and an escaped backslash
/// before a quote (a snapshot's `src=\\"https://a.b/c.png\\"`). One holding
/// a regular expression's escaped dot or slash (`grep
/// 'https://a\.example\.org/'`) is a pattern, no URL. Any other backslash
/// stays the URL's (and unsafe): `http://host\path`, and a test suite's
/// escapes, after which its URL goes on (WPT's `http://example\t.\norg`,
/// `http://\u4f60\u597d`).
pub(crate) fn written_escape(text: &str, url: ScannedUrl) -> Option<ScannedUrl> {
    let bytes = url.text.as_bytes();
    if bytes
        .windows(2)
        .any(|pair| pair[0] == b'\\' && matches!(pair[1], b'.' | b'/'))
    {
        return None;
    }
    // The URL's bytes, then the two of the text after it (a quote there
    // ends the URL).
    let after = text.as_bytes().get(url.span.end..).unwrap_or_default();
    let byte = |at: usize| match bytes.get(at) {
        Some(&byte) => Some(byte),
        None => after.get(at - bytes.len()).copied(),
    };
    let escape = (0..bytes.len()).find(|&at| {
        bytes[at] == b'\\'
            && matches!(
                (byte(at + 1), byte(at + 2)),
                (Some(b'e'), _)
                    | (Some(b'f'), Some(b'B' | b'I' | b'R' | b'P'))
                    | (Some(b'\\'), Some(b'"' | b'\''))
            )
    });
    match escape {
        Some(cut) => cut_and_rescan(text, url, cut),
        None => Some(url),
    }
}

/// `url`, found in `text`, ending at byte `cut` of its text instead: what
/// is before is scanned again, so that it is judged by the scanner's own
/// rules (a scheme's mention left alone, `\"http://\"`, is no URL). The
/// URL as it is where its text is not written as it is in `text` (a line
/// break inside it). A fragment after the cut goes with the rest
/// (`https://a.b/c\n#\n# more`: JSON's newlines in a string).
pub(crate) fn cut_and_rescan(text: &str, url: ScannedUrl, cut: usize) -> Option<ScannedUrl> {
    let end = url.span.start + cut;
    if !url.breaks.is_empty() || text.get(url.span.start..end) != url.text.get(..cut) {
        return Some(url);
    }
    rescan(text, url.span.start, end)
}

/// The URL that starts at `start` in `text` cut at `end`, found by the
/// scanner again (none, where the scanner finds none starting there).
fn rescan(text: &str, start: usize, end: usize) -> Option<ScannedUrl> {
    Scanner::starting_at(&text[..end], start)
        .next()
        .filter(|again| again.span.start == start)
}
