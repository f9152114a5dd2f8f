//! `--format human`: each finding as its source line with the problem
//! underlined (annotate-snippets), and the summary's lines at the end.

use std::io::{self, Write};

use annotate_snippets::{AnnotationKind, Group, Level, Origin, Renderer, Snippet};
use rfc1738::lint::{Code, Severity};

use super::{Output, Report, Summary, CLIP};
use crate::source::Position;

/// How many findings of one code in one URL the human format shows in
/// full; the others are counted in one line after them. A URL of a million
/// unsafe characters is a million findings: a reader learns nothing from the
/// excerpts past the first few, and printing each (800 bytes of excerpt)
/// would take seconds. The summary, the exit code and every other format
/// count and list each one.
const SHOWN_IN_ONE_URL: usize = 10;

pub(super) struct Human {
    renderer: Renderer,
    /// The findings of the URL being reported, counted by code.
    url: Option<UrlFindings>,
}

/// The findings of one URL, one after the other, counted by code.
struct UrlFindings {
    file: String,
    url_start: usize,
    codes: Vec<CodeCount>,
}

/// The findings of one code in a [`UrlFindings`].
struct CodeCount {
    code: Code,
    shown: usize,
    hidden: usize,
    /// Where the last hidden one is.
    last: Position,
}

impl Human {
    /// The writer, in colour or not.
    pub(super) fn new(colour: bool) -> Human {
        Human {
            renderer: if colour {
                Renderer::styled()
            } else {
                Renderer::plain()
            },
            url: None,
        }
    }

    /// Says how many findings of the URL whose findings end here were not
    /// shown, code by code.
    fn end_url(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let Some(url) = self.url.take() else {
            return Ok(());
        };
        for CodeCount {
            code, hidden, last, ..
        } in url.codes
        {
            if hidden > 0 {
                let note = format!(
                    "{hidden} more {code} {} in this URL, the last at {}:{}:{} (`--format short` lists each)",
                    code.name(),
                    url.file,
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
            self.end_url(out)?;
            return Ok(true);
        };
        let same = self.url.as_ref().is_some_and(|findings| {
            findings.url_start == url.span.start && findings.file == report.file
        });
        if !same {
            self.end_url(out)?;
        }
        let findings = self.url.get_or_insert_with(|| UrlFindings {
            file: report.file.to_owned(),
            url_start: url.span.start,
            codes: Vec::new(),
        });
        let code = report.finding.code;
        let Some(count) = findings.codes.iter_mut().find(|count| count.code == code) else {
            findings.codes.push(CodeCount {
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
        self.end_url(out)
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
            let help = if report.unsafe_fix() {
                format!("unsafe fix (`--fix --unsafe-fixes` applies it): {fix}")
            } else {
                format!("fix: {fix}")
            };
            group = group.element(Level::HELP.message(help));
        }
        group = group.element(Level::HELP.message(format!(
            "{}; `rfc1738 explain {}` says more",
            finding.code.reference(),
            finding.code
        )));
        writeln!(out, "{}\n", self.renderer.render(&[group]))
    }

    fn finish(&mut self, out: &mut dyn Write, summary: &Summary) -> io::Result<()> {
        self.end_url(out)?;
        summary.write_lines(out)
    }
}

#[cfg(test)]
mod tests {
    use crate::extract::Applicability;
    use crate::output::test_data::written;
    use crate::output::Format;

    #[test]
    fn an_unsafe_fix_is_told_from_a_safe_one() {
        let unsafe_fix = written(Format::Human, Applicability::Unsafe);
        assert!(
            unsafe_fix.contains("unsafe fix (`--fix --unsafe-fixes` applies it): replace \"~\""),
            "{unsafe_fix}"
        );
        let safe = written(Format::Human, Applicability::Safe);
        assert!(safe.contains("help: fix: replace \"~\""), "{safe}");
    }
}
