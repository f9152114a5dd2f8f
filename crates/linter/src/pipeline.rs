//! One document's findings, the same for `rfc1738 lint` and `rfc1738
//! server`: the settings that apply to a file (its configuration, the
//! command line's codes, per-file ignores), the URLs of its type, the
//! suppression comments, invalid UTF-8, U019 and U020, the fixes. Where the
//! findings go is the caller's [`Reporter`]: the command line's formats,
//! the fixes being collected, or the language server's diagnostics.

use std::borrow::Cow;
use std::io;
use std::path::Path;
use std::rc::Rc;

use rfc1738::dialect::Dialect;
use rfc1738::lint::{lint_scanned_into, Code, Finding, Severity, Sink};
use rfc1738::scan::ScannedUrl;
use rfc1738::Span;

use super::baseline::Ledger;
use super::config::{Config, ConfigError, Configs};
use super::extract::{self, Applicability, Extracted, Kind};
use super::fix;
use super::output::{Edit, Report};
use super::source::SourceText;
use super::suppress::Suppressions;

/// The codes and options of the command line, on top of a configuration
/// file's (none for the language server).
#[derive(Default)]
pub struct Overrides {
    /// Replaces the file's `select` when not empty.
    pub select: Vec<Code>,
    /// Reported on top of the selection.
    pub extend_select: Vec<Code>,
    /// Not reported.
    pub ignore: Vec<Code>,
    /// The lowest severity that fails the run, over the file's.
    pub level: Option<Severity>,
    /// Also lint URLs in Markdown code.
    pub markdown_code: bool,
}

/// What applies to one file.
pub struct Settings {
    wanted: Vec<bool>,
    /// Each code's severity, by its index.
    severities: Vec<Severity>,
    /// The lowest severity that fails the run.
    pub level: Severity,
    /// Whether URLs in Markdown code are linted.
    pub markdown_code: bool,
}

impl Settings {
    /// Whether findings of `code` are reported.
    pub fn wants(&self, code: Code) -> bool {
        self.wanted[code.index()]
    }

    /// The severity findings of `code` are reported with: the
    /// configuration's `[severity]`, or the code's own.
    pub fn severity(&self, code: Code) -> Severity {
        self.severities[code.index()]
    }
}

/// The codes reported when neither the configuration nor the command line
/// selects: all but those reported only when selected.
fn default_selection() -> Vec<Code> {
    Code::ALL
        .iter()
        .copied()
        .filter(|code| !matches!(code, Code::UnusedSuppression | Code::ValidInEarlierRevision))
        .collect()
}

/// The settings of `file` (absolute) under `config` and the command line.
pub fn settings(overrides: &Overrides, config: Option<&Config>, file: &Path) -> Settings {
    let default = default_selection();
    let select: &[Code] = if !overrides.select.is_empty() {
        &overrides.select
    } else {
        config
            .and_then(|config| config.select.as_deref())
            .unwrap_or(&default)
    };
    let mut wanted = vec![false; Code::ALL.len()];
    let extend = config.map_or(&[][..], |config| &config.extend_select[..]);
    for code in select.iter().chain(extend).chain(&overrides.extend_select) {
        wanted[code.index()] = true;
    }
    let mut ignore: Vec<Code> = overrides.ignore.clone();
    if let Some(config) = config {
        ignore.extend(&config.ignore);
        if let Some(relative) = config.relative(file) {
            for (globs, codes) in &config.per_file_ignores {
                if globs.matches(relative) {
                    ignore.extend(codes);
                }
            }
        }
    }
    for code in ignore {
        wanted[code.index()] = false;
    }
    let mut severities: Vec<Severity> = Code::ALL.iter().map(|code| code.severity()).collect();
    for (code, severity) in config.map_or(&[][..], |config| &config.severity[..]) {
        severities[code.index()] = *severity;
    }
    Settings {
        wanted,
        severities,
        level: overrides
            .level
            .or_else(|| config.and_then(|config| config.level))
            .unwrap_or(Severity::Warning),
        markdown_code: overrides.markdown_code
            || config.and_then(|c| c.markdown_code).unwrap_or(false),
    }
}

/// The configuration of the file `absolute` (found upward from its
/// directory, as `configs` was told), and its settings.
pub fn settings_for(
    configs: &mut Configs,
    overrides: &Overrides,
    absolute: &Path,
) -> Result<(Settings, Option<Rc<Config>>), ConfigError> {
    let dir = absolute.parent().unwrap_or(Path::new("/"));
    let config = configs.for_dir(dir)?;
    let settings = settings(overrides, config.as_deref(), absolute);
    Ok((settings, config))
}

/// Whether the configuration excludes the file `absolute`.
pub fn excluded(config: Option<&Config>, absolute: &Path) -> bool {
    config.is_some_and(|config| {
        config
            .relative(absolute)
            .is_some_and(|relative| config.exclude.matches(relative))
    })
}

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
#[derive(Default)]
pub struct Collector {
    /// Start and end in the file's bytes, end of the replacement in
    /// `contents`.
    places: Vec<(usize, usize, usize)>,
    contents: String,
}

impl Collector {
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
        if let Some(fix) = report.fix {
            self.contents.push_str(&fix.content);
            self.places
                .push((fix.bytes.0, fix.bytes.1, self.contents.len()));
        }
        Ok(())
    }
}

/// The most times fixes are applied to a file, each time to the result of
/// the last (one is usually enough; a second brings out findings the first
/// hid).
const MAX_FIX_PASSES: usize = 4;

/// `bytes` with the fixes applied until none is left (a fix can bring out
/// another finding: an ftp typecode is checked once the URL parses), and
/// the number of fixes applied. The findings `ledger`'s baseline holds are
/// not fixed. A file that cannot be written back exactly is left as it is
/// ([`fix_file`] says why).
pub fn fix_all(
    bytes: &[u8],
    file: &str,
    kind: Kind,
    settings: &Settings,
    ledger: Option<&Ledger>,
) -> io::Result<(Vec<u8>, usize)> {
    let fixed = fix_file(bytes, file, kind, settings, ledger)?;
    Ok((fixed.bytes, fixed.applied))
}

/// What [`fix_file`] made of a file.
pub struct Fixed {
    /// The file's bytes, fixed.
    pub bytes: Vec<u8>,
    /// The fixes applied.
    pub applied: usize,
    /// Why fixes were found but not applied: the file cannot be written
    /// back exactly in its encoding.
    pub refused: Option<String>,
}

/// [`fix_all`], in the file's own encoding: each fix is an edit of the
/// file's bytes, its replacement encoded as the file is, every other byte
/// unchanged. A file whose decoding was lossy (undecodable bytes, or an
/// encoding that does not give the same bytes back) is not fixed.
pub fn fix_file(
    bytes: &[u8],
    file: &str,
    kind: Kind,
    settings: &Settings,
    ledger: Option<&Ledger>,
) -> io::Result<Fixed> {
    let mut doc = SourceText::new(bytes.to_vec());
    let encoding = doc.encoding();
    let exact = doc.round_trips(bytes);
    let mut fixed = Fixed {
        bytes: bytes.to_vec(),
        applied: 0,
        refused: None,
    };
    for pass in 0..MAX_FIX_PASSES {
        if pass > 0 {
            // In the encoding of the first reading: the fixes must not
            // change what the detector makes of the file.
            doc = SourceText::in_encoding(fixed.bytes.clone(), encoding);
        }
        let mut collector = Collector::default();
        let mut ledger = ledger.map(Ledger::fresh);
        FileLint::new(file, &doc, settings, &mut collector)
            .with_ledger(ledger.as_mut())
            .whole(kind)?;
        if collector.is_empty() {
            break;
        }
        let encoded = collector
            .edits()
            .map(|(start, end, content)| Some((start, end, encoding.encode(content)?)));
        let applied = if exact {
            fix::apply(&fixed.bytes, encoded)
        } else {
            None
        };
        let Some(bytes) = applied else {
            fixed.refused = Some(format!(
                "read as {}, it cannot be written back byte for byte (some bytes could not be decoded)",
                encoding.name()
            ));
            break;
        };
        fixed.applied += collector.len();
        fixed.bytes = bytes;
    }
    Ok(fixed)
}

/// Where a piece of a file is linted: the URLs that start from `start`
/// (a byte offset of the piece) to before `limit`.
#[derive(Clone, Copy)]
pub struct Piece {
    /// Where the first URL may start.
    pub start: usize,
    /// Where no URL starts any more.
    pub limit: usize,
}

impl Piece {
    /// The whole document.
    pub const WHOLE: Piece = Piece {
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
        self.piece(kind, Piece::WHOLE).map(|_| ())
    }

    /// Lints the URLs of the document that start in `piece`; returns where
    /// the next piece is to resume: after the last URL, or at the limit.
    /// Invalid UTF-8 is reported up to the line holding that point.
    pub fn piece(self, kind: Kind, piece: Piece) -> io::Result<usize> {
        let urls = extract::urls_from(
            &self.doc.text,
            kind,
            self.settings.markdown_code,
            piece.start,
        )
        .take_while(|found| found.url.outer.start < piece.limit);
        self.urls(urls, piece.limit)
    }

    /// Lints the URLs `urls` of the document, which end the piece's
    /// reading at `limit` (see [`FileLint::piece`]).
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
    /// places (a file in another encoding read as UTF-8 had one per run).
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
        let message = self.doc.undecodable().unwrap_or_default();
        let finding = Finding::new(Code::InvalidUtf8, *span, message);
        self.report(&finding, None, None)
    }

    /// U020: the revisions before RFC 1738 that accept a URL RFC 1738
    /// rejects, when selected.
    fn valid_in_earlier_revision(&mut self, url: &ScannedUrl) -> io::Result<()> {
        let code = Code::ValidInEarlierRevision;
        if !self.settings.wants(code) || rfc1738::parse(&url.text).is_ok() {
            return Ok(());
        }
        let report = rfc1738::dialect::revisions(&url.text);
        let earlier: Vec<String> = report
            .verdicts
            .iter()
            .filter(|verdict| verdict.dialect != Dialect::Rfc1738)
            .filter_map(|verdict| {
                let top = verdict.accepted_as?;
                let what = match verdict.alternatives.is_empty() {
                    true => top.to_string(),
                    false => verdict.alternatives.join(", "),
                };
                Some(format!("{} ({what})", verdict.dialect))
            })
            .collect();
        if earlier.is_empty() || !self.wants(code, url.span, true) {
            return Ok(());
        }
        self.flush_invalid(url.span.start)?;
        let list = match earlier.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
            None => String::new(),
        };
        let finding = Finding::new(
            code,
            url.span,
            format!("RFC 1738 rejects this URL, but it is valid under {list}"),
        );
        self.report(&finding, Some(url), None)
    }

    fn unused_suppressions(&mut self) -> io::Result<()> {
        if !self.settings.wants(Code::UnusedSuppression) {
            return Ok(());
        }
        for (span, what) in self.suppressions.unused() {
            let finding = Finding::new(
                Code::UnusedSuppression,
                span,
                format!("unused {what}: it suppresses no finding here"),
            );
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
        fix: Option<&fix::Planned>,
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
        let edit = fix.filter(|_| self.reporter.wants_fixes()).map(|planned| {
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
                .filter(|planned| planned.code == finding.code);
            self.state.report(&finding, Some(self.url), fix)
        });
        if let Err(error) = result {
            self.state.error = Some(error);
        }
    }
}
