//! Hover: on a URL, what it means (as `rfc1738 describe` says) or where and
//! why it fails (as `rfc1738 check` and `describe` say); on a finding, its
//! code's explanation (as `rfc1738 explain`).

use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind};
use rfc1738::scan::ScannedUrl;
use rfc1738::Rule;

use super::diagnostics::range;
use super::document::Document;
use super::findings::Linted;
use super::position::Encoding;
use rfc1738_linter::extract::{self, Kind};

/// How far before a position a URL that holds it may start in plain text:
/// a bracketed URL spans at most 2,048 bytes (`rfc1738::scan`).
const TEXT_REACH: usize = 4096;

/// The URL of the document whose text, or its fragment's, holds `offset`.
fn url_at(document: &Document, markdown_code: bool, offset: usize) -> Option<ScannedUrl> {
    let text = &document.text;
    // Plain text is scanned from a line start before any URL holding the
    // offset; Markdown and HTML are read from the start.
    let from = match document.kind {
        Kind::Text => document.lines.line_start(offset.saturating_sub(TEXT_REACH)),
        _ => 0,
    };
    extract::urls_from(text, document.kind, markdown_code, from)
        .map(|found| found.url)
        .take_while(|url| url.outer.start <= offset)
        .find(|url| {
            let whole = url.span_with_fragment();
            whole.start <= offset && offset < whole.end.max(whole.start + 1)
        })
}

/// `text` as a fenced block of Markdown, so that nothing in it is read as
/// markup.
fn fenced(text: &str) -> String {
    let fence = "`".repeat(3.max(longest_run(text, '`') + 1));
    format!("{fence}text\n{}\n{fence}\n", text.trim_end())
}

fn longest_run(text: &str, c: char) -> usize {
    let (mut longest, mut run) = (0, 0);
    for found in text.chars() {
        run = if found == c { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    longest
}

/// What `rfc1738 describe URL#fragment` prints, or `rfc1738 check URL`
/// and the error when the URL does not parse.
fn url_text(url: &str, fragment: Option<&str>) -> String {
    match rfc1738::parse(url) {
        Ok(parsed) => {
            let production = parsed.rule().name();
            format!(
                "**{production}** (`rfc1738 describe`)\n\n{}",
                fenced(&rfc1738_describe::human_text(&parsed, fragment))
            )
        }
        Err(error) => {
            let check =
                rfc1738_describe::verdict(url, Rule::Url.name(), rfc1738::check(Rule::Url, url));
            format!(
                "**not a URL of its scheme** (`rfc1738 check`, `rfc1738 describe`)\n\n{}",
                fenced(&format!("{check}\nerror: {error}"))
            )
        }
    }
}

/// The hover at `offset`.
pub(crate) fn hover(
    document: &Document,
    linted: &Linted,
    offset: usize,
    encoding: Encoding,
) -> Option<Hover> {
    let mut parts = Vec::new();
    let url = url_at(document, linted.markdown_code, offset);
    if let Some(url) = &url {
        let fragment = url.fragment.as_ref().map(|f| f.text.as_str());
        parts.push(url_text(&url.text, fragment));
    }
    let mut codes = Vec::new();
    for found in &linted.findings {
        let empty_here = found.span.is_empty() && found.span.start == offset;
        let holds = found.span.start <= offset && offset < found.span.end;
        if (holds || empty_here) && !codes.contains(&found.code) {
            codes.push(found.code);
        }
    }
    for code in codes {
        if let Some(text) = rfc1738::lint::explain(code.code()) {
            parts.push(format!(
                "**{code}** (`rfc1738 explain {code}`)\n\n{}",
                fenced(&text)
            ));
        }
    }
    if parts.is_empty() {
        return None;
    }
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: parts.join("\n---\n\n"),
        }),
        range: url.map(|url| {
            range(
                &document.lines,
                &document.text,
                url.span_with_fragment(),
                encoding,
            )
        }),
    })
}
