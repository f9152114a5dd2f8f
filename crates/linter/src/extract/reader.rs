//! What a reader of a file format is: one type behind [`Reader`], giving
//! the URLs of a text with their places in it and whether a fix may touch
//! them ([`Extracted`]). [`super::Kind::reader`] picks a file's reader;
//! everything after (the placeholders' filter, the pipeline, the language
//! server, `--format urls`) is the same for every reader.

use rfc1738::scan::ScannedUrl;

/// A reader of one file format.
///
/// What a reader guarantees of the URLs it gives:
///
/// - they come in order of their place in the text (their span with its
///   fragment), each once: a file read in pieces stops at the first URL
///   past a piece's end;
/// - every span (the URL's, its fragment's, its outer span, the places of
///   its bytes, its line breaks) is in the text given, on character
///   boundaries: what a reader decodes (an escape, an entity, a markup
///   delimiter) is mapped back to where it is written (`mapped.rs`),
///   so a finding points at the file and a fix replaces what is written;
/// - the first `#` after a URL starts its fragment
///   ([`ScannedUrl::split_fragment`]);
/// - each says whether a fix keeps the file's meaning ([`Applicability`]).
pub trait Reader {
    /// The URLs of `text`, one at a time.
    fn urls<'a>(&self, text: &'a str, options: Options)
        -> Box<dyn Iterator<Item = Extracted> + 'a>;
}

/// The URLs of a file, in order of their place, one at a time: a
/// reader's, but for the notation of a URL's form
/// (`SCHEME://HOST[:PORT]`), which no reader tells from a URL.
pub struct Urls<'a>(Box<dyn Iterator<Item = Extracted> + 'a>);

impl<'a> Urls<'a> {
    /// The URLs `reader` finds in `text`: what the pipeline lints, whatever
    /// the reader.
    pub fn read(reader: &dyn Reader, text: &'a str, options: Options) -> Urls<'a> {
        Urls(reader.urls(text, options))
    }

    /// URLs a reader found (a piece of a file read in pieces).
    pub(crate) fn new(urls: impl Iterator<Item = Extracted> + 'a) -> Urls<'a> {
        Urls(Box::new(urls))
    }
}

impl Iterator for Urls<'_> {
    type Item = Extracted;

    fn next(&mut self) -> Option<Extracted> {
        self.0.find(|found| !placeholder_scheme(&found.url.text))
    }
}

/// Whether a URL's scheme is the word for a scheme (`SCHEME://HOST[:PORT]`,
/// `protocol://host`): the notation of a URL's form, not a URL.
fn placeholder_scheme(url: &str) -> bool {
    let scheme = url.split_once(':').map_or("", |(scheme, _)| scheme);
    ["scheme", "protocol", "proto"]
        .iter()
        .any(|word| scheme.eq_ignore_ascii_case(word))
}

/// What a reader is asked for beyond the text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Whether code (Markdown's code spans and blocks, a comment's code
    /// spans, literal blocks) is read too (`--markdown-code`).
    pub code: bool,
    /// Where reading starts: plain text read in pieces resumes there. A
    /// reader that reads its format whole starts at 0 whatever this says.
    pub start: usize,
}

/// A URL found in a file, and whether a fix may be applied to it.
#[derive(Clone, Debug)]
pub struct Extracted {
    /// The URL.
    pub url: ScannedUrl,
    /// Whether fixing it keeps the file's meaning.
    pub fix: Applicability,
}

impl From<ScannedUrl> for Extracted {
    fn from(url: ScannedUrl) -> Extracted {
        Extracted {
            url,
            fix: Applicability::Safe,
        }
    }
}

/// Whether a fix of a URL may be applied where the URL is written, as ruff
/// tells safe fixes from unsafe ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Applicability {
    /// Prose, a comment, a link of Markdown or HTML: the fix writes the
    /// same URL in its preferred form, and nothing reads it but people.
    Safe,
    /// A program's string literal or a data file's value whose value is
    /// the URL: a program reads it, and a test may hold exactly that
    /// spelling on purpose (`isValid("hTtP://a.example/")`), so the fix
    /// is applied only when asked (`--unsafe-fixes`).
    Unsafe,
    /// Code, a template, a string whose value is more than the URL: a fix
    /// would change what is written there.
    Never,
}
