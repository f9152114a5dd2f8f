//! reviewdog's Diagnostic Format as one JSON document (`rdjson`): a
//! `DiagnosticResult` whose diagnostics are the findings, each with its
//! code, severity, range (lines from 1, columns in bytes from 1, the end
//! exclusive, as reviewdog counts) and its fix as a suggestion. Written as
//! the findings are made, as SARIF is.

use std::io::{self, Write};

use rfc1738::lint::Severity;
use rfc1738::Span;
use serde::Serialize;

use super::{Output, Report, RunInfo, Summary};
use crate::source::SourceText;

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
#[derive(Serialize)]
struct Place {
    line: usize,
    column: usize,
}

fn position(doc: &SourceText, offset: usize) -> Place {
    Place {
        line: doc.position(offset).line,
        column: doc.byte_column(offset),
    }
}

/// The range of a span of the text, its end exclusive.
#[derive(Serialize)]
struct Range {
    start: Place,
    end: Place,
}

fn range(doc: &SourceText, span: Span) -> Range {
    Range {
        start: position(doc, span.start),
        end: position(doc, span.end),
    }
}

/// One diagnostic, serialized as it stands (no map built per finding).
#[derive(Serialize)]
struct Diagnostic<'a> {
    message: &'a str,
    location: Location<'a>,
    severity: &'a str,
    source: Name<'a>,
    code: Code<'a>,
    original_output: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    suggestions: Option<[Suggestion<'a>; 1]>,
}

#[derive(Serialize)]
struct Location<'a> {
    path: &'a str,
    range: Range,
}

#[derive(Serialize)]
struct Name<'a> {
    name: &'a str,
}

#[derive(Serialize)]
struct Code<'a> {
    value: &'a str,
}

#[derive(Serialize)]
struct Suggestion<'a> {
    range: Range,
    text: &'a str,
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
        let diagnostic = Diagnostic {
            message: &finding.message,
            location: Location {
                path: report.file,
                range: range(doc, finding.span),
            },
            severity: severity(finding.severity),
            source: Name { name: "rfc1738" },
            code: Code {
                value: finding.code.code(),
            },
            // reviewdog's format has no place for a fix's applicability:
            // an unsafe one is said in the tool's own line.
            original_output: if report.unsafe_fix() {
                format!("{} (unsafe fix)", report.short_line())
            } else {
                report.short_line()
            },
            suggestions: report.fix.map(|fix| {
                [Suggestion {
                    range: range(doc, fix.span),
                    text: &fix.content,
                }]
            }),
        };
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

#[cfg(test)]
mod tests {
    use crate::extract::Applicability;
    use crate::output::test_data::written;
    use crate::output::Format;

    #[test]
    fn an_unsafe_fix_is_said_in_the_tool_s_line() {
        let output = |applicability| -> serde_json::Value {
            let document: serde_json::Value =
                serde_json::from_str(&written(Format::Rdjson, applicability)).unwrap();
            document["diagnostics"][0]["original_output"].clone()
        };
        let unsafe_fix = output(Applicability::Unsafe);
        assert!(
            unsafe_fix
                .as_str()
                .unwrap()
                .ends_with("[U003] (unsafe fix)"),
            "{unsafe_fix}"
        );
        let safe = output(Applicability::Safe);
        assert!(safe.as_str().unwrap().ends_with("[U003]"), "{safe}");
    }
}
