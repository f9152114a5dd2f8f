//! Reading a file to lint: whole, or, for long plain text and Markdown, in
//! pieces so that memory grows with the longest line and not with the
//! file; a binary file is not linted.

use std::io::{self, Read};
use std::path::Path;

use super::input::Input;
use super::LintRun;
use crate::baseline::Ledger;
use crate::binary::{self, BinaryReason};
use crate::extract::{self, Kind};
use crate::pipeline::{FileLint, UrlStarts};
use crate::settings::Settings;
use crate::source::SourceText;

/// Plain text longer than twice this is read in pieces of about this size
/// (`RFC1738_TEXT_PIECE` bytes, for tests), so memory grows with the
/// longest line, not with the file.
const TEXT_PIECE_SIZE: usize = 1 << 20;

/// What a piece reads past its limit, so that a URL starting before the
/// limit is read whole: a bracketed URL spans at most 2,048 bytes
/// (`rfc1738::scan`); a bare one ends with its line.
const TEXT_LOOKAHEAD: usize = 4096;

/// Why a file read in pieces failed.
enum LintFileError {
    /// Reading the file.
    Read(io::Error),
    /// Writing the report.
    Write(io::Error),
}

/// A size of pieces from the environment variable `name` (for tests), or
/// `default`.
fn piece_size(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|size| size.parse().ok())
        .filter(|size| *size > 0 && *size <= 1 << 40)
        .unwrap_or(default)
}

/// A Markdown file, piece by piece, cut where [`extract::next_cut`] says.
struct MarkdownFileInPieces {
    reader: std::fs::File,
    buf: Vec<u8>,
    eof: bool,
    piece_size: usize,
}

impl MarkdownFileInPieces {
    fn open(path: &Path, piece_size: usize) -> Result<MarkdownFileInPieces, LintFileError> {
        Ok(MarkdownFileInPieces {
            reader: std::fs::File::open(path).map_err(LintFileError::Read)?,
            buf: Vec::new(),
            eof: false,
            piece_size,
        })
    }

    fn next_piece(&mut self) -> Result<Option<Vec<u8>>, LintFileError> {
        loop {
            if let Some(cut) = extract::next_cut(&self.buf, self.piece_size) {
                let rest = self.buf.split_off(cut);
                return Ok(Some(std::mem::replace(&mut self.buf, rest)));
            }
            if self.eof {
                return Ok((!self.buf.is_empty()).then(|| std::mem::take(&mut self.buf)));
            }
            let block = self.piece_size.clamp(16 << 10, 1 << 20);
            self.eof = read_more(&mut self.reader, &mut self.buf, block)?;
        }
    }
}

/// Reads up to `block` more bytes of `reader` onto `buf`; whether the end
/// is reached.
fn read_more(
    reader: &mut impl Read,
    buf: &mut Vec<u8>,
    block: usize,
) -> Result<bool, LintFileError> {
    let len = buf.len();
    buf.resize(len + block, 0);
    let read = loop {
        match reader.read(&mut buf[len..]) {
            Ok(read) => break read,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => {
                buf.truncate(len);
                return Err(LintFileError::Read(error));
            }
        }
    };
    buf.truncate(len + read);
    Ok(read == 0)
}

/// Whether the file holds a suppression comment, read in blocks.
fn has_marker(path: &Path) -> io::Result<bool> {
    let marker = b"rfc1738-ignore";
    let finder = memchr::memmem::Finder::new(marker);
    let mut reader = std::fs::File::open(path)?;
    let mut block = vec![0; 1 << 20];
    // The end of the last block, in case the marker straddles two.
    let mut kept = 0;
    loop {
        let read = match reader.read(&mut block[kept..]) {
            Ok(read) => read,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if read == 0 {
            return Ok(false);
        }
        let filled = kept + read;
        if finder.find(&block[..filled]).is_some() {
            return Ok(true);
        }
        kept = (marker.len() - 1).min(filled);
        block.copy_within(filled - kept..filled, 0);
    }
}

/// The bytes of a file, or of standard input (`None`).
fn read_input(path: Option<&Path>) -> io::Result<Vec<u8>> {
    match path {
        None => {
            let mut bytes = Vec::new();
            io::stdin().lock().read_to_end(&mut bytes)?;
            Ok(bytes)
        }
        Some(path) => std::fs::read(path),
    }
}

impl LintRun<'_> {
    /// Whether a file is binary ([`binary`]: by its content over the whole
    /// file, `found`): it is not linted. A walk skips it silently; a file
    /// named on the command line (or standard input) gets one notice on
    /// standard error, not a finding per byte.
    fn binary(&mut self, input: &Input, found: Option<BinaryReason>) -> bool {
        let Some(why) = found else {
            return false;
        };
        if !input.walked {
            eprintln!(
                "warning: {}: a binary file ({why}), not linted",
                input.display
            );
            self.summary.skipped += 1;
        }
        true
    }

    /// Reports a file that cannot be read.
    fn read_error(&mut self, input: &Input, error: &io::Error) {
        let message = format!("{}: {error}", input.display);
        eprintln!("error: {message}");
        self.summary.errors.push(message);
        self.io_error = true;
    }

    /// Lints one file with its settings, its findings counted in `ledger`;
    /// whether its findings were reported (not when it cannot be read, is
    /// binary, or with `--diff`).
    pub(super) fn lint_file(
        &mut self,
        input: &Input,
        settings: &Settings,
        mut ledger: Option<&mut Ledger>,
    ) -> Result<bool, String> {
        let report = |error: io::Error| format!("cannot write the report: {error}");
        if let (false, Some(path)) = (self.args.fix || self.args.diff, &input.path) {
            if let Some(result) = self.lint_long_file(input, path, settings, ledger.as_deref_mut())
            {
                return match result {
                    Ok(linted) => Ok(linted),
                    Err(LintFileError::Read(error)) => {
                        self.read_error(input, &error);
                        Ok(false)
                    }
                    Err(LintFileError::Write(error)) => Err(report(error)),
                };
            }
        }
        let bytes = match read_input(input.path.as_deref()) {
            Ok(bytes) => bytes,
            Err(error) => {
                self.read_error(input, &error);
                return Ok(false);
            }
        };
        if self.binary(input, binary::of_bytes(&bytes)) {
            return Ok(false);
        }
        let kind = Kind::of_bytes(&input.display, &bytes);
        self.summary.files += 1;
        if self.args.fix || self.args.diff {
            return self.fix_file(input, bytes, kind, settings, ledger);
        }
        let doc = SourceText::new(bytes);
        FileLint::new(&input.display, &doc, settings, self)
            .with_ledger(ledger)
            .whole(kind)
            .map_err(report)?;
        Ok(true)
    }

    /// A long plain-text or Markdown file, linted in pieces; `None` for
    /// any other file, read whole.
    fn lint_long_file(
        &mut self,
        input: &Input,
        path: &Path,
        settings: &Settings,
        ledger: Option<&mut Ledger>,
    ) -> Option<Result<bool, LintFileError>> {
        let text_piece_size = piece_size("RFC1738_TEXT_PIECE", TEXT_PIECE_SIZE);
        let long = || {
            std::fs::metadata(path)
                .is_ok_and(|m| m.len() > (text_piece_size as u64).saturating_mul(2))
        };
        match Kind::of(&input.display) {
            // One whose text tells another kind (a `#!` line, a modeline,
            // JSON) is read whole as that kind.
            Kind::Text if long() && text_kind_of_long_file(input, path) => {
                Some(self.lint_text_in_pieces(input, path, text_piece_size, settings, ledger))
            }
            Kind::Markdown if long() => {
                Some(self.lint_markdown_in_pieces(input, path, settings, ledger))
            }
            _ => None,
        }
    }

    /// The opening of a reading in pieces: a binary file (judged over the
    /// whole file before any of its findings is written) is not linted,
    /// and a file in another encoding (or with bytes that are not UTF-8)
    /// or with a suppression comment is read whole: decoded at once, its
    /// undecodable bytes reported once, a comment that may apply to the
    /// whole file seen. Whether the file was linted, or `None` when it is
    /// to be read in pieces.
    fn read_whole_instead(
        &mut self,
        input: &Input,
        path: &Path,
        kind: Kind,
        settings: &Settings,
        ledger: Option<&mut Ledger>,
    ) -> Result<Option<bool>, LintFileError> {
        if self.binary(input, binary::of_file(path).map_err(LintFileError::Read)?) {
            return Ok(Some(false));
        }
        let utf8 = std::fs::File::open(path)
            .and_then(crate::charset::is_utf8)
            .map_err(LintFileError::Read)?;
        if !utf8 || has_marker(path).map_err(LintFileError::Read)? {
            return self
                .lint_read_whole(input, path, kind, settings, ledger)
                .map(Some);
        }
        Ok(None)
    }

    /// Lints a long Markdown file piece by piece (cut where no link
    /// changes, [`extract::next_cut`]), reading it three times: for the
    /// reference definitions, for the links that use them, and for the
    /// URLs.
    fn lint_markdown_in_pieces(
        &mut self,
        input: &Input,
        path: &Path,
        settings: &Settings,
        mut ledger: Option<&mut Ledger>,
    ) -> Result<bool, LintFileError> {
        let kind = Kind::Markdown;
        if let Some(linted) =
            self.read_whole_instead(input, path, kind, settings, ledger.as_deref_mut())?
        {
            return Ok(linted);
        }
        let piece_size = piece_size("RFC1738_MARKDOWN_PIECE", extract::MARKDOWN_PIECE_SIZE);
        let code = settings.markdown_code;
        let mut definitions = extract::Definitions::default();
        let mut pieces = MarkdownFileInPieces::open(path, piece_size)?;
        let mut index = 0;
        while let Some(bytes) = pieces.next_piece()? {
            let doc = SourceText::new(bytes);
            definitions.collect(&doc.text, index, 0);
            index += 1;
        }
        let definitions = std::cell::RefCell::new(definitions);
        if !definitions.borrow().is_empty() {
            let mut pieces = MarkdownFileInPieces::open(path, piece_size)?;
            while let Some(bytes) = pieces.next_piece()? {
                let doc = SourceText::new(bytes);
                extract::mark_used_definitions(&doc.text, code, &definitions);
            }
        }
        self.summary.files += 1;
        let mut pieces = MarkdownFileInPieces::open(path, piece_size)?;
        let (mut base, mut line, mut index) = (0, 1, 0);
        while let Some(bytes) = pieces.next_piece()? {
            let (length, newlines) = (bytes.len(), memchr::memchr_iter(b'\n', &bytes).count());
            let doc = SourceText::new_at(bytes, line, base);
            let urls = extract::markdown_piece_urls(&doc.text, code, &definitions, index);
            FileLint::new(&input.display, &doc, settings, self)
                .with_ledger(ledger.as_deref_mut())
                .urls(urls, usize::MAX)
                .map_err(LintFileError::Write)?;
            base += length;
            line += newlines;
            index += 1;
        }
        Ok(true)
    }

    /// Lints a file read whole, unless it is binary (found in a directory);
    /// whether it was linted.
    fn lint_read_whole(
        &mut self,
        input: &Input,
        path: &Path,
        kind: Kind,
        settings: &Settings,
        ledger: Option<&mut Ledger>,
    ) -> Result<bool, LintFileError> {
        let bytes = std::fs::read(path).map_err(LintFileError::Read)?;
        if self.binary(input, binary::of_bytes(&bytes)) {
            return Ok(false);
        }
        self.summary.files += 1;
        let doc = SourceText::new(bytes);
        FileLint::new(&input.display, &doc, settings, self)
            .with_ledger(ledger)
            .whole(kind)
            .map_err(LintFileError::Write)?;
        Ok(true)
    }

    /// Lints a long plain-text file piece by piece, holding one piece (and
    /// the longest line) at a time.
    fn lint_text_in_pieces(
        &mut self,
        input: &Input,
        path: &Path,
        piece_size: usize,
        settings: &Settings,
        mut ledger: Option<&mut Ledger>,
    ) -> Result<bool, LintFileError> {
        let kind = Kind::Text;
        if let Some(linted) =
            self.read_whole_instead(input, path, kind, settings, ledger.as_deref_mut())?
        {
            return Ok(linted);
        }
        let mut reader = std::fs::File::open(path).map_err(LintFileError::Read)?;
        let block = (piece_size / 4).clamp(16 << 10, 1 << 20);
        let mut buf = Vec::new();
        let mut eof = read_more(&mut reader, &mut buf, block)?;
        self.summary.files += 1;
        // The file offset and line number of the piece's first byte, and
        // where in it the scan resumes.
        let (mut base, mut line, mut resume) = (0, 1, 0);
        loop {
            // The limit: the first line start after `piece` bytes.
            let cut = loop {
                let found = buf
                    .get(piece_size..)
                    .and_then(|rest| memchr::memchr(b'\n', rest))
                    .map(|i| piece_size + i + 1);
                if found.is_some() || eof {
                    break found;
                }
                eof = read_more(&mut reader, &mut buf, block)?;
            };
            let Some(cut) = cut else {
                // The rest of the file is the last piece.
                let doc = SourceText::new_at(std::mem::take(&mut buf), line, base);
                let rest = UrlStarts {
                    start: resume,
                    limit: usize::MAX,
                };
                FileLint::new(&input.display, &doc, settings, self)
                    .with_ledger(ledger)
                    .urls_starting(kind, rest)
                    .map_err(LintFileError::Write)?;
                return Ok(true);
            };
            // Far enough past the limit for a URL that starts before it.
            let end = loop {
                let from = cut + TEXT_LOOKAHEAD;
                let found = buf
                    .get(from..)
                    .and_then(|rest| memchr::memchr(b'\n', rest))
                    .map(|i| from + i + 1);
                if let Some(end) = found {
                    break end;
                }
                if eof {
                    break buf.len();
                }
                eof = read_more(&mut reader, &mut buf, block)?;
            };
            let doc = SourceText::new_at(buf[..end].to_vec(), line, base);
            let limit = doc.text_offset(cut);
            let this = UrlStarts {
                start: resume,
                limit,
            };
            let next = FileLint::new(&input.display, &doc, settings, self)
                .with_ledger(ledger.as_deref_mut())
                .urls_starting(kind, this)
                .map_err(LintFileError::Write)?;
            // The next piece starts with the line where this one stopped.
            let next_line = doc.line_start(next);
            resume = next - next_line;
            line = doc.position(next_line).line;
            let consumed = doc.piece_byte_offset(next_line);
            base += consumed;
            buf.drain(..consumed);
        }
    }
}

/// Whether a long file with no telling name is plain text by its first and
/// last bytes too ([`Kind::of_ends`]): a file that cannot be read here is,
/// and fails where it is read.
fn text_kind_of_long_file(input: &Input, path: &Path) -> bool {
    use std::io::{Seek, SeekFrom};
    let ends = || -> io::Result<([u8; Kind::SAMPLE], [u8; Kind::SAMPLE])> {
        let (mut head, mut tail) = ([0; Kind::SAMPLE], [0; Kind::SAMPLE]);
        let mut file = std::fs::File::open(path)?;
        file.read_exact(&mut head)?;
        file.seek(SeekFrom::End(-(Kind::SAMPLE as i64)))?;
        file.read_exact(&mut tail)?;
        Ok((head, tail))
    };
    ends().map_or(true, |(head, tail)| {
        Kind::of_ends(&input.display, &head, &tail) == Kind::Text
    })
}
