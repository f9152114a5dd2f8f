//! The configuration file: `.rfc1738.toml`, `rfc1738.toml` or the
//! `[tool.rfc1738]` table of a `pyproject.toml`, found from
//! each file's directory upward (the nearest wins, as ruff does), or given
//! with `--config`; `--isolated` reads none.
//!
//! ```toml
//! select = ["U001", "unsafe-character"]   # default: every code but the opt-in U019 and U020
//! extend-select = ["U019"]
//! ignore = ["non-default-port"]
//! level = "error"                         # info, warning (default), error
//! exclude = ["vendor/**"]                 # replaces the default (none)
//! extend-exclude = ["*.min.html"]
//! markdown-code = false                   # URLs in Markdown code spans and blocks
//! unsafe-fixes = false                    # --fix also rewrites a program's string literal
//! baseline = "rfc1738-baseline.toml"      # findings not reported (relative to this file)
//!
//! [per-file-ignores]
//! "docs/legacy/*.md" = ["U003"]           # globs relative to this file
//!
//! [severity]                              # a code's severity, instead of its own
//! url-template = "warning"
//! U021 = "error"
//! ```

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::rc::Rc;

use globset::{Glob, GlobBuilder, GlobSet, GlobSetBuilder};
use rfc1738::lint::{Code, Severity};
use serde::Deserialize;
use toml::Spanned;

/// The names a configuration file may have, in order of preference; a
/// `pyproject.toml` counts only when it has a `[tool.rfc1738]` table.
pub const NAMES: &[&str] = &[".rfc1738.toml", "rfc1738.toml", "pyproject.toml"];

/// `pyproject.toml`: only `[tool.rfc1738]` is read (and checked).
#[derive(Deserialize)]
struct Pyproject {
    tool: Option<Tool>,
}

#[derive(Deserialize)]
struct Tool {
    rfc1738: Option<Raw>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Raw {
    select: Option<Vec<Spanned<String>>>,
    extend_select: Option<Vec<Spanned<String>>>,
    ignore: Option<Vec<Spanned<String>>>,
    level: Option<Spanned<String>>,
    exclude: Option<Vec<Spanned<String>>>,
    extend_exclude: Option<Vec<Spanned<String>>>,
    per_file_ignores: Option<BTreeMap<Spanned<String>, Vec<Spanned<String>>>>,
    markdown_code: Option<bool>,
    unsafe_fixes: Option<bool>,
    baseline: Option<Spanned<String>>,
    severity: Option<BTreeMap<Spanned<String>, Spanned<String>>>,
}

/// Globs matched against a path relative to a base directory: the whole
/// path, each of its parent directories, and (for a glob without `/`)
/// each component's name, as `.gitignore` patterns match.
#[derive(Debug, Clone)]
pub struct Globs {
    full: GlobSet,
    names: GlobSet,
    empty: bool,
}

/// The longest glob, in bytes: as long as the longest path (Linux's
/// `PATH_MAX`). A glob is compiled to a regular expression, whose size
/// grows with nested braces: one of a megabyte compiles to 76 MB.
const MAX_GLOB: usize = 4096;

impl Globs {
    /// The globs of these patterns, or why one is not a glob.
    pub fn new(patterns: &[String]) -> Result<Globs, String> {
        let mut full = GlobSetBuilder::new();
        let mut names = GlobSetBuilder::new();
        for pattern in patterns {
            if pattern.len() > MAX_GLOB {
                return Err(format!(
                    "a glob of {} bytes; a glob is at most {MAX_GLOB} bytes, as a path is",
                    pattern.len()
                ));
            }
            let trimmed = pattern.trim_start_matches("./").trim_end_matches('/');
            let glob = GlobBuilder::new(trimmed)
                .literal_separator(true)
                .build()
                .map_err(|error| format!("invalid glob {pattern:?}: {error}"))?;
            if trimmed.contains('/') {
                full.add(glob);
            } else {
                names.add(Glob::new(trimmed).map_err(|e| e.to_string())?);
                full.add(glob);
            }
        }
        Ok(Globs {
            full: full.build().map_err(|e| e.to_string())?,
            names: names.build().map_err(|e| e.to_string())?,
            empty: patterns.is_empty(),
        })
    }

    /// Whether `relative` (a path relative to the base) or one of its
    /// parents matches.
    pub fn matches(&self, relative: &Path) -> bool {
        if self.empty {
            return false;
        }
        let mut prefix = PathBuf::new();
        for component in relative.components() {
            prefix.push(component);
            if self.full.is_match(&prefix) || self.names.is_match(component.as_os_str()) {
                return true;
            }
        }
        false
    }
}

/// One configuration file, read.
#[derive(Debug)]
pub struct Config {
    /// Its directory: globs are relative to it.
    pub dir: PathBuf,
    /// `select`: the codes reported (the default set when absent).
    pub select: Option<Vec<Code>>,
    /// `extend-select`: codes reported on top of the selection.
    pub extend_select: Vec<Code>,
    /// `ignore`: codes not reported.
    pub ignore: Vec<Code>,
    /// `level`: the lowest severity that fails the run.
    pub level: Option<Severity>,
    /// `exclude` and `extend-exclude`: files and directories not linted.
    pub exclude: Globs,
    /// `[per-file-ignores]`: the codes not reported in the files a glob
    /// matches.
    pub per_file_ignores: Vec<(Globs, Vec<Code>)>,
    /// `markdown-code`: whether URLs in Markdown code are linted.
    pub markdown_code: Option<bool>,
    /// `unsafe-fixes`: whether `--fix` (and the language server's fix-all)
    /// also applies the fixes that may change what a program reads.
    pub unsafe_fixes: Option<bool>,
    /// `baseline`: the findings not reported.
    pub baseline: Option<BaselineName>,
    /// `[severity]`: codes reported with another severity than their own.
    pub severity: Vec<(Code, Severity)>,
}

/// `baseline = "FILE"`: the file (absolute), and where the configuration
/// names it, for the error when it cannot be read.
#[derive(Debug)]
pub struct BaselineName {
    /// The baseline file, absolute.
    pub path: PathBuf,
    place: ConfigError,
}

impl BaselineName {
    /// An error at the place that names the baseline.
    pub fn error(&self, message: impl std::fmt::Display) -> ConfigError {
        ConfigError {
            message: format!("baseline {}: {message}", self.path.display()),
            ..self.place.clone()
        }
    }
}

/// A configuration file that cannot be read or has an error: shown as
/// `file:line:column: message` (`file: message` when it has no place), and
/// put on the file by the language server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    /// The configuration file.
    pub path: PathBuf,
    /// The byte offset of the error in the file, when it has one.
    pub offset: Option<usize>,
    /// Its line and column (1-based, in characters), when it has a place.
    location: Option<(u32, usize)>,
    /// What is wrong.
    pub message: String,
}

impl ConfigError {
    /// An error of the whole file (it cannot be read).
    pub fn of_file(path: &Path, message: impl std::fmt::Display) -> ConfigError {
        ConfigError {
            path: path.to_path_buf(),
            offset: None,
            location: None,
            message: message.to_string(),
        }
    }
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.location {
            Some((line, column)) => write!(
                f,
                "{}:{line}:{column}: {}",
                self.path.display(),
                self.message
            ),
            None => write!(f, "{}: {}", self.path.display(), self.message),
        }
    }
}

/// The error `message` at a byte offset of `text`, the file `path`.
pub fn at(path: &Path, text: &str, offset: usize, message: &str) -> ConfigError {
    let offset = offset.min(text.len());
    let location = rfc1738::Location::of_offset(text, offset);
    ConfigError {
        path: path.to_path_buf(),
        offset: Some(offset),
        location: Some((location.line, location.column)),
        message: message.to_owned(),
    }
}

/// The codes of a list: codes or names, or `ALL`.
pub fn codes_of(
    path: &Path,
    text: &str,
    names: &[Spanned<String>],
) -> Result<Vec<Code>, ConfigError> {
    let mut codes = Vec::new();
    for name in names {
        if name.get_ref().eq_ignore_ascii_case("ALL") {
            codes.extend_from_slice(Code::ALL);
            continue;
        }
        match Code::from_name(name.get_ref()) {
            Some(code) => codes.push(code),
            None => {
                return Err(at(
                    path,
                    text,
                    name.span().start,
                    &format!(
                        "unknown lint code {:?}; `rfc1738 explain` lists the codes",
                        name.get_ref()
                    ),
                ))
            }
        }
    }
    Ok(codes)
}

impl Config {
    /// Reads and checks a configuration file; `None` for a
    /// `pyproject.toml` without `[tool.rfc1738]`.
    pub fn load(path: &Path) -> Result<Option<Config>, ConfigError> {
        let text =
            std::fs::read_to_string(path).map_err(|error| ConfigError::of_file(path, error))?;
        Config::from_text(path, &text)
    }

    /// Reads and checks `text`, the configuration file `path` (absolute:
    /// its globs and baseline are relative to its directory; its name says
    /// whether it is a `pyproject.toml`). `None` for a `pyproject.toml`
    /// without `[tool.rfc1738]`; an error has the path and its place in the
    /// text.
    pub fn from_text(path: &Path, text: &str) -> Result<Option<Config>, ConfigError> {
        let located = |error: toml::de::Error| match error.span() {
            Some(span) => at(path, text, span.start, error.message()),
            None => ConfigError::of_file(path, error.message()),
        };
        let raw: Raw = if path
            .file_name()
            .is_some_and(|name| name == "pyproject.toml")
        {
            let project: Pyproject = toml::from_str(text).map_err(located)?;
            match project.tool.and_then(|tool| tool.rfc1738) {
                Some(raw) => raw,
                None => return Ok(None),
            }
        } else {
            toml::from_str(text).map_err(located)?
        };
        let dir = path
            .parent()
            .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
        let list = |names: &Option<Vec<Spanned<String>>>| -> Result<Vec<Code>, ConfigError> {
            names
                .as_ref()
                .map_or(Ok(Vec::new()), |names| codes_of(path, text, names))
        };
        let severity_of = |name: &Spanned<String>, what: &str| {
            Severity::from_name(name.get_ref()).ok_or_else(|| {
                at(
                    path,
                    text,
                    name.span().start,
                    &format!("{what} {:?} is not info, warning or error", name.get_ref()),
                )
            })
        };
        let level = match &raw.level {
            None => None,
            Some(name) => Some(severity_of(name, "level")?),
        };
        let mut severity = Vec::new();
        for (name, value) in raw.severity.iter().flatten() {
            for code in codes_of(path, text, std::slice::from_ref(name))? {
                severity.push((code, severity_of(value, "severity")?));
            }
        }
        let globs = |patterns: &[Spanned<String>]| -> Result<Globs, ConfigError> {
            for pattern in patterns {
                Globs::new(std::slice::from_ref(pattern.get_ref()))
                    .map_err(|error| at(path, text, pattern.span().start, &error))?;
            }
            Globs::new(
                &patterns
                    .iter()
                    .map(|p| p.get_ref().clone())
                    .collect::<Vec<_>>(),
            )
            .map_err(|error| ConfigError::of_file(path, error))
        };
        let mut exclude: Vec<Spanned<String>> = raw.exclude.clone().unwrap_or_default();
        exclude.extend(raw.extend_exclude.clone().unwrap_or_default());
        let mut per_file_ignores = Vec::new();
        for (pattern, names) in raw.per_file_ignores.iter().flatten() {
            per_file_ignores.push((
                globs(std::slice::from_ref(pattern))?,
                codes_of(path, text, names)?,
            ));
        }
        let baseline = raw.baseline.as_ref().map(|name| BaselineName {
            path: dir.join(name.get_ref()),
            place: at(path, text, name.span().start, ""),
        });
        Ok(Some(Config {
            baseline,
            select: match &raw.select {
                Some(names) => Some(codes_of(path, text, names)?),
                None => None,
            },
            extend_select: list(&raw.extend_select)?,
            ignore: list(&raw.ignore)?,
            level,
            exclude: globs(&exclude)?,
            per_file_ignores,
            markdown_code: raw.markdown_code,
            unsafe_fixes: raw.unsafe_fixes,
            severity,
            dir,
        }))
    }

    /// The path of `file` (absolute) relative to this file's directory.
    pub fn relative<'a>(&self, file: &'a Path) -> Option<&'a Path> {
        file.strip_prefix(&self.dir).ok()
    }
}

/// Finds the configuration of each file, reading each file once.
pub struct Configs {
    /// `--config`: one for all files.
    fixed: Option<Rc<Config>>,
    isolated: bool,
    /// The configuration that applies in each directory seen.
    cache: HashMap<PathBuf, Option<Rc<Config>>>,
}

impl Configs {
    /// The configurations of a run: `fixed` for every file when given
    /// (`--config`), none with `isolated`, otherwise each file's nearest.
    pub fn new(fixed: Option<&Path>, isolated: bool) -> Result<Configs, ConfigError> {
        let fixed = match fixed {
            Some(path) if !isolated => {
                let absolute =
                    std::path::absolute(path).map_err(|error| ConfigError::of_file(path, error))?;
                let config = Config::load(&absolute)?
                    .ok_or_else(|| ConfigError::of_file(&absolute, "no [tool.rfc1738] table"))?;
                Some(Rc::new(config))
            }
            _ => None,
        };
        Ok(Configs {
            fixed,
            isolated,
            ..Configs::upward()
        })
    }

    /// Each file's configuration found upward from its directory.
    pub fn upward() -> Configs {
        Configs {
            fixed: None,
            isolated: false,
            cache: HashMap::new(),
        }
    }

    /// The configuration for files in the directory `dir` (absolute).
    pub fn for_dir(&mut self, dir: &Path) -> Result<Option<Rc<Config>>, ConfigError> {
        if self.isolated {
            return Ok(None);
        }
        if let Some(fixed) = &self.fixed {
            return Ok(Some(fixed.clone()));
        }
        if let Some(found) = self.cache.get(dir) {
            return Ok(found.clone());
        }
        let mut found = None;
        for name in NAMES {
            let candidate = dir.join(name);
            if candidate.is_file() {
                if let Some(config) = Config::load(&candidate)? {
                    found = Some(Rc::new(config));
                    break;
                }
            }
        }
        if found.is_none() {
            if let Some(parent) = dir.parent() {
                found = self.for_dir(parent)?;
            }
        }
        self.cache.insert(dir.to_path_buf(), found.clone());
        Ok(found)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_glob_longer_than_a_path_is_refused() {
        let long = "{a,".repeat(MAX_GLOB / 3 + 1);
        let error = Globs::new(&[long]).unwrap_err();
        assert!(error.contains("at most 4096 bytes"), "{error}");
        assert!(Globs::new(&["a".repeat(MAX_GLOB)]).is_ok());
    }

    #[test]
    fn globs_match_paths_parents_and_names() {
        let globs =
            Globs::new(&["vendor".into(), "docs/*.md".into(), "*.min.html".into()]).unwrap();
        assert!(globs.matches(Path::new("vendor/a/b.md")));
        assert!(globs.matches(Path::new("docs/x.md")));
        assert!(!globs.matches(Path::new("docs/sub/x.md")));
        assert!(globs.matches(Path::new("site/a.min.html")));
        assert!(!globs.matches(Path::new("src/vendor.rs")));
        assert!(!Globs::new(&[]).unwrap().matches(Path::new("a")));
    }

    #[test]
    fn unknown_keys_and_codes_name_file_and_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("rfc1738.toml");
        std::fs::write(&path, "select = [\"U003\"]\nbogus = 1\n").unwrap();
        let error = Config::load(&path).unwrap_err().to_string();
        assert!(
            error.contains("rfc1738.toml:2:1: unknown field `bogus`"),
            "{error}"
        );
        std::fs::write(&path, "ignore = [\n  \"U003\",\n  \"U999\",\n]\n").unwrap();
        let error = Config::load(&path).unwrap_err().to_string();
        assert!(
            error.contains("rfc1738.toml:3:3: unknown lint code \"U999\""),
            "{error}"
        );
        std::fs::write(&path, "level = \"loud\"\n").unwrap();
        assert!(Config::load(&path)
            .unwrap_err()
            .to_string()
            .contains(":1:9: level \"loud\""));
        std::fs::write(
            &path,
            "select = [\"ALL\"]\nlevel = \"error\"\n[per-file-ignores]\n\"a/*.md\" = [\"password\"]\n",
        )
        .unwrap();
        let config = Config::load(&path).unwrap().unwrap();
        assert_eq!(config.select.as_ref().map(Vec::len), Some(Code::ALL.len()));
        assert_eq!(config.level, Some(Severity::Error));
        assert!(config.per_file_ignores[0].0.matches(Path::new("a/b.md")));
        assert_eq!(config.per_file_ignores[0].1, [Code::Password]);
        // pyproject.toml: [tool.rfc1738] only, its errors at their line.
        let pyproject = dir.path().join("pyproject.toml");
        std::fs::write(&pyproject, "[project]\nname = \"x\"\n").unwrap();
        assert!(Config::load(&pyproject).unwrap().is_none());
        std::fs::write(
            &pyproject,
            "[project]\nname = \"x\"\n\n[tool.rfc1738]\nignore = [\"U012\"]\nlevle = 1\n",
        )
        .unwrap();
        let error = Config::load(&pyproject).unwrap_err().to_string();
        assert!(
            error.contains("pyproject.toml:6:1: unknown field `levle`"),
            "{error}"
        );
        std::fs::write(&pyproject, "[tool.rfc1738]\nignore = [\"U012\"]\n").unwrap();
        let config = Config::load(&pyproject).unwrap().unwrap();
        assert_eq!(config.ignore, [Code::NonDefaultPort]);
    }
}
