//! Where the URLs of a file are, by its format. Each format is read by a
//! type behind one trait ([`Reader`], `reader.rs`), in a file of its own:
//! plain text by the appendix of RFC 1738 (`text.rs`, `rfc1738::scan`),
//! Markdown by a CommonMark parser (`markdown.rs`), HTML by its URL
//! attributes (`html.rs`), source code and data by their comments and
//! string literals (`code/`), man pages with roff's escapes read
//! (`roff.rs`), reStructuredText and AsciiDoc by their link forms and
//! literals (`markup.rs`), Texinfo (`texinfo.rs`), XML (`xml.rs`).
//! [`Kind::reader`] is the one place a kind meets its reader; what every
//! reader's URLs go through after it is [`Urls`].
//!
//! What readers share: `mapped.rs`, the map from a decoded text (an
//! escape, an entity, a font change read) back to the file; `prose.rs`,
//! prose read in a copy of the text where what is not prose is blank;
//! `written.rs`, a URL as Markdown or HTML writes it, decoded when its
//! turn comes.
//!
//! A file's kind is found by its name ([`Kind::of`], from the registry of
//! file types, [`filetype`]), then, for a name that tells nothing, by its
//! first line: a `#!` line, an Emacs or Vim modeline, a man page's first
//! request ([`Kind::of_file`]).
//!
//! In every format the first `#` after a URL starts its fragment
//! ([`rfc1738::scan::ScannedUrl::split_fragment`]): section 2.2 of RFC 1738
//! names `#` as what delimits "a URL from a fragment/anchor identifier
//! that might follow it". A URL's span ends before the `#`; its
//! [`rfc1738::scan::ScannedUrl::fragment`] has the rest.

#[cfg(feature = "code-readers")]
mod code;
pub mod filetype;
mod html;
mod language;
mod mapped;
mod markdown;
#[cfg(feature = "code-readers")]
mod markup;
#[cfg(feature = "code-readers")]
mod prose;
mod reader;
#[cfg(feature = "code-readers")]
mod roff;
#[cfg(feature = "code-readers")]
mod texinfo;
mod text;
mod written;
#[cfg(feature = "code-readers")]
mod xml;

pub use language::Language;

pub use markdown::{
    mark_used_definitions, markdown_piece_urls, next_cut, Definitions, MarkdownUrls,
    MARKDOWN_PIECE_SIZE,
};
pub use reader::{Applicability, Extracted, Options, Reader, Urls};

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
        if let Some(inner) = filetype::TEMPLATE_SUFFIXES.iter().find_map(|suffix| {
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
        if looks_like_json(text) {
            return Kind::Code(Language::Json);
        }
        Kind::Text
    }

    /// How many bytes at each end of a long file [`Kind::of_bytes`] reads.
    pub const SAMPLE: usize = 2048;

    /// [`Kind::of_file`] from a file's bytes: its first and last lines are
    /// what is read.
    pub fn of_bytes(path: &str, bytes: &[u8]) -> Kind {
        if bytes.len() <= 2 * Kind::SAMPLE {
            return match Kind::of(path) {
                Kind::Text => Kind::of_file(path, &String::from_utf8_lossy(bytes)),
                kind => kind,
            };
        }
        let tail = &bytes[bytes.len() - Kind::SAMPLE..];
        Kind::of_ends(path, &bytes[..Kind::SAMPLE], tail)
    }

    /// [`Kind::of_file`] from the first and the last [`Kind::SAMPLE`]
    /// bytes of a long file, for a reader that reads no more of it to tell.
    pub fn of_ends(path: &str, head: &[u8], tail: &[u8]) -> Kind {
        let kind = Kind::of(path);
        if kind != Kind::Text {
            return kind;
        }
        let mut sample = String::from_utf8_lossy(head).into_owned();
        sample.push('\n');
        sample.push_str(&String::from_utf8_lossy(tail));
        Kind::of_file(path, &sample)
    }

    /// Whether a long file of this kind is read in pieces.
    pub fn in_pieces(self) -> bool {
        matches!(self, Kind::Text | Kind::Markdown)
    }
}

/// Whether a file's text is a JSON object, or an array of them (for a file
/// with no telling extension: a recording of HTTP exchanges, `.replay`,
/// whose URLs are written with JSON's escapes): `{` and a key's quote
/// first, `}` last.
fn looks_like_json(text: &str) -> bool {
    let text = text.trim();
    let opened = match text.strip_prefix('[') {
        Some(array) => array.trim_start().strip_prefix('{'),
        None => text.strip_prefix('{'),
    };
    opened.is_some_and(|object| object.trim_start().starts_with('"'))
        && (text.ends_with('}') || text.ends_with(']'))
}

/// Whether a file's text starts as a man page does (for a file with no
/// telling extension): a `.TH` or `.Dd` request, or a roff comment.
fn starts_as_man_page(text: &str) -> bool {
    // ronn's pages open with lines of a bare `.` (an empty request).
    let first = text
        .lines()
        .find(|line| !matches!(line.trim(), "" | "."))
        .unwrap_or("");
    first.starts_with(".TH ")
        || first.starts_with(".Dd ")
        || first.starts_with(".\\\"")
        || first.starts_with("'\\\"")
}

impl Kind {
    /// The reader of this kind's files, chosen here and nowhere else.
    /// Without `code-readers` (the WebAssembly package) only Markdown and
    /// HTML have readers of their own: every other kind is read as plain
    /// text.
    pub fn reader(self) -> Box<dyn Reader> {
        match self {
            Kind::Text => Box::new(text::PlainText),
            Kind::Markdown => Box::new(markdown::Markdown),
            Kind::Html => Box::new(html::Html),
            #[cfg(feature = "code-readers")]
            Kind::Code(language) => Box::new(code::Code(language)),
            #[cfg(feature = "code-readers")]
            Kind::Roff => Box::new(roff::Roff),
            #[cfg(feature = "code-readers")]
            Kind::ReStructuredText => Box::new(markup::Markup::ReStructuredText),
            #[cfg(feature = "code-readers")]
            Kind::AsciiDoc => Box::new(markup::Markup::AsciiDoc),
            #[cfg(feature = "code-readers")]
            Kind::Texinfo => Box::new(texinfo::Texinfo),
            #[cfg(feature = "code-readers")]
            Kind::Xml => Box::new(xml::Xml),
            #[cfg(not(feature = "code-readers"))]
            _ => Box::new(text::PlainText),
        }
    }
}

/// The URLs of `text`, read as `kind`; `code` also looks into Markdown code
/// spans and blocks (with the plain-text rules).
pub fn urls(text: &str, kind: Kind, code: bool) -> Urls<'_> {
    urls_from(text, kind, code, 0)
}

/// The URLs of `text` from byte `start` on (plain text; the other formats
/// are read whole, from 0).
pub fn urls_from(text: &str, kind: Kind, code: bool, start: usize) -> Urls<'_> {
    Urls::read(&*kind.reader(), text, Options { code, start })
}

#[cfg(test)]
mod tests;
