//! The formats of `rfc1738 lint`, each written as findings are made: no
//! format holds the findings of a run, and a long line or URL is printed
//! clipped around the problem. One file a format; here the formats'
//! names, what every format is given of a finding ([`Report`]), the
//! summary and the writer of each format ([`output`]).

mod github;
mod human;
mod json;
mod junit;
mod rdjson;
mod sarif;
mod short;
mod urls;

use std::borrow::Cow;
use std::io::{self, Write};

use rfc1738::lint::{Finding, Severity};
use rfc1738::scan::ScannedUrl;
use rfc1738::Span;

use super::extract::Applicability;
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
    /// Whether the fix is applied by `--fix` ([`Applicability::Safe`]) or
    /// only with `--unsafe-fixes` ([`Applicability::Unsafe`]: a program's
    /// string literal, a data file's value); [`Applicability::Never`] when
    /// there is no fix.
    pub applicability: Applicability,
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

    /// Whether the fix is unsafe: shown, applied only with
    /// `--unsafe-fixes`.
    pub fn unsafe_fix(&self) -> bool {
        self.fixable && self.applicability == Applicability::Unsafe
    }

    /// The fix's applicability as ruff names it: `"safe"` or `"unsafe"`.
    fn applicability_name(&self) -> &'static str {
        if self.unsafe_fix() {
            "unsafe"
        } else {
            "safe"
        }
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
    /// The findings reported that have a fix `--fix` applies.
    pub fixable: usize,
    /// The findings reported whose fix is unsafe, applied only with
    /// `--unsafe-fixes`.
    pub unsafe_fixable: usize,
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

    /// The last lines of a report for people: what was linted and found,
    /// the binary files skipped, the fixes applied and those that can be.
    pub fn write_lines(&self, out: &mut dyn Write) -> io::Result<()> {
        if self.quiet {
            return Ok(());
        }
        let [info, warning, error] = self.by_severity;
        writeln!(
            out,
            "{} in {}: {}, {}, {}",
            plural(self.urls, "URL"),
            plural(self.files, "file"),
            plural(error, "error"),
            plural(warning, "warning"),
            plural(info, "info")
        )?;
        if self.skipped > 0 {
            writeln!(out, "{} not linted (binary)", plural(self.skipped, "file"))?;
        }
        if self.fixed > 0 {
            writeln!(out, "fixed {}", plural(self.fixed, "finding"))?;
        }
        let more = match self.unsafe_fixable {
            0 => String::new(),
            unsafe_fixable => format!(", {unsafe_fixable} more with `--unsafe-fixes`"),
        };
        if self.fixable > 0 {
            writeln!(
                out,
                "{} fixable with `--fix` (`--diff` shows the changes){more}",
                plural(self.fixable, "finding")
            )?;
        } else if self.unsafe_fixable > 0 {
            writeln!(
                out,
                "{} fixable with `--fix --unsafe-fixes` (unsafe: in a program's string or a \
                 data file's value; `--diff --unsafe-fixes` shows the changes)",
                plural(self.unsafe_fixable, "finding")
            )?;
        }
        Ok(())
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
        Format::Human => Box::new(human::Human::new(colour)),
        Format::Short => Box::new(short::Short::default()),
        Format::Json => Box::new(json::Json),
        Format::Sarif => Box::new(sarif::Sarif::default()),
        Format::Github => Box::new(github::Github),
        Format::Urls => Box::new(urls::Urls),
        Format::Rdjson => Box::new(rdjson::Rdjson::default()),
        Format::Junit => Box::new(junit::Junit::default()),
    }
}

/// `1 finding`, `2 findings`.
pub fn plural(count: usize, noun: &str) -> String {
    match count {
        1 => format!("1 {noun}"),
        _ => format!("{count} {noun}s"),
    }
}

/// The writers' shared test data: one finding written in a format.
#[cfg(test)]
pub(crate) mod test_data {
    use rfc1738::lint::{Code, Finding};
    use rfc1738::Span;

    use super::{output, Edit, Format, Report, RunInfo, Summary};
    use crate::extract::Applicability;
    use crate::source::SourceText;

    /// The program whose URL the finding is in.
    pub(crate) const PROGRAM: &str = "URL = 'http://a.example/~x'\n";

    /// What `format` writes of a run with one finding: U003 at the `~` of
    /// [`PROGRAM`], with its fix, of this applicability.
    pub(crate) fn written(format: Format, applicability: Applicability) -> String {
        let doc = SourceText::new(PROGRAM.as_bytes().to_vec());
        let at = PROGRAM.find('~').unwrap();
        let span = Span::new(at, at + 1);
        let finding = Finding::new(Code::UnsafeCharacter, span, "\"~\" is unsafe".to_owned());
        let (start, end) = (doc.position(span.start), doc.position(span.end));
        let edit = Edit {
            span,
            bytes: (at, at + 1),
            start,
            end,
            content: "%7E".to_owned(),
        };
        let report = Report {
            file: "a.py",
            doc: &doc,
            finding: &finding,
            start,
            end,
            bytes: (at, at + 1),
            url: None,
            fix: Some(&edit),
            fixable: true,
            applicability,
            severe: true,
        };
        let mut writer = output(format, false);
        let mut out = Vec::new();
        let info = RunInfo {
            cwd: "/r".to_owned(),
        };
        writer.begin(&mut out, &info).unwrap();
        writer.finding(&mut out, &report).unwrap();
        writer.end_file(&mut out, "a.py").unwrap();
        writer.finish(&mut out, &Summary::default()).unwrap();
        String::from_utf8(out).unwrap()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
