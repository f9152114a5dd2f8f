//! `--fix` and `--diff`: a file's fixes applied ([`crate::apply_fixes`]),
//! then shown as a unified diff, written to standard output (standard
//! input's text), or written back atomically, and what is left reported.

use std::io::{self, Write};
use std::path::Path;

use super::input::Input;
use super::LintRun;
use crate::apply_fixes::{self, Fixed};
use crate::baseline::Ledger;
use crate::extract::Kind;
use crate::pipeline::FileLint;
use crate::settings::Settings;
use crate::source::SourceText;

impl LintRun<'_> {
    /// Fixes the file `bytes` (`--fix`) or shows its fixes (`--diff`);
    /// whether its findings were reported (those left after `--fix` on a
    /// file).
    pub(super) fn fix_file(
        &mut self,
        input: &Input,
        bytes: Vec<u8>,
        kind: Kind,
        settings: &Settings,
        ledger: Option<&mut Ledger>,
    ) -> Result<bool, String> {
        let report = |error: io::Error| format!("cannot write the report: {error}");
        let Fixed {
            bytes: fixed,
            applied,
            refused,
        } = apply_fixes::fix_file(&bytes, &input.display, kind, settings, ledger.as_deref())
            .map_err(report)?;
        if let Some(why) = refused {
            eprintln!("warning: {}: {why}; not fixed", input.display);
        }
        let changed = fixed != bytes;
        if self.args.diff {
            if changed {
                self.changed = true;
                // Shown as text: a file in another encoding, decoded.
                let old = SourceText::new(bytes.clone());
                let new = SourceText::in_encoding(fixed, old.encoding());
                write!(self.out, "{}", diff(&input.display, &old.text, &new.text))
                    .map_err(report)?;
            }
            return Ok(false);
        }
        let Some(path) = &input.path else {
            // Standard input: the fixed text goes to the output.
            self.out.write_all(&fixed).map_err(report)?;
            return Ok(false);
        };
        let mut outcome = fixed;
        if changed {
            match write_atomically(path, &outcome) {
                Ok(()) => self.summary.fixed += applied,
                Err(error) => {
                    let message = format!(
                        "{}: cannot write the fixes: {error}; the file is unchanged",
                        input.display
                    );
                    eprintln!("error: {message}");
                    self.summary.errors.push(message);
                    self.io_error = true;
                    outcome = bytes;
                }
            }
        }
        // What is left, reported as for a lint without fixes.
        let doc = SourceText::new(outcome);
        FileLint::new(&input.display, &doc, settings, self)
            .with_ledger(ledger)
            .whole(kind)
            .map_err(report)?;
        Ok(true)
    }
}

/// Replaces `path` with `bytes`: a temporary file in the same directory,
/// with the file's permissions, renamed over it. On error the file is as
/// it was. A symbolic link stays one: its target is replaced.
fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let path = &std::fs::canonicalize(path)?;
    let metadata = std::fs::metadata(path)?;
    if metadata.permissions().readonly() {
        return Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            "the file is read-only",
        ));
    }
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let mut temporary = tempfile::Builder::new()
        .prefix(".rfc1738-fix-")
        .tempfile_in(dir)?;
    temporary.write_all(bytes)?;
    temporary.as_file().sync_all()?;
    std::fs::set_permissions(temporary.path(), metadata.permissions())?;
    temporary.persist(path).map_err(|error| error.error)?;
    Ok(())
}

/// A unified diff of a file's fix, of its text before and after.
fn diff(name: &str, old: &str, new: &str) -> String {
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{name}"), &format!("b/{name}"))
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_writes_keep_permissions_and_line_endings() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.txt");
        std::fs::write(&path, "x\r\ny\r\n").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_atomically(&path, b"x\r\nz\r\n").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"x\r\nz\r\n");
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o640);
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "no temporary file is left");
        let link = dir.path().join("link.txt");
        std::os::unix::fs::symlink(&path, &link).unwrap();
        write_atomically(&link, b"via the link\n").unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read(&path).unwrap(), b"via the link\n");
    }

    #[test]
    fn diffs_are_unified() {
        let diff = diff("a.md", "one\ntwo\n", "one\n2\n");
        assert_eq!(
            diff,
            "--- a/a.md\n+++ b/a.md\n@@ -1,2 +1,2 @@\n one\n-two\n+2\n"
        );
    }
}
