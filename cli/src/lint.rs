//! `rfc1738 lint`: find the URLs in files and report every problem at its
//! file, line and column, for people (annotated source), editors (`short`),
//! programs (`json`) and code scanning (`sarif`).

use std::io::{IsTerminal, Read, Write};
use std::process::ExitCode;

use annotate_snippets::{AnnotationKind, Level, Renderer, Snippet};
use clap::{Args, ValueEnum};
use rfc1738::lint::{lint_scanned, Code, Finding, Severity};
use rfc1738::scan::{scan, ScannedUrl};
use rfc1738::Span;
use serde_json::{json, Value};

#[derive(Args)]
pub(crate) struct LintArgs {
    /// Files to lint; standard input when none is given or for `-`.
    files: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// Report only these codes or names (comma-separated, e.g. U001,password).
    #[arg(long, value_delimiter = ',', value_name = "CODES")]
    select: Vec<String>,
    /// Do not report these codes or names (comma-separated).
    #[arg(long, value_delimiter = ',', value_name = "CODES")]
    ignore: Vec<String>,
    /// The lowest severity that makes the exit code 1 (info, warning, error).
    #[arg(long, default_value = "warning", value_parser = parse_severity)]
    level: Severity,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    /// The source line with the problem underlined (colour on a terminal).
    Human,
    /// `file:line:col: severity: message [code]`, one line a finding.
    Short,
    /// One JSON object a line, one line a finding (JSON Lines).
    Json,
    /// SARIF 2.1.0, for code scanning.
    Sarif,
    /// Every URL found, `file:line:col: URL`, one line each; no lint.
    Urls,
}

fn parse_severity(name: &str) -> Result<Severity, String> {
    Severity::from_name(name).ok_or_else(|| format!("{name:?} is not info, warning or error"))
}

/// A file as text: invalid UTF-8 replaced by U+FFFD, with the map back to
/// the file's bytes.
pub(crate) struct Decoded {
    pub(crate) text: String,
    /// `(text offset, byte offset, replaced)` where each valid or replaced
    /// run starts.
    runs: Vec<(usize, usize, bool)>,
    /// The replaced sequences: their span in `text` and their bytes.
    invalid: Vec<(Span, Vec<u8>)>,
    /// Offsets in `text` where each line starts.
    line_starts: Vec<usize>,
    /// The last location computed, `(offset, line, column)`: findings come
    /// in order, so counting on from it keeps long lines linear.
    last: std::cell::Cell<(usize, usize, usize)>,
}

impl Decoded {
    pub(crate) fn new(bytes: &[u8]) -> Decoded {
        let mut text = String::with_capacity(bytes.len());
        let mut runs = Vec::new();
        let mut invalid = Vec::new();
        let mut at = 0;
        while at < bytes.len() {
            runs.push((text.len(), at, false));
            match std::str::from_utf8(&bytes[at..]) {
                Ok(valid) => {
                    text.push_str(valid);
                    at = bytes.len();
                }
                Err(error) => {
                    let valid = error.valid_up_to();
                    // The prefix is valid by the error's own account.
                    text.push_str(std::str::from_utf8(&bytes[at..at + valid]).unwrap_or(""));
                    at += valid;
                    let bad = error.error_len().unwrap_or(bytes.len() - at);
                    runs.push((text.len(), at, true));
                    let start = text.len();
                    text.push(char::REPLACEMENT_CHARACTER);
                    invalid.push((Span::new(start, text.len()), bytes[at..at + bad].to_vec()));
                    at += bad;
                }
            }
        }
        // The end of the text is the end of the file.
        runs.push((text.len(), bytes.len(), false));
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Decoded {
            text,
            runs,
            invalid,
            line_starts,
            last: std::cell::Cell::new((0, 1, 1)),
        }
    }

    /// The file's byte offset of a text offset.
    fn byte_offset(&self, offset: usize) -> usize {
        let index = self.runs.partition_point(|(start, _, _)| *start <= offset);
        match index.checked_sub(1).map(|i| self.runs[i]) {
            // Inside a replacement character: its first byte.
            Some((_, byte_start, true)) => byte_start,
            Some((text_start, byte_start, false)) => byte_start + (offset - text_start),
            None => offset,
        }
    }

    /// 1-based line and column (in characters) of a text offset.
    fn location(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.line_starts.partition_point(|start| *start <= offset);
        let start = self.line_starts[line - 1];
        let (last_offset, last_line, last_column) = self.last.get();
        let column = if last_line == line && last_offset <= offset {
            last_column + self.text[last_offset..offset].chars().count()
        } else {
            self.text[start..offset].chars().count() + 1
        };
        self.last.set((offset, line, column));
        (line, column)
    }

    /// The lines that hold `span`, and where they start.
    fn lines_of(&self, span: Span) -> (usize, &str) {
        let (first, _) = self.location(span.start);
        let (last, _) = self.location(span.end.saturating_sub(1).max(span.start));
        let start = self.line_starts[first - 1];
        let end = self
            .line_starts
            .get(last)
            .map_or(self.text.len(), |next| next - 1);
        let mut end = end.max(start);
        // The renderer would show the CR of a CRLF line break.
        if end > span.end.max(start) && self.text[..end].ends_with('\r') {
            end -= 1;
        }
        (first, &self.text[start..end])
    }
}

/// One finding of one file, with everything every format needs.
struct Report<'a> {
    file: &'a str,
    finding: Finding,
    start: (usize, usize),
    end: (usize, usize),
    bytes: (usize, usize),
}

pub(crate) fn run(args: &LintArgs, out: &mut impl Write) -> ExitCode {
    let (select, ignore) = match (codes(&args.select), codes(&args.ignore)) {
        (Ok(select), Ok(ignore)) => (select, ignore),
        (Err(message), _) | (_, Err(message)) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let files: Vec<String> = if args.files.is_empty() {
        vec!["-".to_owned()]
    } else {
        args.files.clone()
    };
    let mut io_error = false;
    let mut decoded = Vec::new();
    for file in &files {
        match read(file) {
            Ok(bytes) => decoded.push((display_name(file), Decoded::new(&bytes))),
            Err(error) => {
                eprintln!("error: {file}: {error}");
                io_error = true;
            }
        }
    }
    let mut reports = Vec::new();
    let mut url_count = 0;
    for (file, doc) in &decoded {
        let urls = scan(&doc.text);
        url_count += urls.len();
        if args.format == Format::Urls {
            for url in &urls {
                let _ = writeln!(out, "{}", url_line(file, doc, url));
            }
            continue;
        }
        let mut findings: Vec<Finding> = doc
            .invalid
            .iter()
            .map(|(span, bytes)| invalid_utf8(doc, *span, bytes))
            .collect();
        // A U+FFFD that stands for bad bytes is reported once, as such.
        findings.extend(
            urls.iter()
                .flat_map(|url| lint_scanned(&doc.text, url))
                .filter(|finding| {
                    finding.code != Code::NonAscii
                        || !doc.invalid.iter().any(|(span, _)| *span == finding.span)
                }),
        );
        findings.sort_by_key(|finding| (finding.span.start, finding.code));
        for finding in findings {
            let wanted = (select.is_empty() || select.contains(&finding.code))
                && !ignore.contains(&finding.code);
            if wanted {
                reports.push(Report {
                    file,
                    start: doc.location(finding.span.start),
                    end: doc.location(finding.span.end),
                    bytes: (
                        doc.byte_offset(finding.span.start),
                        doc.byte_offset(finding.span.end),
                    ),
                    finding,
                });
            }
        }
    }
    let written = match args.format {
        Format::Human => human(&reports, &decoded, url_count, out),
        Format::Short => short(&reports, out),
        Format::Json => jsonl(&reports, out),
        Format::Sarif => sarif(&reports, out),
        Format::Urls => Ok(()),
    };
    if let Err(error) = written {
        eprintln!("error: cannot write the report: {error}");
        return ExitCode::from(2);
    }
    if io_error {
        ExitCode::from(2)
    } else if reports.iter().any(|r| r.finding.severity >= args.level) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn codes(names: &[String]) -> Result<Vec<Code>, String> {
    names
        .iter()
        .filter(|name| !name.is_empty())
        .map(|name| {
            Code::from_name(name).ok_or_else(|| {
                format!("unknown lint code {name:?}; `rfc1738 explain` lists the codes")
            })
        })
        .collect()
}

fn read(file: &str) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    if file == "-" {
        std::io::stdin().lock().read_to_end(&mut bytes)?;
    } else {
        bytes = std::fs::read(file)?;
    }
    Ok(bytes)
}

fn display_name(file: &str) -> String {
    match file {
        "-" => "<stdin>".to_owned(),
        _ => file.to_owned(),
    }
}

fn invalid_utf8(doc: &Decoded, span: Span, bytes: &[u8]) -> Finding {
    let hex: Vec<String> = bytes.iter().map(|b| format!("{b:02x}")).collect();
    Finding {
        code: Code::InvalidUtf8,
        severity: Code::InvalidUtf8.severity(),
        message: format!(
            "invalid UTF-8 at byte offset {} (bytes {}); linted the rest",
            doc.byte_offset(span.start),
            hex.join(" ")
        ),
        span,
        url: None,
        url_span: None,
        error: None,
    }
}

fn url_line(file: &str, doc: &Decoded, url: &ScannedUrl) -> String {
    let (line, column) = doc.location(url.span.start);
    let (end_line, end_column) = doc.location(url.span.end);
    let fragment = url
        .fragment
        .as_ref()
        .map(|fragment| format!(" #{}", fragment.text))
        .unwrap_or_default();
    format!(
        "{file}:{line}:{column}-{end_line}:{end_column}: {}{fragment}",
        url.text
    )
}

fn short(reports: &[Report<'_>], out: &mut impl Write) -> std::io::Result<()> {
    for report in reports {
        let finding = &report.finding;
        writeln!(
            out,
            "{}:{}:{}: {}: {} [{}]",
            report.file,
            report.start.0,
            report.start.1,
            finding.severity,
            finding.message,
            finding.code
        )?;
    }
    Ok(())
}

fn human(
    reports: &[Report<'_>],
    decoded: &[(String, Decoded)],
    url_count: usize,
    out: &mut impl Write,
) -> std::io::Result<()> {
    let colour = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let renderer = if colour {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    for report in reports {
        let finding = &report.finding;
        let Some((_, doc)) = decoded.iter().find(|(file, _)| file == report.file) else {
            continue;
        };
        let (first_line, excerpt) = doc.lines_of(finding.span);
        let excerpt_start = doc.line_starts[first_line - 1];
        let start = finding.span.start - excerpt_start;
        let end = (finding.span.end - excerpt_start).min(excerpt.len());
        let level = match finding.severity {
            Severity::Error => Level::ERROR,
            Severity::Warning => Level::WARNING,
            Severity::Info => Level::INFO,
        };
        let code = format!("{} {}", finding.code, finding.code.name());
        let mut group = level
            .clone()
            .primary_title(finding.message.as_str())
            .id(code)
            .element(
                Snippet::source(excerpt)
                    .line_start(first_line)
                    .path(report.file)
                    .annotation(
                        AnnotationKind::Primary
                            .span(start..end)
                            .label(finding.code.summary()),
                    ),
            );
        if let Some(url) = &finding.url {
            group = group.element(Level::NOTE.message(format!("URL: {url}")));
        }
        group = group.element(Level::HELP.message(format!(
            "{}; `rfc1738 explain {}` says more",
            finding.code.reference(),
            finding.code
        )));
        writeln!(out, "{}\n", renderer.render(&[group]))?;
    }
    let count = |severity| {
        reports
            .iter()
            .filter(|r| r.finding.severity == severity)
            .count()
    };
    writeln!(
        out,
        "{} in {}: {}, {}, {}",
        plural(url_count, "URL"),
        plural(decoded.len(), "file"),
        plural(count(Severity::Error), "error"),
        plural(count(Severity::Warning), "warning"),
        plural(count(Severity::Info), "info")
    )
}

fn plural(count: usize, noun: &str) -> String {
    match count {
        1 => format!("1 {noun}"),
        _ => format!("{count} {noun}s"),
    }
}

fn jsonl(reports: &[Report<'_>], out: &mut impl Write) -> std::io::Result<()> {
    for report in reports {
        let finding = &report.finding;
        let error = finding.error.as_ref();
        let value = json!({
            "file": report.file,
            "line": report.start.0,
            "column": report.start.1,
            "end_line": report.end.0,
            "end_column": report.end.1,
            "byte_start": report.bytes.0,
            "byte_end": report.bytes.1,
            "severity": finding.severity.name(),
            "code": finding.code.code(),
            "name": finding.code.name(),
            "message": finding.message,
            "stack": error.map(|e| e.stack().iter().map(|r| r.name()).collect::<Vec<_>>()),
            "expected": error.map(|e| e.expected().iter().map(ToString::to_string).collect::<Vec<_>>()),
            "found": error.map(|e| e.found().to_string()),
            "url": finding.url,
        });
        writeln!(out, "{value}")?;
    }
    Ok(())
}

fn sarif(reports: &[Report<'_>], out: &mut impl Write) -> std::io::Result<()> {
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
    // Results are written one by one: a log of many findings is never held
    // in memory as one JSON value.
    write!(
        out,
        "{{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"version\":\"2.1.0\",\
         \"runs\":[{{\"tool\":{tool},\"columnKind\":\"unicodeCodePoints\",\"results\":["
    )?;
    for (index, report) in reports.iter().enumerate() {
        if index > 0 {
            out.write_all(b",")?;
        }
        writeln!(out)?;
        serde_json::to_writer(&mut *out, &sarif_result(report))?;
    }
    writeln!(out, "]}}]}}")
}

fn sarif_result(report: &Report<'_>) -> Value {
    let finding = &report.finding;
    let index = Code::ALL.iter().position(|c| *c == finding.code);
    json!({
        "ruleId": finding.code.code(),
        "ruleIndex": index,
        "level": sarif_level(finding.severity),
        "message": { "text": finding.message },
        "locations": [{
            "physicalLocation": {
                "artifactLocation": { "uri": file_uri(report.file) },
                "region": {
                    "startLine": report.start.0,
                    "startColumn": report.start.1,
                    "endLine": report.end.0,
                    "endColumn": report.end.1,
                    "byteOffset": report.bytes.0,
                    "byteLength": report.bytes.1 - report.bytes.0,
                }
            }
        }],
    })
}

fn sarif_level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

/// A relative URI reference for a path: bytes other than unreserved
/// characters and `/` percent-encoded.
fn file_uri(path: &str) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoding_maps_text_offsets_back_to_bytes() {
        let doc = Decoded::new(b"ab\xffcd\n\xe2\x82x");
        assert_eq!(doc.text, "ab\u{fffd}cd\n\u{fffd}x");
        assert_eq!(doc.invalid.len(), 2);
        assert_eq!(doc.invalid[0].0, Span::new(2, 5));
        assert_eq!(doc.byte_offset(2), 2);
        assert_eq!(doc.byte_offset(4), 2);
        assert_eq!(doc.byte_offset(5), 3);
        assert_eq!(doc.byte_offset(8), 6);
        assert_eq!(doc.byte_offset(11), 8);
        assert_eq!(doc.location(5), (1, 4));
        assert_eq!(doc.location(11), (2, 2));
        let tail = Decoded::new(b"ab\xff");
        assert_eq!(tail.byte_offset(5), 3);
    }

    #[test]
    fn uris_encode_what_is_not_unreserved() {
        assert_eq!(file_uri("dir/a b%.txt"), "dir/a%20b%25.txt");
    }
}
