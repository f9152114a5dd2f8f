//! Suppression comments: `rfc1738-ignore: CODES` on a line,
//! `rfc1738-ignore-next-line: CODES` before it, `rfc1738-ignore-file: CODES`
//! anywhere; codes by number or name, none meaning all. They are found in
//! any file type (after `#`, `//`, inside `<!-- -->`, or anywhere on the
//! line).

use rfc1738::lint::Code;
use rfc1738::Span;

/// What a suppression covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Its own line.
    Line(usize),
    /// The whole file.
    File,
}

/// One comment.
#[derive(Debug)]
pub struct Suppression {
    /// Where it applies.
    pub scope: Scope,
    /// The codes and where each is written; empty for all codes.
    pub codes: Vec<(Code, Span)>,
    /// The directive, for a finding about it.
    pub span: Span,
    /// Which codes suppressed something (one flag a code, or one for all).
    used: Vec<bool>,
}

/// The suppressions of a file, and the problems in them.
#[derive(Debug, Default)]
pub struct Suppressions {
    /// The comments, in order.
    pub list: Vec<Suppression>,
    /// Unknown codes: their span and text.
    pub unknown: Vec<(Span, String)>,
    /// `(line, index in list)` of the line suppressions, by line.
    by_line: Vec<(usize, usize)>,
    /// The indices of the file suppressions.
    file: Vec<usize>,
}

const MARKER: &[u8] = b"rfc1738-ignore";

impl Suppressions {
    /// The suppressions of `text`.
    pub fn find(text: &str) -> Suppressions {
        let mut found = Suppressions::default();
        let bytes = text.as_bytes();
        let finder = memchr::memmem::Finder::new(MARKER);
        let mut line = 1;
        let mut counted = 0;
        for start in finder.find_iter(bytes) {
            line += memchr::memchr_iter(b'\n', &bytes[counted..start]).count();
            counted = start;
            let mut at = start + MARKER.len();
            let scope = if bytes[at..].starts_with(b"-next-line") {
                at += b"-next-line".len();
                Scope::Line(line + 1)
            } else if bytes[at..].starts_with(b"-file") {
                at += b"-file".len();
                Scope::File
            } else {
                Scope::Line(line)
            };
            // The marker is a word of its own.
            if bytes
                .get(at)
                .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'-')
            {
                continue;
            }
            let mut codes = Vec::new();
            let unknown = found.unknown.len();
            if bytes.get(at) == Some(&b':') {
                at += 1;
                loop {
                    while matches!(bytes.get(at), Some(b' ' | b'\t' | b',')) {
                        at += 1;
                    }
                    let token_end = at
                        + bytes[at..]
                            .iter()
                            .position(|b| !(b.is_ascii_alphanumeric() || *b == b'-'))
                            .unwrap_or(bytes.len() - at);
                    let token = &text[at..token_end];
                    if token.is_empty() {
                        break;
                    }
                    let span = Span::new(at, token_end);
                    match Code::from_name(token) {
                        Some(code) => codes.push((code, span)),
                        None => {
                            if looks_like_code(token) {
                                found.unknown.push((span, token.to_owned()));
                            }
                            break;
                        }
                    }
                    at = token_end;
                }
            }
            if codes.is_empty() && found.unknown.len() > unknown {
                // Only unknown codes: the comment suppresses nothing (it is
                // reported), rather than everything.
                continue;
            }
            let used = vec![false; codes.len().max(1)];
            match scope {
                Scope::Line(line) => found.by_line.push((line, found.list.len())),
                Scope::File => found.file.push(found.list.len()),
            }
            found.list.push(Suppression {
                scope,
                codes,
                span: Span::new(start, at),
                used,
            });
        }
        found.by_line.sort_unstable();
        found
    }

    /// Whether a finding of `code` on `line` is suppressed; marks the
    /// suppression used when `mark`.
    pub fn suppresses(&mut self, code: Code, line: usize, mark: bool) -> bool {
        let mut hit = false;
        let first = self.by_line.partition_point(|(at, _)| *at < line);
        let on_line = self.by_line[first..]
            .iter()
            .take_while(|(at, _)| *at == line)
            .map(|(_, index)| *index);
        let indices: Vec<usize> = self.file.iter().copied().chain(on_line).collect();
        for index in indices {
            let suppression = &mut self.list[index];
            if suppression.codes.is_empty() {
                hit = true;
                if mark {
                    suppression.used[0] = true;
                }
            } else if let Some(index) = suppression.codes.iter().position(|(c, _)| *c == code) {
                hit = true;
                if mark {
                    suppression.used[index] = true;
                }
            }
        }
        hit
    }

    /// Whether some suppression applies to the whole file for `code`.
    pub fn file_wide(&self, code: Code) -> bool {
        // Only the file's own (asked for each finding: a file of many line
        // suppressions stays linear).
        self.file.iter().any(|index| {
            let s = &self.list[*index];
            s.codes.is_empty() || s.codes.iter().any(|(c, _)| *c == code)
        })
    }

    /// Whether there is any suppression at all.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The unused parts: `(span, what)` of each code that suppressed
    /// nothing, or of a directive without codes that suppressed nothing.
    pub fn unused(&self) -> Vec<(Span, String)> {
        let mut unused = Vec::new();
        for suppression in &self.list {
            if suppression.codes.is_empty() {
                if !suppression.used[0] {
                    unused.push((suppression.span, "suppression comment".to_owned()));
                }
            } else {
                for ((code, span), used) in suppression.codes.iter().zip(&suppression.used) {
                    if !used {
                        unused.push((*span, format!("suppression of {code} ({})", code.name())));
                    }
                }
            }
        }
        unused.sort_by_key(|(span, _)| *span);
        unused
    }
}

pub use crate::extract::filetype::CommentSyntax;

impl CommentSyntax {
    /// The comment syntax of a file by its name, from the registry of file
    /// types; plain text (no extension) takes the directive bare. `None`
    /// for a file type without comments (JSON) or not known.
    pub fn of(name: &str) -> Option<CommentSyntax> {
        let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
        let has_extension = base
            .rsplit_once('.')
            .is_some_and(|(stem, _)| !stem.is_empty());
        match crate::extract::filetype::by_name(name) {
            Some(file_type) => file_type.comment,
            None if !has_extension => Some(CommentSyntax {
                open: "",
                close: "",
                trailing: true,
            }),
            None => None,
        }
    }
}

/// Where a comment may not go: inside a URL that spans lines (the caller
/// knows them) or, in markup, inside a tag.
pub struct Obstacles<'a> {
    /// The spans of the URLs that span lines, with their delimiters.
    pub urls: &'a [Span],
    /// HTML or Markdown: tags may span lines.
    pub markup: bool,
}

impl Obstacles<'_> {
    /// Whether text inserted at `at` would land inside a URL or a tag.
    fn blocks(&self, text: &str, at: usize) -> bool {
        self.urls
            .iter()
            .any(|span| span.start < at && at < span.end)
            || self.markup && inside_tag(text, at)
    }
}

/// Whether `at` is inside an HTML tag: after a `<` that starts one (a
/// letter, `/`, `!` or `?` follows it) and before its `>`.
fn inside_tag(text: &str, at: usize) -> bool {
    let bytes = &text.as_bytes()[..at];
    let opened = memchr::memrchr_iter(b'<', bytes).find(|&lt| {
        bytes
            .get(lt + 1)
            .is_some_and(|b| b.is_ascii_alphabetic() || matches!(b, b'/' | b'!' | b'?'))
    });
    opened.is_some_and(|lt| !bytes[lt..].contains(&b'>'))
}

/// Whether a Markdown line is a link reference definition (`[label]:`),
/// which a comment at its end would turn into a paragraph.
fn is_definition(line: &str) -> bool {
    let trimmed = line.trim_start_matches(' ');
    line.len() - trimmed.len() < 4
        && trimmed.starts_with('[')
        && trimmed
            .find("]:")
            .is_some_and(|end| !trimmed[1..end].contains(']'))
}

/// The edit that suppresses `code` on the line holding `offset` of `text`
/// (the file `name`): `(offset, text to insert)`. A code added to the
/// line's `rfc1738-ignore:` comment; else a comment at the end of the
/// line; else (not allowed there) an `rfc1738-ignore-next-line` comment on
/// a line of its own before it; `None` when neither can go there, or the
/// file type has no comments.
pub fn suppression_edit(
    text: &str,
    name: &str,
    offset: usize,
    code: Code,
    obstacles: &Obstacles<'_>,
) -> Option<(usize, String)> {
    let syntax = CommentSyntax::of(name)?;
    let offset = offset.min(text.len());
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let mut end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    let crlf = end > start && text.as_bytes()[end - 1] == b'\r';
    if crlf {
        end -= 1;
    }
    let line = &text[start..end];
    // A directive for this line already: the code joins it (on this line,
    // or one for the next line on the line before).
    let before = start.saturating_sub(1);
    let previous = text[..before].rfind('\n').map_or(0, |i| i + 1);
    for (from, to, scope) in [
        (start, end, Scope::Line(1)),
        (previous, before, Scope::Line(2)),
    ] {
        let found = Suppressions::find(&text[from..to]);
        let directive = found
            .list
            .iter()
            .find(|s| s.scope == scope && !s.codes.is_empty());
        if let Some((_, last)) = directive.and_then(|d| d.codes.last()) {
            return Some((from + last.end, format!(", {}", code.code())));
        }
        if start == 0 {
            break;
        }
    }
    let definition = name_is_markdown(name) && is_definition(line);
    if syntax.trailing && !definition && !obstacles.blocks(text, end) {
        // One space before the comment, two before `#` (as PEP 8 asks of
        // inline comments), counting those the line ends with.
        let trailing = line.len() - line.trim_end_matches([' ', '\t']).len();
        let wanted: usize = match syntax.open {
            _ if line.trim().is_empty() => 0,
            "# " => 2,
            _ => 1,
        };
        let comment = format!(
            "{}{}rfc1738-ignore: {}{}",
            " ".repeat(wanted.saturating_sub(trailing)),
            syntax.open,
            code.code(),
            syntax.close
        );
        return Some((end, comment));
    }
    if obstacles.blocks(text, start) {
        return None;
    }
    let indent_len = line.len() - line.trim_start_matches([' ', '\t']).len();
    // Four spaces would start a Markdown code block.
    let indent = &line[..if name_is_markdown(name) {
        indent_len.min(3)
    } else {
        indent_len
    }];
    let newline = if crlf { "\r\n" } else { "\n" };
    Some((
        start,
        format!(
            "{indent}{}rfc1738-ignore-next-line: {}{}{newline}",
            syntax.open,
            code.code(),
            syntax.close
        ),
    ))
}

fn name_is_markdown(name: &str) -> bool {
    super::extract::Kind::of(name) == super::extract::Kind::Markdown
}

/// `U` and digits: meant as a code.
fn looks_like_code(token: &str) -> bool {
    token.len() > 1
        && token.starts_with(['U', 'u'])
        && token[1..].bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn many_line_suppressions_do_not_slow_each_finding() {
        // A finding asked every suppression whether it covered the whole
        // file: 20,000 lines of suppressions and findings took 400 million
        // steps (found by a fuzzer's megabyte of them).
        let text = "http://a.b/~ # rfc1738-ignore: U003\n".repeat(20_000)
            + "<!-- rfc1738-ignore-file: U005 -->\n";
        let suppressions = Suppressions::find(&text);
        let started = std::time::Instant::now();
        for _ in 0..20_000 {
            assert!(suppressions.file_wide(Code::SchemeCase));
            assert!(!suppressions.file_wide(Code::UnsafeCharacter));
        }
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
    }

    #[test]
    fn directives_in_every_comment_style() {
        let text = "a # rfc1738-ignore: U003\nb // rfc1738-ignore-next-line: scheme-case, U011\nc\n<!-- rfc1738-ignore-file: U012 -->\nd rfc1738-ignore\n";
        let found = Suppressions::find(text);
        let scopes: Vec<Scope> = found.list.iter().map(|s| s.scope).collect();
        assert_eq!(
            scopes,
            [Scope::Line(1), Scope::Line(3), Scope::File, Scope::Line(5)]
        );
        let codes: Vec<Vec<Code>> = found
            .list
            .iter()
            .map(|s| s.codes.iter().map(|(c, _)| *c).collect())
            .collect();
        assert_eq!(
            codes,
            [
                vec![Code::UnsafeCharacter],
                vec![Code::SchemeCase, Code::Password],
                vec![Code::NonDefaultPort],
                vec![]
            ]
        );
        assert!(found.unknown.is_empty());
    }

    #[test]
    fn use_is_tracked_and_unknown_codes_are_kept() {
        let mut found =
            Suppressions::find("x rfc1738-ignore: U003, U005\ny rfc1738-ignore: U777\n");
        assert_eq!(found.unknown.len(), 1);
        assert_eq!(found.unknown[0].1, "U777");
        assert!(found.suppresses(Code::UnsafeCharacter, 1, true));
        assert!(!found.suppresses(Code::UnsafeCharacter, 2, true));
        assert!(!found.suppresses(Code::Password, 1, true));
        let unused: Vec<String> = found.unused().into_iter().map(|(_, what)| what).collect();
        // The directive of line 2 has only an unknown code: it is no
        // suppression at all (the unknown code is reported instead).
        assert_eq!(unused, ["suppression of U005 (scheme-case)"]);
        assert_eq!(found.list.len(), 1);
    }

    #[test]
    fn suppression_edits_go_where_a_comment_may() {
        let none = Obstacles {
            urls: &[],
            markup: false,
        };
        let edit = |text: &str, name: &str, offset: usize, obstacles: &Obstacles<'_>| {
            let (at, insert) = suppression_edit(text, name, offset, Code::Password, obstacles)?;
            let mut out = text.to_owned();
            out.insert_str(at, &insert);
            Some(out)
        };
        assert_eq!(
            edit("let u = \"ftp://a:b@h/\";\r\nnext\r\n", "x.rs", 12, &none).as_deref(),
            Some("let u = \"ftp://a:b@h/\"; // rfc1738-ignore: U011\r\nnext\r\n")
        );
        // A second code for a definition joins the comment before it (a
        // second comment there would move the first off its line).
        let markdown = Obstacles {
            urls: &[],
            markup: true,
        };
        let definition = "<!-- rfc1738-ignore-next-line: U005 -->\n[r]: FTP://a:b@h/\n";
        assert_eq!(
            edit(definition, "x.md", 45, &markdown).as_deref(),
            Some("<!-- rfc1738-ignore-next-line: U005, U011 -->\n[r]: FTP://a:b@h/\n")
        );
        // Files without comments, or of no known type: no edit.
        assert_eq!(edit("{\"u\": \"ftp://a:b@h/\"}", "x.json", 9, &none), None);
        assert_eq!(edit("ftp://a:b@h/", "x.unknown", 0, &none), None);
        // An ini file takes comments on lines of their own, indented as the line.
        assert_eq!(
            edit("[s]\n  url = ftp://a:b@h/\n", "x.ini", 12, &none).as_deref(),
            Some("[s]\n  ; rfc1738-ignore-next-line: U011\n  url = ftp://a:b@h/\n")
        );
        // The end of the line inside a tag: before the line; inside a URL
        // that spans lines at both ends: no edit.
        let html = "<a\n href=\"ftp://a:b@h/\"\n>x</a>\n";
        let markup = Obstacles {
            urls: &[],
            markup: true,
        };
        assert_eq!(
            edit(html, "x.html", 12, &markup).as_deref(),
            None,
            "both ends of the line are inside the tag"
        );
        let html = "<p>see <a href=\"ftp://a:b@h/\"\n>x</a>\n";
        assert_eq!(
            edit(html, "x.html", 20, &markup).as_deref(),
            Some("<!-- rfc1738-ignore-next-line: U011 -->\n<p>see <a href=\"ftp://a:b@h/\"\n>x</a>\n")
        );
        let text = "a <URL:ftp://a:b@h/x\n  y/z> b\n";
        let wrapped = [Span::new(2, 27)];
        let inside = Obstacles {
            urls: &wrapped,
            markup: false,
        };
        assert_eq!(
            edit(text, "x.txt", 15, &inside).as_deref(),
            Some("rfc1738-ignore-next-line: U011\na <URL:ftp://a:b@h/x\n  y/z> b\n")
        );
        assert_eq!(
            edit(text, "x.txt", 24, &inside).as_deref(),
            Some("a <URL:ftp://a:b@h/x\n  y/z> b rfc1738-ignore: U011\n")
        );
        let text = "a <URL:ftp://a:b@h/x\n  y/\n  z> b\n";
        let wrapped = [Span::new(2, 30)];
        let inside = Obstacles {
            urls: &wrapped,
            markup: false,
        };
        assert_eq!(edit(text, "x.txt", 23, &inside), None);
    }

    #[test]
    fn the_marker_must_be_a_word() {
        assert!(Suppressions::find("rfc1738-ignored rfc1738-ignore-lines").is_empty());
    }
}
