//! The files of `rfc1738 lint`: those named, standard input, and the
//! files of a directory searched as ripgrep searches (`.gitignore`,
//! `.ignore`, hidden files), with the exclusions and includes, the
//! configurations' excludes and the baselines skipped.

use std::path::{Path, PathBuf};

use super::input::{display_path, normalize, Input};
use super::LintRun;
use crate::config::{Config, Globs};
use crate::settings;

impl LintRun<'_> {
    /// Lints each file named, standard input, and the files of each
    /// directory named.
    pub(super) fn walk(&mut self, include: &Globs, exclude: &Globs) -> Result<(), String> {
        let args = self.args;
        let cwd = self.cwd.clone();
        // The report is not linted when it lies in a directory being searched.
        let report_file = args
            .output_file
            .as_ref()
            .map(|path| normalize(&cwd.join(path)));
        let inputs = if args.files.is_empty() {
            vec!["-".to_owned()]
        } else {
            args.files.clone()
        };
        for input in inputs {
            if input == "-" {
                let name = args.stdin_filename.clone();
                let absolute = normalize(&cwd.join(name.as_deref().unwrap_or("<stdin>")));
                if name.is_some() && self.force_excluded(exclude, &absolute, &cwd)? {
                    continue;
                }
                self.file(Input {
                    path: None,
                    display: name.map_or_else(
                        || "<stdin>".to_owned(),
                        |n| display_path(Path::new(&n), &cwd),
                    ),
                    absolute,
                    walked: false,
                })?;
                continue;
            }
            let path = PathBuf::from(&input);
            if path.is_dir() {
                let mut walk = ignore::WalkBuilder::new(&path);
                walk.require_git(false).sort_by_file_name(|a, b| a.cmp(b));
                for entry in walk.build() {
                    let entry = match entry {
                        Ok(entry) => entry,
                        Err(error) => {
                            eprintln!("error: {error}");
                            self.io_error = true;
                            continue;
                        }
                    };
                    if !entry.file_type().is_some_and(|t| t.is_file()) {
                        continue;
                    }
                    let file = entry.into_path();
                    let display = display_path(&file, &cwd);
                    let absolute = normalize(&cwd.join(&file));
                    let shown = Path::new(&display);
                    if exclude.matches(shown)
                        || !args.include.is_empty() && !include.matches(shown)
                        || report_file.as_deref() == Some(absolute.as_path())
                    {
                        continue;
                    }
                    let dir = absolute.parent().unwrap_or(&cwd).to_path_buf();
                    let config = self
                        .configs
                        .for_dir(&dir)
                        .map_err(|error| error.to_string())?;
                    if settings::excluded(config.as_deref(), &absolute)
                        || self.is_baseline(&absolute, config.as_deref())
                    {
                        continue;
                    }
                    self.file(Input {
                        path: Some(file),
                        absolute,
                        display,
                        walked: true,
                    })?;
                }
            } else {
                let absolute = normalize(&cwd.join(&path));
                if self.force_excluded(exclude, &absolute, &cwd)? {
                    continue;
                }
                self.file(Input {
                    absolute,
                    display: display_path(&path, &cwd),
                    path: Some(path),
                    walked: false,
                })?;
            }
        }
        Ok(())
    }

    /// With `--force-exclude`, whether the exclusions skip a file named on
    /// the command line.
    fn force_excluded(
        &mut self,
        exclude: &Globs,
        absolute: &Path,
        cwd: &Path,
    ) -> Result<bool, String> {
        if !self.args.force_exclude {
            return Ok(false);
        }
        if exclude.matches(Path::new(&display_path(absolute, cwd))) {
            return Ok(true);
        }
        let dir = absolute.parent().unwrap_or(cwd);
        let config = self
            .configs
            .for_dir(dir)
            .map_err(|error| error.to_string())?;
        Ok(settings::excluded(config.as_deref(), absolute)
            || self.is_baseline(absolute, config.as_deref()))
    }

    /// Whether a file is a baseline of this run (not linted when found in
    /// a directory: its entries are URLs).
    pub(super) fn is_baseline(&self, absolute: &Path, config: Option<&Config>) -> bool {
        let named = |path: &Option<PathBuf>| {
            path.as_ref()
                .is_some_and(|path| normalize(&self.cwd.join(path)) == absolute)
        };
        named(&self.args.baseline)
            || named(&self.args.write_baseline)
            || self.baselines.contains_key(absolute)
            || config
                .and_then(|config| config.baseline.as_ref())
                .is_some_and(|baseline| normalize(&baseline.path) == absolute)
    }
}
