//! `--format short`: `file:line:col: severity: message [code]`, one line
//! a finding, as compilers and editors print them.

use std::io::{self, Write};

use super::{Output, Report, Summary};

/// Appends `value` in decimal: `write!("{value}")` without the formatting
/// machinery.
fn push_decimal(line: &mut Vec<u8>, value: usize) {
    line.extend_from_slice(itoa::Buffer::new().format(value).as_bytes());
}

/// One line a finding, built in a buffer kept from line to line and
/// written at once.
#[derive(Default)]
pub(super) struct Short {
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
        if report.unsafe_fix() {
            line.extend_from_slice(b" (unsafe fix)");
        } else if report.fixable {
            line.extend_from_slice(b" (fixable)");
        }
        line.push(b'\n');
        out.write_all(line)
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
    fn an_unsafe_fix_is_told_from_a_safe_one() {
        let unsafe_fix = written(Format::Short, Applicability::Unsafe);
        assert!(
            unsafe_fix.ends_with("[U003] (unsafe fix)\n"),
            "{unsafe_fix}"
        );
        let safe = written(Format::Short, Applicability::Safe);
        assert!(safe.ends_with("[U003] (fixable)\n"), "{safe}");
    }
}
