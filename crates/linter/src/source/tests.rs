use rfc1738::Span;

use super::*;
use crate::charset::TextEncoding;

#[test]
fn decoding_maps_text_offsets_back_to_bytes() {
    let doc = SourceText::utf8(b"ab\xffcd\n\xe2\x82x".to_vec());
    assert_eq!(doc.text, "ab\u{fffd}cd\n\u{fffd}x");
    assert_eq!(doc.invalid.len(), 2);
    assert_eq!(doc.invalid[0], Span::new(2, 5));
    assert_eq!(doc.byte_offset(2), 2);
    assert_eq!(doc.byte_offset(4), 2);
    assert_eq!(doc.byte_offset(5), 3);
    assert_eq!(doc.byte_offset(8), 6);
    assert_eq!(doc.byte_offset(11), 8);
    assert_eq!(doc.position(5), Position { line: 1, column: 4 });
    assert_eq!(doc.position(11), Position { line: 2, column: 2 });
    let tail = SourceText::utf8(b"ab\xff".to_vec());
    assert_eq!(tail.byte_offset(5), 3);
}

#[test]
fn going_back_on_a_long_line_counts_on_from_there() {
    // A URL of 200,000 characters on one line whose last finding comes
    // first, then one at each of its characters: counted from the line
    // start for each, that would be 20 billion characters; each is
    // counted once.
    let line = format!("x {}", "é~".repeat(100_000));
    let doc = SourceText::new(line.clone().into_bytes());
    doc.anchor(2);
    let started = std::time::Instant::now();
    let chars = line.chars().count();
    assert_eq!(doc.position(line.len()).column, chars + 1);
    for (column, (offset, _)) in line.char_indices().enumerate().skip(2) {
        assert_eq!(
            doc.position(offset),
            Position {
                line: 1,
                column: column + 1
            }
        );
    }
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    // Back before the anchor, and across lines.
    let doc = SourceText::new(b"ab\ncd\nef".to_vec());
    doc.anchor(4);
    assert_eq!(doc.position(7), Position { line: 3, column: 2 });
    assert_eq!(doc.position(5), Position { line: 2, column: 3 });
    assert_eq!(doc.position(1), Position { line: 1, column: 2 });
    assert_eq!(doc.position(4), Position { line: 2, column: 2 });
}

#[test]
fn positions_forward_backward_and_ends() {
    let doc = SourceText::new("ab\ncé\r\nx".as_bytes().to_vec());
    assert!(doc.runs.is_empty());
    assert_eq!(doc.position(7), Position { line: 2, column: 4 });
    // Back on the same line, then back to an earlier line.
    assert_eq!(doc.position(4), Position { line: 2, column: 2 });
    assert_eq!(doc.position(1), Position { line: 1, column: 2 });
    assert_eq!(doc.position(8), Position { line: 3, column: 1 });
    doc.anchor(4);
    assert_eq!(doc.position(9), Position { line: 3, column: 2 });
    assert_eq!(doc.position(5), Position { line: 2, column: 2 });
    let start = doc.position(1);
    assert_eq!(
        doc.end_position(Span::new(1, 5), start),
        Position { line: 2, column: 2 }
    );
    assert_eq!(doc.line_start(5), 3);
    assert_eq!(doc.line_end(4), 6);
}

/// Every character's text offset maps to its byte offset and back.
fn assert_map(doc: &SourceText, expected: &[(usize, usize)]) {
    for (text, byte) in expected {
        assert_eq!(doc.byte_offset(*text), *byte, "text {text}");
        assert_eq!(doc.text_offset(*byte), *text, "byte {byte}");
    }
}

#[test]
fn utf16_and_utf32_with_their_marks() {
    let mut bytes = vec![0xFF, 0xFE];
    bytes.extend(TextEncoding::Utf16Le.encode("a\u{e9}\u{1F600}~\n").unwrap());
    let doc = SourceText::new(bytes.clone());
    assert_eq!(doc.encoding(), TextEncoding::Utf16Le);
    assert_eq!(doc.text, "a\u{e9}\u{1F600}~\n");
    // a at 2, é at 4, the emoji (a surrogate pair) at 6, ~ at 10.
    assert_map(&doc, &[(0, 2), (1, 4), (3, 6), (7, 10), (8, 12), (9, 14)]);
    assert!(doc.round_trips(&bytes));
    assert_eq!(doc.position(7), Position { line: 1, column: 4 });
    let mut bytes = vec![0, 0, 0xFE, 0xFF];
    bytes.extend(TextEncoding::Utf32Be.encode("h\u{e9}").unwrap());
    bytes.extend([0, 0x11, 0, 0]);
    let doc = SourceText::new(bytes.clone());
    assert_eq!(doc.text, "h\u{e9}\u{FFFD}");
    assert_map(&doc, &[(0, 4), (1, 8), (3, 12), (6, 16)]);
    assert!(!doc.round_trips(&bytes));
    // A lone surrogate in UTF-16BE, and an odd last byte.
    let doc = SourceText::new(b"\xFE\xFF\x00a\xD8\x00\x00b\x00".to_vec());
    assert_eq!(doc.text, "a\u{FFFD}b\u{FFFD}");
    assert_eq!(doc.invalid.len(), 2);
}

#[test]
#[cfg(feature = "encodings")]
fn legacy_encodings_map_each_character_to_its_bytes() {
    let text = format!("{} http://a.b/~x \u{41f}\n", "\u{416}".repeat(600));
    let (koi8, _, _) = encoding_rs::KOI8_R.encode(&text);
    let doc = SourceText::in_encoding(koi8.to_vec(), TextEncoding::Legacy(encoding_rs::KOI8_R));
    assert_eq!(doc.text, text);
    // Past several checkpoints: one byte a character in KOI8-R.
    let tilde = text.find('~').unwrap();
    assert_eq!(doc.byte_offset(tilde), 600 + 12);
    assert_eq!(doc.text_offset(612), tilde);
    assert_eq!(doc.byte_offset(text.len()), koi8.len());
    assert!(doc.round_trips(&koi8));
    assert!(doc.runs.len() < 16, "{} marks", doc.runs.len());
    // EUC-JP: two bytes a kana, one an ASCII byte; a bad pair.
    let bytes = b"\xA4\xA2x\xA4\xA4\xFF\x21y".to_vec();
    let doc = SourceText::in_encoding(bytes.clone(), TextEncoding::Legacy(encoding_rs::EUC_JP));
    assert!(
        doc.text.starts_with("\u{3042}x\u{3044}\u{FFFD}"),
        "{:?}",
        doc.text
    );
    assert!(doc.text.ends_with('y'));
    assert_map(&doc, &[(0, 0), (3, 2), (4, 3), (7, 5)]);
    assert_eq!(doc.byte_offset(doc.text.len()), bytes.len());
    assert_eq!(doc.byte_offset(doc.text.len() - 1), bytes.len() - 1);
    assert!(!doc.round_trips(&bytes));
}
