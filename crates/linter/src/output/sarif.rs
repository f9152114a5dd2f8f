//! `--format sarif`: SARIF 2.1.0 for code scanning, one log whose results
//! are written as the findings are made, with the rules from the codes'
//! table and each fix as an artifact change.

use std::io::{self, Write};

use rfc1738::lint::{Code, Severity};
use rfc1738::Span;
use serde_json::{json, Value};

use super::{Output, Report, RunInfo, Summary};
use crate::source::Position;

#[derive(Default)]
pub(super) struct Sarif {
    results: usize,
    /// The related locations of the last URL, by its file and bytes:
    /// computed once per URL, not once per finding (its end is as far as
    /// the URL is long).
    related: Option<(String, (usize, usize), Vec<SarifLocation>)>,
}

/// `artifactLocation`.
#[derive(Clone, serde::Serialize)]
struct ArtifactLocation {
    uri: String,
    #[serde(rename = "uriBaseId", skip_serializing_if = "Option::is_none")]
    uri_base_id: Option<&'static str>,
}

/// `region`.
#[derive(Clone, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct Region {
    start_line: usize,
    start_column: usize,
    end_line: usize,
    end_column: usize,
    byte_offset: usize,
    byte_length: usize,
}

/// `physicalLocation`.
#[derive(Clone, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct PhysicalLocation {
    artifact_location: ArtifactLocation,
    region: Region,
}

/// `{ "text": ... }`.
#[derive(Clone, serde::Serialize)]
struct Text<T> {
    text: T,
}

/// A related location.
#[derive(Clone, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifLocation {
    id: usize,
    message: Text<&'static str>,
    physical_location: PhysicalLocation,
}

/// A location of a result.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct ResultLocation {
    physical_location: PhysicalLocation,
}

/// One result, serialized as it stands (no map built per finding).
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifResult<'a> {
    rule_id: &'a str,
    rule_index: usize,
    level: &'a str,
    message: Text<&'a str>,
    locations: [ResultLocation; 1],
    #[serde(skip_serializing_if = "Option::is_none")]
    related_locations: Option<&'a [SarifLocation]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fixes: Option<[SarifFix<'a>; 1]>,
}

#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifFix<'a> {
    description: Text<Option<String>>,
    artifact_changes: [ArtifactChange<'a>; 1],
    /// `{"applicability": "unsafe"}` for an unsafe fix (SARIF has no field
    /// of its own for it); absent for a safe one.
    #[serde(skip_serializing_if = "Option::is_none")]
    properties: Option<FixProperties>,
}

/// The property bag of an unsafe fix.
#[derive(serde::Serialize)]
struct FixProperties {
    applicability: &'static str,
}

#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct ArtifactChange<'a> {
    artifact_location: ArtifactLocation,
    replacements: [Replacement<'a>; 1],
}

#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct Replacement<'a> {
    deleted_region: Region,
    inserted_content: Text<&'a str>,
}

fn sarif_level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        _ => "note",
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

/// The artifact location of a displayed path: relative to `%SRCROOT%` (the
/// working directory), or an absolute `file:` URI.
fn artifact_location(file: &str) -> ArtifactLocation {
    if file.starts_with('/') {
        ArtifactLocation {
            uri: format!("file://{}", file_uri(file)),
            uri_base_id: None,
        }
    } else {
        ArtifactLocation {
            uri: file_uri(file),
            uri_base_id: Some("%SRCROOT%"),
        }
    }
}

fn region(start: Position, end: Position, bytes: (usize, usize)) -> Region {
    Region {
        start_line: start.line,
        start_column: start.column,
        end_line: end.line,
        end_column: end.column,
        byte_offset: bytes.0,
        byte_length: bytes.1 - bytes.0,
    }
}

impl Output for Sarif {
    fn begin(&mut self, out: &mut dyn Write, info: &RunInfo) -> io::Result<()> {
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
        let base = json!({ "%SRCROOT%": { "uri": format!("file://{}/", file_uri(&info.cwd)) } });
        // Results are written one by one: a log of many findings is never
        // held in memory as one JSON value.
        write!(
            out,
            "{{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"version\":\"2.1.0\",\
             \"runs\":[{{\"tool\":{tool},\"originalUriBaseIds\":{base},\
             \"columnKind\":\"unicodeCodePoints\",\"results\":["
        )
    }

    fn finding(&mut self, out: &mut dyn Write, report: &Report<'_>) -> io::Result<()> {
        let finding = report.finding;
        if self.results > 0 {
            out.write_all(b",")?;
        }
        self.results += 1;
        writeln!(out)?;
        let related = match report.url {
            Some(url) => {
                let doc = report.doc;
                let key = (
                    doc.byte_offset(url.span.start),
                    doc.byte_offset(url.span.end),
                );
                let cached = self
                    .related
                    .as_ref()
                    .is_some_and(|(file, bytes, _)| file == report.file && *bytes == key);
                if !cached {
                    // Where the URL is, and its fragment: what the finding
                    // is about.
                    let location = |id: usize, span: Span, what: &'static str| {
                        let start = doc.position(span.start);
                        let bytes = (doc.byte_offset(span.start), doc.byte_offset(span.end));
                        SarifLocation {
                            id,
                            message: Text { text: what },
                            physical_location: PhysicalLocation {
                                artifact_location: artifact_location(report.file),
                                region: region(start, doc.end_position(span, start), bytes),
                            },
                        }
                    };
                    let mut related = vec![location(0, url.span, "the URL")];
                    if let Some(fragment) = &url.fragment {
                        related.push(location(1, fragment.span, "the fragment after the URL"));
                    }
                    self.related = Some((report.file.to_owned(), key, related));
                }
                self.related.as_ref().map(|(_, _, related)| &related[..])
            }
            None => None,
        };
        let result = SarifResult {
            rule_id: finding.code.code(),
            rule_index: finding.code.index(),
            level: sarif_level(finding.severity),
            message: Text {
                text: &finding.message,
            },
            locations: [ResultLocation {
                physical_location: PhysicalLocation {
                    artifact_location: artifact_location(report.file),
                    region: region(report.start, report.end, report.bytes),
                },
            }],
            related_locations: related,
            fixes: report.fix.map(|fix| {
                [SarifFix {
                    description: Text {
                        text: report.fix_message(),
                    },
                    artifact_changes: [ArtifactChange {
                        artifact_location: artifact_location(report.file),
                        replacements: [Replacement {
                            deleted_region: region(fix.start, fix.end, fix.bytes),
                            inserted_content: Text { text: &fix.content },
                        }],
                    }],
                    properties: report.unsafe_fix().then_some(FixProperties {
                        applicability: "unsafe",
                    }),
                }]
            }),
        };
        serde_json::to_writer(&mut *out, &result)?;
        Ok(())
    }

    fn finish(&mut self, out: &mut dyn Write, summary: &Summary) -> io::Result<()> {
        let notifications: Vec<Value> = summary
            .errors
            .iter()
            .map(|error| json!({ "level": "error", "message": { "text": error } }))
            .collect();
        let invocation = json!({
            "executionSuccessful": summary.success,
            "toolExecutionNotifications": notifications,
        });
        writeln!(out, "],\"invocations\":[{invocation}]}}]}}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extract::Applicability;
    use crate::output::test_data::written;
    use crate::output::Format;

    #[test]
    fn uris_encode_what_is_not_unreserved() {
        assert_eq!(file_uri("dir/a b%.txt"), "dir/a%20b%25.txt");
    }

    #[test]
    fn an_unsafe_fix_has_the_property() {
        let log = |applicability| -> serde_json::Value {
            serde_json::from_str(&written(Format::Sarif, applicability)).unwrap()
        };
        let fix = |log: &serde_json::Value| log["runs"][0]["results"][0]["fixes"][0].clone();
        let unsafe_fix = fix(&log(Applicability::Unsafe));
        assert_eq!(
            unsafe_fix["properties"]["applicability"], "unsafe",
            "{unsafe_fix}"
        );
        let safe = fix(&log(Applicability::Safe));
        assert!(safe.get("properties").is_none(), "{safe}");
    }
}
