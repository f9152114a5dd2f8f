//! A linter for URLs: every problem RFC 1738 lets one see in a URL, each
//! with a stable [`Code`], a [`Severity`], a message and the exact span.
//!
//! [`lint_url`] checks one URL; [`lint_text`] finds the URLs in a text with
//! [`crate::scan`] and reports each problem at its place in the text, also
//! inside URLs broken across lines.
//!
//! ```
//! use rfc1738::lint::{lint_text, Code};
//!
//! let text = "Mirror: <URL:ftp://joe:secret@ftp.x.org\n   :99999/pub>.";
//! let findings = lint_text(text);
//! let codes: Vec<Code> = findings.iter().map(|f| f.code).collect();
//! assert_eq!(codes, [Code::Password, Code::PortRange]);
//! // The port is on the second line, after the indentation.
//! let port = &findings[1];
//! assert_eq!(&text[port.span.range()], "99999");
//! assert_eq!(port.span.location(text).to_string(), "2:5");
//! ```

mod code;
mod rules;

pub use code::{explain, Code, Severity};

use crate::error::Error;
use crate::scan::{scan, ScannedUrl};
use crate::span::Span;

/// One problem, at one place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// Which rule.
    pub code: Code,
    /// How serious (the code's severity).
    pub severity: Severity,
    /// What is wrong here, in one line.
    pub message: String,
    /// Where, in the linted text (for [`lint_url`], in the URL).
    pub span: Span,
    /// The URL the finding is about, as extracted, when there is one.
    pub url: Option<String>,
    /// Where that URL is in the linted text.
    pub url_span: Option<Span>,
    /// For [`Code::Syntax`] and [`Code::SchemeProduction`]: the grammar's
    /// error, with the production stack, what was expected and what was
    /// found. Its offsets are in the URL, not in the text.
    pub error: Option<Error>,
}

impl Finding {
    pub(crate) fn new(code: Code, span: Span, message: impl Into<String>) -> Self {
        Finding {
            code,
            severity: code.severity(),
            message: message.into(),
            span,
            url: None,
            url_span: None,
            error: None,
        }
    }
}

/// Lints one URL (the whole of `url`). Spans are byte ranges of `url`.
///
/// ```
/// use rfc1738::lint::{lint_url, Code};
/// let findings = lint_url("HTTP://user@example.com/");
/// assert_eq!(findings[0].code, Code::SchemeCase);
/// assert_eq!(findings[1].code, Code::SchemeProduction);
/// assert_eq!(findings[1].span.start, 11);
/// ```
pub fn lint_url(url: &str) -> Vec<Finding> {
    let mut findings = rules::check(url);
    for finding in &mut findings {
        finding.url = Some(url.to_owned());
        finding.url_span = Some(Span::new(0, url.len()));
    }
    findings
}

/// Lints every URL [`crate::scan::scan`] finds in `text`. Spans are byte
/// ranges of `text`, in order.
pub fn lint_text(text: &str) -> Vec<Finding> {
    scan(text)
        .iter()
        .flat_map(|url| lint_scanned(text, url))
        .collect()
}

/// Lints one URL found in `text`, with its spans mapped back to `text`.
pub fn lint_scanned(text: &str, url: &ScannedUrl) -> Vec<Finding> {
    let mut findings: Vec<Finding> = rules::check(&url.text)
        .into_iter()
        .map(|mut finding| {
            finding.span = url.original_span(finding.span);
            finding
        })
        .collect();
    for line_break in url.breaks.iter().filter(|b| b.after_hyphen) {
        let start = line_break.span.start;
        let hyphen = text[..start].rfind('-').unwrap_or(start);
        findings.push(Finding::new(
            Code::AmbiguousHyphen,
            Span::new(hyphen, line_break.span.end),
            "the URL is broken across lines right after a hyphen; the hyphen may or may not be part of it",
        ));
    }
    findings.sort_by_key(|finding| (finding.span.start, finding.code));
    for finding in &mut findings {
        finding.url = Some(url.text.clone());
        finding.url_span = Some(url.span);
    }
    findings
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every text of up to four characters from an alphabet of the
    /// characters the scanner and the rules treat specially: no panic, and
    /// every span lies in the text, on character boundaries.
    #[test]
    fn short_texts_never_panic_and_spans_stay_in_the_text() {
        let alphabet = [
            "<URL:",
            "<",
            ">",
            "http://",
            "ftp://a:b@",
            "mailto:",
            "-",
            " ",
            "\n",
            "\r\n",
            "#",
            "%",
            "%0",
            "é",
            "a.b",
            ":99999",
            "[",
            ")",
            ".",
        ];
        let mut texts = vec![String::new()];
        for _ in 0..4 {
            let mut longer = Vec::new();
            for text in &texts {
                for piece in alphabet {
                    longer.push(format!("{text}{piece}"));
                }
            }
            texts.extend(longer);
            texts.sort();
            texts.dedup();
        }
        assert!(texts.len() > 100_000);
        for text in &texts {
            for finding in lint_text(text) {
                let span = finding.span;
                assert!(span.start <= span.end && span.end <= text.len(), "{text:?}");
                assert!(
                    text.is_char_boundary(span.start) && text.is_char_boundary(span.end),
                    "{text:?}: {finding:?}"
                );
            }
            for url in scan(text) {
                assert!(url.outer.contains(url.span), "{text:?}");
                let offsets: Vec<usize> = (0..url.text.len())
                    .map(|i| url.original_offset(i))
                    .collect();
                assert!(offsets.windows(2).all(|w| w[0] < w[1]), "{text:?}");
                for (i, offset) in offsets.iter().enumerate() {
                    assert_eq!(text.as_bytes()[*offset], url.text.as_bytes()[i], "{text:?}");
                }
            }
        }
    }
}
