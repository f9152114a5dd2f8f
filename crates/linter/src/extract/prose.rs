//! Prose inside a format that is not all prose (a source file's comments,
//! a shell script's words, reStructuredText around its literals): read in
//! a copy of the text, as long, where what is not prose is blank, so that
//! every offset the scanner gives is the text's own. Code left to be read
//! (`--markdown-code`) is read there too, but never fixed.

use rfc1738::scan::{ScannedUrl, Scanner};
use rfc1738::Span;

use super::reader::{Applicability, Extracted};

/// The URLs the plain-text scanner finds in `read`, a copy of `text` with
/// bytes blanked: none read across a blanked character of several bytes
/// (its places would fall inside the character in `text`); each kept as
/// `keep` says (which may trim it), and fixed as `fix` says unless it
/// overlaps one of `code` (sorted by their start), which is never fixed.
pub(crate) fn urls<'r>(
    text: &'r str,
    read: &'r str,
    code: &'r [Span],
    fix: Applicability,
    keep: impl FnMut(ScannedUrl) -> Option<ScannedUrl> + 'r,
) -> impl Iterator<Item = Extracted> + 'r {
    Scanner::new(read)
        .filter(move |url| !across_blanked(text, read, url.outer))
        .filter_map(keep)
        .map(move |url| {
            let fix = if overlaps(code, url.span_with_fragment()) {
                Applicability::Never
            } else {
                fix
            };
            Extracted { url, fix }
        })
}

/// Blanks a piece of code in `read` (but its line breaks): all of it, or,
/// when code is read (`read_code`), only its delimiters, the first and
/// last `delimiters` bytes. The span goes onto `code`.
pub(crate) fn blank_code(
    read: &mut [u8],
    span: Span,
    delimiters: usize,
    read_code: bool,
    code: &mut Vec<Span>,
) {
    for at in span.range() {
        let delimiter = at < span.start + delimiters || at + delimiters >= span.end;
        if read[at] != b'\n' && (!read_code || (delimiters > 0 && delimiter)) {
            read[at] = b' ';
        }
    }
    code.push(span);
}

/// Whether `place` overlaps one of `spans` (sorted by their start, none
/// inside another): a binary search, so that a file of many code spans and
/// many URLs stays linear.
pub(crate) fn overlaps(spans: &[Span], place: Span) -> bool {
    let after = spans.partition_point(|span| span.start < place.end);
    spans[..after]
        .iter()
        .rev()
        .take(2)
        .any(|span| place.start < span.end)
}

/// Whether `span` of `read` (a copy of `text` with some bytes blanked)
/// crosses a character of several bytes that was blanked: as many spaces,
/// a URL read across it would have places inside the character in `text`.
pub(crate) fn across_blanked(text: &str, read: &str, span: Span) -> bool {
    text.as_bytes()[span.range()]
        .iter()
        .zip(&read.as_bytes()[span.range()])
        .any(|(written, read)| !written.is_ascii() && written != read)
}

/// `text` with the bytes of `spans` (ASCII delimiters) blanked: what the
/// scanner reads where those bytes delimit a URL but are not its own.
pub(crate) fn blanked(text: &str, bytes: impl Iterator<Item = usize>) -> String {
    let mut out = text.as_bytes().to_vec();
    for at in bytes {
        if out.get(at).is_some_and(u8::is_ascii) {
            out[at] = b' ';
        }
    }
    // Only ASCII bytes were replaced by an ASCII byte.
    String::from_utf8(out).unwrap_or_else(|_| text.to_owned())
}
