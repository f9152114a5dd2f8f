//! `--format json`: one JSON object a line, one line a finding (JSON
//! Lines), with the error's trace and the fix.

use std::borrow::Cow;
use std::io::{self, Write};

use rfc1738::Span;

use super::{clip, Output, Report, Summary, CLIP};

pub(super) struct Json;

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
            applicability: report.applicability_name(),
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

#[cfg(test)]
mod tests {
    use crate::extract::Applicability;
    use crate::output::test_data::written;
    use crate::output::Format;

    #[test]
    fn the_fix_says_its_applicability() {
        for (applicability, name) in [
            (Applicability::Safe, "safe"),
            (Applicability::Unsafe, "unsafe"),
        ] {
            let line = written(Format::Json, applicability);
            let value: serde_json::Value = serde_json::from_str(&line).unwrap();
            assert_eq!(value["fix"]["applicability"], name, "{line}");
        }
    }
}
