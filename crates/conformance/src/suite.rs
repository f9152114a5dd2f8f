//! The test vectors: one file per revision, `{"revision": ..., "cases":
//! [...]}`, one case a line so that a change of the grammar shows as a
//! readable diff (`conformance/schema.json` describes the format).

use std::path::Path;

use rfc1738::dialect::Dialect;
use rfc1738::Options;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::history::{Listed, Listing};
use super::layout::{json, one_a_line};

/// The two readings of the scheme keywords.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Mode {
    /// Scheme keywords by the letter of the BNF (lower case).
    Strict,
    /// The crate's default: ASCII case ignored in scheme keywords.
    Default,
}

impl Mode {
    pub(crate) const BOTH: [Mode; 2] = [Mode::Strict, Mode::Default];

    pub(crate) fn name(self) -> &'static str {
        match self {
            Mode::Strict => "strict",
            Mode::Default => "default",
        }
    }

    pub(crate) fn from_name(name: &str) -> Option<Mode> {
        Mode::BOTH.into_iter().find(|mode| mode.name() == name)
    }

    pub(crate) fn options(self) -> Options {
        Options::default().with_strict(self == Mode::Strict)
    }
}

/// Where the grammar cannot go on, as `check` reports it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct CaseError {
    /// Byte offset.
    pub(crate) offset: usize,
    /// What the grammar accepts there: production names, `"literals"` in
    /// double quotes, or `end of input`.
    pub(crate) expected: Vec<String>,
    /// The productions open there, outermost first.
    pub(crate) stack: Vec<String>,
}

/// One test vector.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Case {
    /// Stable while what the case asserts does not change ([`case_id`]).
    pub(crate) id: String,
    pub(crate) rule: String,
    pub(crate) mode: Mode,
    pub(crate) input: String,
    pub(crate) valid: bool,
    /// `[rule, start, end, child...]`, for a valid case.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) tree: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) error: Option<CaseError>,
    /// Why the case is there: `example: ...`, `bnf: ...` or `decision: ...`.
    pub(crate) source: String,
    /// Other reasons that gave the same string.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) also: Vec<String>,
}

/// The vectors of one revision.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Suite {
    pub(crate) revision: String,
    /// The version of the whole suite (`conformance/CHANGELOG.md`).
    pub(crate) suite_version: String,
    /// The version of the files' format (`conformance/schema.json`).
    pub(crate) schema_version: String,
    pub(crate) cases: Vec<Case>,
}

/// The version of the files' format: a new optional field is a minor
/// change, anything a reader of the old format would misread a major one.
pub(crate) const SCHEMA_VERSION: &str = "1.0.0";

/// What a case asserts, in the order it is hashed: everything but its id
/// and the prose of its `source` and `also`.
#[derive(Serialize)]
struct Asserted<'a> {
    rule: &'a str,
    mode: Mode,
    input: &'a str,
    valid: bool,
    tree: &'a Option<Value>,
    error: &'a Option<CaseError>,
}

/// `FILE-HEX`: the file's name (`rfc1738`, `draft-03`, `extract`) and the
/// first 12 hex digits of the SHA-256 of `asserted`'s JSON text. What the
/// case asserts decides its id, so regenerating an unchanged case gives it
/// the same id, and a case whose verdict, tree, error or expected URLs
/// change gets another (the old one is retired).
pub(crate) fn content_id(file: &str, asserted: &impl Serialize) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(json(asserted).as_bytes());
    let hex: String = digest[..6].iter().map(|b| format!("{b:02x}")).collect();
    format!("{file}-{hex}")
}

/// The id of a case of `revision`'s file.
pub(crate) fn case_id(revision: &str, case: &Case) -> String {
    content_id(
        revision,
        &Asserted {
            rule: &case.rule,
            mode: case.mode,
            input: &case.input,
            valid: case.valid,
            tree: &case.tree,
            error: &case.error,
        },
    )
}

impl Suite {
    /// The file name of a revision's vectors: `rfc1738.json`, ...
    pub(crate) fn file_name(dialect: Dialect) -> String {
        format!("{}.json", dialect.name())
    }

    /// The file's text: valid JSON, one case a line.
    pub(crate) fn to_json(&self) -> String {
        one_a_line(
            &[
                ("revision", &self.revision),
                ("suite_version", &self.suite_version),
                ("schema_version", &self.schema_version),
            ],
            "cases",
            &self.cases,
        )
    }

    /// The cases as the comparison of two versions sees them.
    pub(crate) fn listing(&self) -> Listing {
        Listing {
            file: format!("{}.json", self.revision),
            cases: self
                .cases
                .iter()
                .map(|case| Listed {
                    id: case.id.clone(),
                    key: json(&(&case.rule, case.mode, &case.input)),
                    verdict: case.valid.to_string(),
                    line: json(case),
                    group: case.rule.clone(),
                })
                .collect(),
        }
    }

    /// Reads `DIR/<revision>.json`.
    pub(crate) fn read(dir: &Path, dialect: Dialect) -> Result<Suite, String> {
        let path = dir.join(Suite::file_name(dialect));
        let text = std::fs::read_to_string(&path)
            .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
        let suite: Suite =
            serde_json::from_str(&text).map_err(|error| format!("{}: {error}", path.display()))?;
        if suite.revision != dialect.name() {
            return Err(format!(
                "{}: the revision is {:?}, not {:?}",
                path.display(),
                suite.revision,
                dialect.name()
            ));
        }
        Ok(suite)
    }
}
