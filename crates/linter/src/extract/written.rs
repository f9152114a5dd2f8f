//! A URL as Markdown or HTML writes it (a link's destination, an
//! attribute's value): where it is, decoded into the URL it stands for
//! when its turn comes, most URLs of a document never being looked at
//! closer than their place.

use rfc1738::scan::{Form, ScannedUrl};
use rfc1738::Span;

use super::mapped::Mapped;
use super::reader::Extracted;

/// How a destination is turned into the URL that is checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Decode {
    /// As written.
    Verbatim,
    /// A Markdown link destination: backslash escapes and entities.
    Markdown,
    /// An HTML attribute value: entities.
    Html,
}

/// A URL written in Markdown or HTML, before it is decoded.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Candidate {
    /// The URL as written, with its fragment.
    pub dest: Span,
    /// With its delimiters.
    pub outer: Span,
    pub form: Form,
    pub decode: Decode,
}

/// A URL found in Markdown or HTML: where it is written, to be decoded
/// when its turn comes (most URLs), or already read (URLs in prose, found
/// by the plain-text scanner).
#[derive(Clone, Debug)]
pub(crate) enum Pending {
    Written(Candidate),
    Read(ScannedUrl),
}

impl Pending {
    /// Where the URL is written (its fragment included), for the order of
    /// the URLs and to drop a URL found twice.
    fn place(&self) -> (usize, usize) {
        match self {
            Pending::Written(candidate) => (candidate.dest.start, candidate.dest.end),
            Pending::Read(url) => {
                let whole = url.span_with_fragment();
                (whole.start, whole.end)
            }
        }
    }

    pub(crate) fn into_url(self, text: &str) -> ScannedUrl {
        match self {
            Pending::Written(candidate) => decoded(text, candidate),
            Pending::Read(url) => url,
        }
    }
}

/// Sorts URLs found by their place and drops those found twice.
pub(crate) fn in_order(found: &mut Vec<Pending>) {
    found.sort_by_key(Pending::place);
    found.dedup_by_key(|found| found.place());
}

/// The URLs found in `text`, each decoded when its turn comes.
pub(crate) fn in_turn(text: &str, found: Vec<Pending>) -> impl Iterator<Item = Extracted> + '_ {
    found
        .into_iter()
        .map(move |pending| pending.into_url(text).into())
}

/// Whether `text` starts with a scheme and a colon.
pub(crate) fn has_scheme(text: &str) -> bool {
    let bytes = text.as_bytes();
    if !bytes.first().is_some_and(u8::is_ascii_alphabetic) {
        return false;
    }
    let end = bytes
        .iter()
        .position(|b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))
        .unwrap_or(bytes.len());
    // `Router::fallback`, rustdoc's link to an item: a path, no scheme.
    bytes.get(end) == Some(&b':') && bytes.get(end + 1) != Some(&b':')
}

/// The URL of a candidate: decoded, with the map back to the source, and
/// its fragment set apart.
fn decoded(text: &str, candidate: Candidate) -> ScannedUrl {
    let source = &text[candidate.dest.range()];
    let base = candidate.dest.start;
    let mut out = Mapped::with_capacity(source.len());
    let mut copy_from = 0;
    let mut chars = source.char_indices().peekable();
    while let Some((offset, c)) = chars.next() {
        let at = base + offset;
        if c == '\\' && candidate.decode == Decode::Markdown {
            if let Some(&(next_at, next)) = chars.peek() {
                if next.is_ascii_punctuation() {
                    chars.next();
                    out.copy(&source[copy_from..offset], base + copy_from);
                    out.decoded(&source[next_at..next_at + 1], Span::new(at, at + 2));
                    copy_from = next_at + 1;
                    continue;
                }
            }
        }
        if c == '&' && candidate.decode != Decode::Verbatim {
            if let Some((value, len)) = entity(&source[offset..]) {
                out.copy(&source[copy_from..offset], base + copy_from);
                out.decoded(value.encode_utf8(&mut [0; 4]), Span::new(at, at + len));
                for _ in 1..source[offset..offset + len].chars().count() {
                    chars.next();
                }
                copy_from = offset + len;
                continue;
            }
        }
    }
    out.copy(&source[copy_from..], base + copy_from);
    let (out, pieces) = out.into_parts();
    let url = if pieces.len() == 1 && pieces[0].1.len() == out.len() {
        ScannedUrl::verbatim(&out, candidate.form, candidate.dest, candidate.outer)
    } else {
        ScannedUrl::mapped(out, candidate.form, candidate.outer, pieces)
    };
    url.split_fragment()
}

/// The character an HTML character reference at the start of `text`
/// stands for, and its length. Numeric references, and the named ones that
/// occur in URLs and prose.
pub(crate) fn entity(text: &str) -> Option<(char, usize)> {
    let end = text.get(1..)?.find(';')? + 1;
    if end > 33 {
        return None;
    }
    let name = &text[1..end];
    let value = if let Some(number) = name.strip_prefix('#') {
        let code = match number.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => number.parse().ok()?,
        };
        match code {
            0 => '\u{fffd}',
            code => char::from_u32(code).unwrap_or('\u{fffd}'),
        }
    } else {
        match name {
            "amp" => '&',
            "lt" => '<',
            "gt" => '>',
            "quot" => '"',
            "apos" => '\'',
            "nbsp" => '\u{a0}',
            "tilde" => '\u{2dc}',
            "sol" => '/',
            "colon" => ':',
            "percnt" => '%',
            "num" => '#',
            "quest" => '?',
            "equals" => '=',
            "lowbar" => '_',
            "period" => '.',
            "comma" => ',',
            "excl" => '!',
            "plus" => '+',
            "semi" => ';',
            "copy" => '©',
            "reg" => '®',
            "hellip" => '…',
            "mdash" => '—',
            "ndash" => '–',
            _ => return None,
        }
    };
    Some((value, end + 1))
}
