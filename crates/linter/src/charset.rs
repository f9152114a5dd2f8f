//! Which encoding a file is in: a byte-order mark (UTF-8, UTF-16,
//! UTF-32), else UTF-8 when the bytes are valid UTF-8, else a declared
//! charset (HTML `<meta>`, the XML declaration, a PO/POT `Content-Type`,
//! Python's coding cookie, Emacs and Vim modelines), else UTF-8 when its
//! valid sequences outnumber the invalid ones, else a detector
//! (chardetng). Declarations are looked for where their readers look: the
//! first 1,024 bytes for `<meta>` (as browsers do), the first two lines
//! for a coding cookie and an Emacs first line, the first and last five
//! lines for modelines, the PO header entry in the first 4 KB.
//!
//! Valid UTF-8 is taken as UTF-8 before any declaration: a declaration may
//! be quoted (a README showing `<meta charset="iso-8859-1">`), while a
//! legacy text that happens to be valid UTF-8 is rare.
//!
//! Without the `encodings` feature (the WebAssembly package, whose text
//! comes decoded from JavaScript) a file is UTF-8, UTF-16 or UTF-32.

#![cfg_attr(not(feature = "encodings"), allow(dead_code))]

#[cfg(feature = "encodings")]
use encoding_rs::Encoding;

use crate::modeline::{self, coding, find_ignore_case, value_after};

/// An encoding a file can be read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextEncoding {
    /// UTF-8 (invalid sequences replaced).
    Utf8,
    /// UTF-16, little-endian.
    Utf16Le,
    /// UTF-16, big-endian.
    Utf16Be,
    /// UTF-32, little-endian (encoding_rs has no decoder for it).
    Utf32Le,
    /// UTF-32, big-endian.
    Utf32Be,
    /// A legacy encoding of the Encoding Standard.
    #[cfg(feature = "encodings")]
    Legacy(&'static Encoding),
}

impl TextEncoding {
    /// Its name, as the Encoding Standard writes it.
    pub fn name(self) -> &'static str {
        match self {
            TextEncoding::Utf8 => "UTF-8",
            TextEncoding::Utf16Le => "UTF-16LE",
            TextEncoding::Utf16Be => "UTF-16BE",
            TextEncoding::Utf32Le => "UTF-32LE",
            TextEncoding::Utf32Be => "UTF-32BE",
            #[cfg(feature = "encodings")]
            TextEncoding::Legacy(encoding) => encoding.name(),
        }
    }

    /// `text` in this encoding; `None` when a character has no encoding in
    /// it.
    pub fn encode(self, text: &str) -> Option<Vec<u8>> {
        Some(match self {
            TextEncoding::Utf8 => text.as_bytes().to_vec(),
            TextEncoding::Utf16Le => text.encode_utf16().flat_map(u16::to_le_bytes).collect(),
            TextEncoding::Utf16Be => text.encode_utf16().flat_map(u16::to_be_bytes).collect(),
            TextEncoding::Utf32Le => text
                .chars()
                .flat_map(|c| u32::from(c).to_le_bytes())
                .collect(),
            TextEncoding::Utf32Be => text
                .chars()
                .flat_map(|c| u32::from(c).to_be_bytes())
                .collect(),
            #[cfg(feature = "encodings")]
            TextEncoding::Legacy(encoding) => {
                let (bytes, _, unmappable) = encoding.encode(text);
                if unmappable {
                    return None;
                }
                bytes.into_owned()
            }
        })
    }

    /// Whether a line feed is the byte 0x0A and no byte of another
    /// character is: a file in it can be cut at line feeds.
    pub fn lines_are_bytes(self) -> bool {
        match self {
            TextEncoding::Utf8 => true,
            #[cfg(feature = "encodings")]
            TextEncoding::Legacy(encoding) => encoding.is_ascii_compatible(),
            _ => false,
        }
    }
}

/// How the encoding was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EncodingSource {
    /// Valid UTF-8 (or nothing said otherwise).
    Utf8,
    /// Its byte-order mark, of this many bytes.
    Bom(usize),
    /// A declaration: which.
    Declared(&'static str),
    /// Mostly valid UTF-8: the invalid sequences are replaced.
    MostlyUtf8,
    /// Guessed from the bytes (chardetng).
    Detected,
}

impl std::fmt::Display for EncodingSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EncodingSource::Utf8 | EncodingSource::MostlyUtf8 => f.write_str("the default"),
            EncodingSource::Bom(_) => f.write_str("by its byte-order mark"),
            EncodingSource::Declared(what) => write!(f, "as declared by {what}"),
            EncodingSource::Detected => f.write_str("as detected, no charset being declared"),
        }
    }
}

/// The byte-order mark `bytes` begins with: its encoding and length.
pub fn bom(bytes: &[u8]) -> Option<(TextEncoding, usize)> {
    // UTF-32LE's mark begins with UTF-16LE's: looked for first.
    if bytes.starts_with(&[0xFF, 0xFE, 0, 0]) {
        Some((TextEncoding::Utf32Le, 4))
    } else if bytes.starts_with(&[0, 0, 0xFE, 0xFF]) {
        Some((TextEncoding::Utf32Be, 4))
    } else if bytes.starts_with(&[0xEF, 0xBB, 0xBF]) {
        Some((TextEncoding::Utf8, 3))
    } else if bytes.starts_with(&[0xFF, 0xFE]) {
        Some((TextEncoding::Utf16Le, 2))
    } else if bytes.starts_with(&[0xFE, 0xFF]) {
        Some((TextEncoding::Utf16Be, 2))
    } else {
        None
    }
}

/// The encoding of a file's bytes, and how it was decided. `start` says
/// whether `bytes` begin the file (a byte-order mark is looked for).
pub fn decide(bytes: &[u8], start: bool) -> (TextEncoding, EncodingSource) {
    if start {
        if let Some((encoding, length)) = bom(bytes) {
            return (encoding, EncodingSource::Bom(length));
        }
    }
    if std::str::from_utf8(bytes).is_ok() {
        return (TextEncoding::Utf8, EncodingSource::Utf8);
    }
    #[cfg(feature = "encodings")]
    if let Some((encoding, what)) = declared(bytes) {
        return (
            TextEncoding::Legacy(encoding),
            EncodingSource::Declared(what),
        );
    }
    if mostly_utf8(bytes) || cfg!(not(feature = "encodings")) {
        return (TextEncoding::Utf8, EncodingSource::MostlyUtf8);
    }
    detected(bytes)
}

/// The detector's guess at a legacy encoding.
#[cfg(feature = "encodings")]
fn detected(bytes: &[u8]) -> (TextEncoding, EncodingSource) {
    let mut detector = chardetng::EncodingDetector::new();
    detector.feed(bytes, true);
    // A guess no better than another (a few bytes say little) is the
    // commonest legacy encoding, as browsers fall back to.
    let guess = match detector.guess_assess(None, false) {
        (guess, true) => guess,
        (_, false) => encoding_rs::WINDOWS_1252,
    };
    (TextEncoding::Legacy(guess), EncodingSource::Detected)
}

/// No detector without the `encodings` feature: UTF-8, its invalid
/// sequences replaced.
#[cfg(not(feature = "encodings"))]
fn detected(_bytes: &[u8]) -> (TextEncoding, EncodingSource) {
    (TextEncoding::Utf8, EncodingSource::MostlyUtf8)
}

/// Whether the valid non-ASCII UTF-8 sequences of `bytes` are at least as
/// many as the invalid ones: a UTF-8 file
/// with a few stray bytes, not a legacy one.
fn mostly_utf8(mut bytes: &[u8]) -> bool {
    let (mut valid, mut invalid) = (0usize, 0usize);
    loop {
        match std::str::from_utf8(bytes) {
            Ok(rest) => {
                valid += rest.chars().filter(|c| !c.is_ascii()).count();
                break;
            }
            Err(error) => {
                let (good, rest) = bytes.split_at(error.valid_up_to());
                valid += std::str::from_utf8(good)
                    .map_or(0, |good| good.chars().filter(|c| !c.is_ascii()).count());
                invalid += 1;
                bytes = &rest[error.error_len().unwrap_or(rest.len()).min(rest.len())..];
            }
        }
    }
    valid >= invalid
}

/// The charset `bytes` declare, and where.
#[cfg(feature = "encodings")]
pub fn declared(bytes: &[u8]) -> Option<(&'static Encoding, &'static str)> {
    let found = xml_declaration(bytes)
        .map(|label| (label, "the XML declaration"))
        .or_else(|| meta(bytes).map(|label| (label, "<meta charset>")))
        .or_else(|| po_header(bytes).map(|label| (label, "the PO header's Content-Type")))
        .or_else(|| first_lines(bytes).map(|label| (label, "a coding comment")))
        .or_else(|| vim(bytes).map(|label| (label, "a Vim modeline")));
    let (label, what) = found?;
    let encoding = encoding_of(label)?;
    // UTF-8 is what invalid UTF-8 was not; UTF-16 without a mark is what
    // browsers decline to believe in a declaration.
    if encoding == encoding_rs::UTF_8
        || encoding == encoding_rs::UTF_16LE
        || encoding == encoding_rs::UTF_16BE
        || encoding == encoding_rs::X_USER_DEFINED
    {
        return None;
    }
    Some((encoding, what))
}

/// The encoding of a label, as the Encoding Standard names it or as
/// Python and Emacs do (`latin-1`, `euc_jp`, `iso-latin-1`, `koi8-r-unix`).
#[cfg(feature = "encodings")]
fn encoding_of(label: &[u8]) -> Option<&'static Encoding> {
    let mut label = String::from_utf8_lossy(label).to_ascii_lowercase();
    for end in ["-unix", "-dos", "-mac"] {
        if let Some(stripped) = label.strip_suffix(end) {
            label = stripped.to_owned();
        }
    }
    let dashed = label.replace('_', "-");
    let bare = dashed.replace('-', "");
    let short = dashed
        .strip_prefix("iso-")
        .map(|rest| rest.replace('-', ""));
    [Some(label.clone()), Some(dashed), Some(bare), short]
        .into_iter()
        .flatten()
        .find_map(|candidate| Encoding::for_label_no_replacement(candidate.as_bytes()))
}

/// `<?xml version="1.0" encoding="..."?>` at the start.
fn xml_declaration(bytes: &[u8]) -> Option<&[u8]> {
    let declaration = bytes.strip_prefix(b"<?xml")?;
    let end = memchr::memmem::find(&declaration[..declaration.len().min(1024)], b"?>")?;
    value_after(&declaration[..end], b"encoding=")
}

/// A `<meta>` tag's `charset=`, in the first 1,024 bytes.
fn meta(bytes: &[u8]) -> Option<&[u8]> {
    let mut head = &bytes[..bytes.len().min(1024)];
    while let Some(at) = find_ignore_case(head, b"<meta") {
        let tag = &head[at..];
        let end = memchr::memchr(b'>', tag).unwrap_or(tag.len());
        if let Some(label) = value_after(&tag[..end], b"charset=") {
            return Some(label);
        }
        head = &tag[end..];
    }
    None
}

/// The PO header entry's `"Content-Type: text/plain; charset=...\n"`.
fn po_header(bytes: &[u8]) -> Option<&[u8]> {
    let head = &bytes[..bytes.len().min(4096)];
    let entry = memchr::memmem::find(head, b"msgid \"\"")?;
    let header = &head[entry..];
    let content = find_ignore_case(header, b"Content-Type:")?;
    let label = value_after(&header[content..], b"charset=")?;
    // A template's placeholder.
    (label != b"CHARSET").then_some(label)
}

/// The first `count` lines of `bytes`, and its last `count`.
fn lines(bytes: &[u8], count: usize) -> (Vec<&[u8]>, Vec<&[u8]>) {
    let first = bytes.split(|b| *b == b'\n').take(count).collect();
    let last = bytes
        .rsplit(|b| *b == b'\n')
        .take(count + 1)
        .filter(|line| !line.is_empty())
        .collect();
    (first, last)
}

/// Python's coding cookie or an Emacs `-*- coding: ... -*-`, on one of
/// the first two lines, or an Emacs local variable among the last lines.
fn first_lines(bytes: &[u8]) -> Option<&[u8]> {
    let (first, _) = lines(&bytes[..bytes.len().min(4096)], 2);
    for line in first {
        let trimmed = line.trim_ascii_start();
        let comment = trimmed.starts_with(b"#")
            || trimmed.starts_with(b";")
            || trimmed.starts_with(b"//")
            || trimmed.starts_with(b"/*")
            || trimmed.starts_with(b"<!--")
            || trimmed.starts_with(b".\\\"")
            || trimmed.starts_with(b"%")
            || memchr::memmem::find(line, b"-*-").is_some();
        if !comment {
            continue;
        }
        if let Some(label) = coding(line) {
            return Some(label);
        }
    }
    let tail = &bytes[bytes.len().saturating_sub(3000)..];
    if memchr::memmem::find(tail, b"Local Variables:").is_some() {
        let (_, last) = lines(tail, 8);
        return last.iter().find_map(|line| coding(line));
    }
    None
}

/// A Vim modeline's `fileencoding=` (or `fenc=`) among the first and last
/// five lines.
fn vim(bytes: &[u8]) -> Option<&[u8]> {
    let (first, _) = lines(&bytes[..bytes.len().min(4096)], 5);
    let (_, last) = lines(&bytes[bytes.len().saturating_sub(4096)..], 5);
    first
        .into_iter()
        .chain(last)
        .find_map(modeline::vim_fileencoding)
}

/// Whether all of `reader` is valid UTF-8, read in blocks: memory does
/// not grow with the file.
pub fn is_utf8(mut reader: impl std::io::Read) -> std::io::Result<bool> {
    let mut block = vec![0; 1 << 20];
    // The bytes of a character cut by the end of the last block.
    let mut kept = 0;
    loop {
        let read = match reader.read(&mut block[kept..]) {
            Ok(read) => read,
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        let filled = kept + read;
        match std::str::from_utf8(&block[..filled]) {
            Ok(_) => kept = 0,
            Err(error) if error.error_len().is_some() => return Ok(false),
            Err(error) => {
                let valid = error.valid_up_to();
                block.copy_within(valid..filled, 0);
                kept = filled - valid;
            }
        }
        if read == 0 {
            return Ok(kept == 0);
        }
    }
}

#[cfg(all(test, feature = "encodings"))]
mod tests {
    use super::*;

    fn declared_name(bytes: &[u8]) -> Option<(&'static str, &'static str)> {
        declared(bytes).map(|(encoding, what)| (encoding.name(), what))
    }

    #[test]
    fn byte_order_marks_decide_first() {
        assert_eq!(bom(b"\xEF\xBB\xBFa"), Some((TextEncoding::Utf8, 3)));
        assert_eq!(bom(b"\xFF\xFEa\x00"), Some((TextEncoding::Utf16Le, 2)));
        assert_eq!(bom(b"\xFE\xFF\x00a"), Some((TextEncoding::Utf16Be, 2)));
        assert_eq!(
            bom(b"\xFF\xFE\x00\x00a\x00\x00\x00"),
            Some((TextEncoding::Utf32Le, 4))
        );
        assert_eq!(bom(b"\x00\x00\xFE\xFF"), Some((TextEncoding::Utf32Be, 4)));
        assert_eq!(bom(b"abc"), None);
        // Not at the start of the file: no mark.
        assert_eq!(decide(b"\xFF\xFEa\x00", false).1, EncodingSource::Detected);
    }

    #[test]
    fn declarations_are_read_where_their_readers_look() {
        assert_eq!(
            declared_name(b"<?xml version=\"1.0\" encoding='ISO-8859-2'?>\n<a>\xB1</a>"),
            Some(("ISO-8859-2", "the XML declaration"))
        );
        assert_eq!(
            declared_name(b"<html><head><META http-equiv=\"Content-Type\" content=\"text/html; charset=EUC-JP\">\xA4\xA2"),
            Some(("EUC-JP", "<meta charset>"))
        );
        assert_eq!(
            declared_name(b"<!doctype html><meta charset=windows-1252><p>\x93x\x94"),
            Some(("windows-1252", "<meta charset>"))
        );
        let mut late = vec![b' '; 1100];
        late.extend_from_slice(b"<meta charset=koi8-r>\xF0");
        assert_eq!(declared_name(&late), None, "past the first 1,024 bytes");
        assert_eq!(
            declared_name(b"# Ukrainian.\nmsgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=koi8-u\\n\"\n\xF0"),
            Some(("KOI8-U", "the PO header's Content-Type"))
        );
        assert_eq!(
            declared_name(
                b"msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=CHARSET\\n\"\n\xF0"
            ),
            None
        );
        assert_eq!(
            declared_name(b"#!/usr/bin/env python\n# -*- coding: latin-1 -*-\nx = '\xE9'\n"),
            Some(("windows-1252", "a coding comment"))
        );
        assert_eq!(
            declared_name(b"#!/usr/bin/env python\n\n# coding=latin-1\n\xE9"),
            None,
            "a cookie on the third line"
        );
        assert_eq!(
            declared_name(b"x = '\xE9'\n\n# Local Variables:\n# coding: iso-8859-15\n# End:\n"),
            Some(("ISO-8859-15", "a coding comment"))
        );
        assert_eq!(
            declared_name(b"\xE9t\xE9\n/* vim: set fileencoding=cp1250 ts=4 : */\n"),
            Some(("windows-1250", "a Vim modeline"))
        );
        assert_eq!(declared_name(b"<meta charset=\"utf-16\">\xFF"), None);
        assert_eq!(
            declared_name(b"# vim: set fenc=euc_jp :\n\xA4\xA2"),
            Some(("EUC-JP", "a Vim modeline"))
        );
        assert_eq!(
            declared_name(b";; -*- coding: iso-latin-1-unix -*-\n\xE9"),
            Some(("windows-1252", "a coding comment"))
        );
    }

    #[test]
    fn valid_utf8_first_then_declarations_then_the_detector() {
        let quoted = "Write <meta charset=\"iso-8859-1\"> at the top: caf\u{e9}.\n";
        assert_eq!(
            decide(quoted.as_bytes(), true),
            (TextEncoding::Utf8, EncodingSource::Utf8)
        );
        let mut stray = "caf\u{e9} na\u{ef}ve \u{2014} \u{fc}ber "
            .as_bytes()
            .to_vec();
        stray.push(0xFF);
        assert_eq!(
            decide(&stray, true),
            (TextEncoding::Utf8, EncodingSource::MostlyUtf8)
        );
        let russian = encoding_rs::KOI8_R
            .encode("Привет, мир! Это пример текста на русском языке, довольно длинный.")
            .0;
        let (encoding, how) = decide(&russian, true);
        assert_eq!(how, EncodingSource::Detected);
        assert!(matches!(encoding, TextEncoding::Legacy(_)), "{encoding:?}");
    }

    #[test]
    fn files_are_checked_for_utf8_in_blocks() {
        // A character cut by the end of the first block of 1 MiB.
        let mut bytes = vec![b'a'; (1 << 20) - 1];
        bytes.extend_from_slice("\u{e9}t\u{e9}".as_bytes());
        assert!(is_utf8(&bytes[..]).unwrap());
        bytes.push(0xC3);
        assert!(!is_utf8(&bytes[..]).unwrap(), "cut at the end of the file");
        bytes.pop();
        bytes.insert(5, 0xFF);
        assert!(!is_utf8(&bytes[..]).unwrap());
    }

    #[test]
    fn encodings_encode() {
        assert_eq!(TextEncoding::Utf16Le.encode("a~").unwrap(), b"a\x00~\x00");
        assert_eq!(TextEncoding::Utf16Be.encode("a").unwrap(), b"\x00a");
        assert_eq!(TextEncoding::Utf32Le.encode("a").unwrap(), b"a\x00\x00\x00");
        assert_eq!(TextEncoding::Utf32Be.encode("a").unwrap(), b"\x00\x00\x00a");
        let koi8 = TextEncoding::Legacy(encoding_rs::KOI8_R);
        assert_eq!(koi8.encode("%7E").unwrap(), b"%7E");
        assert_eq!(koi8.encode("\u{e9}"), None);
    }
}
