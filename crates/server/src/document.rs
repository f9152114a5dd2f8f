//! An open document: its text as the editor has it, kept in step with the
//! editor's changes (incremental), its lines, and its last lint.

use std::path::PathBuf;

use lsp_types::{TextDocumentContentChangeEvent, TextDocumentItem, Url};

use super::findings::Linted;
use super::position::{Encoding, LineIndex};
use rfc1738_linter::extract::Kind;

/// One open document.
pub(crate) struct Document {
    pub(crate) uri: Url,
    /// The file, for a `file:` URI: its configuration, baseline and type.
    pub(crate) path: Option<PathBuf>,
    /// The name findings and comments are for: the path, or the URI.
    pub(crate) name: String,
    pub(crate) kind: Kind,
    pub(crate) version: i32,
    pub(crate) text: String,
    pub(crate) lines: LineIndex,
    /// The file's bytes when they are not UTF-8 and the text is the
    /// editor's reading of them (U+FFFD for each bad sequence), until the
    /// text changes: then its invalid bytes are reported as `rfc1738 lint`
    /// reports them.
    pub(crate) disk: Option<Vec<u8>>,
    /// The last lint; `None` when the text or the configuration changed
    /// since.
    pub(crate) linted: Option<Linted>,
}

impl Document {
    pub(crate) fn open(item: TextDocumentItem) -> Document {
        let path = match item.uri.scheme() {
            "file" => item.uri.to_file_path().ok(),
            _ => None,
        };
        let name = path.as_ref().map_or_else(
            || item.uri.to_string(),
            |p| p.to_string_lossy().into_owned(),
        );
        // A file's type is its name's, as for `rfc1738 lint`; a buffer
        // without a file name goes by its language.
        let kind = match (&path, item.language_id.as_str()) {
            (Some(_), _) => Kind::of_file(&name, &item.text),
            (None, language) => {
                rfc1738_linter::extract::filetype::by_mode(language).map_or(Kind::Text, |t| t.kind)
            }
        };
        let disk = path
            .as_ref()
            .filter(|_| item.text.contains(char::REPLACEMENT_CHARACTER))
            .and_then(|path| invalid_bytes_read_as(path, &item.text));
        Document {
            lines: LineIndex::new(&item.text),
            uri: item.uri,
            path,
            name,
            kind,
            version: item.version,
            text: item.text,
            disk,
            linted: None,
        }
    }

    /// Applies the editor's changes, in order.
    pub(crate) fn change(
        &mut self,
        version: i32,
        changes: Vec<TextDocumentContentChangeEvent>,
        encoding: Encoding,
    ) {
        for change in changes {
            match change.range {
                None => self.text = change.text,
                Some(range) => {
                    let start = self.lines.offset(&self.text, range.start, encoding);
                    let end = self.lines.offset(&self.text, range.end, encoding);
                    let (start, end) = (start.min(end), start.max(end));
                    self.text.replace_range(start..end, &change.text);
                }
            }
            self.lines = LineIndex::new(&self.text);
        }
        self.version = version;
        self.disk = None;
        self.linted = None;
    }
}

/// The bytes of `path` when they are not UTF-8 and `text` is their lossy
/// decoding; a file much larger than the text is not read.
fn invalid_bytes_read_as(path: &std::path::Path, text: &str) -> Option<Vec<u8>> {
    let size = std::fs::metadata(path).ok()?.len();
    if size > 4 * text.len() as u64 + 4096 {
        return None;
    }
    let bytes = std::fs::read(path).ok()?;
    let lossy = String::from_utf8_lossy(&bytes);
    match lossy {
        std::borrow::Cow::Owned(decoded) if decoded == text => Some(bytes),
        _ => None,
    }
}
