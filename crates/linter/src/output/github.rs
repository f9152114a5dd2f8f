//! `--format github`: GitHub Actions' workflow commands
//! (`::error file=...,line=...,col=...::message`), shown as annotations.

use std::io::{self, Write};

use rfc1738::lint::Severity;

use super::{Output, Report, Summary};

pub(super) struct Github;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn workflow_commands_are_escaped() {
        assert_eq!(github_property("a,b:c%\n"), "a%2Cb%3Ac%25%0A");
        assert_eq!(github_data("a,b:c"), "a,b:c");
    }
}
