//! Whether a file is binary, by its content over the whole file: the magic
//! number of a format that is not text (PDF, PostScript, images, archives,
//! fonts, executables, databases), else a NUL byte anywhere, as ripgrep
//! decides. A byte-order mark of UTF-16 or UTF-32 makes a file text, NULs
//! and all: half of an ASCII character in UTF-16 is a NUL.

use std::io::{self, Read};
use std::path::Path;

/// Why a file is binary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryReason {
    /// A format's magic number at its start: the format's name.
    Magic(&'static str),
    /// A NUL byte, at this byte offset.
    Nul(u64),
}

impl std::fmt::Display for BinaryReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BinaryReason::Magic(format) => write!(f, "{format} by its magic number"),
            BinaryReason::Nul(offset) => write!(f, "a NUL byte at byte offset {offset}"),
        }
    }
}

/// How much of a file's start [`magic`] reads: tar's `ustar` is at 257.
pub const MAGIC_LENGTH: usize = 512;

/// Whether `start` begins with the byte-order mark of UTF-16 or UTF-32.
fn wide_bom(start: &[u8]) -> bool {
    start.starts_with(&[0xFF, 0xFE])
        || start.starts_with(&[0xFE, 0xFF])
        || start.starts_with(&[0x00, 0x00, 0xFE, 0xFF])
}

/// The format whose magic number `start` (a file's first bytes, at least
/// [`MAGIC_LENGTH`] when the file is that long) begins with. Signatures of
/// two or three printable bytes are confirmed by what follows them, so
/// that a text starting with `BM` or `MZ` stays text.
pub fn magic(start: &[u8]) -> Option<&'static str> {
    const PREFIXES: &[(&[u8], &str)] = &[
        (b"%PDF-", "PDF"),
        (b"%!PS", "PostScript"),
        (b"\xC5\xD0\xD3\xC6", "EPS"),
        (b"\x89PNG\r\n\x1A\n", "PNG"),
        (b"\xFF\xD8\xFF", "JPEG"),
        (b"GIF87a", "GIF"),
        (b"GIF89a", "GIF"),
        (b"II*\x00", "TIFF"),
        (b"MM\x00*", "TIFF"),
        (b"\x00\x00\x01\x00", "ICO"),
        (b"PK\x03\x04", "zip"),
        (b"PK\x05\x06", "zip"),
        (b"\x1F\x8B", "gzip"),
        (b"\xFD7zXZ\x00", "xz"),
        (b"7z\xBC\xAF\x27\x1C", "7z"),
        (b"\x28\xB5\x2F\xFD", "zstd"),
        (b"Rar!\x1A\x07", "RAR"),
        (b"\x00\x01\x00\x00\x00", "TrueType"),
        (b"OTTO\x00", "OpenType"),
        (b"wOFF", "WOFF"),
        (b"wOF2", "WOFF2"),
        (b"\x7FELF", "ELF"),
        (b"\xFE\xED\xFA\xCE", "Mach-O"),
        (b"\xFE\xED\xFA\xCF", "Mach-O"),
        (b"\xCE\xFA\xED\xFE", "Mach-O"),
        (b"\xCF\xFA\xED\xFE", "Mach-O"),
        // Also a universal Mach-O binary: the two share it.
        (b"\xCA\xFE\xBA\xBE", "Java class"),
        (b"\x00asm", "WebAssembly"),
        (b"SQLite format 3\x00", "SQLite"),
    ];
    if let Some((_, format)) = PREFIXES.iter().find(|(magic, _)| start.starts_with(magic)) {
        return Some(format);
    }
    // RIFF, its size, then the form.
    if start.len() >= 12 && &start[..4] == b"RIFF" && &start[8..12] == b"WEBP" {
        return Some("WebP");
    }
    // bzip2: `BZh`, the block size, and the block's own magic number.
    let block = |magic: &[u8]| start.get(4..10) == Some(magic);
    if start.len() >= 10
        && &start[..3] == b"BZh"
        && (b'1'..=b'9').contains(&start[3])
        && (block(b"\x31\x41\x59\x26\x53\x59") || block(b"\x17\x72\x45\x38\x50\x90"))
    {
        return Some("bzip2");
    }
    // BMP: `BM`, the size, then four reserved bytes that are zero.
    if start.len() >= 14 && &start[..2] == b"BM" && start[6..10] == [0, 0, 0, 0] {
        return Some("BMP");
    }
    // A DOS or PE executable: `MZ`, then a header holding NULs.
    if start.len() >= 64 && &start[..2] == b"MZ" && start[2..64].contains(&0) {
        return Some("PE");
    }
    if start.len() >= 262 && (&start[257..262] == b"ustar") {
        return Some("tar");
    }
    None
}

/// Whether a file whose bytes are all of `bytes` is binary.
pub fn of_bytes(bytes: &[u8]) -> Option<BinaryReason> {
    if wide_bom(bytes) {
        return None;
    }
    if let Some(format) = magic(&bytes[..bytes.len().min(MAGIC_LENGTH)]) {
        return Some(BinaryReason::Magic(format));
    }
    memchr::memchr(0, bytes).map(|offset| BinaryReason::Nul(offset as u64))
}

/// Whether the file at `path` is binary, read in blocks: its memory does
/// not grow with the file.
pub fn of_file(path: &Path) -> io::Result<Option<BinaryReason>> {
    of_reader(std::fs::File::open(path)?)
}

/// [`of_file`] of any reader.
pub fn of_reader(mut reader: impl Read) -> io::Result<Option<BinaryReason>> {
    let mut block = vec![0; 1 << 20];
    let mut filled = 0;
    // The start first, for the byte-order mark and the magic number.
    while filled < MAGIC_LENGTH {
        match reader.read(&mut block[filled..MAGIC_LENGTH]) {
            Ok(0) => break,
            Ok(read) => filled += read,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => return Err(error),
        }
    }
    let start = &block[..filled];
    if wide_bom(start) {
        return Ok(None);
    }
    if let Some(found) = of_bytes(start) {
        return Ok(Some(found));
    }
    let mut offset = filled as u64;
    loop {
        let read = match reader.read(&mut block) {
            Ok(0) => return Ok(None),
            Ok(read) => read,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if let Some(at) = memchr::memchr(0, &block[..read]) {
            return Ok(Some(BinaryReason::Nul(offset + at as u64)));
        }
        offset += read as u64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `head` padded to the length a magic number is read at.
    fn padded(head: &[u8]) -> Vec<u8> {
        let mut bytes = head.to_vec();
        bytes.resize(MAGIC_LENGTH, b' ');
        bytes
    }

    #[test]
    fn each_signature_is_found() {
        let cases: &[(&[u8], &str)] = &[
            (b"%PDF-1.7\n", "PDF"),
            (b"%!PS-Adobe-3.0 EPSF-3.0\n", "PostScript"),
            (b"\xC5\xD0\xD3\xC6\x20\x00", "EPS"),
            (b"\x89PNG\r\n\x1A\n\x00\x00\x00\rIHDR", "PNG"),
            (b"\xFF\xD8\xFF\xE0\x00\x10JFIF", "JPEG"),
            (b"GIF87a\x01\x00", "GIF"),
            (b"GIF89a\x01\x00", "GIF"),
            (b"BM\x3A\x00\x00\x00\x00\x00\x00\x00\x36\x00\x00\x00", "BMP"),
            (b"II*\x00\x08\x00\x00\x00", "TIFF"),
            (b"MM\x00*\x00\x00\x00\x08", "TIFF"),
            (b"\x00\x00\x01\x00\x01\x00\x10\x10", "ICO"),
            (b"RIFF\x24\x00\x00\x00WEBPVP8 ", "WebP"),
            (b"PK\x03\x04\x14\x00\x00\x00", "zip"),
            (b"\x1F\x8B\x08\x00", "gzip"),
            (b"BZh91AY&SY\x00", "bzip2"),
            (b"\xFD7zXZ\x00\x00\x04", "xz"),
            (b"7z\xBC\xAF\x27\x1C\x00\x04", "7z"),
            (b"\x28\xB5\x2F\xFD\x24\x00", "zstd"),
            (b"\x00\x01\x00\x00\x00\x0F\x00\x80", "TrueType"),
            (b"OTTO\x00\x0C\x00\x80", "OpenType"),
            (b"wOFF\x00\x01\x00\x00", "WOFF"),
            (b"wOF2\x00\x01\x00\x00", "WOFF2"),
            (b"\x7FELF\x02\x01\x01\x00", "ELF"),
            (b"\xCF\xFA\xED\xFE\x07\x00\x00\x01", "Mach-O"),
            (b"\xFE\xED\xFA\xCE\x00\x00\x00\x12", "Mach-O"),
            (b"\xCA\xFE\xBA\xBE\x00\x00\x00\x34", "Java class"),
            (b"\x00asm\x01\x00\x00\x00", "WebAssembly"),
            (b"SQLite format 3\x00\x10\x00", "SQLite"),
            (b"Rar!\x1A\x07\x01\x00", "RAR"),
        ];
        for (head, format) in cases {
            assert_eq!(magic(&padded(head)), Some(*format), "{head:?}");
            assert_eq!(of_bytes(&padded(head)), Some(BinaryReason::Magic(format)));
        }
        let mut exe = b"MZ\x90\x00\x03\x00\x00\x00".to_vec();
        exe.resize(128, 0);
        assert_eq!(magic(&exe), Some("PE"));
        let mut tar = b"notes.txt".to_vec();
        tar.resize(257, 0);
        tar.extend_from_slice(b"ustar\x0000");
        assert_eq!(magic(&tar), Some("tar"));
    }

    #[test]
    fn texts_that_start_like_a_signature_stay_text() {
        for text in [
            &b"BMW and MZ are makers of motorcycles.\n"[..],
            b"BZh is not bzip2 without its block.\n",
            b"RIFF is a container; WEBP one of its forms.\n",
            b"MZ alone\n",
        ] {
            assert_eq!(magic(&padded(text)), None, "{text:?}");
            assert_eq!(of_bytes(text), None);
        }
    }

    #[test]
    fn a_nul_anywhere_makes_a_file_binary_unless_it_is_utf_16_or_32() {
        let mut bytes = vec![b'a'; 3 << 20];
        assert_eq!(of_bytes(&bytes), None);
        assert_eq!(of_reader(&bytes[..]).unwrap(), None);
        // Far past the first 8 KB, and past the first block read.
        let at = (2 << 20) + 5;
        bytes[at] = 0;
        assert_eq!(of_bytes(&bytes), Some(BinaryReason::Nul(at as u64)));
        assert_eq!(
            of_reader(&bytes[..]).unwrap(),
            Some(BinaryReason::Nul(at as u64))
        );
        for bom in [
            &[0xFF, 0xFE][..],
            &[0xFE, 0xFF],
            &[0xFF, 0xFE, 0, 0],
            &[0, 0, 0xFE, 0xFF],
        ] {
            let mut wide = bom.to_vec();
            wide.extend_from_slice(b"h\x00t\x00");
            assert_eq!(of_bytes(&wide), None, "{bom:?}");
            assert_eq!(of_reader(&wide[..]).unwrap(), None);
        }
        assert_eq!(
            of_reader(&b"short\x00"[..]).unwrap(),
            Some(BinaryReason::Nul(5))
        );
    }
}
