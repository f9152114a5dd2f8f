//! Where the URLs of a file are, by its format: plain text by the appendix
//! of RFC 1738 (`rfc1738::scan`), Markdown by a CommonMark parser
//! ([`markdown`]), HTML by its URL attributes ([`html`]), source code and
//! data by their comments and string literals ([`code`]), man pages with
//! roff's escapes read ([`roff`]), reStructuredText and AsciiDoc by their
//! link forms and literals ([`markup`]).
//!
//! A file's kind is found by its name ([`Kind::of`]), then, for a name
//! that tells nothing, by its first line: a `#!` line, an Emacs or Vim
//! modeline, a man page's first request ([`Kind::of_file`]).
//!
//! In every format the first `#` after a URL starts its fragment
//! ([`ScannedUrl::split_fragment`]): section 2.2 of RFC 1738 names `#` as
//! what delimits "a URL from a fragment/anchor identifier that might
//! follow it". A URL's span ends before the `#`; its
//! [`ScannedUrl::fragment`] has the rest.

#[cfg(feature = "code-readers")]
mod code;
pub mod filetype;
mod html;
mod language;
#[cfg(feature = "code-readers")]
mod mapped;
mod markdown;
#[cfg(feature = "code-readers")]
mod markup;
#[cfg(feature = "code-readers")]
mod roff;
#[cfg(feature = "code-readers")]
mod texinfo;
#[cfg(feature = "code-readers")]
mod xml;

pub use language::Language;

pub use markdown::{
    mark_used_definitions, markdown_piece_urls, next_cut, Definitions, MarkdownUrls,
    MARKDOWN_PIECE_SIZE,
};

use rfc1738::scan::{Form, ScannedUrl, Scanner};
use rfc1738::Span;

/// How a file is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Plain text: the rules of RFC 1738's appendix.
    Text,
    /// `.md`, `.markdown`.
    Markdown,
    /// `.html`, `.htm`, `.xhtml`.
    Html,
    /// Source code or data: comments and string literals.
    Code(Language),
    /// A man page: `.1` to `.9` (`.3p`, `.1m`), `.man`, `.mdoc`, `.roff`.
    Roff,
    /// `.rst`, `.rest`.
    ReStructuredText,
    /// `.adoc`, `.asciidoc`, `.asc`.
    AsciiDoc,
    /// GNU's Texinfo: `.texi`, `.texinfo`, `.txi`.
    Texinfo,
    /// XML and its kin: `.xml`, `.svg`, `.xsd`, `.plist`, `.csproj`.
    Xml,
}

/// The extension of the file name at the end of `path`, in lower case.
fn extension(path: &str) -> Option<String> {
    path.rsplit_once('.')
        .filter(|(_, extension)| !extension.contains(['/', '\\']))
        .map(|(_, extension)| extension.to_ascii_lowercase())
}

impl Kind {
    /// The kind of a file by its name. A template's suffix (`.erb`, `.j2`,
    /// `.tpl`, `.in`, ...) is looked through: `README.md.erb` is Markdown.
    pub fn of(path: &str) -> Kind {
        #[cfg(not(feature = "code-readers"))]
        {
            // Markdown, HTML and plain text only (the WebAssembly package).
            extension(path)
                .and_then(|extension| Kind::of_markup(&extension))
                .unwrap_or(Kind::Text)
        }
        #[cfg(feature = "code-readers")]
        Kind::of_name(path)
    }

    /// Markdown and HTML by their extension (in lower case): the kinds
    /// every build reads (the WebAssembly package reads no other).
    #[cfg(not(feature = "code-readers"))]
    fn of_markup(extension: &str) -> Option<Kind> {
        filetype::by_extension(extension)
            .map(|t| t.kind)
            .filter(|kind| matches!(kind, Kind::Markdown | Kind::Html))
    }

    /// The language of a kind of source code or data.
    pub fn language(self) -> Option<Language> {
        match self {
            Kind::Code(language) => Some(language),
            _ => None,
        }
    }

    /// [`Kind::of`] with every reader: the registry's row of the file's
    /// name, a man page's section (`.3p`), else plain text. A template's
    /// suffix (`.erb`, `.j2`, `.tpl`, `.in`, ...) is looked through:
    /// `README.md.erb` is Markdown.
    #[cfg(feature = "code-readers")]
    fn of_name(path: &str) -> Kind {
        const TEMPLATES: &[&str] = &[
            ".erb",
            ".j2",
            ".jinja",
            ".jinja2",
            ".tpl",
            ".tmpl",
            ".template",
            ".in",
            ".liquid",
            ".mustache",
            ".hbs",
            ".dist",
            ".example",
            ".sample",
        ];
        if let Some(inner) = TEMPLATES.iter().find_map(|suffix| {
            let cut = path.len().checked_sub(suffix.len())?;
            path.get(cut..)?
                .eq_ignore_ascii_case(suffix)
                .then(|| &path[..cut])
        }) {
            if inner
                .rsplit(['/', '\\'])
                .next()
                .is_some_and(|name| name.contains('.'))
            {
                return Kind::of_name(inner);
            }
        }
        if let Some(file_type) = filetype::by_name(path) {
            return file_type.kind;
        }
        match extension(path).as_deref() {
            Some(section)
                if section.len() <= 3
                    && section.as_bytes()[0].is_ascii_digit()
                    && section.as_bytes()[0] != b'0'
                    && section[1..].bytes().all(|b| b.is_ascii_lowercase()) =>
            {
                Kind::Roff
            }
            _ => Kind::Text,
        }
    }

    /// The kind of a file by its name, then, when the name tells nothing,
    /// by its text: a `#!` line naming an interpreter, an Emacs
    /// (`-*- mode: ruby -*-`) or Vim (`vim: ft=python`) modeline in its
    /// first or last lines, or a man page's first request.
    pub fn of_file(path: &str, text: &str) -> Kind {
        let kind = Kind::of(path);
        if kind != Kind::Text || cfg!(not(feature = "code-readers")) {
            return kind;
        }
        let mut lines = text.lines();
        let first = lines.next().unwrap_or("");
        if let Some(interpreter) = first.strip_prefix("#!") {
            let mut words = interpreter.split_whitespace();
            let mut program = words.next().unwrap_or("").rsplit('/').next().unwrap_or("");
            if program == "env" {
                program = words.find(|word| !word.starts_with('-')).unwrap_or("");
            }
            if let Some(language) = Language::of_interpreter(program) {
                return Kind::Code(language);
            }
        }
        let head = [first, lines.next().unwrap_or("")];
        let tail = text.lines().rev().take(5);
        for line in head.into_iter().chain(tail) {
            if let Some(language) = crate::modeline::mode(line).and_then(Language::of_mode) {
                return Kind::Code(language);
            }
        }
        if starts_as_man_page(text) {
            return Kind::Roff;
        }
        Kind::Text
    }

    /// [`Kind::of_file`] from a file's bytes: its first and last lines are
    /// what is read.
    pub fn of_bytes(path: &str, bytes: &[u8]) -> Kind {
        let kind = Kind::of(path);
        if kind != Kind::Text {
            return kind;
        }
        const REACH: usize = 2048;
        if bytes.len() <= 2 * REACH {
            return Kind::of_file(path, &String::from_utf8_lossy(bytes));
        }
        let mut sample = String::from_utf8_lossy(&bytes[..REACH]).into_owned();
        sample.push('\n');
        sample.push_str(&String::from_utf8_lossy(&bytes[bytes.len() - REACH..]));
        Kind::of_file(path, &sample)
    }

    /// Whether a long file of this kind is read in pieces.
    pub fn in_pieces(self) -> bool {
        matches!(self, Kind::Text | Kind::Markdown)
    }
}

/// Whether a file's text starts as a man page does (for a file with no
/// telling extension): a `.TH` or `.Dd` request, or a roff comment.
fn starts_as_man_page(text: &str) -> bool {
    let first = text
        .lines()
        .find(|line| !line.trim().is_empty())
        .unwrap_or("");
    first.starts_with(".TH ")
        || first.starts_with(".Dd ")
        || first.starts_with(".\\\"")
        || first.starts_with("'\\\"")
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

impl Applicability {
    /// [`Applicability::Safe`] when `fixable`, else [`Applicability::Never`].
    #[cfg_attr(not(feature = "code-readers"), allow(dead_code))]
    pub(crate) fn safe_if(fixable: bool) -> Applicability {
        if fixable {
            Applicability::Safe
        } else {
            Applicability::Never
        }
    }
}

/// How a destination is turned into the URL that is checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Decode {
    /// As written.
    Verbatim,
    /// A Markdown link destination: backslash escapes and entities.
    Markdown,
    /// An HTML attribute value: entities.
    Html,
}

/// A URL written in Markdown or HTML, before it is decoded.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    /// The URL as written, with its fragment.
    dest: Span,
    /// With its delimiters.
    outer: Span,
    form: Form,
    decode: Decode,
}

/// A URL found in Markdown or HTML: where it is written, to be decoded
/// when its turn comes (most URLs), or already read (URLs in prose, found
/// by the plain-text scanner).
#[derive(Clone, Debug)]
enum Pending {
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

    fn into_url(self, text: &str) -> ScannedUrl {
        match self {
            Pending::Written(candidate) => decoded(text, candidate),
            Pending::Read(url) => url,
        }
    }
}

/// Sorts URLs found by their place and drops those found twice.
fn in_order(found: &mut Vec<Pending>) {
    found.sort_by_key(Pending::place);
    found.dedup_by_key(|found| found.place());
}

/// The URLs of a file, in order of their place, one at a time.
pub enum Urls<'a> {
    /// Plain text.
    Text(&'a str, Scanner<'a>),
    /// Markdown, piece by piece.
    Markdown(MarkdownUrls<'a>),
    /// HTML, or a piece of Markdown: where each URL is, decoded on demand.
    Found(&'a str, PendingUrls),
    /// Code, data, man pages, reStructuredText, AsciiDoc: read whole.
    Read(std::vec::IntoIter<Extracted>),
}

/// The URLs found in a text, decoded one at a time.
pub struct PendingUrls(std::vec::IntoIter<Pending>);

impl Iterator for Urls<'_> {
    type Item = Extracted;

    fn next(&mut self) -> Option<Extracted> {
        loop {
            let found = match self {
                Urls::Text(text, scanner) => match escaped_quote(text, scanner.next()?) {
                    Some(url) => url.into(),
                    None => continue,
                },
                Urls::Markdown(urls) => urls.next()?.into(),
                Urls::Found(text, found) => found.0.next()?.into_url(text).into(),
                Urls::Read(urls) => urls.next()?,
            };
            if !placeholder_scheme(&found.url.text) {
                return Some(found);
            }
        }
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

/// The URLs of `text`, read as `kind`; `code` also looks into Markdown code
/// spans and blocks (with the plain-text rules).
pub fn urls(text: &str, kind: Kind, code: bool) -> Urls<'_> {
    urls_from(text, kind, code, 0)
}

/// The URLs of `text` from byte `start` on (plain text; Markdown and HTML
/// are read whole, from 0).
pub fn urls_from(text: &str, kind: Kind, code: bool, start: usize) -> Urls<'_> {
    match kind {
        Kind::Text => Urls::Text(text, Scanner::starting_at(text, start)),
        Kind::Markdown => Urls::Markdown(markdown::urls(text, code)),
        Kind::Html => {
            let mut found = Vec::new();
            html::urls(text, 0, text.len(), &mut found);
            Urls::Found(text, PendingUrls(found.into_iter()))
        }
        #[cfg(not(feature = "code-readers"))]
        Kind::Code(_)
        | Kind::Roff
        | Kind::ReStructuredText
        | Kind::AsciiDoc
        | Kind::Texinfo
        | Kind::Xml => Urls::Text(text, Scanner::starting_at(text, start)),
        #[cfg(feature = "code-readers")]
        Kind::Code(language) => Urls::Read(code::urls(text, language, code).into_iter()),
        #[cfg(feature = "code-readers")]
        Kind::Roff => {
            let mut mapped = mapped::Mapped::new();
            roff::decode(text, Span::new(0, text.len()), &mut mapped);
            let urls: Vec<Extracted> = mapped.urls(None).into_iter().map(Extracted::from).collect();
            Urls::Read(urls.into_iter())
        }
        #[cfg(feature = "code-readers")]
        Kind::ReStructuredText => {
            Urls::Read(markup::urls(text, markup::Markup::ReStructuredText, code).into_iter())
        }
        #[cfg(feature = "code-readers")]
        Kind::Texinfo => Urls::Read(texinfo::urls(text).into_iter()),
        #[cfg(feature = "code-readers")]
        Kind::Xml => Urls::Read(xml::urls(text).into_iter()),
        #[cfg(feature = "code-readers")]
        Kind::AsciiDoc => {
            Urls::Read(markup::urls(text, markup::Markup::AsciiDoc, code).into_iter())
        }
    }
}

/// A URL of plain text that ends with a backslash before a quote: the
/// backslash escapes the quote (`"<a href=\"https://a.b\">"` in a test's
/// text), and is no part of the URL.
fn escaped_quote(text: &str, url: ScannedUrl) -> Option<ScannedUrl> {
    let quoted = matches!(text.as_bytes().get(url.span.end), Some(b'"' | b'\''));
    if !quoted || url.fragment.is_some() || !url.breaks.is_empty() || !url.text.ends_with('\\') {
        return Some(url);
    }
    let span = Span::new(url.span.start, url.span.end - 1);
    let kept = &url.text[..url.text.len() - 1];
    if text.get(span.range()) != Some(kept) {
        return Some(url);
    }
    // What is left may be a scheme's mention (`\"mailto:\"`), as the
    // scanner finds them: no URL.
    if kept.ends_with(':') {
        return None;
    }
    Some(ScannedUrl::verbatim(
        kept,
        url.form,
        span,
        Span::new(url.outer.start, span.end),
    ))
}

/// Whether `text` starts with a scheme and a colon.
fn has_scheme(text: &str) -> bool {
    let bytes = text.as_bytes();
    if !bytes.first().is_some_and(u8::is_ascii_alphabetic) {
        return false;
    }
    let end = bytes
        .iter()
        .position(|b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))
        .unwrap_or(bytes.len());
    bytes.get(end) == Some(&b':')
}

/// The URL of a candidate: decoded, with the map back to the source, and
/// its fragment set apart.
fn decoded(text: &str, candidate: Candidate) -> ScannedUrl {
    let source = &text[candidate.dest.range()];
    let base = candidate.dest.start;
    let mut out = String::with_capacity(source.len());
    let mut pieces: Vec<(usize, Span)> = Vec::new();
    let identity = |out: &mut String, pieces: &mut Vec<(usize, Span)>, c: char, at: usize| {
        let len = c.len_utf8();
        match pieces.last_mut() {
            Some((start, span)) if span.end == at && out.len() - *start == span.len() => {
                span.end += len;
            }
            _ => pieces.push((out.len(), Span::new(at, at + len))),
        }
        out.push(c);
    };
    let mut chars = source.char_indices().peekable();
    while let Some((offset, c)) = chars.next() {
        let at = base + offset;
        if c == '\\' && candidate.decode == Decode::Markdown {
            if let Some(&(_, next)) = chars.peek() {
                if next.is_ascii_punctuation() {
                    chars.next();
                    pieces.push((out.len(), Span::new(at, at + 2)));
                    out.push(next);
                    continue;
                }
            }
        }
        if c == '&' && candidate.decode != Decode::Verbatim {
            if let Some((value, len)) = html::entity(&source[offset..]) {
                pieces.push((out.len(), Span::new(at, at + len)));
                out.push(value);
                for _ in 1..source[offset..offset + len].chars().count() {
                    chars.next();
                }
                continue;
            }
        }
        identity(&mut out, &mut pieces, c, at);
    }
    let url = if pieces.len() == 1 && pieces[0].1.len() == out.len() {
        ScannedUrl::verbatim(&out, candidate.form, candidate.dest, candidate.outer)
    } else {
        ScannedUrl::mapped(out, candidate.form, candidate.outer, pieces)
    };
    url.split_fragment()
}

#[cfg(test)]
mod tests;
