//! Where the URLs of a file are, by its type: plain text by the appendix of
//! RFC 1738 (`rfc1738::scan`), Markdown by a CommonMark parser with GFM
//! autolinks, HTML by its URL attributes.

use std::cell::RefCell;
use std::collections::HashMap;

use pulldown_cmark::{Event, LinkType, Options, Parser, Tag, TagEnd};
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
}

impl Kind {
    /// The kind of a file by its name.
    pub fn of(path: &str) -> Kind {
        let extension = path
            .rsplit_once('.')
            .map(|(_, extension)| extension.to_ascii_lowercase());
        match extension.as_deref() {
            Some("md" | "markdown" | "mdown" | "mkd") => Kind::Markdown,
            Some("html" | "htm" | "xhtml") => Kind::Html,
            _ => Kind::Text,
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

/// A URL found in Markdown or HTML, before it is decoded.
#[derive(Clone, Copy, Debug)]
pub struct Candidate {
    /// The URL as written.
    dest: Span,
    /// With its delimiters.
    outer: Span,
    form: Form,
    decode: Decode,
}

/// The URLs of a file, in order of their place, one at a time.
pub enum Urls<'a> {
    /// Plain text.
    Text(Scanner<'a>),
    /// Markdown, piece by piece.
    Markdown(MarkdownUrls<'a>),
    /// HTML: where each URL is, decoded on demand.
    Found(&'a str, std::vec::IntoIter<Candidate>),
}

impl Iterator for Urls<'_> {
    type Item = ScannedUrl;

    fn next(&mut self) -> Option<ScannedUrl> {
        match self {
            Urls::Text(scanner) => scanner.next(),
            Urls::Markdown(urls) => urls.next(),
            Urls::Found(text, candidates) => {
                let candidate = candidates.next()?;
                Some(decoded(text, candidate))
            }
        }
    }
}

/// The URLs of `text`, read as `kind`; `code` also looks into Markdown code
/// spans and blocks (with the plain-text rules).
#[cfg(test)]
pub fn urls(text: &str, kind: Kind, code: bool) -> Urls<'_> {
    urls_from(text, kind, code, 0)
}

/// The URLs of `text` from byte `start` on (plain text; Markdown and HTML
/// are read whole, from 0).
pub fn urls_from(text: &str, kind: Kind, code: bool, start: usize) -> Urls<'_> {
    match kind {
        Kind::Text => Urls::Text(Scanner::starting_at(text, start)),
        Kind::Markdown => Urls::Markdown(markdown(text, code)),
        Kind::Html => {
            let mut found = Vec::new();
            html(text, 0, text.len(), &mut found);
            Urls::Found(text, found.into_iter())
        }
    }
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

/// The URL of a candidate: decoded, with the map back to the source.
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
            if let Some((value, len)) = entity(&source[offset..]) {
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
    if pieces.len() == 1 && pieces[0].1.len() == out.len() {
        return ScannedUrl::verbatim(&out, candidate.form, candidate.dest, candidate.outer);
    }
    ScannedUrl::mapped(out, candidate.form, candidate.outer, pieces)
}

/// The character an HTML character reference at the start of `text`
/// stands for, and its length. Numeric references, and the named ones that
/// occur in URLs and prose.
fn entity(text: &str) -> Option<(char, usize)> {
    let end = text.get(1..)?.find(';')? + 1;
    if end > 33 {
        return None;
    }
    let name = &text[1..end];
    let value = if let Some(number) = name.strip_prefix('#') {
        let code = match number.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => number.parse().ok()?,
        };
        match code {
            0 => '\u{fffd}',
            code => char::from_u32(code).unwrap_or('\u{fffd}'),
        }
    } else {
        match name {
            "amp" => '&',
            "lt" => '<',
            "gt" => '>',
            "quot" => '"',
            "apos" => '\'',
            "nbsp" => '\u{a0}',
            "tilde" => '\u{2dc}',
            "sol" => '/',
            "colon" => ':',
            "percnt" => '%',
            "num" => '#',
            "quest" => '?',
            "equals" => '=',
            "lowbar" => '_',
            "period" => '.',
            "comma" => ',',
            "excl" => '!',
            "plus" => '+',
            "semi" => ';',
            "copy" => '©',
            "reg" => '®',
            "hellip" => '…',
            "mdash" => '—',
            "ndash" => '–',
            _ => return None,
        }
    };
    Some((value, end + 1))
}

/// The URL attributes of HTML.
const URL_ATTRIBUTES: &[&str] = &[
    "href",
    "src",
    "action",
    "cite",
    "formaction",
    "data",
    "poster",
    "background",
    "longdesc",
    "usemap",
    "codebase",
    "classid",
    "profile",
    "manifest",
    "icon",
    "srcset",
];

/// The URLs in the HTML `text[start..end]`: values of URL attributes with a
/// scheme. Comments, `<script>` and `<style>` are skipped.
fn html(text: &str, start: usize, end: usize, found: &mut Vec<Candidate>) {
    let bytes = &text.as_bytes()[..end];
    let mut at = start;
    while let Some(open) = memchr::memchr(b'<', &bytes[at..]).map(|i| at + i) {
        let rest = &bytes[open..];
        if rest.starts_with(b"<!--") {
            at = memchr::memmem::find(&rest[4..], b"-->").map_or(end, |i| open + 4 + i + 3);
            continue;
        }
        if !rest.get(1).is_some_and(u8::is_ascii_alphabetic) {
            at = open + 1;
            continue;
        }
        let name_end = open
            + 1
            + rest[1..]
                .iter()
                .position(|b| !(b.is_ascii_alphanumeric() || *b == b'-' || *b == b':'))
                .unwrap_or(rest.len() - 1);
        let name = text[open + 1..name_end].to_ascii_lowercase();
        at = attributes(text, name_end, end, found);
        if name == "script" || name == "style" {
            let close = format!("</{name}");
            at = find_ignore_case(&bytes[at..], close.as_bytes()).map_or(end, |i| at + i);
        }
    }
}

fn find_ignore_case(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|window| window.eq_ignore_ascii_case(needle))
}

/// The attributes of a tag from `at` (after its name) to its `>`; returns
/// where the tag ends.
fn attributes(text: &str, mut at: usize, end: usize, found: &mut Vec<Candidate>) -> usize {
    let bytes = &text.as_bytes()[..end];
    loop {
        while at < end && bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        match bytes.get(at) {
            None => return end,
            Some(b'>') => return at + 1,
            Some(b'/') => {
                at += 1;
                continue;
            }
            Some(b'<') => return at,
            _ => {}
        }
        let name_start = at;
        while at < end
            && !bytes[at].is_ascii_whitespace()
            && !matches!(bytes[at], b'=' | b'>' | b'/')
        {
            at += 1;
        }
        let name = &text[name_start..at];
        let mut after = at;
        while after < end && bytes[after].is_ascii_whitespace() {
            after += 1;
        }
        if bytes.get(after) != Some(&b'=') {
            continue;
        }
        at = after + 1;
        while at < end && bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        let (value, outer) = match bytes.get(at) {
            Some(quote @ (b'"' | b'\'')) => {
                let close = memchr::memchr(*quote, &bytes[at + 1..]).map_or(end, |i| at + 1 + i);
                let span = (
                    Span::new(at + 1, close),
                    Span::new(at, (close + 1).min(end)),
                );
                at = (close + 1).min(end);
                span
            }
            _ => {
                let start = at;
                while at < end && !bytes[at].is_ascii_whitespace() && bytes[at] != b'>' {
                    at += 1;
                }
                (Span::new(start, at), Span::new(start, at))
            }
        };
        if !URL_ATTRIBUTES.iter().any(|a| a.eq_ignore_ascii_case(name)) {
            continue;
        }
        if name.eq_ignore_ascii_case("srcset") {
            // Candidates separated by commas, each a URL and a descriptor.
            let mut from = value.start;
            for part in text[value.range()].split(',') {
                let trimmed = trim_span(text, Span::new(from, from + part.len()));
                let url_end = text[trimmed.range()]
                    .find(|c: char| c.is_ascii_whitespace())
                    .map_or(trimmed.end, |i| trimmed.start + i);
                push_attribute(text, Span::new(trimmed.start, url_end), outer, found);
                from += part.len() + 1;
            }
        } else {
            push_attribute(text, trim_span(text, value), outer, found);
        }
    }
}

/// The span without the white space at its ends.
fn trim_span(text: &str, span: Span) -> Span {
    let value = &text[span.range()];
    let start = span.start + (value.len() - value.trim_start().len());
    let end = span.end - (value.len() - value.trim_end().len());
    Span::new(start, end.max(start))
}

fn push_attribute(text: &str, value: Span, outer: Span, found: &mut Vec<Candidate>) {
    if has_scheme(&text[value.range()]) {
        found.push(Candidate {
            dest: value,
            outer,
            form: Form::Attribute,
            decode: Decode::Html,
        });
    }
}

/// Markdown longer than this is read in pieces (see [`chunks`]): the parser
/// holds a tree of what it reads, so memory stays bounded.
pub const CHUNK: usize = 512 * 1024;

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
    fn candidates(&self, text: &str, index: usize, found: &mut Vec<Candidate>) {
        for (piece, span, dest, used) in &self.list {
            if *piece == index && *used && has_scheme(dest) {
                if let Some(at) = definition_destination(text, span.range()) {
                    found.push(Candidate {
                        dest: at,
                        outer: *span,
                        form: Form::Link,
                        decode: Decode::Markdown,
                    });
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
    found.sort_by_key(|candidate| (candidate.dest.start, candidate.dest.end));
    found.dedup_by_key(|candidate| candidate.dest);
    Urls::Found(text, found.into_iter())
}

/// The URLs of a Markdown document, piece by piece.
pub struct MarkdownUrls<'a> {
    text: &'a str,
    chunks: std::iter::Enumerate<std::vec::IntoIter<std::ops::Range<usize>>>,
    definitions: RefCell<Definitions>,
    code: bool,
    current: std::vec::IntoIter<Candidate>,
}

impl Iterator for MarkdownUrls<'_> {
    type Item = ScannedUrl;

    fn next(&mut self) -> Option<ScannedUrl> {
        loop {
            if let Some(candidate) = self.current.next() {
                return Some(decoded(self.text, candidate));
            }
            let (index, chunk) = self.chunks.next()?;
            let mut found = markdown_chunk(self.text, chunk, self.code, &self.definitions);
            self.definitions
                .borrow()
                .candidates(self.text, index, &mut found);
            found.sort_by_key(|candidate| (candidate.dest.start, candidate.dest.end));
            found.dedup_by_key(|candidate| candidate.dest);
            self.current = found.into_iter();
        }
    }
}

/// Where a long Markdown document is cut: at a blank line followed by a
/// line that starts a block at the margin, outside fenced code and outside
/// HTML that may hold blank lines (comments, `<pre>`, `<script>`,
/// `<style>`, `<textarea>`), once a piece is [`CHUNK`] long. Such a cut
/// changes no link: blocks at the margin after a blank line start anew.
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
/// [`chunks`]); `None` when there is none in `bytes`.
pub fn next_cut(bytes: &[u8], min: usize) -> Option<usize> {
    if bytes.len() <= min {
        return None;
    }
    let mut fence: Option<(u8, usize)> = None;
    let mut html_end: Option<&[u8]> = None;
    let mut blank = false;
    let mut at = 0;
    while at < bytes.len() {
        let end = memchr::memchr(b'\n', &bytes[at..]).map_or(bytes.len(), |i| at + i);
        let line = &bytes[at..end];
        let content = line.trim_ascii_start();
        let indent = line.len() - content.len();
        if blank
            && indent == 0
            && !content.is_empty()
            && fence.is_none()
            && html_end.is_none()
            && at >= min
        {
            return Some(at);
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

/// The URLs of a Markdown document, in order: link and image destinations
/// (at the link, or at the reference definition a link uses), autolinks,
/// GFM autolinks in text, URL attributes of inline and block HTML; code
/// spans and blocks only when `code` is set.
fn markdown(text: &str, code: bool) -> MarkdownUrls<'_> {
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
) -> Vec<Candidate> {
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
    // The current run of text, as a source range.
    let mut run: Option<std::ops::Range<usize>> = None;
    for (event, range) in parser {
        let range = range.start + base..range.end + base;
        if !matches!(event, Event::End(TagEnd::Link | TagEnd::Image)) {
            if let Some(top) = open.last_mut() {
                top.1 = top.1.max(range.end);
            }
        }
        if !matches!(event, Event::Text(_)) {
            if let Some(run) = run.take() {
                autolinks(text, run, &mut found);
            }
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
                        found.push(Candidate {
                            dest: Span::new(range.start + 1, range.end - 1),
                            outer: Span::new(range.start, range.end),
                            form: Form::Autolink,
                            decode: Decode::Verbatim,
                        });
                        open.push((range.clone(), text_start, false));
                    }
                    _ => open.push((range.clone(), text_start, false)),
                }
            }
            Event::End(TagEnd::Link | TagEnd::Image) => {
                if let Some((outer, text_end, inline)) = open.pop() {
                    if inline {
                        if let Some(dest) = inline_destination(text, text_end, outer.end) {
                            found.push(Candidate {
                                dest,
                                outer: Span::new(outer.start, outer.end),
                                form: Form::Link,
                                decode: Decode::Markdown,
                            });
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
                    code_urls(text, range, &mut found);
                }
            }
            Event::End(TagEnd::CodeBlock) => in_code_block = false,
            Event::Code(_) if code => {
                // Inside the backticks.
                let piece = &text[range.clone()];
                let inner = piece.trim_start_matches('`');
                let start = range.start + (piece.len() - inner.len());
                let end = start + inner.trim_end_matches('`').len();
                code_urls(text, start..end, &mut found);
            }
            Event::Start(Tag::HtmlBlock) => {
                html(text, range.start, range.end, &mut found);
                html_block_end = range.end;
            }
            Event::Html(_) | Event::InlineHtml(_) if range.start >= html_block_end => {
                html(text, range.start, range.end, &mut found);
            }
            Event::Text(_) if !in_code_block && open.is_empty() => {
                run = match run.take() {
                    Some(current) if current.end == range.start => Some(current.start..range.end),
                    Some(current) => {
                        autolinks(text, current, &mut found);
                        Some(range)
                    }
                    None => Some(range),
                };
            }
            _ => {}
        }
    }
    if let Some(run) = run.take() {
        autolinks(text, run, &mut found);
    }
    found
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

fn code_urls(text: &str, range: std::ops::Range<usize>, found: &mut Vec<Candidate>) {
    let piece = &text[range.clone()];
    for url in Scanner::new(piece) {
        if url.breaks.is_empty() && url.text.len() == url.span.len() {
            found.push(Candidate {
                dest: Span::new(range.start + url.span.start, range.start + url.span.end),
                outer: Span::new(range.start + url.outer.start, range.start + url.outer.end),
                form: url.form,
                decode: Decode::Verbatim,
            });
        }
    }
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

/// The GFM extended autolinks (`http://`, `https://`, `ftp://` and
/// `mailto:` followed by an address) in the text `text[range]`, as
/// cmark-gfm finds them.
fn autolinks(text: &str, range: std::ops::Range<usize>, found: &mut Vec<Candidate>) {
    let bytes = &text.as_bytes()[..range.end];
    let mut at = range.start;
    while let Some(colon) = memchr::memchr(b':', &bytes[at..]).map(|i| at + i) {
        // The scheme is the run of letters before the colon.
        let mut start = colon;
        while start > range.start && bytes[start - 1].is_ascii_alphabetic() {
            start -= 1;
        }
        let scheme = text[start..colon].to_ascii_lowercase();
        let slashes = bytes[colon + 1..].starts_with(b"//");
        let end = match scheme.as_str() {
            "http" | "https" | "ftp" if slashes => url_autolink(bytes, colon + 3),
            "mailto" => mail_autolink(bytes, colon + 1),
            _ => None,
        };
        match end {
            Some(end) => {
                found.push(Candidate {
                    dest: Span::new(start, end),
                    outer: Span::new(start, end),
                    form: Form::Bare,
                    decode: Decode::Verbatim,
                });
                at = end;
            }
            None => at = colon + 1,
        }
    }
}

/// The end of an extended URL autolink whose domain starts at `at`.
fn url_autolink(bytes: &[u8], at: usize) -> Option<usize> {
    let domain_end = at
        + bytes[at..]
            .iter()
            .position(|b| !(b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.')))
            .unwrap_or(bytes.len() - at);
    if !valid_domain(&bytes[at..domain_end]) {
        return None;
    }
    let mut end = at
        + bytes[at..]
            .iter()
            .position(|b| b.is_ascii_whitespace() || *b == b'<')
            .unwrap_or(bytes.len() - at);
    end = trim_autolink(bytes, at, end);
    (end > at).then_some(end)
}

/// A domain: segments of letters, digits, `-` and `_` separated by `.`,
/// no `_` in the last two segments.
fn valid_domain(domain: &[u8]) -> bool {
    if domain.is_empty() {
        return false;
    }
    let segments: Vec<&[u8]> = domain.split(|b| *b == b'.').collect();
    let last_two = segments.len().saturating_sub(2);
    !segments[last_two..]
        .iter()
        .any(|segment| segment.contains(&b'_'))
}

/// The end of `mailto:` followed by an e-mail address.
fn mail_autolink(bytes: &[u8], at: usize) -> Option<usize> {
    let local = bytes[at..]
        .iter()
        .position(|b| !(b.is_ascii_alphanumeric() || matches!(b, b'.' | b'+' | b'-' | b'_')))
        .unwrap_or(bytes.len() - at);
    if local == 0 || bytes.get(at + local) != Some(&b'@') {
        return None;
    }
    let domain = at + local + 1;
    let mut end = domain
        + bytes[domain..]
            .iter()
            .position(|b| !(b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_')))
            .unwrap_or(bytes.len() - domain);
    // The address cannot end with `.`, `-` or `_`.
    while end > domain && matches!(bytes[end - 1], b'.') {
        end -= 1;
    }
    if end == domain || matches!(bytes[end - 1], b'-' | b'_') || !bytes[domain..end].contains(&b'.')
    {
        return None;
    }
    Some(end)
}

/// cmark-gfm's `autolink_delim`: trailing punctuation, an entity-like
/// `&name;` and unbalanced `)` are not part of the link.
fn trim_autolink(bytes: &[u8], start: usize, mut end: usize) -> usize {
    let opening = bytes[start..end].iter().filter(|b| **b == b'(').count();
    let mut closing = bytes[start..end].iter().filter(|b| **b == b')').count();
    while end > start {
        match bytes[end - 1] {
            b'?' | b'!' | b'.' | b',' | b':' | b'*' | b'_' | b'~' | b'\'' | b'"' => end -= 1,
            b';' => {
                let mut name = end - 1;
                while name > start && bytes[name - 1].is_ascii_alphanumeric() {
                    name -= 1;
                }
                if name < end - 1 && name > start && bytes[name - 1] == b'&' {
                    end = name - 1;
                } else {
                    end -= 1;
                }
            }
            b')' if closing > opening => {
                closing -= 1;
                end -= 1;
            }
            _ => break,
        }
    }
    end
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &str, kind: Kind) -> Vec<(String, String)> {
        urls(text, kind, false)
            .map(|url| (url.text.clone(), text[url.span.range()].to_owned()))
            .collect()
    }

    fn texts(text: &str, kind: Kind) -> Vec<String> {
        found(text, kind).into_iter().map(|(url, _)| url).collect()
    }

    #[test]
    fn kinds_by_extension() {
        assert_eq!(Kind::of("a/README.md"), Kind::Markdown);
        assert_eq!(Kind::of("x.MARKDOWN"), Kind::Markdown);
        assert_eq!(Kind::of("index.htm"), Kind::Html);
        assert_eq!(Kind::of("notes.txt"), Kind::Text);
        assert_eq!(Kind::of("Makefile"), Kind::Text);
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
        let with_code: Vec<String> = urls(text, Kind::Markdown, true).map(|u| u.text).collect();
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
        let url = urls(text, Kind::Markdown, false).next().unwrap();
        // The "&" of the URL is the entity in the source.
        assert_eq!(url.original_span(Span::new(14, 15)), Span::new(19, 24));
    }

    #[test]
    fn gfm_autolinks_end_like_cmark_gfm() {
        let text = "a http://x.y/(a)). b (https://w.x/y) c https://q.r/s&amp; d http://u_v.w_x/ e mailto:me@x.org.";
        assert_eq!(
            texts(text, Kind::Markdown),
            [
                "http://x.y/(a)",
                "https://w.x/y",
                "https://q.r/s",
                "mailto:me@x.org"
            ]
        );
    }

    #[test]
    fn html_attributes_in_html_and_in_markdown() {
        let text = "<a href=\"http://a.b/?x=1&amp;y=2\">t</a><img src='ftp://c.d/e' alt=\"http://no/\">\n<!-- <a href=\"http://comment/\"> --><script>x=\"<a href='http://s/'>\"</script><p cite=http://q.r/>";
        assert_eq!(
            texts(text, Kind::Html),
            ["http://a.b/?x=1&y=2", "ftp://c.d/e", "http://q.r/"]
        );
        let markdown = "Text <a href=\"http://i.j/\">x</a>.\n\n<p align=\"center\">\n  <img\n    src=\"https://k.l/m.png\">\n</p>\n";
        assert_eq!(
            texts(markdown, Kind::Markdown),
            ["http://i.j/", "https://k.l/m.png"]
        );
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
        let urls: Vec<String> = urls(&text, Kind::Markdown, false).map(|u| u.text).collect();
        let blocks = text.matches("Para [a]").count();
        assert_eq!(urls.len(), 1 + 3 * blocks);
        assert_eq!(urls[0], "http://def.example/one");
        assert!(!urls
            .iter()
            .any(|u| u.contains("in.code") || u.contains("in.comment")));
    }

    /// Every text of up to four pieces of an alphabet of Markdown and HTML
    /// syntax: no panic, and every URL's spans lie in the text, on
    /// character boundaries, and map each byte of the URL inside its span.
    /// `EXTRACT_DEPTH=4` tries texts of four pieces (run with `--release`).
    #[test]
    fn short_texts_never_panic_and_spans_stay_in_the_text() {
        let alphabet = [
            "[a](",
            ")",
            "](",
            "<",
            ">",
            "http://x.y/",
            "\\",
            "&amp;",
            "&#",
            ";",
            "`",
            "\n",
            "\n\n",
            " ",
            "![",
            "<a href=\"",
            "\"",
            "'",
            "srcset=",
            ",",
            "<!--",
            "-->",
            "é",
            "[r]: ",
            "mailto:a@b.c",
            "~",
            "(",
            "#",
        ];
        let mut texts = vec![String::new()];
        let depth = std::env::var("EXTRACT_DEPTH").map_or(3, |d| d.parse().unwrap_or(3));
        for _ in 0..depth {
            let mut longer = Vec::new();
            for text in &texts {
                for piece in alphabet {
                    longer.push(format!("{text}{piece}"));
                }
            }
            texts.extend(longer);
        }
        assert!(texts.len() > 20_000);
        for text in &texts {
            for kind in [Kind::Markdown, Kind::Html, Kind::Text] {
                for code in [false, true] {
                    for url in urls(text, kind, code) {
                        let span = url.span;
                        assert!(span.start <= span.end && span.end <= text.len(), "{text:?}");
                        assert!(url.outer.start <= span.start && span.end <= url.outer.end);
                        assert!(
                            text.is_char_boundary(span.start) && text.is_char_boundary(span.end)
                        );
                        for offset in 0..url.text.len() {
                            let at = url.original_span(Span::new(offset, offset + 1));
                            assert!(span.contains(at), "{text:?} {kind:?}: {offset} {at:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn srcset_has_several_urls() {
        assert_eq!(
            texts(
                "<img srcset=\"http://a/1.png 1x, http://a/2.png 2x\">",
                Kind::Html
            ),
            ["http://a/1.png", "http://a/2.png"]
        );
    }

    #[test]
    fn plain_text_keeps_the_appendix_rules() {
        assert_eq!(
            texts("<URL:ftp://a.b/\n  c> http://d.e/f.", Kind::Text),
            ["ftp://a.b/c", "http://d.e/f"]
        );
    }
}
