//! Suppression comments: `rfc1738-ignore: CODES` on a line,
//! `rfc1738-ignore-next-line: CODES` before it, `rfc1738-ignore-file: CODES`
//! anywhere; codes by number or name, none meaning all. They are found in
//! any file type (after `#`, `//`, inside `<!-- -->`, or anywhere on the
//! line).

use rfc1738::lint::Code;
use rfc1738::Span;

/// What a suppression covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scope {
    /// Its own line.
    Line(usize),
    /// The whole file.
    File,
}

/// One comment.
#[derive(Debug)]
pub(crate) struct Suppression {
    pub(crate) scope: Scope,
    /// The codes and where each is written; empty for all codes.
    pub(crate) codes: Vec<(Code, Span)>,
    /// The directive, for a finding about it.
    pub(crate) span: Span,
    /// Which codes suppressed something (one flag a code, or one for all).
    used: Vec<bool>,
}

/// The suppressions of a file, and the problems in them.
#[derive(Debug, Default)]
pub(crate) struct Suppressions {
    pub(crate) list: Vec<Suppression>,
    /// Unknown codes: their span and text.
    pub(crate) unknown: Vec<(Span, String)>,
    /// `(line, index in list)` of the line suppressions, by line.
    by_line: Vec<(usize, usize)>,
    /// The indices of the file suppressions.
    file: Vec<usize>,
}

const MARKER: &[u8] = b"rfc1738-ignore";

impl Suppressions {
    /// The suppressions of `text`.
    pub(crate) fn find(text: &str) -> Suppressions {
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
    pub(crate) fn suppresses(&mut self, code: Code, line: usize, mark: bool) -> bool {
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
    pub(crate) fn file_wide(&self, code: Code) -> bool {
        self.list.iter().any(|s| {
            s.scope == Scope::File
                && (s.codes.is_empty() || s.codes.iter().any(|(c, _)| *c == code))
        })
    }

    /// Whether there is any suppression at all.
    pub(crate) fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The unused parts: `(span, what)` of each code that suppressed
    /// nothing, or of a directive without codes that suppressed nothing.
    pub(crate) fn unused(&self) -> Vec<(Span, String)> {
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
    fn the_marker_must_be_a_word() {
        assert!(Suppressions::find("rfc1738-ignored rfc1738-ignore-lines").is_empty());
    }
}
