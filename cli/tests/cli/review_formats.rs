//! The formats of other tools: reviewdog's rdjson (checked against a JSON
//! Schema written here from the documentation of reviewdog's Diagnostic
//! Format: `DiagnosticResult`, `Diagnostic`, `Range` with lines from 1 and
//! columns in bytes from 1, the end exclusive) and JUnit XML (read back
//! with an XML parser).

use std::path::Path;

use serde_json::{json, Value};
use snapbox::cmd::{cargo_bin, Command};

fn lint_in(dir: &Path, args: &[&str]) -> (String, Option<i32>) {
    let output = Command::new(cargo_bin("rfc1738"))
        .current_dir(dir)
        .args(["lint", "--isolated"])
        .args(args)
        .output()
        .expect("the binary runs");
    (
        String::from_utf8(output.stdout).expect("UTF-8"),
        output.status.code(),
    )
}

/// reviewdog's `DiagnosticResult`, as its documentation describes it.
fn rdjson_schema() -> jsonschema::Validator {
    let position = json!({
        "type": "object",
        "properties": {
            "line": { "type": "integer", "minimum": 1 },
            "column": { "type": "integer", "minimum": 1 }
        },
        "required": ["line", "column"]
    });
    let range = json!({
        "type": "object",
        "properties": { "start": position, "end": position },
        "required": ["start"]
    });
    let source = json!({
        "type": "object",
        "properties": { "name": { "type": "string" }, "url": { "type": "string" } },
        "required": ["name"]
    });
    let schema = json!({
        "$schema": "http://json-schema.org/draft-04/schema#",
        "type": "object",
        "properties": {
            "source": source,
            "severity": { "enum": ["UNKNOWN_SEVERITY", "ERROR", "WARNING", "INFO"] },
            "diagnostics": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "message": { "type": "string" },
                        "location": {
                            "type": "object",
                            "properties": { "path": { "type": "string" }, "range": range },
                            "required": ["path"]
                        },
                        "severity": { "enum": ["UNKNOWN_SEVERITY", "ERROR", "WARNING", "INFO"] },
                        "source": source,
                        "code": {
                            "type": "object",
                            "properties": { "value": { "type": "string" }, "url": { "type": "string" } },
                            "required": ["value"]
                        },
                        "suggestions": {
                            "type": "array",
                            "items": {
                                "type": "object",
                                "properties": { "range": range, "text": { "type": "string" } },
                                "required": ["range", "text"]
                            }
                        },
                        "original_output": { "type": "string" }
                    },
                    "required": ["message", "location"]
                }
            }
        },
        "required": ["diagnostics"]
    });
    jsonschema::validator_for(&schema).expect("the schema compiles")
}

/// The text of a file between two positions as reviewdog reads them
/// (columns in bytes, end exclusive).
fn at<'a>(text: &'a str, range: &Value) -> &'a str {
    let offset = |position: &Value| {
        let line = position["line"].as_u64().unwrap() as usize;
        let column = position["column"].as_u64().unwrap() as usize;
        let start: usize = text
            .split_inclusive('\n')
            .take(line - 1)
            .map(str::len)
            .sum();
        start + column - 1
    };
    &text[offset(&range["start"])..offset(&range["end"])]
}

#[test]
fn rdjson_is_reviewdogs_format_with_byte_columns_and_suggestions() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let text = "Café ☕ see HTTP://a.b/~x and <URL:ftp://c.d/\n   e~f> <URL:http://g.h/#a b>\n";
    std::fs::write(dir.path().join("a.txt"), text).unwrap();
    let (stdout, code) = lint_in(dir.path(), &["--format", "rdjson", "a.txt"]);
    assert_eq!(code, Some(1));
    let result: Value = serde_json::from_str(&stdout).expect("one JSON document");
    let errors: Vec<String> = rdjson_schema()
        .iter_errors(&result)
        .map(|error| format!("{error} at {}", error.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    assert_eq!(result["source"]["name"], "rfc1738");
    let diagnostics = result["diagnostics"].as_array().unwrap();
    let seen: Vec<(&str, &str, &str)> = diagnostics
        .iter()
        .map(|d| {
            (
                d["code"]["value"].as_str().unwrap(),
                d["severity"].as_str().unwrap(),
                at(text, &d["location"]["range"]),
            )
        })
        .collect();
    assert_eq!(
        seen,
        [
            ("U005", "WARNING", "HTTP"),
            ("U003", "ERROR", "~"),
            ("U003", "ERROR", "~"),
            ("U021", "WARNING", " "),
        ]
    );
    // "HTTP" starts after "Café ☕ see ": 14 bytes, 11 characters.
    assert_eq!(
        diagnostics[0]["location"]["range"]["start"],
        json!({"line": 1, "column": 15})
    );
    // Every suggestion replaces its finding's text, and applied they fix it.
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    for d in diagnostics {
        let suggestion = &d["suggestions"][0];
        assert_eq!(
            at(text, &suggestion["range"]),
            at(text, &d["location"]["range"])
        );
        let written = at(text, &suggestion["range"]);
        let start = written.as_ptr() as usize - text.as_ptr() as usize;
        edits.push((
            start,
            start + written.len(),
            suggestion["text"].as_str().unwrap().to_owned(),
        ));
    }
    let mut fixed = text.to_owned();
    for (start, end, replacement) in edits.iter().rev() {
        fixed.replace_range(start..end, replacement);
    }
    std::fs::write(dir.path().join("a.txt"), &fixed).unwrap();
    let (stdout, code) = lint_in(dir.path(), &["--format", "rdjson", "a.txt"]);
    assert_eq!(code, Some(0), "{fixed}\n{stdout}");
    let empty: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(empty["diagnostics"], json!([]));
}

#[test]
fn junit_has_a_test_case_per_file_and_a_failure_per_finding() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    std::fs::write(dir.path().join("a.md"), "[x](HTTP://a.b/~x) https://c.d/\n").unwrap();
    std::fs::write(dir.path().join("b.txt"), "clean http://e.f/\n").unwrap();
    std::fs::write(
        dir.path().join("c.txt"),
        "a control \u{1} <http://g.h/#\u{1}>\n",
    )
    .unwrap();
    let (stdout, code) = lint_in(dir.path(), &["--format", "junit", "."]);
    assert_eq!(code, Some(1));
    let xml = roxmltree::Document::parse(&stdout).expect("well-formed XML");
    let root = xml.root_element();
    assert_eq!(root.tag_name().name(), "testsuites");
    let suites: Vec<_> = root.children().filter(|n| n.is_element()).collect();
    assert_eq!(suites.len(), 3);
    let mut seen = Vec::new();
    for suite in &suites {
        assert_eq!(suite.tag_name().name(), "testsuite");
        let cases: Vec<_> = suite.children().filter(|n| n.is_element()).collect();
        assert_eq!(cases.len(), 1, "one test case per file");
        let case = cases[0];
        let failures: Vec<(String, String)> = case
            .children()
            .filter(|n| n.has_tag_name("failure"))
            .map(|n| {
                (
                    n.attribute("type").unwrap().to_owned(),
                    n.text().unwrap().to_owned(),
                )
            })
            .collect();
        assert_eq!(
            suite.attribute("failures"),
            Some(if failures.is_empty() { "0" } else { "1" })
        );
        let out = case
            .children()
            .find(|n| n.has_tag_name("system-out"))
            .and_then(|n| n.text())
            .unwrap_or("")
            .to_owned();
        seen.push((case.attribute("name").unwrap().to_owned(), failures, out));
    }
    assert_eq!(seen[0].0, "a.md");
    let codes: Vec<&str> = seen[0].1.iter().map(|(code, _)| code.as_str()).collect();
    assert_eq!(codes, ["U005", "U003"]);
    assert!(
        seen[0].1[1].1.starts_with("a.md:1:16: error: \"~\""),
        "{:?}",
        seen[0].1
    );
    // Below the level (info): not a failure, but shown.
    assert!(seen[0].2.contains("[U016]"), "{}", seen[0].2);
    assert_eq!((seen[1].0.as_str(), seen[1].1.len()), ("b.txt", 0));
    // A control character in a message is not XML: replaced.
    assert_eq!(seen[2].1[0].0, "U021");
    assert!(seen[2].1[0].1.contains("U+0001"), "{:?}", seen[2].1);
    // At a lower level, the information is a failure too.
    let (stdout, _) = lint_in(
        dir.path(),
        &["--format", "junit", "--level", "info", "a.md"],
    );
    let xml = roxmltree::Document::parse(&stdout).expect("well-formed XML");
    assert_eq!(
        xml.descendants()
            .filter(|n| n.has_tag_name("failure"))
            .count(),
        3
    );
}
