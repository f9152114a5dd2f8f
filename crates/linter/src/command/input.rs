//! One file to lint, and the names of paths: normalized, and printed
//! relative to the working directory.

use std::path::{Component, Path, PathBuf};

/// A path without `.` components.
pub(super) fn normalize(path: &Path) -> PathBuf {
    path.components()
        .filter(|component| !matches!(component, Component::CurDir))
        .collect()
}

/// The printed name of a path: relative to the working directory when it
/// is under it.
pub(super) fn display_path(path: &Path, cwd: &Path) -> String {
    let normal = normalize(path);
    let shown = if normal.is_absolute() {
        normal
            .strip_prefix(cwd)
            .map_or(normal.clone(), Path::to_path_buf)
    } else {
        normal
    };
    let text = shown.to_string_lossy().into_owned();
    if text.is_empty() {
        ".".to_owned()
    } else {
        text
    }
}

/// One file to lint.
pub(super) struct Input {
    /// `None` for standard input.
    pub(super) path: Option<PathBuf>,
    /// Absolute, for configuration and globs.
    pub(super) absolute: PathBuf,
    pub(super) display: String,
    /// Found in a directory (not named): binary files are skipped.
    pub(super) walked: bool,
}
