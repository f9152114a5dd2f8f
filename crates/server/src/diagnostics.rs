//! A document's findings by the linter's own pipeline
//! ([`rfc1738_linter::pipeline`]): the configuration found upward from its
//! file, its baseline, per-file ignores, suppression comments and fixes, as
//! `rfc1738 lint` finds them; and the diagnostics the editor shows.

use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};

use lsp_types::{
    CodeDescription, Diagnostic, DiagnosticSeverity, NumberOrString, Position, Range, Url,
};
use rfc1738::lint::{Code, Severity};
use rfc1738::scan::ScannedUrl;
use rfc1738::Span;

use super::document::Document;
use super::findings::{KeptFinding, Linted, MAX_FINDINGS};
use super::position::{Encoding, LineIndex};
use rfc1738_linter::baseline::{Baseline, Ledger};
use rfc1738_linter::config::{ConfigError, Configs};
use rfc1738_linter::output::Report;
use rfc1738_linter::pipeline::{self, FileLint, Overrides, Reporter, Settings};
use rfc1738_linter::source::SourceText;

/// The `source` of every diagnostic.
pub(crate) const SOURCE: &str = "rfc1738";

/// The findings of one lint.
struct Collect<'a> {
    linted: &'a mut Linted,
}

impl Reporter for Collect<'_> {
    fn wants_fixes(&self) -> bool {
        true
    }

    fn wants_end(&self) -> bool {
        false
    }

    fn url(&mut self, _file: &str, doc: &SourceText, url: &ScannedUrl) -> io::Result<()> {
        if doc.text[url.outer.range()].contains('\n') {
            self.linted.multiline.push(url.outer);
        }
        Ok(())
    }

    fn finding(&mut self, report: &Report<'_>) -> io::Result<()> {
        if self.linted.findings.len() >= MAX_FINDINGS {
            self.linted.more += 1;
            return Ok(());
        }
        self.linted.findings.push(KeptFinding {
            span: report.finding.span,
            code: report.finding.code,
            severity: report.finding.severity,
            message: report.finding.message.clone(),
            fix: report.fix.map(|edit| (edit.span, edit.content.clone())),
            unsafe_fix: report.unsafe_fix(),
        });
        Ok(())
    }

    fn unknown_code(&mut self, _file: &str, _doc: &SourceText, span: Span, code: &str) {
        self.linted.unknown.push((span, code.to_owned()));
    }
}

/// What applies to a document: its settings, and its baseline's ledger.
pub(crate) struct Context {
    pub(crate) settings: Settings,
    pub(crate) ledger: Option<Ledger>,
}

/// The configurations and baselines read, until one changes on disk.
pub(crate) struct Workspace {
    configs: Configs,
    baselines: HashMap<PathBuf, Result<Baseline, ConfigError>>,
}

impl Workspace {
    pub(crate) fn new() -> Workspace {
        Workspace {
            configs: Configs::upward(),
            baselines: HashMap::new(),
        }
    }

    /// The baselines named so far.
    pub(crate) fn baseline_paths(&self) -> impl Iterator<Item = &Path> {
        self.baselines.keys().map(PathBuf::as_path)
    }

    /// What applies to the file `path` (none for a buffer without a file);
    /// `None` when its configuration excludes it.
    pub(crate) fn context(&mut self, path: Option<&Path>) -> Result<Option<Context>, ConfigError> {
        let overrides = Overrides::default();
        let Some(path) = path else {
            return Ok(Some(Context {
                settings: pipeline::settings(&overrides, None, Path::new("/")),
                ledger: None,
            }));
        };
        let (settings, config) = pipeline::settings_for(&mut self.configs, &overrides, path)?;
        if pipeline::excluded(config.as_deref(), path) {
            return Ok(None);
        }
        let ledger = match config.as_ref().and_then(|config| config.baseline.as_ref()) {
            None => None,
            Some(named) => {
                let baseline = self
                    .baselines
                    .entry(named.path.clone())
                    .or_insert_with(|| Baseline::load_named(named));
                Some(baseline.as_ref().map_err(Clone::clone)?.ledger(path))
            }
        };
        Ok(Some(Context { settings, ledger }))
    }

    /// Lints a document.
    pub(crate) fn lint(&mut self, document: &Document) -> Linted {
        let mut linted = Linted::default();
        let mut context = match self.context(document.path.as_deref()) {
            Ok(Some(context)) => context,
            Ok(None) => return linted,
            Err(problem) => {
                linted.problem = Some(problem);
                return linted;
            }
        };
        linted.markdown_code = context.settings.markdown_code;
        let bytes = match &document.disk {
            Some(bytes) => bytes.clone(),
            None => document.text.clone().into_bytes(),
        };
        let decoded = SourceText::utf8(bytes);
        let mut collect = Collect {
            linted: &mut linted,
        };
        // Writing to memory does not fail.
        let _ = FileLint::new(&document.name, &decoded, &context.settings, &mut collect)
            .with_ledger(context.ledger.as_mut())
            .whole(document.kind);
        linted
    }
}

/// An LSP range of a span of `text`.
pub(crate) fn range(lines: &LineIndex, text: &str, span: Span, encoding: Encoding) -> Range {
    Range::new(
        lines.position(text, span.start, encoding),
        lines.position(text, span.end, encoding),
    )
}

fn severity(severity: Severity) -> DiagnosticSeverity {
    match severity {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Info => DiagnosticSeverity::INFORMATION,
    }
}

/// The RFC's section of a code, as a link.
fn description(code: Code) -> Option<CodeDescription> {
    let section = code.section();
    if !section.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let href = Url::parse(&format!(
        "https://www.rfc-editor.org/rfc/rfc1738#section-{section}"
    ))
    .ok()?;
    Some(CodeDescription { href })
}

/// A diagnostic of this server.
pub(crate) fn diagnostic(
    range: Range,
    severity: DiagnosticSeverity,
    message: String,
) -> Diagnostic {
    Diagnostic {
        range,
        severity: Some(severity),
        source: Some(SOURCE.to_owned()),
        message,
        ..Diagnostic::default()
    }
}

/// The diagnostics of a document's last lint.
pub(crate) fn diagnostics(
    document: &Document,
    linted: &Linted,
    encoding: Encoding,
) -> Vec<Diagnostic> {
    let text = &document.text;
    let start = Range::new(Position::new(0, 0), Position::new(0, 0));
    if let Some(problem) = &linted.problem {
        return vec![diagnostic(
            start,
            DiagnosticSeverity::WARNING,
            format!("not linted: {problem}"),
        )];
    }
    // One link a code, not a URL parsed for each finding.
    let descriptions: Vec<Option<CodeDescription>> =
        Code::ALL.iter().map(|code| description(*code)).collect();
    let mut converter = document.lines.converter(text, encoding);
    let mut diagnostics = Vec::with_capacity(linted.findings.len() + linted.unknown.len());
    for found in &linted.findings {
        let range = Range::new(
            converter.position(found.span.start),
            converter.position(found.span.end),
        );
        diagnostics.push(Diagnostic {
            code: Some(NumberOrString::String(found.code.code().to_owned())),
            code_description: descriptions[found.code.index()].clone(),
            ..diagnostic(range, severity(found.severity), found.message.clone())
        });
    }
    for (span, code) in &linted.unknown {
        diagnostics.push(diagnostic(
            range(&document.lines, text, *span, encoding),
            DiagnosticSeverity::WARNING,
            format!(
                "unknown code {code:?} in a suppression comment; `rfc1738 explain` lists the codes"
            ),
        ));
    }
    if linted.more > 0 {
        diagnostics.push(diagnostic(
            start,
            DiagnosticSeverity::INFORMATION,
            format!(
                "{} more findings are not shown (the first {MAX_FINDINGS} are); `rfc1738 lint` lists them all",
                linted.more
            ),
        ));
    }
    diagnostics
}

/// The diagnostic of a configuration or baseline file with an error: at
/// the error's place, to the end of its line.
pub(crate) fn problem_diagnostic(problem: &ConfigError, encoding: Encoding) -> Diagnostic {
    let text = std::fs::read(&problem.path)
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .unwrap_or_default();
    let lines = LineIndex::new(&text);
    let range = match problem.offset {
        Some(offset) => {
            // The file may have changed since: a place inside it.
            let mut offset = offset.min(text.len());
            while !text.is_char_boundary(offset) {
                offset -= 1;
            }
            let end = text[offset..]
                .find(['\n', '\r'])
                .map_or(text.len(), |i| offset + i);
            range(&lines, &text, Span::new(offset, end), encoding)
        }
        None => Range::default(),
    };
    diagnostic(range, DiagnosticSeverity::ERROR, problem.message.clone())
}
