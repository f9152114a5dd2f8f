//! U018 invalid-utf8: what a file's encoding cannot decode, as one finding
//! for the file at its first undecodable place, however many places there
//! are (a file in another encoding read as UTF-8 would have one per run of
//! its letters).

use rfc1738::lint::{Code, Finding};

use crate::charset::{EncodingSource, TextEncoding};
use crate::source::{hex, SourceText};

/// The finding of `doc`'s undecodable bytes, at the first place; `None`
/// when every byte was decoded.
pub fn finding(doc: &SourceText) -> Option<Finding> {
    let span = *doc.invalid.first()?;
    Some(Finding::new(Code::InvalidUtf8, span, message(doc)?))
}

/// Where the first undecodable bytes are, how many places and bytes in
/// all, and the encoding the file was read in (and why).
pub fn message(doc: &SourceText) -> Option<String> {
    let first = doc.invalid.first()?;
    let offset = doc.byte_offset(first.start);
    let what = match doc.encoding() {
        TextEncoding::Utf8 => "invalid UTF-8".to_owned(),
        encoding => format!("bytes not valid in {}", encoding.name()),
    };
    let more = match doc.invalid.len() {
        1 => String::new(),
        places => format!(
            " and {} more {} ({} bytes in all)",
            thousands(places - 1),
            if places == 2 { "place" } else { "places" },
            thousands(doc.invalid_bytes())
        ),
    };
    let read = match (doc.encoding(), doc.decided_by()) {
        (TextEncoding::Utf8, EncodingSource::Utf8 | EncodingSource::MostlyUtf8) => String::new(),
        (encoding, how) => format!("; read as {} {how}", encoding.name()),
    };
    Some(format!(
        "{what} at byte offset {offset} (bytes {}){more}{read}; linted the rest",
        hex(doc.first_invalid())
    ))
}

/// A count with a comma every three digits: `3,211`.
fn thousands(count: usize) -> String {
    let digits = count.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

// Its cases are texts in legacy encodings, which the build without
// `encodings` does not decode.
#[cfg(all(test, feature = "encodings"))]
mod tests {
    use super::*;

    #[test]
    fn what_cannot_be_decoded_is_one_message() {
        let doc = SourceText::new(b"\xEF\xBB\xBFab\xFFcd\xFE\xFE\n\xC3".to_vec());
        assert_eq!(doc.text, "ab\u{FFFD}cd\u{FFFD}\u{FFFD}\n\u{FFFD}");
        assert_eq!(doc.byte_offset(0), 3, "after the byte-order mark");
        assert_eq!(
            message(&doc).unwrap(),
            "invalid UTF-8 at byte offset 5 (bytes ff) and 3 more places (4 bytes in all); \
             read as UTF-8 by its byte-order mark; linted the rest"
        );
        // One stray byte in a UTF-8 text; no valid UTF-8 beyond ASCII is
        // a legacy encoding's text.
        let mut stray = "\u{e9} a".as_bytes().to_vec();
        stray.extend_from_slice(b"\xFFb");
        let doc = SourceText::new(stray);
        assert_eq!(
            message(&doc).unwrap(),
            "invalid UTF-8 at byte offset 4 (bytes ff); linted the rest"
        );
        let doc = SourceText::new(b"a\xFFb".to_vec());
        assert_eq!(doc.text, "a\u{FF}b");
        assert!(message(&doc).is_none());
        assert_eq!(thousands(3211), "3,211");
        assert_eq!(thousands(1_000_000), "1,000,000");
        assert_eq!(thousands(999), "999");
    }
}
