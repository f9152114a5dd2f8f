//! The formats of `rfc1738 lint`, each written as findings are made: no
//! format holds the findings of a run, and a long line or URL is printed
//! clipped around the problem. Those of other tools have a file each:
//! reviewdog's ([`rdjson`]) and JUnit's ([`junit`]).

mod junit;
mod rdjson;

use std::borrow::Cow;
use std::io::{self, Write};

use annotate_snippets::{AnnotationKind, Group, Level, Origin, Renderer, Snippet};
use rfc1738::lint::{Code, Finding, Severity};
use rfc1738::scan::ScannedUrl;
use rfc1738::Span;
use serde_json::{json, Value};

use super::source::{Position, SourceText};

/// The formats.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum, Debug)]
pub enum Format {
    /// The source line with the problem underlined.
    Human,
    /// `file:line:col: severity: message [code]`, one line a finding.
    Short,
    /// One JSON object a line, one line a finding (JSON Lines).
    Json,
    /// SARIF 2.1.0, for code scanning.
    Sarif,
    /// GitHub Actions workflow commands: `::error file=...,line=...,col=...::message`.
    Github,
    /// reviewdog's Diagnostic Format (rdjson), with the fixes as suggestions.
    Rdjson,
    /// JUnit XML: a test case per file, a failure per finding at or above
    /// the level.
    Junit,
    /// Every URL found, `file:line:col-line:col: URL#fragment`, one line
    /// each (the span covers the fragment); no lint.
    Urls,
}

/// The longest URL or source excerpt printed whole, in bytes.
const CLIP: usize = 240;

/// A replacement that fixes a finding.
#[derive(Clone, Debug)]
pub struct Edit {
    /// In the text.
    pub span: Span,
    /// In the file.
    pub bytes: (usize, usize),
    /// Where it starts, for people.
    pub start: Position,
    /// Where it ends, for people.
    pub end: Position,
    /// What replaces it.
    pub content: String,
}

/// One finding, with everything every format needs.
pub struct Report<'a> {
    /// The file's name as printed.
    pub file: &'a str,
    /// The file's text.
    pub doc: &'a SourceText,
    /// What was found.
    pub finding: &'a Finding,
    /// Where the finding starts.
    pub start: Position,
    /// The start again when the format does not use it
    /// ([`Output::uses_end`]).
    pub end: Position,
    /// Where the finding is in the file's bytes.
    pub bytes: (usize, usize),
    /// The URL it is about, when there is one.
    pub url: Option<&'a ScannedUrl>,
    /// The fix, when the reporter wants it
    /// ([`super::pipeline::Reporter::wants_fixes`]).
    pub fix: Option<&'a Edit>,
    /// Whether there is a fix.
    pub fixable: bool,
    /// Whether the finding is at or above the file's `level`.
    pub severe: bool,
}

impl Report<'_> {
    /// The line `--format short` prints, without its line break.
    fn short_line(&self) -> String {
        let finding = self.finding;
        format!(
            "{}:{}:{}: {}: {} [{}]",
            self.file,
            self.start.line,
            self.start.column,
            finding.severity,
            finding.message,
            finding.code
        )
    }

    /// The URL, clipped around the finding.
    fn url_text(&self) -> Option<Cow<'_, str>> {
        let url = self.url?;
        let focus = self.finding.span.start.saturating_sub(url.span.start);
        Some(clip(&url.text, focus, CLIP))
    }

    fn fix_message(&self) -> Option<String> {
        let fix = self.fix?;
        let old = &self.doc.text[fix.span.range()];
        Some(format!("replace {old:?} with {:?}", fix.content))
    }
}

/// `text` when short, else about `max` bytes around byte `focus`, with `…`
/// where it is cut.
pub fn clip(text: &str, focus: usize, max: usize) -> Cow<'_, str> {
    if text.len() <= max {
        return Cow::Borrowed(text);
    }
    let floor = |mut at: usize| {
        at = at.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        at
    };
    let start = floor(focus.saturating_sub(max / 2));
    let end = floor(start + max);
    let mut clipped = String::with_capacity(end - start + 6);
    if start > 0 {
        clipped.push('…');
    }
    clipped.push_str(&text[start..end]);
    if end < text.len() {
        clipped.push('…');
    }
    Cow::Owned(clipped)
}

/// Where the run's files are: for SARIF's `originalUriBaseIds`.
pub struct RunInfo {
    /// The working directory, as a `file:` URI.
    pub cwd: String,
}

/// A format, writing as it goes.
pub trait Output {
    /// Before the first file.
    fn begin(&mut self, _out: &mut dyn Write, _info: &RunInfo) -> io::Result<()> {
        Ok(())
    }
    /// One finding.
    fn finding(&mut self, out: &mut dyn Write, report: &Report<'_>) -> io::Result<()>;
    /// Whether the format prints what a fix replaces (else only whether
    /// there is one).
    fn prints_fixes(&self) -> bool {
        true
    }
    /// Whether the format prints where a finding ends ([`Report::end`]);
    /// else it is not computed.
    fn uses_end(&self) -> bool {
        true
    }
    /// After the findings of a file that was linted.
    fn end_file(&mut self, _out: &mut dyn Write, _file: &str) -> io::Result<()> {
        Ok(())
    }
    /// One URL (for `--format urls`).
    fn url(
        &mut self,
        _out: &mut dyn Write,
        _file: &str,
        _doc: &SourceText,
        _url: &ScannedUrl,
    ) -> io::Result<()> {
        Ok(())
    }
    /// After the last file.
    fn finish(&mut self, out: &mut dyn Write, summary: &Summary) -> io::Result<()>;
}

/// What a run found, for the last lines.
#[derive(Default)]
pub struct Summary {
    /// The URLs found.
    pub urls: usize,
    /// The files linted.
    pub files: usize,
    /// The binary files named on the command line, not linted.
    pub skipped: usize,
    /// The findings reported, by severity (info, warning, error).
    pub by_severity: [usize; 3],
    /// The fixes applied.
    pub fixed: usize,
    /// The findings reported that have a fix.
    pub fixable: usize,
    /// No summary line (`--quiet`).
    pub quiet: bool,
    /// Whether every file could be read and written.
    pub success: bool,
    /// The errors of the run (files that cannot be read), as printed.
    pub errors: Vec<String>,
}

fn severity_index(severity: Severity) -> usize {
    match severity {
        Severity::Info => 0,
        Severity::Warning => 1,
        Severity::Error => 2,
    }
}

impl Summary {
    /// Counts a finding reported.
    pub fn count(&mut self, severity: Severity) {
        self.by_severity[severity_index(severity)] += 1;
    }
}

/// The writer of a format.
///
/// Inlined where the linter is built without its command (the npm
/// package's WebAssembly, `npm/crate`): a caller that names one format
/// then keeps only that writer.
#[cfg_attr(not(feature = "command"), inline(always))]
pub fn output(format: Format, colour: bool) -> Box<dyn Output> {
    match format {
        Format::Human => Box::new(Human {
            renderer: if colour {
                Renderer::styled()
            } else {
                Renderer::plain()
            },
            run: None,
        }),
        Format::Short => Box::new(Short { line: Vec::new() }),
        Format::Json => Box::new(Json),
        Format::Sarif => Box::new(Sarif {
            results: 0,
            related: None,
        }),
        Format::Github => Box::new(Github),
        Format::Urls => Box::new(Urls),
        Format::Rdjson => Box::new(rdjson::Rdjson::default()),
        Format::Junit => Box::new(junit::Junit::default()),
    }
}

/// How many findings of one code in one URL the human format shows in
/// full; the others are counted in one line after them. A URL of a million
/// unsafe characters is a million findings: a reader learns nothing from the
/// excerpts past the first few, and printing each (800 bytes of excerpt)
/// would take seconds. The summary, the exit code and every other format
/// count and list each one.
const SHOWN_IN_ONE_URL: usize = 10;

struct Human {
    renderer: Renderer,
    /// The findings of one code in one URL, in a row.
    run: Option<Run>,
}

/// The findings of one URL, one after the other, counted by code.
struct Run {
    file: String,
    url_start: usize,
    codes: Vec<CodeCount>,
}

/// The findings of one code in a [`Run`].
struct CodeCount {
    code: Code,
    shown: usize,
    hidden: usize,
    /// Where the last hidden one is.
    last: Position,
}

impl Human {
    /// Says how many findings of the URL whose findings end here were not
    /// shown, code by code.
    fn end_run(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let Some(run) = self.run.take() else {
            return Ok(());
        };
        for CodeCount {
            code, hidden, last, ..
        } in run.codes
        {
            if hidden > 0 {
                let note = format!(
                    "{hidden} more {code} {} in this URL, the last at {}:{}:{} (`--format short` lists each)",
                    code.name(),
                    run.file,
                    last.line,
                    last.column
                );
                let group = Group::with_title(Level::NOTE.primary_title(note));
                writeln!(out, "{}\n", self.renderer.render(&[group]))?;
            }
        }
        Ok(())
    }

    /// Whether `report` is shown in full: not when it is past the first
    /// [`SHOWN_IN_ONE_URL`] of its code in its URL.
    fn shows(&mut self, out: &mut dyn Write, report: &Report<'_>) -> io::Result<bool> {
        let Some(url) = report.url else {
            self.end_run(out)?;
            return Ok(true);
        };
        let same = self
            .run
            .as_ref()
            .is_some_and(|run| run.url_start == url.span.start && run.file == report.file);
        if !same {
            self.end_run(out)?;
        }
        let run = self.run.get_or_insert_with(|| Run {
            file: report.file.to_owned(),
            url_start: url.span.start,
            codes: Vec::new(),
        });
        let code = report.finding.code;
        let Some(count) = run.codes.iter_mut().find(|count| count.code == code) else {
            run.codes.push(CodeCount {
                code,
                shown: 1,
                hidden: 0,
                last: report.start,
            });
            return Ok(true);
        };
        if count.shown < SHOWN_IN_ONE_URL {
            count.shown += 1;
            return Ok(true);
        }
        count.hidden += 1;
        count.last = report.start;
        Ok(false)
    }
}

impl Output for Human {
    fn end_file(&mut self, out: &mut dyn Write, _file: &str) -> io::Result<()> {
        self.end_run(out)
    }

    fn finding(&mut self, out: &mut dyn Write, report: &Report<'_>) -> io::Result<()> {
        if !self.shows(out, report)? {
            return Ok(());
        }
        let finding = report.finding;
        let doc = report.doc;
        let span = finding.span;
        let line_start = doc.line_start(span.start);
        let line_end = doc.line_end(span.end.saturating_sub(1).max(span.start));
        let line_end = line_end.max(line_start);
        let long = line_end - line_start > CLIP;
        let (excerpt_start, excerpt_end) = if long {
            // A window of the line around the problem.
            let floor = |mut at: usize| {
                while !doc.text.is_char_boundary(at) {
                    at -= 1;
                }
                at
            };
            let start = floor(span.start.saturating_sub(CLIP / 3).max(line_start));
            let end = floor((span.end.max(span.start + 1) + CLIP / 3).min(line_end));
            (start, end.max(start))
        } else {
            (line_start, line_end)
        };
        let excerpt = &doc.text[excerpt_start..excerpt_end];
        let start_offset = span.start.clamp(excerpt_start, excerpt_end);
        let start = span.start.clamp(excerpt_start, excerpt_end) - excerpt_start;
        let end = span.end.clamp(excerpt_start, excerpt_end) - excerpt_start;
        let level = match finding.severity {
            Severity::Error => Level::ERROR,
            Severity::Warning => Level::WARNING,
            _ => Level::INFO,
        };
        let code = format!("{} {}", finding.code, finding.code.name());
        let mut snippet = Snippet::source(excerpt).line_start(report.start.line);
        if !long {
            snippet = snippet.path(report.file);
        }
        let snippet = snippet.annotation(
            AnnotationKind::Primary
                .span(start..end)
                .label(finding.code.summary()),
        );
        let title = level
            .clone()
            .primary_title(finding.message.as_str())
            .id(code);
        let mut group = if long {
            title
                .element(
                    Origin::path(report.file)
                        .line(report.start.line)
                        .char_column(report.start.column),
                )
                .element(snippet)
        } else {
            title.element(snippet)
        };
        if long {
            group = group.element(Level::NOTE.message(format!(
                "the line is {} bytes long; shown from column {}",
                line_end - line_start,
                report.start.column - doc.text[excerpt_start..start_offset].chars().count()
            )));
        }
        if let Some(url) = report.url_text() {
            group = group.element(Level::NOTE.message(format!("URL: {url}")));
        }
        if let Some(fix) = report.fix_message() {
            group = group.element(Level::HELP.message(format!("fix: {fix}")));
        }
        group = group.element(Level::HELP.message(format!(
            "{}; `rfc1738 explain {}` says more",
            finding.code.reference(),
            finding.code
        )));
        writeln!(out, "{}\n", self.renderer.render(&[group]))
    }

    fn finish(&mut self, out: &mut dyn Write, summary: &Summary) -> io::Result<()> {
        self.end_run(out)?;
        if summary.quiet {
            return Ok(());
        }
        let [info, warning, error] = summary.by_severity;
        writeln!(
            out,
            "{} in {}: {}, {}, {}",
            plural(summary.urls, "URL"),
            plural(summary.files, "file"),
            plural(error, "error"),
            plural(warning, "warning"),
            plural(info, "info")
        )?;
        if summary.skipped > 0 {
            writeln!(
                out,
                "{} not linted (binary)",
                plural(summary.skipped, "file")
            )?;
        }
        fix_lines(out, summary)
    }
}

fn fix_lines(out: &mut dyn Write, summary: &Summary) -> io::Result<()> {
    if summary.fixed > 0 {
        writeln!(out, "fixed {}", plural(summary.fixed, "finding"))?;
    }
    if summary.fixable > 0 {
        writeln!(
            out,
            "{} fixable with `--fix` (`--diff` shows the changes)",
            plural(summary.fixable, "finding")
        )?;
    }
    Ok(())
}

/// `1 finding`, `2 findings`.
pub fn plural(count: usize, noun: &str) -> String {
    match count {
        1 => format!("1 {noun}"),
        _ => format!("{count} {noun}s"),
    }
}

/// Appends `value` in decimal: `write!("{value}")` without the formatting
/// machinery.
fn push_decimal(line: &mut Vec<u8>, value: usize) {
    line.extend_from_slice(itoa::Buffer::new().format(value).as_bytes());
}

/// One line a finding, built in a buffer kept from line to line and
/// written at once.
struct Short {
    line: Vec<u8>,
}

impl Output for Short {
    fn prints_fixes(&self) -> bool {
        false
    }

    fn uses_end(&self) -> bool {
        false
    }

    fn finding(&mut self, out: &mut dyn Write, report: &Report<'_>) -> io::Result<()> {
        // "{file}:{line}:{column}: {severity}: {message} [{code}]{fixable}\n"
        let finding = report.finding;
        let line = &mut self.line;
        line.clear();
        line.extend_from_slice(report.file.as_bytes());
        line.push(b':');
        push_decimal(line, report.start.line);
        line.push(b':');
        push_decimal(line, report.start.column);
        line.extend_from_slice(b": ");
        line.extend_from_slice(finding.severity.name().as_bytes());
        line.extend_from_slice(b": ");
        line.extend_from_slice(finding.message.as_bytes());
        line.extend_from_slice(b" [");
        line.extend_from_slice(finding.code.code().as_bytes());
        line.push(b']');
        if report.fixable {
            line.extend_from_slice(b" (fixable)");
        }
        line.push(b'\n');
        out.write_all(line)
    }

    fn finish(&mut self, _out: &mut dyn Write, _summary: &Summary) -> io::Result<()> {
        Ok(())
    }
}

struct Json;

/// One line of `--format json`, serialized as it stands: no map is built
/// per finding (a URL of 100,000 unsafe characters has as many).
#[derive(serde::Serialize)]
struct JsonFinding<'a> {
    file: &'a str,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    byte_start: usize,
    byte_end: usize,
    severity: &'a str,
    code: &'a str,
    name: &'a str,
    message: &'a str,
    stack: Option<Vec<&'a str>>,
    expected: Option<Vec<String>>,
    found: Option<String>,
    url: Option<Cow<'a, str>>,
    url_byte_start: Option<usize>,
    url_byte_end: Option<usize>,
    fragment: Option<Cow<'a, str>>,
    fragment_byte_start: Option<usize>,
    fragment_byte_end: Option<usize>,
    fix: Option<JsonFix<'a>>,
}

#[derive(serde::Serialize)]
struct JsonFix<'a> {
    message: Option<String>,
    applicability: &'a str,
    edits: [JsonEdit<'a>; 1],
}

#[derive(serde::Serialize)]
struct JsonEdit<'a> {
    content: &'a str,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    byte_start: usize,
    byte_end: usize,
}

impl Output for Json {
    fn finding(&mut self, out: &mut dyn Write, report: &Report<'_>) -> io::Result<()> {
        let finding = report.finding;
        let error = finding.error.as_deref();
        let bytes = |span: Span| {
            (
                report.doc.byte_offset(span.start),
                report.doc.byte_offset(span.end),
            )
        };
        let url_bytes = report.url.map(|url| bytes(url.span));
        let fragment = report.url.and_then(|url| url.fragment.as_ref());
        let fragment_bytes = fragment.map(|fragment| bytes(fragment.span));
        let fix = report.fix.map(|fix| JsonFix {
            message: report.fix_message(),
            applicability: "safe",
            edits: [JsonEdit {
                content: &fix.content,
                line: fix.start.line,
                column: fix.start.column,
                end_line: fix.end.line,
                end_column: fix.end.column,
                byte_start: fix.bytes.0,
                byte_end: fix.bytes.1,
            }],
        });
        let value = JsonFinding {
            file: report.file,
            line: report.start.line,
            column: report.start.column,
            end_line: report.end.line,
            end_column: report.end.column,
            byte_start: report.bytes.0,
            byte_end: report.bytes.1,
            severity: finding.severity.name(),
            code: finding.code.code(),
            name: finding.code.name(),
            message: &finding.message,
            stack: error.map(|e| e.stack().iter().map(|r| r.name()).collect()),
            expected: error.map(|e| e.expected().iter().map(ToString::to_string).collect()),
            found: error.map(|e| e.found().to_string()),
            url: report.url_text(),
            url_byte_start: url_bytes.map(|b| b.0),
            url_byte_end: url_bytes.map(|b| b.1),
            fragment: fragment.map(|fragment| clip(&fragment.text, 0, CLIP)),
            fragment_byte_start: fragment_bytes.map(|b| b.0),
            fragment_byte_end: fragment_bytes.map(|b| b.1),
            fix,
        };
        serde_json::to_writer(&mut *out, &value)?;
        out.write_all(b"\n")
    }

    fn finish(&mut self, _out: &mut dyn Write, _summary: &Summary) -> io::Result<()> {
        Ok(())
    }
}

struct Github;

/// Escapes the data of a workflow command.
fn github_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a property of a workflow command.
fn github_property(text: &str) -> String {
    github_data(text).replace(':', "%3A").replace(',', "%2C")
}

impl Output for Github {
    fn prints_fixes(&self) -> bool {
        false
    }

    fn finding(&mut self, out: &mut dyn Write, report: &Report<'_>) -> io::Result<()> {
        let finding = report.finding;
        let level = match finding.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            _ => "notice",
        };
        writeln!(
            out,
            "::{level} file={},line={},col={},endLine={},endColumn={},title={}::{}",
            github_property(report.file),
            report.start.line,
            report.start.column,
            report.end.line,
            report.end.column,
            github_property(&format!("{} {}", finding.code, finding.code.name())),
            github_data(&format!("{} [{}]", finding.message, finding.code))
        )
    }

    fn finish(&mut self, _out: &mut dyn Write, _summary: &Summary) -> io::Result<()> {
        Ok(())
    }
}

struct Urls;

impl Output for Urls {
    fn finding(&mut self, _out: &mut dyn Write, _report: &Report<'_>) -> io::Result<()> {
        Ok(())
    }

    fn url(
        &mut self,
        out: &mut dyn Write,
        file: &str,
        doc: &SourceText,
        url: &ScannedUrl,
    ) -> io::Result<()> {
        let whole = url.span_with_fragment();
        let start = doc.position(whole.start);
        let end = doc.end_position(whole, start);
        write!(
            out,
            "{file}:{}:{}-{}:{}: {}",
            start.line, start.column, end.line, end.column, url.text
        )?;
        if let Some(fragment) = &url.fragment {
            write!(out, "#{}", fragment.text)?;
        }
        writeln!(out)
    }

    fn finish(&mut self, _out: &mut dyn Write, _summary: &Summary) -> io::Result<()> {
        Ok(())
    }
}

struct Sarif {
    results: usize,
    /// The related locations of the last URL, by its file and bytes:
    /// computed once per URL, not once per finding (its end is as far as
    /// the URL is long).
    related: Option<(String, (usize, usize), Vec<SarifLocation>)>,
}

/// `artifactLocation`.
#[derive(Clone, serde::Serialize)]
struct ArtifactLocation {
    uri: String,
    #[serde(rename = "uriBaseId", skip_serializing_if = "Option::is_none")]
    uri_base_id: Option<&'static str>,
}

/// `region`.
#[derive(Clone, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct Region {
    start_line: usize,
    start_column: usize,
    end_line: usize,
    end_column: usize,
    byte_offset: usize,
    byte_length: usize,
}

/// `physicalLocation`.
#[derive(Clone, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct PhysicalLocation {
    artifact_location: ArtifactLocation,
    region: Region,
}

/// `{ "text": ... }`.
#[derive(Clone, serde::Serialize)]
struct Text<T> {
    text: T,
}

/// A related location.
#[derive(Clone, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifLocation {
    id: usize,
    message: Text<&'static str>,
    physical_location: PhysicalLocation,
}

/// A location of a result.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct ResultLocation {
    physical_location: PhysicalLocation,
}

/// One result, serialized as it stands (no map built per finding).
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifResult<'a> {
    rule_id: &'a str,
    rule_index: usize,
    level: &'a str,
    message: Text<&'a str>,
    locations: [ResultLocation; 1],
    #[serde(skip_serializing_if = "Option::is_none")]
    related_locations: Option<&'a [SarifLocation]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fixes: Option<[SarifFix<'a>; 1]>,
}

#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifFix<'a> {
    description: Text<Option<String>>,
    artifact_changes: [ArtifactChange<'a>; 1],
}

#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct ArtifactChange<'a> {
    artifact_location: ArtifactLocation,
    replacements: [Replacement<'a>; 1],
}

#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct Replacement<'a> {
    deleted_region: Region,
    inserted_content: Text<&'a str>,
}

fn sarif_level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        _ => "note",
    }
}

/// A relative URI reference for a path: bytes other than unreserved
/// characters and `/` percent-encoded.
pub fn file_uri(path: &str) -> String {
    let mut uri = String::new();
    for byte in path.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~/".contains(&byte) {
            uri.push(char::from(byte));
        } else {
            uri.push_str(&format!("%{byte:02X}"));
        }
    }
    uri
}

/// The artifact location of a displayed path: relative to `%SRCROOT%` (the
/// working directory), or an absolute `file:` URI.
fn artifact_location(file: &str) -> ArtifactLocation {
    if file.starts_with('/') {
        ArtifactLocation {
            uri: format!("file://{}", file_uri(file)),
            uri_base_id: None,
        }
    } else {
        ArtifactLocation {
            uri: file_uri(file),
            uri_base_id: Some("%SRCROOT%"),
        }
    }
}

fn region(start: Position, end: Position, bytes: (usize, usize)) -> Region {
    Region {
        start_line: start.line,
        start_column: start.column,
        end_line: end.line,
        end_column: end.column,
        byte_offset: bytes.0,
        byte_length: bytes.1 - bytes.0,
    }
}

impl Output for Sarif {
    fn begin(&mut self, out: &mut dyn Write, info: &RunInfo) -> io::Result<()> {
        let rules: Vec<Value> = Code::ALL
            .iter()
            .map(|code| {
                json!({
                    "id": code.code(),
                    "name": code.name(),
                    "shortDescription": { "text": code.summary() },
                    "fullDescription": { "text": code.help() },
                    "help": { "text": code.help() },
                    "defaultConfiguration": { "level": sarif_level(code.severity()) },
                    "properties": { "rfcSection": code.section() },
                })
            })
            .collect();
        let tool = json!({ "driver": {
            "name": "rfc1738",
            "version": env!("CARGO_PKG_VERSION"),
            "informationUri": "https://www.rfc-editor.org/rfc/rfc1738",
            "rules": rules,
        }});
        let base = json!({ "%SRCROOT%": { "uri": format!("file://{}/", file_uri(&info.cwd)) } });
        // Results are written one by one: a log of many findings is never
        // held in memory as one JSON value.
        write!(
            out,
            "{{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"version\":\"2.1.0\",\
             \"runs\":[{{\"tool\":{tool},\"originalUriBaseIds\":{base},\
             \"columnKind\":\"unicodeCodePoints\",\"results\":["
        )
    }

    fn finding(&mut self, out: &mut dyn Write, report: &Report<'_>) -> io::Result<()> {
        let finding = report.finding;
        if self.results > 0 {
            out.write_all(b",")?;
        }
        self.results += 1;
        writeln!(out)?;
        let related = match report.url {
            Some(url) => {
                let doc = report.doc;
                let key = (
                    doc.byte_offset(url.span.start),
                    doc.byte_offset(url.span.end),
                );
                let cached = self
                    .related
                    .as_ref()
                    .is_some_and(|(file, bytes, _)| file == report.file && *bytes == key);
                if !cached {
                    // Where the URL is, and its fragment: what the finding
                    // is about.
                    let location = |id: usize, span: Span, what: &'static str| {
                        let start = doc.position(span.start);
                        let bytes = (doc.byte_offset(span.start), doc.byte_offset(span.end));
                        SarifLocation {
                            id,
                            message: Text { text: what },
                            physical_location: PhysicalLocation {
                                artifact_location: artifact_location(report.file),
                                region: region(start, doc.end_position(span, start), bytes),
                            },
                        }
                    };
                    let mut related = vec![location(0, url.span, "the URL")];
                    if let Some(fragment) = &url.fragment {
                        related.push(location(1, fragment.span, "the fragment after the URL"));
                    }
                    self.related = Some((report.file.to_owned(), key, related));
                }
                self.related.as_ref().map(|(_, _, related)| &related[..])
            }
            None => None,
        };
        let result = SarifResult {
            rule_id: finding.code.code(),
            rule_index: finding.code.index(),
            level: sarif_level(finding.severity),
            message: Text {
                text: &finding.message,
            },
            locations: [ResultLocation {
                physical_location: PhysicalLocation {
                    artifact_location: artifact_location(report.file),
                    region: region(report.start, report.end, report.bytes),
                },
            }],
            related_locations: related,
            fixes: report.fix.map(|fix| {
                [SarifFix {
                    description: Text {
                        text: report.fix_message(),
                    },
                    artifact_changes: [ArtifactChange {
                        artifact_location: artifact_location(report.file),
                        replacements: [Replacement {
                            deleted_region: region(fix.start, fix.end, fix.bytes),
                            inserted_content: Text { text: &fix.content },
                        }],
                    }],
                }]
            }),
        };
        serde_json::to_writer(&mut *out, &result)?;
        Ok(())
    }

    fn finish(&mut self, out: &mut dyn Write, summary: &Summary) -> io::Result<()> {
        let notifications: Vec<Value> = summary
            .errors
            .iter()
            .map(|error| json!({ "level": "error", "message": { "text": error } }))
            .collect();
        let invocation = json!({
            "executionSuccessful": summary.success,
            "toolExecutionNotifications": notifications,
        });
        writeln!(out, "],\"invocations\":[{invocation}]}}]}}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris_encode_what_is_not_unreserved() {
        assert_eq!(file_uri("dir/a b%.txt"), "dir/a%20b%25.txt");
    }

    #[test]
    fn long_texts_are_clipped_around_the_focus() {
        assert_eq!(clip("short", 2, 10), "short");
        let long = format!("http://a.b/{}", "~".repeat(1000));
        let clipped = clip(&long, 500, 20);
        assert_eq!(clipped, format!("…{}…", "~".repeat(20)));
        assert!(clip(&long, 0, 20).starts_with("http://a.b/"));
        let accents = "é".repeat(100);
        assert!(clip(&accents, 51, 11).chars().all(|c| c == 'é' || c == '…'));
    }

    /// Gives the findings to a format, as the command does.
    struct Through {
        output: Box<dyn Output>,
        out: Vec<u8>,
    }

    impl crate::pipeline::Reporter for Through {
        fn wants_fixes(&self) -> bool {
            self.output.prints_fixes()
        }

        fn wants_end(&self) -> bool {
            self.output.uses_end()
        }

        fn url(&mut self, file: &str, doc: &SourceText, url: &ScannedUrl) -> io::Result<()> {
            self.output.url(&mut self.out, file, doc, url)
        }

        fn finding(&mut self, report: &Report<'_>) -> io::Result<()> {
            self.output.finding(&mut self.out, report)
        }
    }

    /// The work of a report is bounded by the text's length, whatever
    /// the number of findings: one URL of many unsafe characters (one
    /// finding each) once took the URL's length per finding in SARIF
    /// (its related location's end) and the line's in rdjson (a fix's
    /// start counted again from the line's start).
    #[test]
    fn reports_read_the_text_a_bounded_number_of_times() {
        use clap::ValueEnum;
        let text = format!("x\nhttp://a.b/{}#~~ y\n", "~".repeat(5000));
        let settings = crate::pipeline::settings(
            &crate::pipeline::Overrides::default(),
            None,
            std::path::Path::new("/x.txt"),
        );
        for format in Format::value_variants() {
            let doc = SourceText::new(text.clone().into_bytes());
            let mut through = Through {
                output: output(*format, false),
                out: Vec::new(),
            };
            crate::pipeline::FileLint::new("x.txt", &doc, &settings, &mut through)
                .whole(crate::extract::Kind::Text)
                .unwrap();
            through.output.end_file(&mut through.out, "x.txt").unwrap();
            let out = String::from_utf8_lossy(&through.out);
            let findings = out.matches("U003").count();
            match format {
                Format::Urls => {}
                // Ten shown, the others counted (`SHOWN_IN_ONE_URL`).
                Format::Human => {
                    assert_eq!(findings, 2 * 10 + 1, "{out}");
                    assert!(out.contains("4990 more U003"), "{out}");
                }
                _ => assert!(findings >= 5000, "{format:?}: {findings} findings"),
            }
            assert!(
                doc.scanned() <= 8 * text.len(),
                "{format:?} read {} bytes of a text of {}",
                doc.scanned(),
                text.len()
            );
        }
    }

    #[test]
    fn workflow_commands_are_escaped() {
        assert_eq!(github_property("a,b:c%\n"), "a%2Cb%3Ac%25%0A");
        assert_eq!(github_data("a,b:c"), "a,b:c");
    }
}
