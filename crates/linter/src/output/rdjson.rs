//! reviewdog's Diagnostic Format as one JSON document (`rdjson`): a
//! `DiagnosticResult` whose diagnostics are the findings, each with its
//! code, severity, range (lines from 1, columns in bytes from 1, the end
//! exclusive, as reviewdog counts) and its fix as a suggestion. Written as
//! the findings are made, as SARIF is.

use std::io::{self, Write};

use rfc1738::lint::Severity;
use rfc1738::Span;
use serde_json::{json, Value};

use super::{Output, Report, RunInfo, Summary};
use crate::source::Decoded;

/// The writer; how many diagnostics it wrote.
#[derive(Default)]
pub(super) struct Rdjson {
    diagnostics: usize,
}

/// reviewdog's name of a severity.
fn severity(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "ERROR",
        Severity::Warning => "WARNING",
        Severity::Info => "INFO",
    }
}

/// A position as reviewdog counts: line from 1, column in bytes from 1.
fn position(doc: &Decoded, offset: usize) -> Value {
    json!({ "line": doc.position(offset).line, "column": doc.byte_column(offset) })
}

/// The range of a span of the text, its end exclusive.
fn range(doc: &Decoded, span: Span) -> Value {
    json!({ "start": position(doc, span.start), "end": position(doc, span.end) })
}

impl Output for Rdjson {
    fn begin(&mut self, out: &mut dyn Write, _info: &RunInfo) -> io::Result<()> {
        write!(
            out,
            "{{\"source\":{{\"name\":\"rfc1738\",\"url\":\"https://www.rfc-editor.org/rfc/rfc1738\"}},\"diagnostics\":["
        )
    }

    fn uses_end(&self) -> bool {
        false
    }

    fn finding(&mut self, out: &mut dyn Write, report: &Report<'_>) -> io::Result<()> {
        let finding = report.finding;
        let doc = report.doc;
        let mut diagnostic = json!({
            "message": finding.message,
            "location": { "path": report.file, "range": range(doc, finding.span) },
            "severity": severity(finding.severity),
            "source": { "name": "rfc1738" },
            "code": { "value": finding.code.code() },
            "original_output": report.short_line(),
        });
        if let Some(fix) = report.fix {
            diagnostic["suggestions"] = json!([{
                "range": range(doc, fix.span),
                "text": fix.content,
            }]);
        }
        if self.diagnostics > 0 {
            out.write_all(b",")?;
        }
        self.diagnostics += 1;
        writeln!(out)?;
        serde_json::to_writer(&mut *out, &diagnostic)?;
        Ok(())
    }

    fn finish(&mut self, out: &mut dyn Write, _summary: &Summary) -> io::Result<()> {
        writeln!(out, "]}}")
    }
}
