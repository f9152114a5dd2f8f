//! The settings that apply to one file: its configuration (found upward
//! from its directory), the command line's codes and level on top, its
//! per-file ignores and each code's severity.

use std::path::Path;
use std::rc::Rc;

use rfc1738::lint::{Code, Severity};

use crate::config::{Config, ConfigError, Configs};

/// The codes and options of the command line, on top of a configuration
/// file's (none for the language server).
#[derive(Default)]
pub struct Overrides {
    /// Replaces the file's `select` when not empty.
    pub select: Vec<Code>,
    /// Reported on top of the selection.
    pub extend_select: Vec<Code>,
    /// Not reported.
    pub ignore: Vec<Code>,
    /// The lowest severity that fails the run, over the file's.
    pub level: Option<Severity>,
    /// Also lint URLs in Markdown code.
    pub markdown_code: bool,
    /// Also apply the unsafe fixes (`--unsafe-fixes`).
    pub unsafe_fixes: bool,
}

/// What applies to one file.
pub struct Settings {
    wanted: Vec<bool>,
    /// Each code's severity, by its index.
    severities: Vec<Severity>,
    /// The lowest severity that fails the run.
    pub level: Severity,
    /// Whether URLs in Markdown code are linted.
    pub markdown_code: bool,
    /// Whether the fixes applied include the unsafe ones
    /// ([`crate::extract::Applicability::Unsafe`]): a program's string
    /// literal, a data file's value.
    pub unsafe_fixes: bool,
}

impl Settings {
    /// Whether findings of `code` are reported.
    pub fn wants(&self, code: Code) -> bool {
        self.wanted[code.index()]
    }

    /// The severity findings of `code` are reported with: the
    /// configuration's `[severity]`, or the code's own.
    pub fn severity(&self, code: Code) -> Severity {
        self.severities[code.index()]
    }
}

/// The codes reported when neither the configuration nor the command line
/// selects: all but the opt-in ones ([`Code::default_on`]).
fn default_selection() -> Vec<Code> {
    Code::ALL
        .iter()
        .copied()
        .filter(|code| code.default_on())
        .collect()
}

/// The settings of `file` (absolute) under `config` and the command line.
pub fn settings(overrides: &Overrides, config: Option<&Config>, file: &Path) -> Settings {
    let default = default_selection();
    let select: &[Code] = if !overrides.select.is_empty() {
        &overrides.select
    } else {
        config
            .and_then(|config| config.select.as_deref())
            .unwrap_or(&default)
    };
    let mut wanted = vec![false; Code::ALL.len()];
    let extend = config.map_or(&[][..], |config| &config.extend_select[..]);
    for code in select.iter().chain(extend).chain(&overrides.extend_select) {
        wanted[code.index()] = true;
    }
    let mut ignore: Vec<Code> = overrides.ignore.clone();
    if let Some(config) = config {
        ignore.extend(&config.ignore);
        if let Some(relative) = config.relative(file) {
            for (globs, codes) in &config.per_file_ignores {
                if globs.matches(relative) {
                    ignore.extend(codes);
                }
            }
        }
    }
    for code in ignore {
        wanted[code.index()] = false;
    }
    let mut severities: Vec<Severity> = Code::ALL.iter().map(|code| code.severity()).collect();
    for (code, severity) in config.map_or(&[][..], |config| &config.severity[..]) {
        severities[code.index()] = *severity;
    }
    Settings {
        wanted,
        severities,
        level: overrides
            .level
            .or_else(|| config.and_then(|config| config.level))
            .unwrap_or(Severity::Warning),
        markdown_code: overrides.markdown_code
            || config.and_then(|c| c.markdown_code).unwrap_or(false),
        unsafe_fixes: overrides.unsafe_fixes
            || config.and_then(|c| c.unsafe_fixes).unwrap_or(false),
    }
}

/// The configuration of the file `absolute` (found upward from its
/// directory, as `configs` was told), and its settings.
pub fn settings_for(
    configs: &mut Configs,
    overrides: &Overrides,
    absolute: &Path,
) -> Result<(Settings, Option<Rc<Config>>), ConfigError> {
    let dir = absolute.parent().unwrap_or(Path::new("/"));
    let config = configs.for_dir(dir)?;
    let settings = settings(overrides, config.as_deref(), absolute);
    Ok((settings, config))
}

/// Whether the configuration excludes the file `absolute`.
pub fn excluded(config: Option<&Config>, absolute: &Path) -> bool {
    config.is_some_and(|config| {
        config
            .relative(absolute)
            .is_some_and(|relative| config.exclude.matches(relative))
    })
}
