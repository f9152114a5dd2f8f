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
