//! Text read out of a file with the place of each of its bytes in the file:
//! a string literal with its escapes decoded, a man page with its font
//! escapes removed, a Markdown link's destination or a run of its prose
//! with backslash escapes and entities decoded. The URLs found in such a
//! text are given back with spans in the file, so that a finding points at
//! what is written there and a fix replaces it whole (`\x7e`, not the `~`
//! it stands for). Every reader that decodes maps back through this one
//! map.

// Without `code-readers` only Markdown and HTML decode, and use less of it.
#![cfg_attr(not(feature = "code-readers"), allow(dead_code))]

use rfc1738::scan::{ScannedUrl, Scanner};
use rfc1738::Span;

/// What a placeholder of a template becomes in the text read: a form the
/// library's templates know (`${...}`), whatever the source wrote
/// (`#{user}`, `%.*s`, `{}`). The finding quotes the source at its span.
pub(crate) const PLACEHOLDER: &str = "${x}";

/// A text and the map from its bytes to the file's.
#[derive(Clone, Debug, Default)]
pub(crate) struct Mapped {
    /// The text read.
    pub text: String,
    /// Runs `(start in text, span in the file)`, in order: a run as long as
    /// its span is copied byte for byte; any other maps each of its bytes
    /// to the whole span (an escape).
    runs: Vec<(usize, Span)>,
}

impl Mapped {
    /// An empty text.
    pub fn new() -> Mapped {
        Mapped::default()
    }

    /// An empty text with room for `capacity` bytes.
    pub fn with_capacity(capacity: usize) -> Mapped {
        Mapped {
            text: String::with_capacity(capacity),
            runs: Vec::new(),
        }
    }

    /// The text and its runs, as [`ScannedUrl::mapped`] takes them.
    pub fn into_parts(self) -> (String, Vec<(usize, Span)>) {
        (self.text, self.runs)
    }

    /// Copies `piece`, which is written at `at` in the file.
    pub fn copy(&mut self, piece: &str, at: usize) {
        if piece.is_empty() {
            return;
        }
        let start = self.text.len();
        self.text.push_str(piece);
        if let Some((run_start, span)) = self.runs.last_mut() {
            if span.end == at && start - *run_start == span.len() {
                span.end += piece.len();
                return;
            }
        }
        self.runs.push((start, Span::new(at, at + piece.len())));
    }

    /// Writes `value` for what the file has at `source` (an escape, an
    /// entity, a placeholder).
    pub fn decoded(&mut self, value: &str, source: Span) {
        if !value.is_empty() {
            self.runs.push((self.text.len(), source));
            self.text.push_str(value);
        }
    }

    /// A decoder's step: copies `text[copied..source.start]` as it is,
    /// then writes `value` for what `text` has at `source` (nothing, when
    /// `value` is empty: the source is dropped); where copying resumes,
    /// `source.end`.
    pub fn splice(&mut self, text: &str, copied: usize, source: Span, value: &str) -> usize {
        self.copy(&text[copied..source.start], copied);
        self.decoded(value, source);
        source.end
    }

    /// Appends `other`, the decoding of what comes next in the file (the
    /// next of the strings that are one, as gettext joins them).
    pub fn append(&mut self, other: Mapped) {
        let offset = self.text.len();
        self.text.push_str(&other.text);
        self.runs.extend(
            other
                .runs
                .into_iter()
                .map(|(start, span)| (start + offset, span)),
        );
    }

    /// A placeholder of a template, written at `source`.
    pub fn placeholder(&mut self, source: Span) {
        self.decoded(PLACEHOLDER, source);
    }

    /// The run holding byte `offset` of the text: its start, span and end.
    fn run(&self, offset: usize) -> Option<(usize, Span, usize)> {
        let index = self.runs.partition_point(|(start, _)| *start <= offset);
        let (start, span) = *self.runs.get(index.checked_sub(1)?)?;
        let end = self
            .runs
            .get(index)
            .map_or(self.text.len(), |(next, _)| *next);
        Some((start, span, end))
    }

    /// Where byte `offset` of the text is in the file: its first byte.
    fn source_start(&self, offset: usize) -> Option<usize> {
        match self.run(offset)? {
            (start, span, end) if end - start == span.len() => Some(span.start + offset - start),
            (_, span, _) => Some(span.start),
        }
    }

    /// One past the last byte in the file of byte `offset` of the text.
    fn source_end(&self, offset: usize) -> Option<usize> {
        match self.run(offset)? {
            (start, span, end) if end - start == span.len() => {
                Some(span.start + offset - start + 1)
            }
            (_, span, _) => Some(span.end),
        }
    }

    /// Where a span of the text is in the file.
    pub fn source_span(&self, span: Span) -> Span {
        let past = self.runs.last().map_or(0, |(_, span)| span.end);
        let start = if span.start < self.text.len() {
            self.source_start(span.start).unwrap_or(past)
        } else {
            past
        };
        if span.is_empty() {
            return Span::new(start, start);
        }
        let last = span.end.min(self.text.len()).saturating_sub(1);
        let end = self.source_end(last).unwrap_or(past).max(start);
        Span::new(start, end)
    }

    /// The pieces of the file that a span of this text comes from, pushed
    /// onto a URL's map as `(start in the URL, span in the file)` from
    /// `base`.
    pub fn pieces_of(&self, span: Span, base: usize, out: &mut Vec<(usize, Span)>) {
        let mut at = span.start;
        while at < span.end {
            let Some((start, source, end)) = self.run(at) else {
                break;
            };
            let stop = end.min(span.end);
            let text_start = base + (at - span.start);
            if end - start == source.len() {
                let piece = Span::new(source.start + (at - start), source.start + (stop - start));
                match out.last_mut() {
                    Some((last_start, last))
                        if last.end == piece.start && text_start - *last_start == last.len() =>
                    {
                        last.end = piece.end;
                    }
                    _ => out.push((text_start, piece)),
                }
            } else {
                out.push((text_start, source));
            }
            at = stop;
        }
    }

    /// This text, whose map leads into `inner`'s text, mapped through
    /// `inner` to the file: a reading of a reading (roff in a string
    /// literal).
    pub fn through(self, inner: &Mapped) -> Mapped {
        let mut runs = Vec::with_capacity(self.runs.len());
        for (index, (start, span)) in self.runs.iter().enumerate() {
            let end = self
                .runs
                .get(index + 1)
                .map_or(self.text.len(), |(next, _)| *next);
            if end - start == span.len() {
                inner.pieces_of(*span, *start, &mut runs);
            } else {
                runs.push((*start, inner.source_span(*span)));
            }
        }
        Mapped {
            text: self.text,
            runs,
        }
    }

    /// The URLs of this text (read as prose by the appendix's rules), with
    /// their spans in the file.
    pub fn urls(&self) -> Vec<ScannedUrl> {
        Scanner::new(&self.text)
            .map(|url| self.to_file(&url))
            .collect()
    }

    /// A URL found in this text, mapped to the file.
    pub fn to_file(&self, url: &ScannedUrl) -> ScannedUrl {
        let mut whole = url.text.clone();
        let mut pieces = Vec::new();
        self.map_text(&url.text, 0, &mut pieces, |span| url.original_span(span));
        if let Some(fragment) = &url.fragment {
            whole.push('#');
            let hash = fragment.span.start;
            self.pieces_of(Span::new(hash, hash + 1), url.text.len(), &mut pieces);
            self.map_text(&fragment.text, url.text.len() + 1, &mut pieces, |span| {
                url.fragment_span(span)
            });
            whole.push_str(&fragment.text);
        }
        let outer = self.source_span(url.outer);
        let mut mapped = ScannedUrl::mapped(whole, url.form, outer, pieces).split_fragment();
        mapped.breaks = url
            .breaks
            .iter()
            .map(|line_break| rfc1738::scan::LineBreak {
                span: self.source_span(line_break.span),
                after_hyphen: line_break.after_hyphen,
            })
            .collect();
        mapped
    }

    /// The pieces of `text` (a URL's, or its fragment's), each byte found
    /// in this text by `place`, pushed from `base`. A URL is a copy of the
    /// text it was found in but at line breaks: runs of copied characters
    /// are mapped whole.
    fn map_text(
        &self,
        text: &str,
        base: usize,
        pieces: &mut Vec<(usize, Span)>,
        place: impl Fn(Span) -> Span,
    ) {
        let boundary = |mut at: usize| {
            at += 1;
            while !text.is_char_boundary(at) {
                at += 1;
            }
            at
        };
        let mut at = 0;
        while at < text.len() {
            let next = boundary(at);
            let read = place(Span::new(at, next));
            if read.len() != next - at {
                pieces.push((base + at, self.source_span(read)));
                at = next;
                continue;
            }
            let mut stop = next;
            while stop < text.len() {
                let after = boundary(stop);
                let more = place(Span::new(stop, after));
                if more.len() != after - stop || more.start != read.start + (stop - at) {
                    break;
                }
                stop = after;
            }
            self.pieces_of(
                Span::new(read.start, read.start + (stop - at)),
                base + at,
                pieces,
            );
            at = stop;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_map_to_their_whole_source() {
        // The file: `"http://a/\x7eb"` at offset 0, its content from 1.
        let file = r#""http://a/\x7eb""#;
        let mut mapped = Mapped::new();
        mapped.copy("http://a/", 1);
        mapped.decoded("~", Span::new(10, 14));
        mapped.copy("b", 14);
        assert_eq!(mapped.text, "http://a/~b");
        let urls = mapped.urls();
        assert_eq!(urls.len(), 1);
        let url = &urls[0];
        assert_eq!(url.text, "http://a/~b");
        assert_eq!(url.span, Span::new(1, 15));
        assert_eq!(&file[url.original_span(Span::new(9, 10)).range()], r"\x7e");
        assert_eq!(&file[url.original_span(Span::new(0, 4)).range()], "http");
        assert_eq!(&file[url.original_span(Span::new(10, 11)).range()], "b");
    }

    #[test]
    fn a_fragment_and_a_placeholder_keep_their_places() {
        // `"https://x.y/#{user}/p#top"`: Ruby's interpolation, a fragment.
        let file = "\"https://x.y/#{user}/p#top\"";
        let mut mapped = Mapped::new();
        mapped.copy("https://x.y/", 1);
        mapped.placeholder(Span::new(13, 20));
        mapped.copy("/p#top", 20);
        let urls = mapped.urls();
        assert_eq!(urls.len(), 1);
        let url = &urls[0];
        assert_eq!(url.text, "https://x.y/${x}/p");
        let fragment = url.fragment.as_ref().expect("a fragment");
        assert_eq!(fragment.text, "top");
        assert_eq!(&file[fragment.span.range()], "#top");
        assert_eq!(
            &file[url.original_span(Span::new(12, 16)).range()],
            "#{user}"
        );
        assert_eq!(&file[url.span.range()], "https://x.y/#{user}/p");
    }

    #[test]
    fn a_decoded_character_as_long_as_its_source_maps_inside_it() {
        let mut mapped = Mapped::new();
        mapped.copy("ab", 0);
        mapped.decoded("é", Span::new(2, 4));
        mapped.copy("c", 6);
        assert_eq!(mapped.text, "abéc");
        assert_eq!(mapped.source_span(Span::new(2, 4)), Span::new(2, 4));
        assert_eq!(mapped.source_span(Span::new(4, 5)), Span::new(6, 7));
        assert_eq!(mapped.source_span(Span::new(0, 5)), Span::new(0, 7));
    }
}
