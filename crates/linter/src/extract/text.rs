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
                .filter_map(move |url| escaped_quote(text, url))
                .map(Extracted::from),
        )
    }
}

/// A URL of plain text that ends with a backslash before a quote: the
/// backslash escapes the quote (`"<a href=\"https://a.b\">"` in a test's
/// text), and is no part of the URL. The text before the backslash is
/// scanned again, so that what is left is judged by the scanner's own
/// rules: a scheme's mention (`\"mailto:\"`, `\"http://\"`) is no URL.
pub(crate) fn escaped_quote(text: &str, url: ScannedUrl) -> Option<ScannedUrl> {
    let quoted = matches!(text.as_bytes().get(url.span.end), Some(b'"' | b'\''));
    if !quoted || url.fragment.is_some() || !url.breaks.is_empty() || !url.text.ends_with('\\') {
        return Some(url);
    }
    let before = &text[..url.span.end - 1];
    if before.get(url.span.start..) != Some(&url.text[..url.text.len() - 1]) {
        return Some(url);
    }
    Scanner::starting_at(before, url.span.start)
        .next()
        .filter(|again| again.span.start == url.span.start)
}
