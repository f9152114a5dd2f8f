//! The suite's versions: `conformance/history.json` records every version
//! the generator has written and the case ids each one retired, and
//! `conformance/CHANGELOG.md` is written from it.
//!
//! `generate DIR` compares what it derives with what DIR holds (the files
//! of the last version and its history) and decides the next version by
//! semantic versioning, read for test vectors: a case added, or a case whose
//! tree or error changed, is a minor change; a case whose verdict or
//! expected URLs changed, or a case removed, is a major one (an
//! implementation that passed may now fail, and an expected-failures list
//! may name an id that is gone); a change of the sources' prose alone is a
//! patch. Nothing changed: the same version, the same bytes. A case whose
//! content changed gets a new id (ids are hashes of what a case asserts),
//! and the old id is listed as retired, with the id that replaced it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::layout::one_a_line;

/// The history's file in the suite's directory.
pub(crate) const FILE: &str = "history.json";
/// The change log's file, written from the history.
pub(crate) const CHANGELOG: &str = "CHANGELOG.md";

/// A case as the comparison of two versions sees it.
#[derive(Debug, Clone)]
pub(crate) struct Listed {
    pub(crate) id: String,
    /// What the case is about, which a new version may judge otherwise:
    /// production, mode and input; or the text and its kind.
    pub(crate) key: String,
    /// What an implementation must agree with: the verdict; or the URLs.
    pub(crate) verdict: String,
    /// The case's whole line in the file.
    pub(crate) line: String,
    /// Its production, or its feature: what the change log counts by.
    pub(crate) group: String,
}

/// One file of the suite, in a version.
#[derive(Debug, Clone)]
pub(crate) struct Listing {
    /// `rfc1738.json`, `extract.json`, ...
    pub(crate) file: String,
    pub(crate) cases: Vec<Listed>,
}

/// Every version, oldest first.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct History {
    pub(crate) versions: Vec<Version>,
}

/// What a version changed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Version {
    pub(crate) version: String,
    pub(crate) schema_version: String,
    /// Why: written by hand into `history.json`, kept by the generator.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub(crate) notes: String,
    pub(crate) files: Vec<FileChange>,
}

/// What a version changed in one file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct FileChange {
    pub(crate) file: String,
    /// Its cases in this version.
    pub(crate) cases: usize,
    /// Cases new in this version (changed ones not counted), per
    /// production or feature.
    pub(crate) added: BTreeMap<String, usize>,
    /// The ids this version retired.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) retired: Vec<Retired>,
}

/// A case id no longer in the suite.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Retired {
    pub(crate) id: String,
    /// `verdict` (the verdict or the expected URLs changed), `tree or
    /// error` (the verdict is the same), or `removed` (no case has its
    /// string any more).
    pub(crate) why: String,
    /// The case that took its place, when it changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) replaced_by: Option<String>,
}

/// How much a version changed, least first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Level {
    Same,
    Patch,
    Minor,
    Major,
}

impl History {
    /// DIR's history; `None` where there is none (a first version).
    pub(crate) fn read(dir: &Path) -> Result<Option<History>, String> {
        let path = dir.join(FILE);
        match std::fs::read_to_string(&path) {
            Ok(text) => serde_json::from_str(&text)
                .map(Some)
                .map_err(|error| format!("{}: {error}", path.display())),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(error) => Err(format!("cannot read {}: {error}", path.display())),
        }
    }

    /// The latest version, `None` before the first.
    pub(crate) fn current(&self) -> Option<&Version> {
        self.versions.last()
    }

    /// Every id a version retired.
    pub(crate) fn retired(&self) -> BTreeSet<&str> {
        self.versions
            .iter()
            .flat_map(|v| &v.files)
            .flat_map(|f| &f.retired)
            .map(|r| r.id.as_str())
            .collect()
    }

    /// The history after `new` replaced `old` (the listings of the last
    /// version, empty before the first), and the version `new` is.
    pub(crate) fn next(&self, old: &[Listing], new: &[Listing], schema_version: &str) -> History {
        let mut level = Level::Same;
        let mut files = Vec::new();
        for listing in new {
            let before = old
                .iter()
                .find(|o| o.file == listing.file)
                .map_or(&[][..], |o| &o.cases[..]);
            let (change, file_level) = compare(before, listing);
            level = level.max(file_level);
            files.push(change);
        }
        // A file that is gone retires all its cases.
        for listing in old.iter().filter(|o| !new.iter().any(|n| n.file == o.file)) {
            let (change, file_level) = compare(
                &listing.cases,
                &Listing {
                    file: listing.file.clone(),
                    cases: Vec::new(),
                },
            );
            level = level.max(file_level);
            files.push(change);
        }
        let schema_changed = self
            .current()
            .is_some_and(|v| v.schema_version != schema_version);
        if schema_changed {
            level = level.max(Level::Minor);
        }
        let version = match (self.current(), level) {
            (None, _) => "1.0.0".to_string(),
            (Some(_), Level::Same) => return self.clone(),
            (Some(current), level) => bump(&current.version, level),
        };
        let mut versions = self.versions.clone();
        versions.push(Version {
            version,
            schema_version: schema_version.to_string(),
            notes: String::new(),
            files,
        });
        History { versions }
    }

    /// `history.json`: one version a line.
    pub(crate) fn to_json(&self) -> String {
        one_a_line(&[], "versions", &self.versions)
    }

    /// `CHANGELOG.md`, newest version first.
    pub(crate) fn changelog(&self) -> String {
        let mut out = String::from(
            "# Changelog of the conformance suite\n\n\
             Written by `rfc1738 conformance generate` from `history.json` (do not edit\n\
             by hand: notes go in a version's `notes` there). Every file carries\n\
             `suite_version`, the version below, and `schema_version`, the version of\n\
             `schema.json`'s format. A case added, or a case whose tree or error\n\
             changed, makes a minor version; a case whose verdict or expected URLs\n\
             changed, or a case removed, a major one; a change of the sources' prose\n\
             alone, a patch. A case that changes gets a new id: the old one is retired\n\
             below, with the id that replaced it.\n",
        );
        for version in self.versions.iter().rev() {
            out.push_str(&format!(
                "\n## {} (schema {})\n\n",
                version.version, version.schema_version
            ));
            if !version.notes.is_empty() {
                out.push_str(&version.notes);
                out.push_str("\n\n");
            }
            out.push_str("| file | cases | added | changed | removed |\n|---|---|---|---|---|\n");
            for file in &version.files {
                let changed = file
                    .retired
                    .iter()
                    .filter(|r| r.replaced_by.is_some())
                    .count();
                out.push_str(&format!(
                    "| `{}` | {} | {} | {} | {} |\n",
                    file.file,
                    file.cases,
                    file.added.values().sum::<usize>(),
                    changed,
                    file.retired.len() - changed
                ));
            }
            for file in &version.files {
                if file.added.len() > 12 {
                    out.push_str(&format!(
                        "\nAdded to `{}`: cases of {} productions or features.\n",
                        file.file,
                        file.added.len()
                    ));
                } else if !file.added.is_empty() {
                    let groups: Vec<String> = file
                        .added
                        .iter()
                        .map(|(group, count)| format!("`{group}` {count}"))
                        .collect();
                    out.push_str(&format!(
                        "\nAdded to `{}`: {}.\n",
                        file.file,
                        groups.join(", ")
                    ));
                }
                if !file.retired.is_empty() {
                    out.push_str(&format!("\nRetired from `{}`:\n\n", file.file));
                    for retired in &file.retired {
                        match &retired.replaced_by {
                            Some(by) => out.push_str(&format!(
                                "- `{}`: {} changed, now `{by}`\n",
                                retired.id, retired.why
                            )),
                            None => out.push_str(&format!("- `{}`: {}\n", retired.id, retired.why)),
                        }
                    }
                }
            }
        }
        out
    }
}

/// The change of one file, and how much it is.
fn compare(old: &[Listed], new: &Listing) -> (FileChange, Level) {
    let old_ids: BTreeSet<&str> = old.iter().map(|c| c.id.as_str()).collect();
    let new_ids: BTreeSet<&str> = new.cases.iter().map(|c| c.id.as_str()).collect();
    let new_by_key: BTreeMap<&str, &Listed> = new
        .cases
        .iter()
        .filter(|c| !old_ids.contains(c.id.as_str()))
        .map(|c| (c.key.as_str(), c))
        .collect();
    let mut level = Level::Same;
    let mut retired = Vec::new();
    let mut replacements = BTreeSet::new();
    for case in old.iter().filter(|c| !new_ids.contains(c.id.as_str())) {
        let (why, replaced_by, this) = match new_by_key.get(case.key.as_str()) {
            Some(by) if by.verdict != case.verdict => ("verdict", Some(by), Level::Major),
            Some(by) => ("tree or error", Some(by), Level::Minor),
            None => ("removed", None, Level::Major),
        };
        level = level.max(this);
        if let Some(by) = replaced_by {
            replacements.insert(by.id.as_str());
        }
        retired.push(Retired {
            id: case.id.clone(),
            why: why.to_string(),
            replaced_by: replaced_by.map(|by| by.id.clone()),
        });
    }
    let mut added: BTreeMap<String, usize> = BTreeMap::new();
    for case in new
        .cases
        .iter()
        .filter(|c| !old_ids.contains(c.id.as_str()) && !replacements.contains(c.id.as_str()))
    {
        *added.entry(case.group.clone()).or_default() += 1;
        level = level.max(Level::Minor);
    }
    if level == Level::Same {
        let lines_differ = old.len() != new.cases.len()
            || old.iter().zip(&new.cases).any(|(o, n)| o.line != n.line);
        if lines_differ {
            level = Level::Patch;
        }
    }
    (
        FileChange {
            file: new.file.clone(),
            cases: new.cases.len(),
            added,
            retired,
        },
        level,
    )
}

/// The next version after `version` for a change of `level`.
fn bump(version: &str, level: Level) -> String {
    let parts: Vec<u64> = version
        .split('.')
        .map(|part| part.parse().unwrap_or(0))
        .chain(std::iter::repeat(0))
        .take(3)
        .collect();
    let (major, minor, patch) = (parts[0], parts[1], parts[2]);
    match level {
        Level::Major => format!("{}.0.0", major + 1),
        Level::Minor => format!("{major}.{}.0", minor + 1),
        Level::Patch => format!("{major}.{minor}.{}", patch + 1),
        Level::Same => version.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed(id: &str, key: &str, verdict: &str, line: &str) -> Listed {
        Listed {
            id: id.into(),
            key: key.into(),
            verdict: verdict.into(),
            line: line.into(),
            group: "url".into(),
        }
    }

    fn listing(cases: Vec<Listed>) -> Vec<Listing> {
        vec![Listing {
            file: "rfc1738.json".into(),
            cases,
        }]
    }

    fn first() -> (History, Vec<Listing>) {
        let old = listing(vec![
            listed("a", "k1", "true", "1"),
            listed("b", "k2", "false", "2"),
        ]);
        (History::default().next(&[], &old, "1.0.0"), old)
    }

    #[test]
    fn the_first_version_is_1_0_0_and_adds_every_case() {
        let (history, _) = first();
        let v = history.current().unwrap();
        assert_eq!(v.version, "1.0.0");
        assert_eq!(v.files[0].added["url"], 2);
        assert!(v.files[0].retired.is_empty());
    }

    #[test]
    fn nothing_changed_is_the_same_history() {
        let (history, old) = first();
        assert_eq!(history.next(&old, &old, "1.0.0"), history);
    }

    #[test]
    fn a_new_case_is_minor_a_changed_verdict_or_removal_major_prose_a_patch() {
        let (history, old) = first();
        let added = listing(vec![
            listed("a", "k1", "true", "1"),
            listed("b", "k2", "false", "2"),
            listed("c", "k3", "true", "3"),
        ]);
        assert_eq!(
            history
                .next(&old, &added, "1.0.0")
                .current()
                .unwrap()
                .version,
            "1.1.0"
        );
        let tree = listing(vec![
            listed("a2", "k1", "true", "1'"),
            listed("b", "k2", "false", "2"),
        ]);
        let next = history.next(&old, &tree, "1.0.0");
        let v = next.current().unwrap();
        assert_eq!(v.version, "1.1.0");
        assert_eq!(v.files[0].retired[0].why, "tree or error");
        assert_eq!(v.files[0].retired[0].replaced_by.as_deref(), Some("a2"));
        assert!(v.files[0].added.is_empty(), "a changed case is not new");
        let verdict = listing(vec![
            listed("a2", "k1", "false", "1'"),
            listed("b", "k2", "false", "2"),
        ]);
        let next = history.next(&old, &verdict, "1.0.0");
        assert_eq!(next.current().unwrap().version, "2.0.0");
        assert_eq!(next.current().unwrap().files[0].retired[0].why, "verdict");
        assert_eq!(next.retired(), BTreeSet::from(["a"]));
        let removed = listing(vec![listed("a", "k1", "true", "1")]);
        let next = history.next(&old, &removed, "1.0.0");
        assert_eq!(next.current().unwrap().version, "2.0.0");
        assert_eq!(next.current().unwrap().files[0].retired[0].why, "removed");
        let prose = listing(vec![
            listed("a", "k1", "true", "1 reworded"),
            listed("b", "k2", "false", "2"),
        ]);
        assert_eq!(
            history
                .next(&old, &prose, "1.0.0")
                .current()
                .unwrap()
                .version,
            "1.0.1"
        );
        assert_eq!(
            history.next(&old, &old, "1.1.0").current().unwrap().version,
            "1.1.0"
        );
    }

    #[test]
    fn versions_count_as_numbers() {
        assert_eq!(bump("1.9.0", Level::Minor), "1.10.0");
        assert_eq!(bump("9.3.4", Level::Major), "10.0.0");
        assert_eq!(bump("1.2.9", Level::Patch), "1.2.10");
    }
}
