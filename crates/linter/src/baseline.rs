//! The baseline: the findings a repository has when it adopts the linter,
//! recorded once (`rfc1738 lint --write-baseline FILE`) and not reported
//! again (`--baseline FILE`, or `baseline = "FILE"` in the configuration).
//!
//! A finding is matched by its file, its code, its subject (the URL's text;
//! for a finding about no URL, the text it is about) and its occurrence:
//! how many findings of that code on that subject come before it in the
//! file. Not by line: lines added above a finding do not bring it back. An
//! entry holds the number of such findings; a file with fewer than that
//! has stale entries (counted by `--statistics`), and one with more reports
//! the later ones.
//!
//! ```toml
//! version = 1
//! findings = [
//!     ["docs/a.md", "U003", "http://a.b/~joe", 2],
//! ]
//! ```
//!
//! One entry a line, sorted by file, code and subject: a small file whose
//! diffs say which findings came and went.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::path::{Component, Path, PathBuf};

use rfc1738::lint::Code;
use serde::Deserialize;
use toml::Spanned;

use super::config::{at, BaselineName, ConfigError};

/// The format's version, written first.
const VERSION: u32 = 1;

/// The longest subject kept, in bytes: a URL of 100 KB is one entry of a
/// few hundred bytes, not 100 KB a finding.
const SUBJECT_MAX: usize = 200;

/// The subject of a finding as the baseline keeps it: `text`, cut after
/// [`SUBJECT_MAX`] bytes (at a character boundary).
pub fn subject(text: &str) -> &str {
    if text.len() <= SUBJECT_MAX {
        return text;
    }
    let mut end = SUBJECT_MAX;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// An entry as written: file, code, subject, count.
type RawEntry = (String, Spanned<String>, String, u32);

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    version: Spanned<u32>,
    #[serde(default)]
    findings: Vec<RawEntry>,
}

/// How many findings of each code a subject has in a file.
#[derive(Default, Clone, Debug, PartialEq, Eq)]
pub struct Counts(HashMap<Box<str>, Vec<(Code, u32)>>);

impl Counts {
    fn get(&self, code: Code, subject: &str) -> u32 {
        self.0
            .get(subject)
            .and_then(|codes| codes.iter().find(|(c, _)| *c == code))
            .map_or(0, |(_, count)| *count)
    }

    /// Adds one; returns the count before (the occurrence's index).
    fn bump(&mut self, code: Code, subject: &str) -> u32 {
        self.add(code, subject, 1)
    }

    /// Adds `more` (at most up to `u32::MAX`: entries of one subject in a
    /// baseline may add up to more); returns the count before.
    fn add(&mut self, code: Code, subject: &str, more: u32) -> u32 {
        let codes = match self.0.get_mut(subject) {
            Some(codes) => codes,
            None => self.0.entry(subject.into()).or_default(),
        };
        match codes.iter_mut().find(|(c, _)| *c == code) {
            Some((_, count)) => {
                let before = *count;
                *count = before.saturating_add(more);
                before
            }
            None => {
                codes.push((code, more));
                0
            }
        }
    }

    /// The findings of `self` beyond those of `found`.
    fn beyond(&self, found: &Counts) -> u64 {
        let mut stale = 0;
        for (subject, codes) in &self.0 {
            for (code, count) in codes {
                stale += u64::from(count.saturating_sub(found.get(*code, subject)));
            }
        }
        stale
    }
}

/// One file's entries, and what its last lint found of them.
#[derive(Default, Debug)]
struct FileEntries {
    recorded: Counts,
    /// Of the recorded findings, those the last lint of the file found;
    /// `None` until it is linted.
    found: Option<Counts>,
}

/// A baseline file, read.
#[derive(Debug)]
pub struct Baseline {
    dir: PathBuf,
    files: HashMap<String, FileEntries>,
    /// The findings not reported, being in it (by the last lint of each
    /// file).
    baselined: HashMap<String, u64>,
}

/// The key of a file in a baseline in the directory `dir` (both
/// absolute): its path relative to it (with `..` when it is not under
/// it), `/` between components.
fn key(dir: &Path, file: &Path) -> String {
    let dir: Vec<Component> = dir.components().collect();
    let file: Vec<Component> = file.components().collect();
    let common = dir.iter().zip(&file).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<String> = vec!["..".to_owned(); dir.len() - common];
    parts.extend(
        file[common..]
            .iter()
            .map(|component| component.as_os_str().to_string_lossy().into_owned()),
    );
    parts.join("/")
}

impl Baseline {
    /// Reads a baseline file (absolute); its errors have its path and place.
    pub fn load(path: &Path) -> Result<Baseline, ConfigError> {
        let text =
            std::fs::read_to_string(path).map_err(|error| ConfigError::of_file(path, error))?;
        Baseline::from_text(path, &text)
    }

    /// The baseline whose file `path` (absolute: the keys are relative to
    /// its directory) holds `text`; an error has the path and its place in
    /// the text. Any text gives one or the other, in time and memory linear
    /// in its size (a count is a number, not a number of steps).
    pub fn from_text(path: &Path, text: &str) -> Result<Baseline, ConfigError> {
        let raw: Raw = toml::from_str(text).map_err(|error| match error.span() {
            Some(span) => at(path, text, span.start, error.message()),
            None => ConfigError::of_file(path, error.message()),
        })?;
        if *raw.version.get_ref() != VERSION {
            return Err(at(
                path,
                text,
                raw.version.span().start,
                &format!(
                    "baseline version {} is not {VERSION}; write it again with --write-baseline",
                    raw.version.get_ref()
                ),
            ));
        }
        let mut files: HashMap<String, FileEntries> = HashMap::new();
        for (file, code, subject, count) in raw.findings {
            let Some(found) = Code::from_name(code.get_ref()) else {
                return Err(at(
                    path,
                    text,
                    code.span().start,
                    &format!(
                        "unknown lint code {:?}; `rfc1738 explain` lists the codes",
                        code.get_ref()
                    ),
                ));
            };
            let counts = &mut files.entry(file).or_default().recorded;
            counts.add(found, self::subject(&subject), count);
        }
        Ok(Baseline {
            dir: path.parent().map_or_else(PathBuf::new, Path::to_path_buf),
            files,
            baselined: HashMap::new(),
        })
    }

    /// The baseline a configuration names; when it cannot be read, the
    /// error is at the place that names it.
    pub fn load_named(name: &BaselineName) -> Result<Baseline, ConfigError> {
        match std::fs::metadata(&name.path) {
            Err(error) => Err(name.error(error)),
            Ok(_) => Baseline::load(&name.path),
        }
    }

    /// The ledger of the file `absolute`, to lint it against this baseline.
    pub fn ledger(&self, absolute: &Path) -> Ledger {
        let file = key(&self.dir, absolute);
        let recorded = self
            .files
            .get(&file)
            .map(|entries| entries.recorded.clone())
            .unwrap_or_default();
        Ledger {
            file,
            recorded,
            counts: Counts::default(),
            baselined: 0,
        }
    }

    /// Keeps what a file's lint found of its entries (the last lint of a
    /// file counts).
    pub fn settle(&mut self, ledger: &Ledger) {
        let found = ledger.found();
        self.files.entry(ledger.file.clone()).or_default().found = Some(found);
        self.baselined.insert(ledger.file.clone(), ledger.baselined);
    }

    /// The findings not reported, being in it.
    pub fn baselined(&self) -> u64 {
        self.baselined.values().sum()
    }

    /// The recorded findings of the linted files that their last lint did
    /// not find: fixed, or changed.
    pub fn stale(&self) -> u64 {
        self.files
            .values()
            .filter_map(|entries| Some(entries.recorded.beyond(entries.found.as_ref()?)))
            .sum()
    }
}

/// One file's side of a lint: how many findings of each code each subject
/// has so far, and which of them the baseline holds.
#[derive(Clone, Debug)]
pub struct Ledger {
    file: String,
    recorded: Counts,
    counts: Counts,
    /// The findings not reported, being in the baseline.
    pub baselined: u64,
}

impl Ledger {
    /// A ledger of a file with no baseline (to record its findings).
    pub fn recording(dir: &Path, absolute: &Path) -> Ledger {
        Ledger {
            file: key(dir, absolute),
            recorded: Counts::default(),
            counts: Counts::default(),
            baselined: 0,
        }
    }

    /// The same file before any finding: for another lint of it.
    pub fn fresh(&self) -> Ledger {
        Ledger {
            counts: Counts::default(),
            baselined: 0,
            ..self.clone()
        }
    }

    /// Counts a finding of `code` on `subject` (see [`subject`]); whether
    /// the baseline holds it.
    pub fn baselined(&mut self, code: Code, subject: &str) -> bool {
        let subject = self::subject(subject);
        let occurrence = self.counts.bump(code, subject);
        let held = occurrence < self.recorded.get(code, subject);
        self.baselined += u64::from(held);
        held
    }

    /// Of the recorded findings, those found.
    fn found(&self) -> Counts {
        let mut found = Counts::default();
        for (subject, codes) in &self.recorded.0 {
            for (code, count) in codes {
                let seen = (*count).min(self.counts.get(*code, subject));
                if seen > 0 {
                    found.add(*code, subject, seen);
                }
            }
        }
        found
    }
}

/// The findings of a run, to be written as a baseline.
#[derive(Default)]
pub struct Recorder {
    /// `(file, code, subject)` and the count.
    entries: BTreeMap<(String, Code, String), u32>,
}

impl Recorder {
    /// Adds the findings a ledger counted.
    pub fn add(&mut self, ledger: &Ledger) {
        for (subject, codes) in &ledger.counts.0 {
            for (code, count) in codes {
                *self
                    .entries
                    .entry((ledger.file.clone(), *code, subject.to_string()))
                    .or_default() += count;
            }
        }
    }

    /// The number of findings recorded.
    pub fn findings(&self) -> u64 {
        self.entries.values().map(|count| u64::from(*count)).sum()
    }

    /// The number of files with findings.
    pub fn files(&self) -> usize {
        let mut files: Vec<&str> = self.entries.keys().map(|(f, _, _)| f.as_str()).collect();
        files.dedup();
        files.len()
    }

    /// The baseline file's text.
    pub fn text(&self) -> String {
        let mut text = String::from(
            "# rfc1738 lint baseline: findings not reported again, written by\n\
             # `rfc1738 lint --write-baseline FILE` and read with `--baseline FILE`\n\
             # or `baseline = \"FILE\"` in rfc1738.toml. Each entry: the file (relative\n\
             # to this one), the code, the URL (or the text the finding is about) and\n\
             # how many such findings the file has.\n",
        );
        let _ = writeln!(text, "version = {VERSION}");
        text.push_str("findings = [\n");
        for ((file, code, subject), count) in &self.entries {
            text.push_str("    [");
            push_toml_string(&mut text, file);
            let _ = write!(text, ", \"{}\", ", code.code());
            push_toml_string(&mut text, subject);
            let _ = writeln!(text, ", {count}],");
        }
        text.push_str("]\n");
        text
    }
}

/// `value` as a TOML basic string on one line: `"` and `\` escaped, and
/// control characters as `\uXXXX` (TOML allows none but tab unescaped).
fn push_toml_string(out: &mut String, value: &str) {
    out.push('"');
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, text: &str) -> PathBuf {
        let path = dir.join("baseline.toml");
        std::fs::write(&path, text).unwrap();
        path
    }

    #[test]
    fn keys_are_relative_to_the_baseline() {
        let dir = Path::new("/r/lint");
        assert_eq!(key(dir, Path::new("/r/lint/a/b.md")), "a/b.md");
        assert_eq!(key(dir, Path::new("/r/notes.txt")), "../notes.txt");
        assert_eq!(key(dir, Path::new("/other/x")), "../../other/x");
    }

    #[test]
    fn occurrences_beyond_the_count_are_reported() {
        let dir = tempfile::tempdir().unwrap();
        let path = write(
            dir.path(),
            "version = 1\nfindings = [[\"a/b.md\", \"U003\", \"http://x/~y\", 2]]\n",
        );
        let mut baseline = Baseline::load(&path).unwrap();
        let mut ledger = baseline.ledger(&dir.path().join("a/b.md"));
        let url = "http://x/~y";
        assert!(ledger.baselined(Code::UnsafeCharacter, url));
        assert!(!ledger.baselined(Code::SchemeCase, url));
        assert!(!ledger.baselined(Code::UnsafeCharacter, "http://x/~z"));
        assert!(ledger.baselined(Code::UnsafeCharacter, url));
        assert!(!ledger.baselined(Code::UnsafeCharacter, url));
        assert_eq!(ledger.baselined, 2);
        baseline.settle(&ledger);
        assert_eq!(baseline.stale(), 0);
        // Fixed once: one recorded finding is stale.
        let mut ledger = baseline.ledger(&dir.path().join("a/b.md"));
        assert!(ledger.baselined(Code::UnsafeCharacter, url));
        baseline.settle(&ledger);
        assert_eq!(baseline.stale(), 1);
        // Another file has no entry.
        let mut other = baseline.ledger(&dir.path().join("c.md"));
        assert!(!other.baselined(Code::UnsafeCharacter, url));
    }

    #[test]
    fn written_baselines_read_back_sorted_and_escaped() {
        let dir = tempfile::tempdir().unwrap();
        let mut recorder = Recorder::default();
        let mut one = Ledger::recording(dir.path(), &dir.path().join("z.txt"));
        let awkward = "http://h/\"q\\\u{7f}\t";
        one.baselined(Code::UnsafeCharacter, awkward);
        one.baselined(Code::UnsafeCharacter, awkward);
        one.baselined(Code::SchemeCase, "HTTP://h/");
        let mut two = Ledger::recording(dir.path(), &dir.path().join("docs/a.md"));
        two.baselined(Code::Password, &"x".repeat(300));
        recorder.add(&one);
        recorder.add(&two);
        assert_eq!((recorder.findings(), recorder.files()), (4, 2));
        let text = recorder.text();
        let entries: Vec<&str> = text.lines().filter(|l| l.starts_with("    [")).collect();
        assert_eq!(entries.len(), 3);
        assert!(entries[0].starts_with("    [\"docs/a.md\", \"U011\", \"xxx"));
        assert_eq!(
            entries[1],
            "    [\"z.txt\", \"U003\", \"http://h/\\\"q\\\\\\u007F\\u0009\", 2],"
        );
        assert_eq!(entries[2], "    [\"z.txt\", \"U005\", \"HTTP://h/\", 1],");
        let path = write(dir.path(), &text);
        let baseline = Baseline::load(&path).unwrap();
        let mut ledger = baseline.ledger(&dir.path().join("z.txt"));
        assert!(ledger.baselined(Code::UnsafeCharacter, awkward));
        assert!(ledger.baselined(Code::UnsafeCharacter, awkward));
        assert!(!ledger.baselined(Code::UnsafeCharacter, awkward));
        // A long subject is kept cut, and matched cut.
        let mut ledger = baseline.ledger(&dir.path().join("docs/a.md"));
        assert!(ledger.baselined(Code::Password, &"x".repeat(250)));
    }

    #[test]
    fn a_huge_count_is_read_at_once_and_counts_add_up_without_overflow() {
        // Counted one by one, this entry would take minutes; two of them
        // would overflow a 32-bit count.
        let text = "version = 1\nfindings = [\n  [\"a\", \"U003\", \"u\", 4294967295],\n  [\"a\", \"U003\", \"u\", 4294967295],\n]\n";
        let dir = Path::new("/r");
        let started = std::time::Instant::now();
        let baseline = Baseline::from_text(&dir.join("baseline.toml"), text).unwrap();
        assert!(started.elapsed() < std::time::Duration::from_secs(1));
        let mut ledger = baseline.ledger(&dir.join("a"));
        assert!(ledger.baselined(Code::UnsafeCharacter, "u"));
        assert!(ledger.baselined(Code::UnsafeCharacter, "u"));
        let mut baseline = baseline;
        baseline.settle(&ledger);
        assert_eq!(baseline.stale(), u64::from(u32::MAX) - 2);
    }

    #[test]
    fn errors_name_the_file_and_place() {
        let dir = tempfile::tempdir().unwrap();
        let path = write(
            dir.path(),
            "version = 1\nfindings = [\n  [\"a\", \"U999\", \"u\", 1],\n]\n",
        );
        let error = Baseline::load(&path).unwrap_err().to_string();
        assert!(
            error.ends_with(
                "baseline.toml:3:9: unknown lint code \"U999\"; `rfc1738 explain` lists the codes"
            ),
            "{error}"
        );
        write(dir.path(), "version = 2\n");
        let error = Baseline::load(&path).unwrap_err().to_string();
        assert!(
            error.contains("baseline.toml:1:11: baseline version 2"),
            "{error}"
        );
        write(dir.path(), "version = 1\nfindings = [[\"a\", \"U003\"]]\n");
        assert!(Baseline::load(&path).is_err());
        std::fs::write(&path, b"version = 1\n# \xff\n").unwrap();
        assert!(Baseline::load(&path)
            .unwrap_err()
            .to_string()
            .contains("UTF-8"));
    }
}
