//! `--changed-since REV`: the lines a pull request adds or changes, so that
//! a contributor is judged on what they touched. Git says which: the
//! working tree (staged or not) against REV with renames followed, and the
//! files git does not track yet (not ignored), whole.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The lines of one file that are new since the revision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChangedLines {
    /// A new file: every line.
    Whole,
    /// Ranges of lines (1-based, inclusive), in order.
    Ranges(Vec<(usize, usize)>),
}

impl ChangedLines {
    /// Whether any line from `first` to `last` is new.
    pub fn touches(&self, first: usize, last: usize) -> bool {
        match self {
            ChangedLines::Whole => true,
            ChangedLines::Ranges(ranges) => {
                let after = ranges.partition_point(|(_, end)| *end < first);
                ranges.get(after).is_some_and(|(start, _)| *start <= last)
            }
        }
    }
}

/// The files changed since a revision, by their real path.
#[derive(Debug, Default)]
pub struct Changes {
    files: HashMap<PathBuf, ChangedLines>,
}

impl Changes {
    /// The changes of the working tree holding `dir` since `revision`, or
    /// git's error.
    pub fn since(revision: &str, dir: &Path) -> Result<Changes, String> {
        let root = git(dir, &["rev-parse", "--show-toplevel"])?;
        let root = PathBuf::from(root.trim_end_matches(['\n', '\r']));
        // The revision must name a commit: `git diff` would take a path.
        git(
            dir,
            &[
                "rev-parse",
                "--verify",
                "--quiet",
                &format!("{revision}^{{commit}}"),
            ],
        )
        .map_err(|_| {
            format!("--changed-since: {revision:?} is not a revision of this repository")
        })?;
        let diff = git(
            &root,
            &[
                "-c",
                "core.quotePath=false",
                "diff",
                "--no-color",
                "--no-ext-diff",
                "--no-relative",
                "--unified=0",
                "--find-renames",
                revision,
                "--",
            ],
        )?;
        let untracked = git(&root, &["ls-files", "--others", "--exclude-standard", "-z"])?;
        let mut changes = Changes::default();
        for (path, lines) in parse_diff(&diff) {
            changes.insert(&root.join(path), lines);
        }
        for path in untracked.split('\0').filter(|path| !path.is_empty()) {
            changes.insert(&root.join(path), ChangedLines::Whole);
        }
        Ok(changes)
    }

    fn insert(&mut self, path: &Path, lines: ChangedLines) {
        let path = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        self.files.insert(path, lines);
    }

    /// The new lines of the file at `path`; `None` when it has none.
    pub fn lines_of(&self, path: &Path) -> Option<&ChangedLines> {
        let path = std::fs::canonicalize(path).ok()?;
        self.files.get(&path)
    }
}

/// Runs git in `dir`; its standard output, or its error.
fn git(dir: &Path, args: &[&str]) -> Result<String, String> {
    let output = Command::new("git")
        .current_dir(dir)
        .args(args)
        .output()
        .map_err(|error| format!("--changed-since: cannot run git: {error}"))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        return Err(format!(
            "--changed-since: git {}: {}",
            args.join(" "),
            stderr.trim()
        ));
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// The added lines of each file of a unified diff with no context
/// (`--unified=0`), by the path of its new side.
fn parse_diff(diff: &str) -> Vec<(PathBuf, ChangedLines)> {
    let mut files: Vec<(PathBuf, ChangedLines)> = Vec::new();
    let mut current: Option<usize> = None;
    for line in diff.lines() {
        if line.starts_with("diff --git ") {
            current = None;
        } else if let Some(path) = line.strip_prefix("+++ ") {
            current = (path != "/dev/null").then(|| {
                let path = unquote(path);
                let path = path.strip_prefix("b/").unwrap_or(&path).to_owned();
                files.push((PathBuf::from(path), ChangedLines::Ranges(Vec::new())));
                files.len() - 1
            });
        } else if let (Some(index), Some(hunk)) = (current, line.strip_prefix("@@ ")) {
            if let Some((start, count)) = new_side(hunk) {
                if let ChangedLines::Ranges(ranges) = &mut files[index].1 {
                    if count > 0 {
                        ranges.push((start, start + count - 1));
                    }
                }
            }
        }
    }
    files
}

/// The new side of a hunk header `-a,b +c,d @@`: its first line and count.
fn new_side(hunk: &str) -> Option<(usize, usize)> {
    let new = hunk.split(' ').find_map(|part| part.strip_prefix('+'))?;
    let (start, count) = match new.split_once(',') {
        Some((start, count)) => (start.parse().ok()?, count.parse().ok()?),
        None => (new.parse().ok()?, 1),
    };
    Some((start, count))
}

/// A path as git writes it in a diff: C-quoted (`"a\tb"`, octal escapes
/// for the bytes of other characters) when it has special characters.
fn unquote(path: &str) -> String {
    let Some(inner) = path.strip_prefix('"').and_then(|p| p.strip_suffix('"')) else {
        return path.to_owned();
    };
    let mut bytes = Vec::with_capacity(inner.len());
    let mut chars = inner.bytes().peekable();
    while let Some(byte) = chars.next() {
        if byte != b'\\' {
            bytes.push(byte);
            continue;
        }
        match chars.next() {
            Some(b'n') => bytes.push(b'\n'),
            Some(b't') => bytes.push(b'\t'),
            Some(b'r') => bytes.push(b'\r'),
            Some(digit @ b'0'..=b'7') => {
                let mut value = u32::from(digit - b'0');
                for _ in 0..2 {
                    if let Some(next) = chars.next_if(|b| (b'0'..=b'7').contains(b)) {
                        value = value * 8 + u32::from(next - b'0');
                    }
                }
                bytes.push(value as u8);
            }
            Some(other) => bytes.push(other),
            None => {}
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_diff_gives_the_new_lines_of_each_file() {
        let diff = "diff --git a/a.md b/a.md\n\
                    --- a/a.md\n\
                    +++ b/a.md\n\
                    @@ -3 +3 @@ heading\n\
                    -old\n\
                    +new\n\
                    @@ -10,0 +11,2 @@\n\
                    +x\n\
                    +y\n\
                    @@ -20,2 +21,0 @@\n\
                    diff --git a/old.txt b/docs/new.txt\n\
                    similarity index 90%\n\
                    rename from old.txt\n\
                    rename to docs/new.txt\n\
                    --- a/old.txt\n\
                    +++ b/docs/new.txt\n\
                    @@ -1 +1 @@\n\
                    diff --git a/gone.txt b/gone.txt\n\
                    --- a/gone.txt\n\
                    +++ /dev/null\n\
                    @@ -1 +0,0 @@\n\
                    diff --git \"a/t\\tb.md\" \"b/t\\tb.md\"\n\
                    --- \"a/t\\tb.md\"\n\
                    +++ \"b/t\\303\\251.md\"\n\
                    @@ -0,0 +1 @@\n";
        let files = parse_diff(diff);
        assert_eq!(
            files,
            [
                (
                    PathBuf::from("a.md"),
                    ChangedLines::Ranges(vec![(3, 3), (11, 12)])
                ),
                (
                    PathBuf::from("docs/new.txt"),
                    ChangedLines::Ranges(vec![(1, 1)])
                ),
                (PathBuf::from("té.md"), ChangedLines::Ranges(vec![(1, 1)])),
            ]
        );
    }

    #[test]
    fn a_span_of_lines_touches_a_change_when_they_overlap() {
        let lines = ChangedLines::Ranges(vec![(3, 3), (11, 12)]);
        assert!(lines.touches(3, 3));
        assert!(lines.touches(1, 3));
        assert!(lines.touches(12, 20));
        assert!(!lines.touches(4, 10));
        assert!(!lines.touches(13, 13));
        assert!(ChangedLines::Whole.touches(1, 1));
    }
}
