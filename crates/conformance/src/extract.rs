//! `conformance/extract.json`: URLs in running text. Text in (plain text or
//! Markdown), URLs out: each URL's string as a reader types it, its byte
//! span in the text and its fragment's span. The cases are written by hand
//! in `extract_cases.toml`, from the appendix of RFC 1738, the seed
//! documents' prose and the decisions of the plain-text scanner and of
//! Markdown; the generator only takes the span markers out of the texts and
//! counts the bytes.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::history::{Listed, Listing};
use super::layout::{json, one_a_line};
use super::suite::{content_id, SCHEMA_VERSION};

/// The file's name in the suite's directory.
pub(crate) const FILE: &str = "extract.json";

const CASES: &str = include_str!("extract_cases.toml");

/// Opens and closes a URL's span in `extract_cases.toml`.
const URL: (char, char) = ('⟦', '⟧');
/// Opens and closes a fragment's span, right after its URL's.
const FRAGMENT: (char, char) = ('⟪', '⟫');

/// The text's kind, which says how an extractor reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Kind {
    Plain,
    Markdown,
}

impl Kind {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Kind::Plain => "plain",
            Kind::Markdown => "markdown",
        }
    }
}

/// A URL found in a text.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub(crate) struct ExtractedUrl {
    /// As a reader types it: the white space of line breaks removed,
    /// without the fragment.
    pub(crate) url: String,
    /// Its bytes in the text, `[start, end)`, line breaks inside included.
    pub(crate) span: [usize; 2],
    /// The fragment's bytes, from the `#`; `null` where there is none.
    pub(crate) fragment: Option<[usize; 2]>,
}

/// One extraction case.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct ExtractCase {
    pub(crate) id: String,
    pub(crate) feature: String,
    pub(crate) kind: Kind,
    pub(crate) text: String,
    /// In the order of the text.
    pub(crate) urls: Vec<ExtractedUrl>,
    pub(crate) source: String,
}

/// What an extraction case asserts, hashed for its id.
#[derive(Serialize)]
struct Asserted<'a> {
    kind: Kind,
    text: &'a str,
    urls: &'a [ExtractedUrl],
}

/// The file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct ExtractSuite {
    pub(crate) file: String,
    pub(crate) suite_version: String,
    pub(crate) schema_version: String,
    pub(crate) cases: Vec<ExtractCase>,
}

/// A case as `extract_cases.toml` writes it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Written {
    feature: String,
    kind: Kind,
    source: String,
    text: String,
    urls: Vec<String>,
    #[serde(default)]
    decoded: bool,
}

#[derive(Deserialize)]
struct WrittenFile {
    case: Vec<Written>,
}

impl ExtractSuite {
    /// The cases of `extract_cases.toml`, markers taken out.
    pub(crate) fn derive() -> Result<ExtractSuite, String> {
        let file: WrittenFile =
            toml::from_str(CASES).map_err(|error| format!("extract_cases.toml: {error}"))?;
        let mut cases = Vec::new();
        for (index, written) in file.case.into_iter().enumerate() {
            let what = || format!("extract_cases.toml, case {}", index + 1);
            let (text, urls) = unmark(&written.text).map_err(|e| format!("{}: {e}", what()))?;
            if urls.len() != written.urls.len() {
                return Err(format!(
                    "{}: {} spans marked, {} URLs listed",
                    what(),
                    urls.len(),
                    written.urls.len()
                ));
            }
            let urls: Vec<ExtractedUrl> = urls
                .into_iter()
                .zip(written.urls)
                .map(|((span, fragment), url)| ExtractedUrl {
                    url,
                    span,
                    fragment,
                })
                .collect();
            for found in &urls {
                let typed = without_breaks(&text[found.span[0]..found.span[1]]);
                if !written.decoded && typed != found.url {
                    return Err(format!(
                        "{}: the span reads {typed:?}, the URL listed is {:?}",
                        what(),
                        found.url
                    ));
                }
                if written.decoded && typed == found.url {
                    return Err(format!("{}: decoded, but reads as written", what()));
                }
            }
            let id = content_id(
                "extract",
                &Asserted {
                    kind: written.kind,
                    text: &text,
                    urls: &urls,
                },
            );
            cases.push(ExtractCase {
                id,
                feature: written.feature,
                kind: written.kind,
                text,
                urls,
                source: written.source,
            });
        }
        Ok(ExtractSuite {
            file: "extract".into(),
            suite_version: String::new(),
            schema_version: SCHEMA_VERSION.into(),
            cases,
        })
    }

    /// The file's text: valid JSON, one case a line.
    pub(crate) fn to_json(&self) -> String {
        one_a_line(
            &[
                ("file", &self.file),
                ("suite_version", &self.suite_version),
                ("schema_version", &self.schema_version),
            ],
            "cases",
            &self.cases,
        )
    }

    /// Reads `DIR/extract.json`.
    pub(crate) fn read(dir: &Path) -> Result<ExtractSuite, String> {
        let path = dir.join(FILE);
        let text = std::fs::read_to_string(&path)
            .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
        serde_json::from_str(&text).map_err(|error| format!("{}: {error}", path.display()))
    }

    /// From DIR's file, or derived.
    pub(crate) fn of(dir: Option<&Path>) -> Result<ExtractSuite, String> {
        match dir {
            Some(dir) => ExtractSuite::read(dir),
            None => ExtractSuite::derive(),
        }
    }

    /// The cases as the comparison of two versions sees them.
    pub(crate) fn listing(&self) -> Listing {
        Listing {
            file: FILE.into(),
            cases: self
                .cases
                .iter()
                .map(|case| Listed {
                    id: case.id.clone(),
                    key: json(&(case.kind, &case.text)),
                    verdict: json(&case.urls),
                    line: json(case),
                    group: case.feature.clone(),
                })
                .collect(),
        }
    }
}

/// The text without the markers, and the spans they marked: each URL's,
/// with its fragment's.
#[allow(clippy::type_complexity)]
fn unmark(marked: &str) -> Result<(String, Vec<([usize; 2], Option<[usize; 2]>)>), String> {
    let mut text = String::with_capacity(marked.len());
    let mut spans: Vec<([usize; 2], Option<[usize; 2]>)> = Vec::new();
    let mut open: Option<(char, usize)> = None;
    for c in marked.chars() {
        match c {
            c if c == URL.0 || c == FRAGMENT.0 => {
                if open.is_some() {
                    return Err(format!("{c} inside a marked span"));
                }
                if c == FRAGMENT.0 && spans.last().is_none_or(|(span, _)| span[1] != text.len()) {
                    return Err("a fragment not right after its URL".into());
                }
                open = Some((c, text.len()));
            }
            c if c == URL.1 || c == FRAGMENT.1 => {
                let expected = if c == URL.1 { URL.0 } else { FRAGMENT.0 };
                match open.take() {
                    Some((opened, start)) if opened == expected => {
                        let span = [start, text.len()];
                        match c == URL.1 {
                            true => spans.push((span, None)),
                            false => {
                                if !text[start..].starts_with('#') {
                                    return Err("a fragment that does not start with #".into());
                                }
                                if let Some(last) = spans.last_mut() {
                                    last.1 = Some(span);
                                }
                            }
                        }
                    }
                    _ => return Err(format!("{c} closes nothing")),
                }
            }
            c => text.push(c),
        }
    }
    match open {
        Some((c, _)) => Err(format!("{c} is never closed")),
        None => Ok((text, spans)),
    }
}

/// A span's text as a reader types it: the white space around each line
/// break taken out.
fn without_breaks(text: &str) -> String {
    let lines: Vec<&str> = text.split('\n').collect();
    let last = lines.len() - 1;
    let mut out = String::new();
    for (index, mut line) in lines.into_iter().enumerate() {
        if index > 0 {
            line = line.trim_start_matches([' ', '\t']);
        }
        if index < last {
            line = line.trim_end_matches([' ', '\t', '\r']);
        }
        out.push_str(line);
    }
    out
}

/// Every id of the extraction cases: from DIR's file, or derived.
pub(crate) fn ids(dir: Option<&Path>) -> Result<Vec<String>, String> {
    Ok(ExtractSuite::of(dir)?
        .cases
        .into_iter()
        .map(|case| case.id)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_give_byte_spans() {
        let (text, spans) = unmark("é ⟦http://a/b⟧⟪#c⟫.").unwrap();
        assert_eq!(text, "é http://a/b#c.");
        assert_eq!(spans, [([3, 13], Some([13, 15]))]);
        assert!(unmark("⟦a").is_err());
        assert!(unmark("a ⟪#b⟫").is_err());
        assert!(unmark("⟦a⟧ ⟪#b⟫").is_err());
        assert!(unmark("⟦a⟧⟪b⟫").is_err());
    }

    #[test]
    fn a_reader_drops_the_white_space_of_line_breaks() {
        assert_eq!(without_breaks("a/  \n   b\r\n\tc"), "a/bc");
        assert_eq!(without_breaks("a b"), "a b");
    }

    #[test]
    fn every_written_case_is_consistent() {
        let suite = ExtractSuite::derive().unwrap();
        assert!(suite.cases.len() >= 40);
        for kind in [Kind::Plain, Kind::Markdown] {
            assert!(suite.cases.iter().any(|case| case.kind == kind));
        }
    }
}
