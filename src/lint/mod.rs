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
use crate::scan::{ScannedUrl, Scanner};
use crate::span::Span;

/// One problem, at one place.
///
/// A finding does not copy its URL: [`Finding::url_span`] says where the
/// URL is, so a long URL with many problems costs nothing per finding.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Finding {
    /// Which rule.
    pub code: Code,
    /// How serious (the code's severity).
    pub severity: Severity,
    /// What is wrong here, in one line.
    pub message: String,
    /// Where, in the linted text (for [`lint_url`], in the URL).
    pub span: Span,
    /// Where the URL the finding is about is in the linted text, when
    /// there is one.
    pub url_span: Option<Span>,
    /// For [`Code::Syntax`] and [`Code::SchemeProduction`]: the grammar's
    /// error, with the production stack, what was expected and what was
    /// found. Its offsets are in the URL, not in the text.
    pub error: Option<Box<Error>>,
}

impl Finding {
    /// A finding of `code` at `span`, with the code's severity.
    pub fn new(code: Code, span: Span, message: impl Into<String>) -> Self {
        Finding {
            code,
            severity: code.severity(),
            message: message.into(),
            span,
            url_span: None,
            error: None,
        }
    }
}

/// Where findings go, one at a time, in order: the streaming form of the
/// linter. [`Sink::wants`] is asked before a finding is built, so what is
/// filtered out costs no message.
pub trait Sink {
    /// Whether a finding of `code` at `span` (in the linted text) is wanted.
    fn wants(&mut self, code: Code, span: Span) -> bool {
        let _ = (code, span);
        true
    }

    /// A wanted finding.
    fn finding(&mut self, finding: Finding);
}

impl Sink for Vec<Finding> {
    fn finding(&mut self, finding: Finding) {
        self.push(finding);
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
    let mut findings = Vec::new();
    rules::check(url, &mut |_, _| true, &mut |mut finding: Finding| {
        finding.url_span = Some(Span::new(0, url.len()));
        findings.push(finding);
    });
    findings
}

/// Whether [`crate::parse`] accepts `url`, without building its tree, nor
/// its error when it does not: the test a fix passes before it is offered
/// (the URL with its fixes applied must match its production).
///
/// ```
/// assert!(rfc1738::lint::parses("http://a.b/%7Ejoe"));
/// assert!(!rfc1738::lint::parses("http://user@a.b/"));
/// assert!(rfc1738::lint::parses("x-y://user@a.b/"));
/// ```
pub fn parses(url: &str) -> bool {
    crate::grammar::parses(url, crate::Options::default())
}

/// Lints every URL [`crate::scan::scan`] finds in `text`. Spans are byte
/// ranges of `text`, in order. [`lint_text_into`] streams them instead.
pub fn lint_text(text: &str) -> Vec<Finding> {
    let mut findings = Vec::new();
    lint_text_into(text, &mut findings);
    findings
}

/// Lints every URL found in `text`, giving each finding to `sink` as it is
/// made, in order: memory does not grow with the number of URLs or
/// findings.
///
/// ```
/// use rfc1738::lint::{lint_text_into, Code, Finding, Sink};
/// struct Count(usize);
/// impl Sink for Count {
///     fn wants(&mut self, code: Code, _: rfc1738::Span) -> bool {
///         code == Code::UnsafeCharacter
///     }
///     fn finding(&mut self, _: Finding) {
///         self.0 += 1;
///     }
/// }
/// let mut count = Count(0);
/// lint_text_into("http://a.b/~x~y HTTP://c.d/", &mut count);
/// assert_eq!(count.0, 2);
/// ```
pub fn lint_text_into(text: &str, sink: &mut impl Sink) {
    for url in Scanner::new(text) {
        lint_scanned_into(text, &url, sink);
    }
}

/// Lints one URL found in `text`, with its spans mapped back to `text`.
pub fn lint_scanned(text: &str, url: &ScannedUrl) -> Vec<Finding> {
    let mut findings = Vec::new();
    lint_scanned_into(text, url, &mut findings);
    findings
}

/// Lints one URL found in `text` into `sink`, spans mapped back to `text`,
/// in order of their start (then code).
pub fn lint_scanned_into(text: &str, url: &ScannedUrl, sink: &mut impl Sink) {
    // Few: one a line break.
    let mut hyphens: Vec<Finding> = Vec::new();
    for line_break in url.breaks.iter().filter(|b| b.after_hyphen) {
        let start = line_break.span.start;
        let hyphen = text[..start].rfind('-').unwrap_or(start);
        let span = Span::new(hyphen, line_break.span.end);
        if sink.wants(Code::AmbiguousHyphen, span) {
            let mut finding = Finding::new(
                Code::AmbiguousHyphen,
                span,
                "the URL is broken across lines right after a hyphen; the hyphen may or may not be part of it",
            );
            finding.url_span = Some(url.span);
            hyphens.push(finding);
        }
    }
    let mut hyphens = hyphens.into_iter().peekable();
    // Both closures need the sink: the cell lends it to one at a time.
    let sink = core::cell::RefCell::new(sink);
    rules::check(
        &url.text,
        &mut |code, span| sink.borrow_mut().wants(code, url.original_span(span)),
        &mut |mut finding: Finding| {
            finding.span = url.original_span(finding.span);
            finding.url_span = Some(url.span);
            let mut sink = sink.borrow_mut();
            while let Some(hyphen) =
                hyphens.next_if(|h| (h.span.start, h.code) < (finding.span.start, finding.code))
            {
                sink.finding(hyphen);
            }
            sink.finding(finding);
        },
    );
    let sink = sink.into_inner();
    for hyphen in hyphens {
        sink.finding(hyphen);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scan::scan;

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
