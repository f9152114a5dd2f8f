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

use super::html::{self, find_ignore_case};
use super::{has_scheme, in_order, Candidate, Decode, Pending, PendingUrls, Urls};

/// Markdown longer than this is read in pieces (see [`chunks`]): the parser
/// holds a tree of what it reads, 56 bytes for each text run, break or
/// bracket (so up to 56 bytes for a byte of `[[[[`), and memory stays
/// bounded only when pieces are.
pub const CHUNK: usize = 128 * 1024;

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
    by_label: HashMap<String, usize>,
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
        let mut found: Vec<(String, Span, String)> = parser
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
    markdown_chunk(text, 0..text.len(), code, definitions);
}

/// The URLs of piece `index` of a Markdown document read in pieces, once
/// the definitions of all pieces are known and marked.
pub fn markdown_piece_urls<'a>(
    text: &'a str,
    code: bool,
    definitions: &RefCell<Definitions>,
    index: usize,
) -> Urls<'a> {
    let mut found = markdown_chunk(text, 0..text.len(), code, definitions);
    definitions.borrow().candidates(text, index, &mut found);
    in_order(&mut found);
    Urls::Found(text, PendingUrls(found.into_iter()))
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
            let mut found = markdown_chunk(self.text, chunk, self.code, &self.definitions);
            self.definitions
                .borrow()
                .candidates(self.text, index, &mut found);
            in_order(&mut found);
            self.current = found.into_iter();
        }
    }
}

/// Where a long Markdown document is cut: at a blank line followed by a
/// line that starts a block at the margin, outside fenced code and outside
/// HTML that may hold blank lines (comments, `<pre>`, `<script>`,
/// `<style>`, `<textarea>`), once a piece is [`CHUNK`] long. Such a cut
/// changes no link: blocks at the margin after a blank line start anew.
///
/// A piece that reaches twice that with no such place (one paragraph of
/// 256 KB, or one line) is cut anyway, still outside fenced code and HTML:
/// at the next line at the margin, else in the line after a space or tab,
/// before a character no URL holds unescaped (`[]<>` and backquote, `|`),
/// or before emphasis (`*`, `_`).
/// A link or emphasis that spans such a cut is read as two pieces of
/// prose: a URL in a link's text may then be read, and a URL's end may be
/// read differently; no document written by hand has a paragraph that
/// long, and without the cut its tree would grow with the paragraph.
fn chunks(text: &str) -> Vec<std::ops::Range<usize>> {
    let mut chunks = Vec::new();
    let mut start = 0;
    while let Some(cut) = next_cut(&text.as_bytes()[start..], CHUNK) {
        chunks.push(start..start + cut);
        start += cut;
    }
    chunks.push(start..text.len());
    chunks
}

/// The first place where `bytes`, the start of a Markdown document or a
/// place [`next_cut`] found, may be cut at or after `min` bytes (see
/// [`chunks`]; past `2 * min`, a forced cut); `None` when there is none in
/// `bytes`.
pub fn next_cut(bytes: &[u8], min: usize) -> Option<usize> {
    if bytes.len() <= min {
        return None;
    }
    let forced = min.saturating_mul(2);
    let mut fence: Option<(u8, usize)> = None;
    let mut html_end: Option<&[u8]> = None;
    let mut blank = false;
    let mut at = 0;
    while at < bytes.len() {
        let end = memchr::memchr(b'\n', &bytes[at..]).map_or(bytes.len(), |i| at + i);
        let line = &bytes[at..end];
        let content = line.trim_ascii_start();
        let indent = line.len() - content.len();
        let outside = fence.is_none() && html_end.is_none();
        if outside && indent == 0 && !content.is_empty() && (blank && at >= min || at >= forced) {
            return Some(at);
        }
        // A line longer than a piece: cut in it, else at the next line.
        if outside && at < forced && forced < end && end - at > min {
            if let Some(cut) = cut_in_line(&bytes[forced..end]) {
                return Some(forced + cut);
            }
        }
        // What this line opens or closes.
        if let Some(html) = html_end {
            if find_ignore_case(line, html).is_some() {
                html_end = None;
            }
        } else if indent < 4 && (content.starts_with(b"```") || content.starts_with(b"~~~")) {
            let marker = content[0];
            let count = content.iter().take_while(|b| **b == marker).count();
            match fence {
                None => fence = Some((marker, count)),
                Some((open, length))
                    if open == marker
                        && count >= length
                        && content[count..].trim_ascii().is_empty() =>
                {
                    fence = None;
                }
                Some(_) => {}
            }
        } else if fence.is_none() {
            for (open, close) in [
                (&b"<!--"[..], &b"-->"[..]),
                (b"<pre", b"</pre>"),
                (b"<script", b"</script>"),
                (b"<style", b"</style>"),
                (b"<textarea", b"</textarea>"),
            ] {
                if let Some(i) = find_ignore_case(line, open) {
                    if find_ignore_case(&line[i + open.len()..], close).is_none() {
                        html_end = Some(close);
                    }
                    break;
                }
            }
        }
        blank = content.is_empty();
        at = end + 1;
    }
    None
}

/// Where the rest of a line too long for one piece is cut (see [`chunks`]):
/// after the first run of spaces and tabs (the next piece starts with no
/// indentation, which would make it code), else before the first character
/// no URL holds unescaped, else before emphasis; `None` when there is none.
fn cut_in_line(rest: &[u8]) -> Option<usize> {
    if let Some(space) = memchr::memchr2(b' ', b'\t', rest) {
        let after = rest[space..]
            .iter()
            .position(|b| !matches!(b, b' ' | b'\t'))?;
        return Some(space + after);
    }
    rest.iter()
        .position(|b| matches!(b, b'[' | b']' | b'<' | b'>' | b'`' | b'|'))
        // Emphasis: a URL may hold them, but a cut before one ends no
        // escape and leaves a URL that was valid valid.
        .or_else(|| memchr::memchr2(b'*', b'_', rest))
}

/// The URLs of a Markdown document, in order (see the module's
/// documentation); code spans and blocks only when `code` is set.
pub(super) fn urls(text: &str, code: bool) -> MarkdownUrls<'_> {
    let chunks = chunks(text);
    let mut definitions = Definitions::default();
    for (index, chunk) in chunks.iter().enumerate() {
        definitions.collect(&text[chunk.clone()], index, chunk.start);
    }
    let definitions = RefCell::new(definitions);
    if !definitions.borrow().is_empty() {
        // Which definitions links use, before any is reported.
        for chunk in &chunks {
            markdown_chunk(text, chunk.clone(), code, &definitions);
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
fn markdown_chunk(
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
    /// The text as the reader sees it and its map to the source (runs
    /// `(start in text, source span)`, as [`ScannedUrl::mapped`] takes
    /// them), once it differs from the source: most runs are the source as
    /// written, and are not copied.
    read: Option<(String, Vec<(usize, Span)>)>,
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
        let (text, pieces) = self.read.get_or_insert_with(|| match self.span {
            Some(span) => (source[span.range()].to_owned(), vec![(0, span)]),
            None => (String::new(), Vec::new()),
        });
        let mut at = written.start;
        let mut rest = read;
        if escaped {
            // The escaped character stands for its backslash too: a fix
            // replaces both.
            if let Some(first) = read.chars().next() {
                let len = first.len_utf8();
                pieces.push((
                    text.len(),
                    Span::new(written.start - 1, written.start + len),
                ));
                text.push(first);
                rest = &read[len..];
                at += len;
            }
        }
        if !rest.is_empty() {
            pieces.push((text.len(), Span::new(at, written.end)));
            text.push_str(rest);
        }
        let start = self.span.map_or(written.start, |span| span.start);
        self.span = Some(Span::new(start, written.end));
    }

    /// The URLs of the run, by the plain-text scanner; the run is emptied.
    fn flush(&mut self, source: &str, found: &mut Vec<Pending>) {
        let Some(span) = self.span.take() else {
            return;
        };
        let Some((text, pieces)) = self.read.take() else {
            // The source as written: scanned in place.
            scan_in_place(source, span.range(), found);
            return;
        };
        for url in Scanner::new(&text) {
            if !url.breaks.is_empty() {
                continue;
            }
            let end = url.fragment.as_ref().map_or(url.span.end, |f| f.span.end);
            let written = &text[url.span.start..end];
            let map = mapped(&pieces, text.len(), url.span.start..end);
            let outer = mapped(&pieces, text.len(), url.outer.range());
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

/// The source runs of `range` of a text whose map to the source is
/// `pieces` (see [`Prose::pieces`]), from 0.
fn mapped(
    pieces: &[(usize, Span)],
    len: usize,
    range: std::ops::Range<usize>,
) -> Vec<(usize, Span)> {
    let mut out: Vec<(usize, Span)> = Vec::new();
    // From the run that holds the range's start (a binary search: a run of
    // prose with many escapes and many URLs stays linear).
    let first = pieces
        .partition_point(|(start, _)| *start <= range.start)
        .saturating_sub(1);
    for (index, &(start, span)) in pieces.iter().enumerate().skip(first) {
        if start >= range.end {
            break;
        }
        let end = pieces.get(index + 1).map_or(len, |(next, _)| *next);
        let (low, high) = (range.start.max(start), range.end.min(end));
        if low >= high {
            continue;
        }
        let copied = end - start == span.len();
        let source = if copied {
            Span::new(span.start + (low - start), span.start + (high - start))
        } else {
            span
        };
        match out.last_mut() {
            Some((from, last))
                if copied
                    && last.end == source.start
                    && low - range.start - *from == last.len() =>
            {
                last.end = source.end;
            }
            _ => out.push((low - range.start, source)),
        }
    }
    out
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
/// folded (lower case).
fn label_key(label: &str) -> String {
    label
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
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
mod tests {
    use super::super::{urls, Kind};
    use super::{chunks, CHUNK};
    use rfc1738::scan::{Form, ScannedUrl};
    use rfc1738::Span;

    fn found(text: &str, kind: Kind) -> Vec<(String, String)> {
        urls(text, kind, false)
            .map(|found| found.url)
            .map(|url| (url.text.clone(), text[url.span.range()].to_owned()))
            .collect()
    }

    fn texts(text: &str, kind: Kind) -> Vec<String> {
        found(text, kind).into_iter().map(|(url, _)| url).collect()
    }

    #[test]
    fn a_badge_is_two_urls() {
        let text = "[![b](https://img.shields.io/x.svg)](https://link.example/y)\n";
        assert_eq!(
            texts(text, Kind::Markdown),
            ["https://img.shields.io/x.svg", "https://link.example/y"]
        );
    }

    #[test]
    fn titles_code_and_relative_links_are_not_urls() {
        let text = "[a](http://a.b/c \"see http://t.t/\") `http://code/` [r](./x.md)\n\n    http://block/\n";
        assert_eq!(texts(text, Kind::Markdown), ["http://a.b/c"]);
        let with_code: Vec<String> = urls(text, Kind::Markdown, true)
            .map(|found| found.url)
            .map(|u| u.text)
            .collect();
        assert_eq!(with_code, ["http://a.b/c", "http://code/", "http://block/"]);
    }

    #[test]
    fn reference_definitions_autolinks_and_bare_urls() {
        let text = "See [x][1], <ftp://f.g/h> and https://bare.example/p?q=1.\n\n[1]: <http://ref.example/a b>\n[unused]: http://unused.example/\n";
        assert_eq!(
            texts(text, Kind::Markdown),
            [
                "ftp://f.g/h",
                "https://bare.example/p?q=1",
                "http://ref.example/a b"
            ]
        );
    }

    #[test]
    fn escapes_and_entities_are_decoded_with_spans_on_the_source() {
        let text = "[a](http://a.b/x\\_y&amp;z)";
        let all = found(text, Kind::Markdown);
        assert_eq!(
            all,
            [(
                "http://a.b/x_y&z".to_owned(),
                "http://a.b/x\\_y&amp;z".to_owned()
            )]
        );
        let url = urls(text, Kind::Markdown, false)
            .map(|found| found.url)
            .next()
            .unwrap();
        // The "&" of the URL is the entity in the source.
        assert_eq!(url.original_span(Span::new(14, 15)), Span::new(19, 24));
    }

    #[test]
    fn urls_in_prose_are_found_by_the_plain_text_rules() {
        let text = "a http://x.y/(a)). b (https://w.x/y) c **file://localhost/etc/passwd** d _gopher://g.h/1_\n\
                    e mailto:me@x.org. f news:comp.infosystems.www and telnet://t.u/ ~~wais://w.v/d~~\n\n\
                    # Heading ftp://f.g/h\n\n- item http://i.j/k\n\n> quote http://q.r/s\n\n| t | http://t.u/v |\n|---|---|\n";
        assert_eq!(
            texts(text, Kind::Markdown),
            [
                "http://x.y/(a)",
                "https://w.x/y",
                "file://localhost/etc/passwd",
                "gopher://g.h/1",
                "mailto:me@x.org",
                "news:comp.infosystems.www",
                "telnet://t.u/",
                "wais://w.v/d",
                "ftp://f.g/h",
                "http://i.j/k",
                "http://q.r/s",
                "http://t.u/v",
            ]
        );
    }

    #[test]
    fn escapes_and_entities_in_prose_are_read_as_the_reader_sees_them() {
        let text = "see http://a.b/x\\_y&amp;z\\~w and `http://code/` <URL:ftp://c.d/e>";
        let url = urls(text, Kind::Markdown, false)
            .map(|found| found.url)
            .next()
            .unwrap();
        assert_eq!(url.text, "http://a.b/x_y&z~w");
        assert_eq!(&text[url.span.range()], "http://a.b/x\\_y&amp;z\\~w");
        // The "~" is written "\~": a fix replaces both.
        let tilde = url.text.find('~').unwrap();
        assert_eq!(
            &text[url.original_span(Span::new(tilde, tilde + 1)).range()],
            "\\~"
        );
        assert_eq!(&text[url.original_span(Span::new(14, 15)).range()], "&amp;");
        let all: Vec<(String, Form)> = urls(text, Kind::Markdown, false)
            .map(|found| found.url)
            .map(|url| (url.text, url.form))
            .collect();
        assert_eq!(
            all,
            [
                ("http://a.b/x_y&z~w".to_owned(), Form::Bare),
                ("ftp://c.d/e".to_owned(), Form::Wrapped)
            ]
        );
    }

    #[test]
    fn a_long_run_of_prose_with_escapes_stays_linear() {
        // One paragraph: 30,000 URLs, each with an escape, so the run is
        // copied and each URL mapped from it by a binary search.
        let count = 30_000;
        let text = "see http://a.b/x\\_y ".repeat(count);
        let urls: Vec<ScannedUrl> = urls(&text, Kind::Markdown, false)
            .map(|found| found.url)
            .collect();
        assert_eq!(urls.len(), count);
        let last = urls.last().unwrap();
        assert_eq!(last.text, "http://a.b/x_y");
        assert_eq!(&text[last.span.range()], "http://a.b/x\\_y");
        assert_eq!(last.span.end, text.len() - 1);
    }

    #[test]
    fn the_text_of_a_link_and_a_reference_label_are_not_read() {
        let text = "[see http://label.example/](http://dest.example/) [http://ref.example/][r]\n\n[r]: http://def.example/\n";
        assert_eq!(
            texts(text, Kind::Markdown),
            ["http://dest.example/", "http://def.example/"]
        );
    }

    #[test]
    fn a_piece_with_no_blank_line_is_cut_anyway_but_not_in_code() {
        use super::next_cut;
        // One paragraph: cut at a line at the margin once twice CHUNK long.
        let paragraph = "a http://a.example/x\n".repeat(3 * CHUNK / 21);
        let cut = next_cut(paragraph.as_bytes(), CHUNK).expect("a cut");
        assert!((2 * CHUNK..2 * CHUNK + 21).contains(&cut), "{cut}");
        assert!(paragraph[..cut].ends_with('\n'));
        // One line: after a space (no indentation left), else before a
        // character no URL holds, else before emphasis.
        for (line, after) in [
            ("ab ".repeat(CHUNK), "a"),
            ("[".repeat(3 * CHUNK), "["),
            ("*a".repeat(2 * CHUNK), "*"),
        ] {
            let cut = next_cut(line.as_bytes(), CHUNK).expect("a cut");
            assert!((2 * CHUNK..2 * CHUNK + 3).contains(&cut), "{cut}");
            assert!(line[cut..].starts_with(after));
        }
        // A line of 3 * CHUNK with none of them is not cut.
        assert_eq!(next_cut("a".repeat(3 * CHUNK).as_bytes(), CHUNK), None);
        // Fenced code and an HTML comment are never cut.
        for (open, close) in [("```\n", "```\n"), ("<!--\n", "-->\n")] {
            let text = format!("{open}{}{close}after\n", "x [y]\n".repeat(CHUNK));
            let cut = next_cut(text.as_bytes(), CHUNK).expect("a cut");
            assert!(text[..cut].ends_with(close), "{open}: {cut}");
        }
    }

    #[test]
    fn long_documents_are_read_in_pieces_that_change_no_link() {
        let mut text = String::from("[first]: http://def.example/one\n\n");
        let block = "Para [a](http://a.example/x) and https://b.example/y.\n\n```\ncode http://in.code/\n\nstill code http://in.code/2\n```\n\n<!--\n\nhttp://in.comment/\n\n-->\n\n- item\n\n  continued http://c.example/z\n\n";
        while text.len() < 3 * CHUNK {
            text.push_str(block);
        }
        text.push_str("Use [first] at the end.\n");
        let pieces = chunks(&text);
        assert!(pieces.len() >= 3, "{}", pieces.len());
        for piece in &pieces {
            // Each piece starts at the margin after a blank line.
            assert!(piece.start == 0 || text[..piece.start].ends_with("\n\n"));
            assert!(!text[piece.clone()].starts_with(' '));
        }
        let urls: Vec<String> = urls(&text, Kind::Markdown, false)
            .map(|found| found.url)
            .map(|u| u.text)
            .collect();
        let blocks = text.matches("Para [a]").count();
        assert_eq!(urls.len(), 1 + 3 * blocks);
        assert_eq!(urls[0], "http://def.example/one");
        assert!(!urls
            .iter()
            .any(|u| u.contains("in.code") || u.contains("in.comment")));
    }
}
