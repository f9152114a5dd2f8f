//! `rfc1738 lint`: find the URLs in files and directories and report every
//! problem at its file, line and column, for people (`human`: annotated
//! source), editors (`short`), programs (`json`), code scanning (`sarif`),
//! GitHub Actions (`github`), reviewdog (`rdjson`) and CI test reports
//! (`junit`), or list the URLs (`urls`); fix what can be fixed without
//! changing a URL's meaning.
//!
//! Findings are written as they are made: memory does not grow with their
//! number (only with the size of the file being linted).
//!
//! The rooms: [`extract`] finds the URLs of a file by its format from its
//! [`source`] text, [`pipeline`] lints them with the file's [`settings`]
//! (from its [`config`]), [`suppress`]ion comments and [`baseline`], and
//! the linter's own rules (U018 to U020), [`apply_fixes`] applies the
//! fixes, [`output`] writes the findings, and the command ([`LintArgs`],
//! [`run`]) walks the files. The language server (`rfc1738-server`) uses
//! the same pipeline.

#![deny(missing_docs)]

pub mod apply_fixes;
pub mod baseline;
pub mod binary;
pub mod changes;
pub mod charset;
#[cfg(feature = "command")]
mod command;
pub mod config;
pub mod extract;
mod fix;
mod modeline;
pub mod output;
pub mod pipeline;
mod rules;
pub mod settings;
pub mod source;
pub mod suppress;

#[cfg(feature = "command")]
pub use command::{run, LintArgs};

#[cfg(test)]
mod house {
    use std::path::Path;

    /// A file past 600 lines has come to hold two concerns: ARCHITECTURE.md's
    /// invariant for the linter, held here.
    #[test]
    fn no_file_is_over_600_lines() {
        fn walk(dir: &Path, long: &mut Vec<String>) {
            for entry in std::fs::read_dir(dir).expect("the source folder") {
                let path = entry.expect("an entry").path();
                if path.is_dir() {
                    walk(&path, long);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let lines = std::fs::read_to_string(&path)
                        .expect("a source file")
                        .lines()
                        .count();
                    if lines > 600 {
                        long.push(format!("{}: {lines} lines", path.display()));
                    }
                }
            }
        }
        let mut long = Vec::new();
        walk(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
            &mut long,
        );
        assert!(long.is_empty(), "{long:#?}");
    }
}
