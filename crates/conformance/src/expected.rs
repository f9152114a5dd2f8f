//! Expected failures: a file of case ids, one a line (`#` starts a
//! comment), that an implementation is known to disagree with. `run
//! --expected-failures FILE` reports a listed case that disagrees without
//! failing the run; an unlisted disagreement fails it, and so does a listed
//! case that now agrees (the list is stale: the implementation got better)
//! or a listed id the suite does not have (retired, or mistyped).
//! `--write-expected-failures FILE` writes the list of a run.

use std::collections::BTreeSet;
use std::path::Path;

use serde::Serialize;

/// The ids of an expected-failures file, in its order, each once.
#[derive(Debug, Clone, Default)]
pub(crate) struct Listed {
    pub(crate) file: String,
    pub(crate) ids: Vec<String>,
}

impl Listed {
    pub(crate) fn read(path: &Path) -> Result<Listed, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
        let mut ids = Vec::new();
        let mut seen = BTreeSet::new();
        for (number, line) in text.lines().enumerate() {
            let id = line.split('#').next().unwrap_or_default().trim();
            if id.is_empty() {
                continue;
            }
            if id.contains(char::is_whitespace) {
                return Err(format!(
                    "{}:{}: one case id a line, not {id:?}",
                    path.display(),
                    number + 1
                ));
            }
            if seen.insert(id.to_string()) {
                ids.push(id.to_string());
            }
        }
        Ok(Listed {
            file: path.display().to_string(),
            ids,
        })
    }

    pub(crate) fn contains(&self, id: &str) -> bool {
        self.ids.iter().any(|listed| listed == id)
    }
}

/// Writes the ids of the disagreeing cases, with a comment saying where
/// the list comes from.
pub(crate) fn write(path: &Path, header: &[String], ids: &[&str]) -> Result<(), String> {
    let mut text = String::new();
    for line in header {
        text.push_str(&format!("# {line}\n"));
    }
    for id in ids {
        text.push_str(id);
        text.push('\n');
    }
    std::fs::write(path, text).map_err(|error| format!("cannot write {}: {error}", path.display()))
}

/// A run read against an expected-failures file.
#[derive(Debug, Clone, Default, Serialize)]
pub(crate) struct Outcome {
    pub(crate) file: String,
    /// Ids in the file.
    pub(crate) listed: usize,
    /// Listed cases that disagree, as expected.
    pub(crate) failing_as_listed: usize,
    /// Cases that disagree and are not listed: they fail the run.
    pub(crate) unlisted: Vec<String>,
    /// Listed cases that were asked and agree: they fail the run.
    pub(crate) stale: Vec<String>,
    /// Listed ids that no case of the suite has: they fail the run.
    pub(crate) unknown: Vec<String>,
}

impl Outcome {
    /// `failing`: the ids of the cases asked that disagree; `asked`: every
    /// id asked; `suite`: every id of the suite (a listed id outside the
    /// cases asked, as with `--rule`, is neither stale nor unknown).
    pub(crate) fn of(
        listed: &Listed,
        failing: &[&str],
        asked: &BTreeSet<&str>,
        suite: &BTreeSet<String>,
    ) -> Outcome {
        let failing_set: BTreeSet<&str> = failing.iter().copied().collect();
        Outcome {
            file: listed.file.clone(),
            listed: listed.ids.len(),
            failing_as_listed: failing.iter().filter(|id| listed.contains(id)).count(),
            unlisted: failing
                .iter()
                .filter(|id| !listed.contains(id))
                .map(|id| id.to_string())
                .collect(),
            stale: listed
                .ids
                .iter()
                .filter(|id| asked.contains(id.as_str()) && !failing_set.contains(id.as_str()))
                .cloned()
                .collect(),
            unknown: listed
                .ids
                .iter()
                .filter(|id| !suite.contains(id.as_str()))
                .cloned()
                .collect(),
        }
    }

    /// Whether the run fails for the list's sake.
    pub(crate) fn fails(&self) -> bool {
        !(self.unlisted.is_empty() && self.stale.is_empty() && self.unknown.is_empty())
    }

    /// The report's lines about the list.
    pub(crate) fn to_human(&self) -> String {
        let mut out = format!(
            "\nexpected failures ({}): {} listed, {} fail as listed, {} fail unlisted, {} stale, {} unknown\n",
            self.file,
            self.listed,
            self.failing_as_listed,
            self.unlisted.len(),
            self.stale.len(),
            self.unknown.len()
        );
        for (what, ids) in [
            ("fails, not listed", &self.unlisted),
            (
                "listed, but agrees now (stale: take it off the list)",
                &self.stale,
            ),
            (
                "listed, but no case of the suite has this id (retired? see CHANGELOG.md)",
                &self.unknown,
            ),
        ] {
            for id in ids {
                out.push_str(&format!("  {id}: {what}\n"));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_blank_lines_and_repeats_are_skipped() {
        let dir = std::env::temp_dir().join(format!("expected-{}", std::process::id()));
        std::fs::write(&dir, "# header\n\nrfc1738-aaaaaaaaaaaa  # why\nrfc1738-aaaaaaaaaaaa\n  extract-bbbbbbbbbbbb\n").unwrap();
        let listed = Listed::read(&dir).unwrap();
        assert_eq!(listed.ids, ["rfc1738-aaaaaaaaaaaa", "extract-bbbbbbbbbbbb"]);
        std::fs::write(&dir, "a b\n").unwrap();
        assert!(Listed::read(&dir)
            .unwrap_err()
            .contains(":1: one case id a line"));
        std::fs::remove_file(&dir).unwrap();
    }

    #[test]
    fn listed_stale_unlisted_and_unknown() {
        let listed = Listed {
            file: "f".into(),
            ids: vec!["a".into(), "b".into(), "gone".into(), "other".into()],
        };
        let asked = BTreeSet::from(["a", "b", "c"]);
        let suite: BTreeSet<String> = ["a", "b", "c", "other"].map(String::from).into();
        let outcome = Outcome::of(&listed, &["a", "c"], &asked, &suite);
        assert_eq!(outcome.failing_as_listed, 1);
        assert_eq!(outcome.unlisted, ["c"]);
        assert_eq!(outcome.stale, ["b"]);
        assert_eq!(outcome.unknown, ["gone"]);
        assert!(outcome.fails());
        let fine = Outcome::of(&listed, &["a", "b"], &asked, &suite);
        assert!(fine.unknown == ["gone"] && fine.stale.is_empty() && fine.unlisted.is_empty());
    }
}
