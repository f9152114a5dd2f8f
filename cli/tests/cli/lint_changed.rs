//! `rfc1738 lint --changed-since REV` in a real git repository: only the
//! findings on lines added or changed since REV (the working tree, staged
//! or not, renames followed, untracked files whole).

use crate::repo as support;

use std::path::Path;
use std::process::Command;

use crate::repo::{rfc1738_in, write};

fn git(dir: &Path, args: &[&str]) {
    let status = Command::new("git")
        .current_dir(dir)
        .args(["-c", "user.name=T", "-c", "user.email=t@example.com"])
        .args(args)
        .status()
        .expect("git runs");
    assert!(status.success(), "git {args:?}");
}

/// A repository whose first commit has old findings, and a working tree
/// that adds new ones.
fn repository() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let root = dir.path();
    git(root, &["init", "-q", "-b", "main"]);
    write(
        root,
        "docs/a.md",
        "old http://a.b/~1\nkept\nchanged http://a.b/~2\n",
    );
    write(
        root,
        "old-name.txt",
        "line one http://c.d/~3\nline two\nline three\nline four\nline five\n",
    );
    write(root, "same.txt", "untouched http://e.f/~4\n");
    write(root, ".gitignore", "ignored.txt\n");
    git(root, &["add", "."]);
    git(root, &["commit", "-q", "-m", "first"]);
    // A changed line, an added line, a renamed file with one line changed,
    // a staged new file, an untracked one, an ignored one.
    write(
        root,
        "docs/a.md",
        "old http://a.b/~1\nkept\nchanged HTTP://a.b/~2\nadded http://g.h/~5\n",
    );
    git(root, &["mv", "old-name.txt", "new-name.txt"]);
    write(
        root,
        "new-name.txt",
        "line one http://c.d/~3\nline two\nline three\nline four http://i.j/~6\nline five\n",
    );
    write(root, "staged.txt", "staged http://k.l/~7\n");
    git(root, &["add", "staged.txt"]);
    write(root, "untracked.md", "new http://m.n/~8\n");
    write(root, "ignored.txt", "ignored http://o.p/~9\n");
    dir
}

/// `rfc1738 lint --changed-since REV --format short --isolated .` in `dir`.
fn changed_since(dir: &Path, revision: &str) -> support::Output {
    let args = [
        "lint",
        "--changed-since",
        revision,
        "--format",
        "short",
        "--isolated",
        ".",
    ];
    rfc1738_in(dir, &args)
}

#[test]
fn only_the_findings_on_new_lines_are_reported() {
    let dir = repository();
    let out = changed_since(dir.path(), "HEAD");
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert_eq!(
        out.stdout,
        "docs/a.md:3:9: warning: scheme \"HTTP\" is not in lower case; write \"http\" [U005] (fixable)\n\
         docs/a.md:3:20: error: \"~\" is unsafe and not encoded; write %7E [U003] (fixable)\n\
         docs/a.md:4:18: error: \"~\" is unsafe and not encoded; write %7E [U003] (fixable)\n\
         new-name.txt:4:22: error: \"~\" is unsafe and not encoded; write %7E [U003] (fixable)\n\
         staged.txt:1:19: error: \"~\" is unsafe and not encoded; write %7E [U003] (fixable)\n\
         untracked.md:1:16: error: \"~\" is unsafe and not encoded; write %7E [U003] (fixable)\n"
    );
    // Without the option, every finding (but the ignored file's).
    let all = rfc1738_in(
        dir.path(),
        &["lint", "--format", "short", "--isolated", "."],
    );
    assert_eq!(all.stdout.lines().count(), 9, "{}", all.stdout);
    // Against the working tree itself nothing is new but untracked files.
    git(dir.path(), &["add", "-A"]);
    git(dir.path(), &["commit", "-q", "-m", "second"]);
    let none = changed_since(dir.path(), "HEAD");
    assert_eq!(
        (none.code, none.stdout.as_str()),
        (Some(0), ""),
        "{}",
        none.stderr
    );
    // From a subdirectory, paths and lines are still the repository's.
    let sub = changed_since(&dir.path().join("docs"), "HEAD~1");
    assert_eq!(sub.stdout.lines().count(), 3, "{}", sub.stdout);
    assert!(sub.stdout.starts_with("a.md:3:9:"), "{}", sub.stdout);
}

#[test]
fn a_revision_that_is_not_one_is_an_error() {
    let dir = repository();
    let out = rfc1738_in(
        dir.path(),
        &["lint", "--changed-since", "no-such-branch", "."],
    );
    assert_eq!(out.code, Some(2));
    assert!(
        out.stderr
            .contains("\"no-such-branch\" is not a revision of this repository"),
        "{}",
        out.stderr
    );
    let outside = tempfile::tempdir().expect("a temporary directory");
    let out = rfc1738_in(outside.path(), &["lint", "--changed-since", "HEAD", "."]);
    assert_eq!(out.code, Some(2));
    assert!(
        out.stderr.contains("--changed-since: git"),
        "{}",
        out.stderr
    );
}
