//! reStructuredText and AsciiDoc: prose read by the appendix's rules, in a
//! copy of the file where what is code is blank and the delimiters of
//! their link forms are spaces (so every offset is the file's own).
//!
//! - reStructuredText: `` `text <url>`_ `` gives its `<url>` to the
//!   scanner as it is; `.. _name: url` is a bare URL. Inline literals
//!   (` ``...`` `), and literal blocks (after `::`, and the `code-block`,
//!   `code`, `sourcecode`, `literalinclude` directives' content) are code.
//! - AsciiDoc: `link:url[text]` and `url[text]`: the brackets after a URL
//!   delimit it. Monospace (`` `...` ``, `+...+`) and listing and literal
//!   blocks (`----`, `....`, ```` ``` ````) are code.
//!
//! Code is read only when asked (`--markdown-code`), and never fixed.

use rfc1738::Span;

use super::prose::{self, blank_code, overlaps};
use super::reader::{Applicability, Extracted, Options, Reader};

/// Which markup: each is a reader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Markup {
    ReStructuredText,
    AsciiDoc,
}

impl Reader for Markup {
    fn urls<'a>(
        &self,
        text: &'a str,
        options: Options,
    ) -> Box<dyn Iterator<Item = Extracted> + 'a> {
        Box::new(urls(text, *self, options.code).into_iter())
    }
}

/// The URLs of a reStructuredText or AsciiDoc file; `code` also reads its
/// code.
pub(crate) fn urls(text: &str, markup: Markup, code: bool) -> Vec<Extracted> {
    let mut read = text.as_bytes().to_vec();
    let mut code_spans = Vec::new();
    let blocks = literal_blocks(text, markup);
    for block in &blocks {
        blank_code(&mut read, *block, 0, code, &mut code_spans);
    }
    let delimiter: &[u8] = match markup {
        Markup::ReStructuredText => b"``",
        Markup::AsciiDoc => b"`",
    };
    for span in inline_literals(text, delimiter) {
        if !overlaps(&blocks, span) {
            blank_code(&mut read, span, delimiter.len(), code, &mut code_spans);
        }
    }
    if markup == Markup::AsciiDoc {
        for (open, close, wrapped) in link_brackets(text) {
            // In a wrapper (`<https://a.b/c[@c]>`, an author's line) the
            // link's text would be read as the wrapped URL's: it goes too.
            match wrapped {
                true => read[open..=close].fill(b' '),
                false => (read[open], read[close]) = (b' ', b' '),
            }
        }
        // `\...` keeps AsciiDoc from writing an ellipsis (a comparison's
        // `v1.5.6\...v1.5.6.1`): the backslash is no URL's, and the URL is
        // read up to it.
        for (at, _) in text.match_indices("\\...") {
            read[at] = b' ';
        }
    } else {
        // What is left of reST's backticks delimits: interpreted text
        // (`` `http://a.b/` ``) and the link form `` `text <url>`_ ``.
        for byte in &mut read {
            if *byte == b'`' {
                *byte = b' ';
            }
        }
    }
    // Blanked bytes are whole characters (ASCII, or every byte of one).
    let Ok(read) = String::from_utf8(read) else {
        return Vec::new();
    };
    code_spans.sort_unstable_by_key(|span| span.start);
    prose::urls(text, &read, &code_spans, Applicability::Safe, Some).collect()
}

/// The inline literals: from a `delimiter` to the next on the same
/// paragraph (no blank line between), delimiters included.
fn inline_literals(text: &str, delimiter: &[u8]) -> Vec<Span> {
    let bytes = text.as_bytes();
    let mut spans = Vec::new();
    let mut at = 0;
    while let Some(open) = memchr::memmem::find(&bytes[at..], delimiter).map(|i| at + i) {
        let from = open + delimiter.len();
        // `` ``` `` is no literal of AsciiDoc's single backtick.
        if delimiter == b"`" && bytes.get(from) == Some(&b'`') {
            at = from + 1;
            continue;
        }
        let close = memchr::memmem::find(&bytes[from..], delimiter).map(|i| from + i);
        match close {
            Some(close) if !text[from..close].contains("\n\n") && close > from => {
                spans.push(Span::new(open, close + delimiter.len()));
                at = close + delimiter.len();
            }
            _ => at = from,
        }
    }
    spans
}

/// The literal blocks: their lines, whole.
fn literal_blocks(text: &str, markup: Markup) -> Vec<Span> {
    let mut blocks = Vec::new();
    let mut lines = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        lines.push((offset, line));
        offset += line.len();
    }
    let indent = |line: &str| line.len() - line.trim_start().len();
    let blank = |line: &str| line.trim().is_empty();
    let mut index = 0;
    while index < lines.len() {
        let (start, line) = lines[index];
        let trimmed = line.trim_end();
        match markup {
            Markup::ReStructuredText => {
                let directive = trimmed.trim_start();
                let opens = trimmed.ends_with("::")
                    && !directive.starts_with(".. _")
                    && (!directive.starts_with("..")
                        || [
                            "code-block::",
                            "code::",
                            "sourcecode::",
                            "literalinclude::",
                            "highlight::",
                            "parsed-literal::",
                            "doctest::",
                            "testcode::",
                            "testoutput::",
                        ]
                        .iter()
                        .any(|name| directive.contains(name)))
                    || [
                        ".. code-block::",
                        ".. code::",
                        ".. sourcecode::",
                        ".. doctest::",
                    ]
                    .iter()
                    .any(|name| directive.starts_with(name));
                if opens {
                    let base = indent(line);
                    let mut next = index + 1;
                    let mut end = start + line.len();
                    while next < lines.len() {
                        let (at, body) = lines[next];
                        if !blank(body) && indent(body) <= base {
                            break;
                        }
                        if !blank(body) {
                            end = at + body.len();
                        }
                        next += 1;
                    }
                    if end > start + line.len() {
                        blocks.push(Span::new(start + line.len(), end));
                    }
                    index = next;
                    continue;
                }
                if trimmed.trim_start().starts_with(">>> ") {
                    blocks.push(Span::new(start, start + line.len()));
                }
            }
            Markup::AsciiDoc => {
                let fence = ["----", "....", "```", "++++"].into_iter().find(|fence| {
                    trimmed.starts_with(fence)
                        && trimmed.trim_matches(fence.as_bytes()[0] as char).is_empty()
                });
                if let Some(fence) = fence {
                    let mut next = index + 1;
                    while next < lines.len() && lines[next].1.trim_end() != trimmed {
                        next += 1;
                    }
                    let end = lines
                        .get(next)
                        .map_or(text.len(), |(at, body)| at + body.len());
                    let _ = fence;
                    blocks.push(Span::new(start, end));
                    index = next + 1;
                    continue;
                }
            }
        }
        index += 1;
    }
    blocks
}

/// Whether the line that starts `rest` is blank (or there is none).
fn blank_line_after(rest: &[u8]) -> bool {
    rest.iter()
        .take_while(|b| **b != b'\n')
        .all(u8::is_ascii_whitespace)
}

/// The brackets of AsciiDoc's links: a `[` right after a URL-like token
/// (`https://a.b/c[text]`, `link:https://...[text]`, `mailto:a@b[text]`)
/// and the `]` that closes it in the same paragraph, and whether the token
/// is in a wrapper's `<`.
fn link_brackets(text: &str) -> Vec<(usize, usize, bool)> {
    const REACH: usize = 2048;
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    for (open, _) in text.match_indices('[') {
        if open == 0 || bytes[open - 1].is_ascii_whitespace() {
            continue;
        }
        // A URL and a link's text are short: each is looked for within
        // `REACH` bytes, so that a line of a million `[` stays linear.
        let from = open.saturating_sub(REACH);
        let token_start = bytes[from..open]
            .iter()
            .rposition(|b| b.is_ascii_whitespace() || matches!(b, b'(' | b'<'))
            .map_or(from, |i| from + i + 1);
        let token = &bytes[token_start..open];
        let names_url = memchr::memmem::find(token, b"://").is_some()
            || memchr::memmem::find(token, b"mailto:").is_some();
        if !names_url {
            continue;
        }
        // A link's text may go on over lines of its paragraph (ohmyzsh's
        // `.../gitfast[Oh My Zsh` and `gitfast] plugin`): a blank line
        // ends the paragraph and the search.
        let window = &bytes[open..bytes.len().min(open + REACH)];
        let Some(close) = window
            .iter()
            .enumerate()
            .position(|(at, b)| *b == b']' || *b == b'\n' && blank_line_after(&window[at + 1..]))
            .map(|i| open + i)
        else {
            continue;
        };
        if bytes[close] == b']' {
            let wrapped = token_start > 0 && bytes[token_start - 1] == b'<';
            found.push((open, close, wrapped));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(text: &str, markup: Markup, code: bool) -> Vec<String> {
        urls(text, markup, code)
            .into_iter()
            .map(|e| e.url.text)
            .collect()
    }

    #[test]
    fn link_brackets_stay_linear_and_find_the_same() {
        // A megabyte of `link:http://a.b/~[` looked back and on from each
        // `[` to the line's ends (a fuzzer's hostile input ran minutes; the
        // fuzz step's inputs of deep repetition hold its time).
        let line = "link:http://a.b/~[".repeat(20_000);
        assert!(link_brackets(&line).is_empty());
        let text =
            "a http://x/[y] b[c] mailto:m@n[o]\nhttp://p/[q\n]r (https://s/[t]) <http://u/[v]\n\
                    http://w/[x\n  \n]";
        let found = link_brackets(text);
        let pairs: Vec<(&str, bool)> = found
            .iter()
            .map(|&(open, close, wrapped)| (&text[open..=close], wrapped))
            .collect();
        // A link's text goes on over the lines of its paragraph, not past
        // a blank one.
        assert_eq!(
            pairs,
            [
                ("[y]", false),
                ("[o]", false),
                ("[q\n]", false),
                ("[t]", false),
                ("[v]", true)
            ]
        );
    }

    #[test]
    fn no_url_is_read_across_a_literal_of_wider_characters() {
        // The literal's `é` is blanked as two spaces: a URL read across it
        // had places inside the `é` (a fuzzer found it).
        let text = "<p://``é``.> and ``é`` <http://a.b/>";
        let found = urls(text, Markup::ReStructuredText, false);
        for extracted in &found {
            let url = &extracted.url;
            assert!(text.is_char_boundary(url.span.start) && text.is_char_boundary(url.span.end));
        }
        assert_eq!(
            texts(text, Markup::ReStructuredText, false),
            ["http://a.b/"]
        );
    }

    #[test]
    fn restructuredtext_links_and_literals() {
        let text = "See `Flask <https://flask.x/>`_ and ``http://localhost:5000/~x``, `http://u@h/`.\n\n\
                    .. _home: https://a.b/c\n\nExample::\n\n    curl http://in.block/~x\n\nhttp://after.block/\n";
        assert_eq!(
            texts(text, Markup::ReStructuredText, false),
            [
                "https://flask.x/",
                "http://u@h/",
                "https://a.b/c",
                "http://after.block/"
            ]
        );
        let with_code = texts(text, Markup::ReStructuredText, true);
        assert!(with_code.contains(&"http://localhost:5000/~x".to_owned()));
        assert!(with_code.contains(&"http://in.block/~x".to_owned()));
    }

    #[test]
    fn asciidoc_links_and_blocks() {
        let text = "Go to link:https://a.b/c[the site] or https://d.e/f[here] and `http://g.h/~i`.\n\n----\nhttp://in.listing/~x\n----\nmailto:a@b.c[mail]\n";
        assert_eq!(
            texts(text, Markup::AsciiDoc, false),
            ["https://a.b/c", "https://d.e/f", "mailto:a@b.c"]
        );
        // A link's text over two lines of a paragraph (ohmyzsh's gitfast
        // manual); a `[` whose paragraph ends unclosed is the URL's.
        let text = "See https://github.com/o/r/tree/gitfast[Oh My Zsh\ngitfast] plugin.\n\nhttp://a.b/c[x\n\ny]\n";
        assert_eq!(
            texts(text, Markup::AsciiDoc, false),
            ["https://github.com/o/r/tree/gitfast", "http://a.b/c[x"]
        );
        // asciidoctor's own README and CHANGELOG: an author's link in a
        // wrapper, and a backslash that keeps `...` from an ellipsis.
        let text = "Dan Allen <https://github.com/mojavelinux[@mojavelinux]>\n\n\
                    https://a.b/compare/v1.5.6\\...v1.5.6.1[full diff]\n";
        assert_eq!(
            texts(text, Markup::AsciiDoc, false),
            [
                "https://github.com/mojavelinux",
                "https://a.b/compare/v1.5.6"
            ]
        );
    }
}
