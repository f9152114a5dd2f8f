//! A temporary repository of files, and `rfc1738` run in it.

use std::path::Path;
use std::process::Command;

/// A temporary directory with `.git` and `files` (path, content).
pub fn repo(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary directory");
    std::fs::create_dir(dir.path().join(".git")).expect("a .git directory");
    for (path, content) in files {
        write(dir.path(), path, content);
    }
    dir
}

/// Writes `content` to `path` under `dir`, with its directories.
pub fn write(dir: &Path, path: &str, content: &str) {
    let path = dir.join(path);
    std::fs::create_dir_all(path.parent().expect("a parent")).expect("directories");
    std::fs::write(path, content).expect("a file");
}

/// What a run printed, and its exit code.
pub struct Output {
    pub stdout: String,
    pub stderr: String,
    pub code: Option<i32>,
}

/// Runs `rfc1738 ARGS` in `dir`.
pub fn rfc1738_in(dir: &Path, args: &[&str]) -> Output {
    let output = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("the binary runs");
    Output {
        stdout: String::from_utf8(output.stdout).expect("UTF-8 output"),
        stderr: String::from_utf8(output.stderr).expect("UTF-8 errors"),
        code: output.status.code(),
    }
}
