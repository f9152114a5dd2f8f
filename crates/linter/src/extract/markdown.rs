//! The URLs of Markdown, by a CommonMark parser with GFM's tables and
//! strikethrough (pulldown-cmark): link and image destinations (at the link,
//! or at the reference definition a link uses), autolinks, URL attributes
//! of inline and block HTML, and every URL a reader sees in prose
//! (paragraphs, emphasis, headings, list items, tables, block quotes),
//! found by the plain-text rules of RFC 1738's appendix in the text as the
//! reader sees it: Markdown's own syntax around a URL (`**`, `_`) is not
//! part of it, backslash escapes and entities are decoded. Code spans and
//! blocks are read only when asked (`--markdown-code`); HTML comments, link
//! reference labels and the text of a link (whose destination is its URL)
//! are not read.

use std::cell::RefCell;
use std::collections::HashMap;

use pulldown_cmark::{Event, LinkType, Options, Parser, Tag, TagEnd};
use rfc1738::scan::{Form, ScannedUrl, Scanner};
use rfc1738::Span;
use unicase::UniCase;

use super::html;
mod pieces;

use super::mapped::Mapped;
use super::reader::{self, Extracted, Reader, Urls};
use super::written::{has_scheme, in_order, in_turn, Candidate, Decode, Pending};
pub use pieces::next_cut;
use pieces::pieces;

/// Markdown longer than this is read in pieces (see [`pieces`]): the parser
/// holds a tree of what it reads, 56 bytes for each text run, break or
/// bracket (so up to 56 bytes for a byte of `[[[[`), and memory stays
/// bounded only when pieces are.
pub const MARKDOWN_PIECE_SIZE: usize = 128 * 1024;

fn markdown_options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_GFM
}

/// The link reference definitions of a document (the first of each
/// label), and whether a link uses each.
#[derive(Default)]
pub struct Definitions {
    by_label: HashMap<UniCase<String>, usize>,
    /// Piece, span (in the coordinates given for the piece), destination as
    /// the parser read it, used.
    list: Vec<(usize, Span, String, bool)>,
}

impl Definitions {
    fn mark_used(&mut self, label: &str) -> Option<&str> {
        let index = *self.by_label.get(&label_key(label))?;
        let entry = &mut self.list[index];
        entry.3 = true;
        Some(&entry.2)
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Adds the definitions of piece `index`, the Markdown `text`, whose
    /// offsets start at `base`; the first of a label wins.
    pub fn collect(&mut self, text: &str, index: usize, base: usize) {
        let parser = Parser::new_ext(text, markdown_options());
        let mut found: Vec<(UniCase<String>, Span, String)> = parser
            .reference_definitions()
            .iter()
            .map(|(label, def)| {
                let span = Span::new(base + def.span.start, base + def.span.end);
                (label_key(label), span, def.dest.to_string())
            })
            .collect();
        found.sort_by_key(|(_, span, _)| *span);
        for (key, span, dest) in found {
            if !self.by_label.contains_key(&key) {
                self.by_label.insert(key, self.list.len());
                self.list.push((index, span, dest, false));
            }
        }
    }

    /// The URLs of the used definitions of piece `index`.
    fn candidates(&self, text: &str, index: usize, found: &mut Vec<Pending>) {
        for (piece, span, dest, used) in &self.list {
            if *piece == index && *used && has_scheme(dest) {
                if let Some(at) = definition_destination(text, span.range()) {
                    found.push(Pending::Written(Candidate {
                        dest: at,
                        outer: *span,
                        form: Form::Link,
                        decode: Decode::Markdown,
                    }));
                }
            }
        }
    }
}

/// Marks the definitions that the links of a piece of Markdown use.
pub fn mark_used_definitions(text: &str, code: bool, definitions: &RefCell<Definitions>) {
    markdown_piece(text, 0..text.len(), code, definitions);
}

/// The URLs of piece `index` of a Markdown document read in pieces, once
/// the definitions of all pieces are known and marked.
pub fn markdown_piece_urls<'a>(
    text: &'a str,
    code: bool,
    definitions: &RefCell<Definitions>,
    index: usize,
) -> Urls<'a> {
    let mut found = markdown_piece(text, 0..text.len(), code, definitions);
    definitions.borrow().candidates(text, index, &mut found);
    in_order(&mut found);
    Urls::new(in_turn(text, found))
}

/// Markdown.
pub(crate) struct Markdown;

impl Reader for Markdown {
    fn urls<'a>(
        &self,
        text: &'a str,
        options: reader::Options,
    ) -> Box<dyn Iterator<Item = Extracted> + 'a> {
        Box::new(urls(text, options.code).map(Extracted::from))
    }
}

/// The URLs of a Markdown document, piece by piece.
pub struct MarkdownUrls<'a> {
    text: &'a str,
    chunks: std::iter::Enumerate<std::vec::IntoIter<std::ops::Range<usize>>>,
    definitions: RefCell<Definitions>,
    code: bool,
    current: std::vec::IntoIter<Pending>,
}

impl Iterator for MarkdownUrls<'_> {
    type Item = ScannedUrl;

    fn next(&mut self) -> Option<ScannedUrl> {
        loop {
            if let Some(found) = self.current.next() {
                return Some(found.into_url(self.text));
            }
            let (index, chunk) = self.chunks.next()?;
            let mut found = markdown_piece(self.text, chunk, self.code, &self.definitions);
            self.definitions
                .borrow()
                .candidates(self.text, index, &mut found);
            in_order(&mut found);
            self.current = found.into_iter();
        }
    }
}

/// The URLs of a Markdown document, in order (see the module's
/// documentation); code spans and blocks only when `code` is set.
fn urls(text: &str, code: bool) -> MarkdownUrls<'_> {
    let chunks = pieces(text);
    let mut definitions = Definitions::default();
    for (index, chunk) in chunks.iter().enumerate() {
        definitions.collect(&text[chunk.clone()], index, chunk.start);
    }
    let definitions = RefCell::new(definitions);
    if !definitions.borrow().is_empty() {
        // Which definitions links use, before any is reported.
        for chunk in &chunks {
            markdown_piece(text, chunk.clone(), code, &definitions);
        }
    }
    MarkdownUrls {
        text,
        chunks: chunks.into_iter().enumerate(),
        definitions,
        code,
        current: Vec::new().into_iter(),
    }
}

/// The URLs of the piece `chunk` of a Markdown document but those of
/// reference definitions, whose use is marked in `definitions`.
fn markdown_piece(
    text: &str,
    chunk: std::ops::Range<usize>,
    code: bool,
    definitions: &RefCell<Definitions>,
) -> Vec<Pending> {
    let base = chunk.start;
    let piece = &text[chunk];
    // A reference to a definition in another piece.
    let callback = |link: pulldown_cmark::BrokenLink<'_>| {
        let mut definitions = definitions.borrow_mut();
        let dest = definitions.mark_used(&link.reference)?.to_owned();
        Some((dest.into(), "".into()))
    };
    let parser = Parser::new_with_broken_link_callback(piece, markdown_options(), Some(callback))
        .into_offset_iter();
    let mut found = Vec::new();
    // Open links and images: their range, how far their text reaches, and
    // whether their destination is to be found after the text.
    let mut open: Vec<(std::ops::Range<usize>, usize, bool)> = Vec::new();
    let mut in_code_block = false;
    let mut html_block_end = 0;
    // The current run of prose.
    let mut prose = Prose::default();
    for (event, range) in parser {
        let range = range.start + base..range.end + base;
        if !matches!(event, Event::End(TagEnd::Link | TagEnd::Image)) {
            if let Some(top) = open.last_mut() {
                top.1 = top.1.max(range.end);
            }
        }
        if !matches!(event, Event::Text(_)) {
            prose.flush(text, &mut found);
        }
        match event {
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                id,
                ..
            })
            | Event::Start(Tag::Image {
                link_type,
                dest_url,
                id,
                ..
            }) => {
                let image = text[range.clone()].starts_with('!');
                let text_start = range.start + if image { 2 } else { 1 };
                match link_type {
                    LinkType::Inline if has_scheme(&dest_url) => {
                        open.push((range.clone(), text_start, true));
                    }
                    LinkType::Reference | LinkType::Collapsed | LinkType::Shortcut => {
                        definitions.borrow_mut().mark_used(&id);
                        open.push((range.clone(), text_start, false));
                    }
                    LinkType::Autolink if has_scheme(&dest_url) => {
                        // `<URL:ftp://...>`, the appendix's wrapper, is an
                        // autolink of the scheme "URL" to CommonMark.
                        let dest = Span::new(range.start + 1, range.end - 1);
                        let wrapped = dest_url
                            .get(..4)
                            .is_some_and(|p| p.eq_ignore_ascii_case("URL:"))
                            && has_scheme(&dest_url[4..]);
                        let (dest, form) = if wrapped {
                            (Span::new(dest.start + 4, dest.end), Form::Wrapped)
                        } else {
                            (dest, Form::Autolink)
                        };
                        found.push(Pending::Written(Candidate {
                            dest,
                            outer: Span::new(range.start, range.end),
                            form,
                            decode: Decode::Verbatim,
                        }));
                        open.push((range.clone(), text_start, false));
                    }
                    _ => open.push((range.clone(), text_start, false)),
                }
            }
            Event::End(TagEnd::Link | TagEnd::Image) => {
                if let Some((outer, text_end, inline)) = open.pop() {
                    if inline {
                        if let Some(dest) = inline_destination(text, text_end, outer.end) {
                            found.push(Pending::Written(Candidate {
                                dest,
                                outer: Span::new(outer.start, outer.end),
                                form: Form::Link,
                                decode: Decode::Markdown,
                            }));
                        }
                    }
                    if let Some(top) = open.last_mut() {
                        top.1 = top.1.max(outer.end);
                    }
                }
            }
            Event::Start(Tag::CodeBlock(_)) => {
                in_code_block = true;
                if code {
                    scan_in_place(text, range, &mut found);
                }
            }
            Event::End(TagEnd::CodeBlock) => in_code_block = false,
            Event::Code(_) if code => {
                // Inside the backticks.
                let piece = &text[range.clone()];
                let inner = piece.trim_start_matches('`');
                let start = range.start + (piece.len() - inner.len());
                let end = start + inner.trim_end_matches('`').len();
                scan_in_place(text, start..end, &mut found);
            }
            Event::Start(Tag::HtmlBlock) => {
                html::urls(text, range.start, range.end, &mut found);
                html_block_end = range.end;
            }
            Event::Html(_) | Event::InlineHtml(_) if range.start >= html_block_end => {
                html::urls(text, range.start, range.end, &mut found);
            }
            Event::Text(read) if !in_code_block && open.is_empty() => {
                prose.push(text, &read, range, &mut found);
            }
            _ => {}
        }
    }
    prose.flush(text, &mut found);
    found
}

/// A run of prose: the text a reader sees (backslash escapes and entities
/// decoded, Markdown's syntax left out), with the map back to the source.
#[derive(Default)]
struct Prose {
    /// Where the run is written, from its first byte to one past its last.
    span: Option<Span>,
    /// The text as the reader sees it and its map to the source, once it
    /// differs from the source: most runs are the source as written, and
    /// are not copied.
    read: Option<Mapped>,
}

impl Prose {
    /// Adds the text of one text event, `read` (as the parser reads it),
    /// written at `range`. Where it does not continue the run (a gap in the
    /// source that is not a backslash escape), the run's URLs go to `found`
    /// and a new run starts.
    fn push(
        &mut self,
        source: &str,
        read: &str,
        range: std::ops::Range<usize>,
        found: &mut Vec<Pending>,
    ) {
        let written = Span::new(range.start, range.end);
        let escaped = self.span.is_some_and(|span| {
            range.start == span.end + 1 && source.as_bytes()[span.end] == b'\\'
        });
        let continues = self.span.is_some_and(|span| span.end == range.start) || escaped;
        if !continues {
            self.flush(source, found);
        }
        let verbatim = read.len() == written.len();
        if verbatim && !escaped && self.read.is_none() {
            let start = self.span.map_or(written.start, |span| span.start);
            self.span = Some(Span::new(start, written.end));
            return;
        }
        // The text differs from the source from here: copied, and mapped.
        let text = self.read.get_or_insert_with(|| {
            let mut text = Mapped::new();
            if let Some(span) = self.span {
                text.decoded(&source[span.range()], span);
            }
            text
        });
        let mut at = written.start;
        let mut rest = read;
        if escaped {
            // The escaped character stands for its backslash too: a fix
            // replaces both.
            if let Some(first) = read.chars().next() {
                let len = first.len_utf8();
                text.decoded(
                    &read[..len],
                    Span::new(written.start - 1, written.start + len),
                );
                rest = &read[len..];
                at += len;
            }
        }
        // Each event a run of its own, copied or not, as the parser read it.
        text.decoded(rest, Span::new(at, written.end));
        let start = self.span.map_or(written.start, |span| span.start);
        self.span = Some(Span::new(start, written.end));
    }

    /// The URLs of the run, by the plain-text scanner; the run is emptied.
    fn flush(&mut self, source: &str, found: &mut Vec<Pending>) {
        let Some(span) = self.span.take() else {
            return;
        };
        let Some(read) = self.read.take() else {
            // The source as written: scanned in place.
            scan_in_place(source, span.range(), found);
            return;
        };
        for url in Scanner::new(&read.text) {
            if !url.breaks.is_empty() {
                continue;
            }
            let end = url.fragment.as_ref().map_or(url.span.end, |f| f.span.end);
            let written = &read.text[url.span.start..end];
            let mut map = Vec::new();
            read.pieces_of(Span::new(url.span.start, end), 0, &mut map);
            let mut outer = Vec::new();
            read.pieces_of(url.outer, 0, &mut outer);
            let (Some((_, first)), Some((_, last))) = (outer.first(), outer.last()) else {
                continue;
            };
            let outer = Span::new(first.start, last.end);
            found.push(Pending::Read(
                ScannedUrl::mapped(written.to_owned(), url.form, outer, map).split_fragment(),
            ));
        }
    }
}

/// The URLs the plain-text scanner finds in `source[range]`, written as
/// they are read (a run of prose, a code span).
fn scan_in_place(source: &str, range: std::ops::Range<usize>, found: &mut Vec<Pending>) {
    for url in Scanner::starting_at(&source[..range.end], range.start) {
        if url.breaks.is_empty() {
            found.push(Pending::Read(url));
        }
    }
}

/// A reference label as it is compared: white space collapsed, case
/// folded as pulldown-cmark folds it (Unicode's case folding, where
/// `str::to_lowercase` brought its own tables into the WebAssembly
/// module).
fn label_key(label: &str) -> UniCase<String> {
    UniCase::new(label.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// The destination of an inline link whose text ends at or after
/// `text_end`: after `](`, optional white space, `<...>` or a run without
/// white space and with balanced parentheses.
fn inline_destination(text: &str, text_end: usize, end: usize) -> Option<Span> {
    let bytes = &text.as_bytes()[..end];
    let close = text_end + memchr::memmem::find(&bytes[text_end..], b"](")?;
    destination(text, close + 2, end)
}

/// The destination of a reference definition `[label]: dest "title"`.
fn definition_destination(text: &str, span: std::ops::Range<usize>) -> Option<Span> {
    let bytes = &text.as_bytes()[..span.end];
    let mut at = span.start;
    // The label ends at the first `]` not escaped.
    while at < span.end {
        match bytes[at] {
            b'\\' => at += 2,
            b']' => break,
            _ => at += 1,
        }
    }
    if bytes.get(at + 1) != Some(&b':') {
        return None;
    }
    destination(text, at + 2, span.end)
}

/// A link destination starting after white space at `at`, before `end`.
fn destination(text: &str, mut at: usize, end: usize) -> Option<Span> {
    let bytes = &text.as_bytes()[..end];
    while at < end && matches!(bytes[at], b' ' | b'\t' | b'\n' | b'\r') {
        at += 1;
    }
    if bytes.get(at) == Some(&b'<') {
        let start = at + 1;
        let mut i = start;
        while i < end {
            match bytes[i] {
                b'\\' => i += 2,
                b'>' => return Some(Span::new(start, i)),
                b'\n' | b'<' => return None,
                _ => i += 1,
            }
        }
        return None;
    }
    let start = at;
    let mut depth = 0usize;
    while at < end {
        match bytes[at] {
            b'\\' if at + 1 < end && bytes[at + 1].is_ascii_punctuation() => at += 2,
            b'(' => {
                depth += 1;
                at += 1;
            }
            b')' if depth == 0 => break,
            b')' => {
                depth -= 1;
                at += 1;
            }
            byte if byte.is_ascii_whitespace() || byte.is_ascii_control() => break,
            _ => at += 1,
        }
    }
    (at > start).then(|| Span::new(start, at.min(end)))
}

#[cfg(test)]
mod tests;
