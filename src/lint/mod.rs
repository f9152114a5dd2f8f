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
mod template;

use alloc::borrow::ToOwned;

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

pub use code::{explain, Code, Severity};

use crate::error::Error;
use crate::scan::{Form, ScannedUrl, Scanner};
use crate::span::Span;
use template::Filled;

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
    /// found. Its offsets are in the URL, not in the text (in a URL
    /// template, in the URL with a value in each placeholder).
    pub error: Option<Box<Error<'static>>>,
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

/// Lints one URL, and the fragment after its first `#` when there is one
/// (section 2.2: `#` delimits a URL from a fragment, which is not part of
/// it). Spans are byte ranges of `url`.
///
/// ```
/// use rfc1738::lint::{lint_url, Code};
/// let findings = lint_url("HTTP://user@example.com/");
/// assert_eq!(findings[0].code, Code::SchemeCase);
/// assert_eq!(findings[1].code, Code::SchemeProduction);
/// assert_eq!(findings[1].span.start, 11);
/// // The fragment is checked apart: a space in it, not the `#`.
/// let findings = lint_url("http://a.b/c#see also");
/// assert_eq!(findings.len(), 1);
/// assert_eq!((findings[0].code, findings[0].span.start), (Code::FragmentCharacter, 16));
/// ```
pub fn lint_url(url: &str) -> Vec<Finding> {
    let whole = Span::new(0, url.len());
    let scanned = ScannedUrl::verbatim(url, Form::Bare, whole, whole).split_fragment();
    let mut findings = Vec::new();
    lint_scanned_into(url, &scanned, &mut findings);
    findings
}

/// Whether [`crate::parse`] accepts `url`, without building its tree, nor
/// its error when it does not: the test a fix passes before it is offered
/// (the URL with its fixes applied must match its production). A URL
/// template is tested with a value in each placeholder, as the rules check
/// it.
///
/// ```
/// assert!(rfc1738::lint::parses("http://a.b/%7Ejoe"));
/// assert!(!rfc1738::lint::parses("http://user@a.b/"));
/// assert!(rfc1738::lint::parses("x-y://user@a.b/"));
/// assert!(rfc1738::lint::parses("http://a.b:{port}/{path}"));
/// ```
pub fn parses(url: &str) -> bool {
    crate::grammar::parses(&Filled::new(url, true).text, crate::Options::default())
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
/// in order of their start (then code): the URL's findings, then its
/// fragment's ([`Code::FragmentCharacter`]). A URL template's placeholders
/// ([`crate::scan::template`]) are [`Code::UrlTemplate`] findings, and the
/// rest of the URL is checked with a value in each one's place.
pub fn lint_scanned_into(text: &str, url: &ScannedUrl, sink: &mut impl Sink) {
    // A finding about this URL.
    let about_url = |code: Code, span: Span, message: String| {
        let mut finding = Finding::new(code, span, message);
        finding.url_span = Some(url.span);
        finding
    };
    // The findings that are not the rules': ambiguous hyphens (a few a
    // URL) and placeholders, merged into the rules' stream by position.
    let mut hyphens: Vec<Finding> = Vec::new();
    for line_break in url.breaks.iter().filter(|b| b.after_hyphen) {
        let start = line_break.span.start;
        let hyphen = text[..start].rfind('-').unwrap_or(start);
        let span = Span::new(hyphen, line_break.span.end);
        if sink.wants(Code::AmbiguousHyphen, span) {
            hyphens.push(about_url(
                Code::AmbiguousHyphen,
                span,
                "the URL is broken across lines right after a hyphen; the hyphen may or may not be part of it".to_owned(),
            ));
        }
    }
    let filled = Filled::new(&url.text, true);
    let fragment = url.fragment.as_ref().map(|f| Filled::new(&f.text, false));
    let url_places = filled
        .places
        .iter()
        .map(|(place, _)| url.original_span(*place));
    let fragment_places = fragment
        .iter()
        .flat_map(|f| &f.places)
        .map(|(place, _)| url.fragment_span(*place));
    // The placeholders' findings are made as the rules' stream reaches
    // them: a URL of many placeholders holds no list of their findings.
    let mut places = url_places.chain(fragment_places).peekable();
    let placeholder = |span: Span| {
        let written = &text[span.range()];
        about_url(
            Code::UrlTemplate,
            span,
            format!("{written:?} is a placeholder of a URL template; the rest of the URL is checked with a value in its place"),
        )
    };
    // By the key the merge below compares.
    hyphens.sort_by_key(|finding| (finding.span.start, finding.code));
    let mut hyphens = hyphens.into_iter().peekable();
    // Reports the hyphens' and the placeholders' findings, in order, up to
    // `until` (a rule's finding, which goes after them), or all.
    let mut report_before = |sink: &mut dyn Sink, until: Option<(usize, Code)>| loop {
        let next_hyphen = hyphens.peek().map(|f| (f.span.start, f.code));
        let next_place = places.peek().map(|span| (span.start, Code::UrlTemplate));
        let (key, is_place) = match (next_hyphen, next_place) {
            (Some(hyphen), Some(place)) if place < hyphen => (place, true),
            (Some(hyphen), _) => (hyphen, false),
            (None, Some(place)) => (place, true),
            (None, None) => return,
        };
        if until.is_some_and(|until| key >= until) {
            return;
        }
        if is_place {
            if let Some(span) = places.next() {
                if sink.wants(Code::UrlTemplate, span) {
                    sink.finding(placeholder(span));
                }
            }
        } else if let Some(finding) = hyphens.next() {
            sink.finding(finding);
        }
    };
    // Both closures of each pass need the sink: the cell lends it to one
    // at a time.
    let sink = core::cell::RefCell::new(sink);
    let mut emit = |finding: Finding| {
        let mut sink = sink.borrow_mut();
        report_before(*sink, Some((finding.span.start, finding.code)));
        sink.finding(finding);
    };
    // The URL's rules, then the fragment's, each on its text with values
    // in the placeholders, and each mapped back through its own map.
    type Rules = fn(&str, &mut dyn FnMut(Code, Span) -> bool, &mut dyn FnMut(Finding));
    let mut pass = |filled: &Filled<'_>, place: &dyn Fn(Span) -> Span, rules: Rules| {
        rules(
            &filled.text,
            &mut |code, span| {
                filled
                    .template_span(span)
                    .is_some_and(|span| sink.borrow_mut().wants(code, place(span)))
            },
            &mut |mut finding: Finding| {
                if let Some(span) = filled.template_span(finding.span) {
                    finding.span = place(span);
                    finding.url_span = Some(url.span);
                    emit(finding);
                }
            },
        );
    };
    pass(&filled, &|span| url.original_span(span), rules::check);
    if let Some(fragment) = &fragment {
        pass(fragment, &|span| url.fragment_span(span), rules::fragment);
    }
    report_before(sink.into_inner(), None);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scan::scan;
    use alloc::vec;

    fn codes_and_texts(text: &str) -> Vec<(Code, &str)> {
        lint_text(text)
            .into_iter()
            .map(|finding| (finding.code, &text[finding.span.range()]))
            .collect()
    }

    #[test]
    fn a_fragment_is_not_part_of_the_url_and_is_checked_apart() {
        // The `#` of a fragment is not an unsafe character of the URL.
        assert!(lint_text("http://doc.rust-lang.org/a.html#min-publish-age").is_empty());
        // An unsafe character, a broken escape, a second `#`, a space.
        let text = "see http://a.b/c#x~y%2z#w and <URL:http://a.b/#a b>";
        let fragment = |found: &'static str| (Code::FragmentCharacter, found);
        assert_eq!(codes_and_texts(text), ["~", "%", "#", " "].map(fragment));
        let findings = lint_text("<http://a.b/#é>");
        assert_eq!(
            findings[0].message,
            "U+00E9 in the fragment is outside printable US-ASCII; encode its bytes as %XX"
        );
        let findings = lint_text("http://a.b/#a#b");
        assert_eq!(
            findings[0].message,
            "a second \"#\" in the fragment is unsafe and not encoded; write %23"
        );
        assert_eq!(findings[0].url_span, Some(Span::new(0, 11)));
        // The URL's own findings come first, then the fragment's.
        assert_eq!(
            codes_and_texts("http://a.b/~#~"),
            [(Code::UnsafeCharacter, "~"), (Code::FragmentCharacter, "~")]
        );
    }

    #[test]
    fn a_template_is_checked_around_its_placeholders() {
        let text = "GET https://api.example.com/users/{id}/posts{?page} and http://h:{port}/~{x}";
        assert_eq!(
            codes_and_texts(text),
            [
                (Code::UnknownScheme, "https"),
                (Code::UrlTemplate, "{id}"),
                (Code::UrlTemplate, "{?page}"),
                (Code::UrlTemplate, "{port}"),
                (Code::UnsafeCharacter, "~"),
                (Code::UrlTemplate, "{x}"),
            ]
        );
        // A placeholder holding white space, and one in a fragment.
        assert_eq!(
            codes_and_texts("https://{{ host }}/a#{{ anchor }}"),
            [
                (Code::UnknownScheme, "https"),
                (Code::UrlTemplate, "{{ host }}"),
                (Code::UrlTemplate, "{{ anchor }}"),
            ]
        );
        // The rest of a template is still held to the grammar.
        assert_eq!(
            codes_and_texts("http://user@{host}/")
                .into_iter()
                .map(|(code, _)| code)
                .collect::<Vec<_>>(),
            [Code::SchemeProduction, Code::UrlTemplate]
        );
    }

    #[test]
    fn many_placeholders_and_findings_in_one_url_stay_linear() {
        // Each placeholder and each finding is mapped by a binary search,
        // and the values tried for placeholders are bounded: 40,000 of
        // each in one URL take a moment, where a scan per finding would
        // take minutes.
        let count = 40_000;
        let text = format!(
            "http://a:{{port}}/{}#{}",
            "{x}~".repeat(count),
            "~{y}".repeat(count)
        );
        let findings = lint_text(&text);
        let of = |code: Code| findings.iter().filter(|f| f.code == code).count();
        assert_eq!(of(Code::UrlTemplate), 2 * count + 1);
        assert_eq!(of(Code::UnsafeCharacter), count);
        assert_eq!(of(Code::FragmentCharacter), count);
        assert_eq!(&text[findings[1].span.range()], "{x}");
        assert!(findings
            .windows(2)
            .all(|w| w[0].span.start <= w[1].span.start));
    }

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
