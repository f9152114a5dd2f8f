//! The pipeline's findings through every output format.

use std::io;
use std::path::Path;

use rfc1738::scan::ScannedUrl;

use super::*;
use crate::output::{output, Format, Output};

/// Gives the findings to a format, as the command does.
struct Through {
    output: Box<dyn Output>,
    out: Vec<u8>,
}

impl Reporter for Through {
    fn wants_fixes(&self) -> bool {
        self.output.prints_fixes()
    }

    fn wants_end(&self) -> bool {
        self.output.uses_end()
    }

    fn url(&mut self, file: &str, doc: &SourceText, url: &ScannedUrl) -> io::Result<()> {
        self.output.url(&mut self.out, file, doc, url)
    }

    fn finding(&mut self, report: &Report<'_>) -> io::Result<()> {
        self.output.finding(&mut self.out, report)
    }
}

/// The work of a report is bounded by the text's length, whatever the
/// number of findings: in one URL of many unsafe characters (a finding
/// each), no format may count the URL's length per finding (SARIF's
/// related location's end) nor the line's (rdjson's fix start).
#[test]
fn reports_read_the_text_a_bounded_number_of_times() {
    use clap::ValueEnum;
    let text = format!("x\nhttp://a.b/{}#~~ y\n", "~".repeat(5000));
    let settings = settings(&Overrides::default(), None, Path::new("/x.txt"));
    for format in Format::value_variants() {
        let doc = SourceText::new(text.clone().into_bytes());
        let mut through = Through {
            output: output(*format, false),
            out: Vec::new(),
        };
        FileLint::new("x.txt", &doc, &settings, &mut through)
            .whole(Kind::Text)
            .unwrap();
        through.output.end_file(&mut through.out, "x.txt").unwrap();
        let out = String::from_utf8_lossy(&through.out);
        let findings = out.matches("U003").count();
        match format {
            Format::Urls => {}
            // Ten shown, the others counted (`SHOWN_IN_ONE_URL`).
            Format::Human => {
                assert_eq!(findings, 2 * 10 + 1, "{out}");
                assert!(out.contains("4990 more U003"), "{out}");
            }
            _ => assert!(findings >= 5000, "{format:?}: {findings} findings"),
        }
        assert!(
            doc.scanned() <= 8 * text.len(),
            "{format:?} read {} bytes of a text of {}",
            doc.scanned(),
            text.len()
        );
    }
}

/// A fix in a program's string literal is unsafe, and every format that
/// shows fixes says so; the same fix in a Markdown link is safe.
#[test]
#[cfg(feature = "code-readers")]
fn every_format_tells_an_unsafe_fix() {
    let settings = settings(&Overrides::default(), None, Path::new("/a.py"));
    let said = |file: &str, text: &str, format: Format| {
        let doc = SourceText::new(text.as_bytes().to_vec());
        let mut through = Through {
            output: output(format, false),
            out: Vec::new(),
        };
        FileLint::new(file, &doc, &settings, &mut through)
            .whole(Kind::of(file))
            .unwrap();
        String::from_utf8(through.out).unwrap()
    };
    let marks = [
        (
            Format::Human,
            "unsafe fix (`--fix --unsafe-fixes` applies it)",
        ),
        (Format::Short, "(unsafe fix)"),
        (Format::Json, "\"applicability\":\"unsafe\""),
        (
            Format::Sarif,
            "\"properties\":{\"applicability\":\"unsafe\"}",
        ),
        (Format::Rdjson, "(unsafe fix)"),
    ];
    for (format, mark) in marks {
        let program = said("a.py", "URL = 'http://a.example/~x'\n", format);
        assert!(program.contains(mark), "{format:?}: {program}");
        let prose = said("a.md", "[x](http://a.example/~x)\n", format);
        assert!(prose.contains("~"), "{format:?}: {prose}");
        assert!(!prose.contains("unsafe\""), "{format:?}: {prose}");
        assert!(!prose.contains("unsafe fix"), "{format:?}: {prose}");
    }
}
