//! One document's findings, the same for `rfc1738 lint` and `rfc1738
//! server`: the settings that apply to a file (its configuration, the
//! command line's codes, per-file ignores), the URLs of its type, the
//! suppression comments, invalid UTF-8, U019 and U020, the fixes. Where the
//! findings go is the caller's [`Reporter`]: the command line's formats,
//! the fixes being collected, or the language server's diagnostics.

use std::borrow::Cow;
use std::io;

use rfc1738::lint::{lint_scanned_into, Code, Finding, Sink};
use rfc1738::scan::ScannedUrl;
use rfc1738::Span;

use super::baseline::Ledger;
use super::extract::{self, Applicability, Extracted, Kind};
use super::fix;
use super::output::{Edit, Report};
use super::rules::{u018_invalid_utf8, u019_unused_suppression, u020_valid_in_earlier_revision};
pub use super::settings::{excluded, settings, settings_for, Overrides, Settings};
use super::source::SourceText;
use super::suppress::Suppressions;

/// Where one document's findings go.
pub trait Reporter {
    /// Whether each fix is wanted in full ([`Report::fix`]); else only
    /// whether there is one ([`Report::fixable`]).
    fn wants_fixes(&self) -> bool;
    /// Whether each finding's end is wanted ([`Report::end`]); else it is
    /// not computed.
    fn wants_end(&self) -> bool;
    /// Whether only the URLs are wanted (no lint).
    fn urls_only(&self) -> bool {
        false
    }
    /// A URL found, before its findings.
    fn url(&mut self, _file: &str, _doc: &SourceText, _url: &ScannedUrl) -> io::Result<()> {
        Ok(())
    }
    /// A finding: selected, not suppressed.
    fn finding(&mut self, report: &Report<'_>) -> io::Result<()>;
    /// An unknown code in a suppression comment, at `span`.
    fn unknown_code(&mut self, _file: &str, _doc: &SourceText, _span: Span, _code: &str) {}
}

/// The fixes of the findings, in the file's bytes, in order. Each is its
/// place and where its replacement ends in one string of them all: a file
/// of a million fixes holds 24 bytes for each, not a million strings.
/// The safe fixes only, unless [`Collector::with_unsafe_fixes`].
#[derive(Default)]
pub struct Collector {
    /// Start and end in the file's bytes, end of the replacement in
    /// `contents`.
    places: Vec<(usize, usize, usize)>,
    contents: String,
    /// Whether the unsafe fixes are collected too.
    unsafe_fixes: bool,
}

impl Collector {
    /// A collector of the safe fixes, and of the unsafe ones when
    /// `unsafe_fixes` (`--unsafe-fixes`).
    pub fn with_unsafe_fixes(unsafe_fixes: bool) -> Collector {
        Collector {
            unsafe_fixes,
            ..Collector::default()
        }
    }

    /// The fixes, in order: start and end in the file's bytes, and what
    /// replaces them.
    pub fn edits(&self) -> impl Iterator<Item = (usize, usize, &str)> + '_ {
        let mut from = 0;
        self.places.iter().map(move |&(start, end, to)| {
            let content = &self.contents[from..to];
            from = to;
            (start, end, content)
        })
    }

    /// How many fixes.
    pub fn len(&self) -> usize {
        self.places.len()
    }

    /// Whether there is no fix.
    pub fn is_empty(&self) -> bool {
        self.places.is_empty()
    }
}

impl Reporter for Collector {
    fn wants_fixes(&self) -> bool {
        true
    }

    fn wants_end(&self) -> bool {
        false
    }

    fn finding(&mut self, report: &Report<'_>) -> io::Result<()> {
        let applied = match report.applicability {
            Applicability::Safe => true,
            Applicability::Unsafe => self.unsafe_fixes,
            Applicability::Never => false,
        };
        if let (Some(fix), true) = (report.fix, applied) {
            self.contents.push_str(&fix.content);
            self.places
                .push((fix.bytes.0, fix.bytes.1, self.contents.len()));
        }
        Ok(())
    }
}

/// The URLs of a document that are linted: those that start from `start`
/// (a byte offset of the text) to before `limit`. A long file read in
/// pieces lints in each piece the URLs that start in it.
#[derive(Clone, Copy)]
pub struct UrlStarts {
    /// Where the first URL may start.
    pub start: usize,
    /// Where no URL starts any more.
    pub limit: usize,
}

impl UrlStarts {
    /// Every URL of the document.
    pub const ALL: UrlStarts = UrlStarts {
        start: 0,
        limit: usize::MAX,
    };
}

/// One document (or a piece of one) being linted, and where its findings go.
pub struct FileLint<'f> {
    file: &'f str,
    doc: &'f SourceText,
    settings: &'f Settings,
    reporter: &'f mut dyn Reporter,
    ledger: Option<&'f mut Ledger>,
}

impl<'f> FileLint<'f> {
    /// The lint of `doc`, named `file`, with its settings; findings go to
    /// `reporter`.
    pub fn new(
        file: &'f str,
        doc: &'f SourceText,
        settings: &'f Settings,
        reporter: &'f mut dyn Reporter,
    ) -> FileLint<'f> {
        FileLint {
            file,
            doc,
            settings,
            reporter,
            ledger: None,
        }
    }

    /// Counts the findings in `ledger`, and reports none its baseline
    /// holds.
    pub fn with_ledger(self, ledger: Option<&'f mut Ledger>) -> FileLint<'f> {
        FileLint { ledger, ..self }
    }

    /// Lints the whole document, read as `kind`.
    pub fn whole(self, kind: Kind) -> io::Result<()> {
        self.urls_starting(kind, UrlStarts::ALL).map(|_| ())
    }

    /// Lints the URLs of the document that start in `starts`; returns
    /// where the next piece is to resume: after the last URL, or at the
    /// limit. Invalid UTF-8 is reported up to the line holding that point.
    pub fn urls_starting(self, kind: Kind, starts: UrlStarts) -> io::Result<usize> {
        let urls = extract::urls_from(
            &self.doc.text,
            kind,
            self.settings.markdown_code,
            starts.start,
        )
        .take_while(|found| found.url.outer.start < starts.limit);
        self.urls(urls, starts.limit)
    }

    /// Lints the URLs `urls` of the document, which end the piece's
    /// reading at `limit` (see [`FileLint::urls_starting`]).
    /// A URL comes with whether a fix may touch it ([`Extracted`]): one in
    /// code, a template or a formatted string literal gets none.
    pub fn urls<U: Into<Extracted>>(
        self,
        urls: impl Iterator<Item = U>,
        limit: usize,
    ) -> io::Result<usize> {
        let FileLint {
            file,
            doc,
            settings,
            reporter,
            ledger,
        } = self;
        let mut suppressions = Suppressions::find(&doc.text);
        for (span, code) in &suppressions.unknown {
            reporter.unknown_code(file, doc, *span, code);
        }
        let urls_only = reporter.urls_only();
        let mut state = FileState {
            reporter,
            ledger,
            file,
            doc,
            settings,
            suppressions: &mut suppressions,
            invalid_next: 0,
            error: None,
        };
        let mut resume = limit.min(doc.text.len());
        for found in urls {
            let Extracted { url, fix } = found.into();
            resume = resume.max(url.outer.end);
            state.reporter.url(file, doc, &url)?;
            if urls_only {
                continue;
            }
            // Where the URL starts: positions in it are counted from here.
            doc.anchor(url.span.start);
            // At the URL's start: before the findings inside it.
            state.valid_in_earlier_revision(&url)?;
            let plan = if fix == Applicability::Never {
                None
            } else {
                state.plan(&url)
            };
            let mut sink = UrlSink {
                state: &mut state,
                url: &url,
                plan: plan.as_deref().unwrap_or(&[]),
                applicability: fix,
            };
            lint_scanned_into(&doc.text, &url, &mut sink);
            if let Some(error) = state.error.take() {
                return Err(error);
            }
        }
        if !urls_only {
            // What the next piece reads again is left to it.
            let before = if resume >= doc.text.len() {
                usize::MAX
            } else {
                doc.line_start(resume).saturating_sub(1)
            };
            state.flush_invalid(before)?;
            state.unused_suppressions()?;
        }
        if let Some(error) = state.error.take() {
            return Err(error);
        }
        Ok(resume)
    }
}

/// One file being linted.
struct FileState<'s, 'f> {
    reporter: &'s mut dyn Reporter,
    ledger: Option<&'f mut Ledger>,
    file: &'f str,
    doc: &'f SourceText,
    settings: &'f Settings,
    suppressions: &'s mut Suppressions,
    /// Past the undecodable places once they are reported (0 before).
    invalid_next: usize,
    error: Option<io::Error>,
}

impl FileState<'_, '_> {
    /// Whether a finding is wanted: its code selected, not a U+FFFD that
    /// stands for bad bytes (reported as such), not suppressed.
    fn wants(&mut self, code: Code, span: Span, mark: bool) -> bool {
        if !self.settings.wants(code) {
            return false;
        }
        if code == Code::NonAscii && self.doc.invalid.binary_search(&span).is_ok() {
            return false;
        }
        if !self.suppressions.is_empty() {
            if self.suppressions.file_wide(code) {
                return !self.suppressions.suppresses(code, 0, mark);
            }
            let line = self.doc.position(span.start).line;
            if self.suppressions.suppresses(code, line, mark) {
                return false;
            }
        }
        true
    }

    /// The fixes of a URL, when fixes are shown or applied.
    fn plan(&mut self, url: &ScannedUrl) -> Option<fix::Plan> {
        fix::plan(url, &mut |code, span| self.wants(code, span, false))
    }

    /// Reports what could not be decoded, once for the file, at its first
    /// place, when that starts before `before`: one finding however many
    /// places (a file in another encoding read as UTF-8 would have one
    /// per run of its letters).
    fn flush_invalid(&mut self, before: usize) -> io::Result<()> {
        let Some(span) = self.doc.invalid.first() else {
            return Ok(());
        };
        if self.invalid_next > 0 || span.start > before {
            return Ok(());
        }
        self.invalid_next = self.doc.invalid.len();
        if !self.wants(Code::InvalidUtf8, *span, true) {
            return Ok(());
        }
        match u018_invalid_utf8::finding(self.doc) {
            Some(finding) => self.report(&finding, None, None),
            None => Ok(()),
        }
    }

    /// U020, when selected: at the URL's start, before the findings
    /// inside it.
    fn valid_in_earlier_revision(&mut self, url: &ScannedUrl) -> io::Result<()> {
        if !self.settings.wants(Code::ValidInEarlierRevision) {
            return Ok(());
        }
        let Some(finding) = u020_valid_in_earlier_revision::finding(url) else {
            return Ok(());
        };
        if !self.wants(finding.code, finding.span, true) {
            return Ok(());
        }
        self.flush_invalid(url.span.start)?;
        self.report(&finding, Some(url), None)
    }

    /// U019, when selected: once the file's other findings are made.
    fn unused_suppressions(&mut self) -> io::Result<()> {
        if !self.settings.wants(Code::UnusedSuppression) {
            return Ok(());
        }
        for finding in u019_unused_suppression::findings(self.suppressions) {
            self.report(&finding, None, None)?;
        }
        Ok(())
    }

    /// Gives one finding to the reporter, with its positions and fix,
    /// unless the baseline holds it.
    fn report(
        &mut self,
        finding: &Finding,
        url: Option<&ScannedUrl>,
        fix: Option<(&fix::Planned, Applicability)>,
    ) -> io::Result<()> {
        let doc = self.doc;
        if let Some(ledger) = self.ledger.as_deref_mut() {
            if ledger.baselined(finding.code, &subject(doc, finding, url)) {
                return Ok(());
            }
        }
        let severity = self.settings.severity(finding.code);
        let configured;
        let finding = if severity == finding.severity {
            finding
        } else {
            let mut copy = finding.clone();
            copy.severity = severity;
            configured = copy;
            &configured
        };
        let start = doc.position(finding.span.start);
        let edit = fix
            .filter(|_| self.reporter.wants_fixes())
            .map(|(planned, _)| {
                let span = planned.span();
                let start = doc.position(span.start);
                Edit {
                    span,
                    bytes: (doc.byte_offset(span.start), doc.byte_offset(span.end)),
                    start,
                    end: doc.end_position(span, start),
                    content: planned.content(&doc.text),
                }
            });
        let end = if self.reporter.wants_end() {
            doc.end_position(finding.span, start)
        } else {
            start
        };
        let report = Report {
            file: self.file,
            doc,
            finding,
            start,
            end,
            bytes: (
                doc.byte_offset(finding.span.start),
                doc.byte_offset(finding.span.end),
            ),
            url,
            fix: edit.as_ref(),
            fixable: fix.is_some(),
            applicability: fix.map_or(Applicability::Never, |(_, applicability)| applicability),
            severe: finding.severity >= self.settings.level,
        };
        self.reporter.finding(&report)
    }
}

/// What a finding is about, for the baseline: its URL's text, with the
/// fragment as written after it (`URL#fragment`, as `--format urls` prints
/// it); the bytes of invalid UTF-8 (in hex); the text at the finding.
fn subject<'a>(
    doc: &'a SourceText,
    finding: &Finding,
    url: Option<&'a ScannedUrl>,
) -> Cow<'a, str> {
    if let Some(url) = url {
        return match &url.fragment {
            Some(fragment) => Cow::Owned(format!("{}#{}", url.text, fragment.text)),
            None => Cow::Borrowed(&url.text),
        };
    }
    if finding.code == Code::InvalidUtf8 && doc.invalid.first() == Some(&finding.span) {
        return Cow::Owned(doc.first_invalid_hex());
    }
    Cow::Borrowed(doc.text.get(finding.span.range()).unwrap_or(""))
}

/// The sink of one URL's findings.
struct UrlSink<'u, 's, 'f> {
    state: &'u mut FileState<'s, 'f>,
    url: &'u ScannedUrl,
    plan: &'u [fix::Planned],
    /// Whether the plan's fixes are safe or unsafe.
    applicability: Applicability,
}

impl Sink for UrlSink<'_, '_, '_> {
    fn wants(&mut self, code: Code, span: Span) -> bool {
        self.state.wants(code, span, true)
    }

    fn finding(&mut self, finding: Finding) {
        if self.state.error.is_some() {
            return;
        }
        let result = self.state.flush_invalid(finding.span.start).and_then(|()| {
            let fix = self
                .plan
                .binary_search_by_key(&finding.span, fix::Planned::span)
                .ok()
                .map(|index| &self.plan[index])
                .filter(|planned| planned.code == finding.code)
                .map(|planned| (planned, self.applicability));
            self.state.report(&finding, Some(self.url), fix)
        });
        if let Err(error) = result {
            self.state.error = Some(error);
        }
    }
}

#[cfg(test)]
mod tests;
