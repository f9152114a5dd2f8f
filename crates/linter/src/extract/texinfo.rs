//! Texinfo (GNU's manuals) read as its reader sees it: `@@`, `@{` and
//! `@}` are the characters they escape; a command's braces
//! (`@url{...}`, `@uref{url, text}`, `@samp{...}`, `@code{...}`) delimit
//! what is inside them, and a `@uref`'s or `@url`'s text after its comma
//! is no part of the URL; `@c` and `@comment` lines are comments, read as
//! prose. Each character is mapped back to where it is written, so a fix
//! replaces an escape whole.

use rfc1738::Span;

use super::mapped::Mapped;
use super::reader::{Extracted, Options, Reader};

/// GNU's Texinfo.
pub(crate) struct Texinfo;

impl Reader for Texinfo {
    fn urls<'a>(
        &self,
        text: &'a str,
        _options: Options,
    ) -> Box<dyn Iterator<Item = Extracted> + 'a> {
        Box::new(urls(text).into_iter())
    }
}

/// The URLs of a Texinfo file, in order.
pub(crate) fn urls(text: &str) -> Vec<Extracted> {
    let mut read = Mapped::new();
    decode(text, &mut read);
    read.urls().into_iter().map(Extracted::from).collect()
}

/// The commands whose argument after a comma is the text shown for a URL.
const LINKS: &[&str] = &["uref", "url", "email"];

/// `text` as Texinfo's reader sees it, into `out`.
fn decode(text: &str, out: &mut Mapped) {
    let bytes = text.as_bytes();
    let mut copy_from = 0;
    let mut at = 0;
    // The braces open now, each with whether a comma in it ends a URL.
    let mut open: Vec<bool> = Vec::new();
    while at < bytes.len() {
        match bytes[at] {
            b'@' => {
                let next = bytes.get(at + 1).copied().unwrap_or(b' ');
                if matches!(next, b'@' | b'{' | b'}') {
                    let escaped = (next as char).to_string();
                    copy_from = out.splice(text, copy_from, Span::new(at, at + 2), &escaped);
                    at = copy_from;
                    continue;
                }
                let name_length = bytes[at + 1..]
                    .iter()
                    .take_while(|b| b.is_ascii_alphabetic())
                    .count();
                let name = &text[at + 1..at + 1 + name_length];
                let after = at + 1 + name_length;
                if bytes.get(after) == Some(&b'{') {
                    // The command and its brace read as a space.
                    copy_from = out.splice(text, copy_from, Span::new(at, after + 1), " ");
                    open.push(LINKS.contains(&name));
                    at = copy_from;
                    continue;
                }
                at += 1;
            }
            b'}' if !open.is_empty() => {
                open.pop();
                copy_from = out.splice(text, copy_from, Span::new(at, at + 1), " ");
                at = copy_from;
            }
            b',' if open.last() == Some(&true) => {
                // `@uref{url, text}`: what follows the comma is the text.
                *open.last_mut().expect("a brace is open") = false;
                copy_from = out.splice(text, copy_from, Span::new(at, at + 1), " ");
                at = copy_from;
            }
            _ => at += 1,
        }
    }
    out.copy(&text[copy_from..], copy_from);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(text: &str) -> Vec<String> {
        urls(text).into_iter().map(|found| found.url.text).collect()
    }

    #[test]
    fn commands_delimit_and_escapes_are_read() {
        assert_eq!(
            texts("See @samp{http://foo/bar/a.html} and @url{ftp://user:pass@@host/f}.\n"),
            ["http://foo/bar/a.html", "ftp://user:pass@host/f"]
        );
        assert_eq!(
            texts("@uref{https://en.wikipedia.org/wiki/Quoted-printable,quoted-printable}\n"),
            ["https://en.wikipedia.org/wiki/Quoted-printable"]
        );
        assert_eq!(
            texts("@code{http://a.example/@{x@}}\n"),
            ["http://a.example/{x}"]
        );
    }

    #[test]
    fn an_escape_is_mapped_back_whole() {
        let text = "@url{ftp://u:p@@h/~x}";
        let found = urls(text);
        let url = &found[0].url;
        // The `~` (a finding's place) is where it is written.
        let tilde = url.text.find('~').unwrap();
        let place = url.original_span(Span::new(tilde, tilde + 1));
        assert_eq!(&text[place.range()], "~");
        // The `@` of the URL is the escape `@@`.
        let at = url.text.find('@').unwrap();
        let place = url.original_span(Span::new(at, at + 1));
        assert_eq!(&text[place.range()], "@@");
    }
}
