//! JUnit XML, as CI systems read test reports: a `<testsuite>` for each
//! file linted, holding one `<testcase>` named after the file, with a
//! `<failure>` for each finding at or above the level (`--level`, the
//! configuration's `level`) and the findings below it as lines of its
//! `<system-out>`. A file is written once its findings are all made:
//! memory holds one file's findings below the level, and nothing of the
//! files before.

use std::io::{self, Write};

use super::{Output, Report, RunInfo, Summary};

/// The writer: the file whose test case is open, and its findings below
/// the level.
#[derive(Default)]
pub(super) struct Junit {
    /// The file whose `<testsuite>` is open, when its first failure was
    /// written.
    open: Option<String>,
    /// Findings of the current file below the level, one line each.
    below: Vec<String>,
}

/// `text` escaped for XML 1.0 content and attribute values; characters XML
/// 1.0 does not allow (controls other than tab and line breaks) become
/// U+FFFD.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || matches!(c, '\u{fffe}' | '\u{ffff}') => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// Opens the test suite and test case of `file`; `failed` says whether the
/// case fails.
fn open(out: &mut dyn Write, file: &str, failed: bool) -> io::Result<()> {
    let name = escape(file);
    write!(
        out,
        "  <testsuite name=\"{name}\" tests=\"1\" failures=\"{}\" errors=\"0\" skipped=\"0\">\n    <testcase name=\"{name}\" classname=\"rfc1738.lint\" file=\"{name}\">\n",
        u8::from(failed)
    )
}

impl Output for Junit {
    fn begin(&mut self, out: &mut dyn Write, _info: &RunInfo) -> io::Result<()> {
        writeln!(
            out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"rfc1738 lint\">"
        )
    }

    fn prints_fixes(&self) -> bool {
        false
    }

    fn uses_end(&self) -> bool {
        false
    }

    fn finding(&mut self, out: &mut dyn Write, report: &Report<'_>) -> io::Result<()> {
        let line = report.short_line();
        if !report.severe {
            self.below.push(line);
            return Ok(());
        }
        if self.open.as_deref() != Some(report.file) {
            open(out, report.file, true)?;
            self.open = Some(report.file.to_owned());
        }
        let finding = report.finding;
        writeln!(
            out,
            "      <failure type=\"{}\" message=\"{}\">{}</failure>",
            finding.code,
            escape(&format!("{} [{}]", finding.message, finding.code)),
            escape(&line)
        )
    }

    fn end_file(&mut self, out: &mut dyn Write, file: &str) -> io::Result<()> {
        if self.open.take().is_none() {
            open(out, file, false)?;
        }
        if !self.below.is_empty() {
            let lines = std::mem::take(&mut self.below);
            writeln!(
                out,
                "      <system-out>{}</system-out>",
                escape(&lines.join("\n"))
            )?;
        }
        writeln!(out, "    </testcase>\n  </testsuite>")
    }

    fn finish(&mut self, out: &mut dyn Write, _summary: &Summary) -> io::Result<()> {
        writeln!(out, "</testsuites>")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_for_xml() {
        assert_eq!(
            escape("a<b>&\"c\" 'd'\u{1}\te"),
            "a&lt;b&gt;&amp;&quot;c&quot; &apos;d&apos;\u{fffd}\te"
        );
    }
}
