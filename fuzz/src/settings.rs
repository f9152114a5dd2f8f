//! The configuration and baseline readers: the properties of the `config`
//! and `baseline` targets. Any bytes, as the file's content, give a
//! configuration or a clear error:
//! an error names the file, has a message, and its place (when it has one)
//! is in the text. What is read is then used: a configuration's settings
//! for a few files, a baseline's ledgers and counts.

use std::path::{Path, PathBuf};

use rfc1738::lint::Code;
use rfc1738_linter::baseline::Baseline;
use rfc1738_linter::config::{Config, ConfigError};
use rfc1738_linter::pipeline::{self, Overrides};

/// A directory of this process for the files written.
fn scratch() -> &'static Path {
    static DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("rfc1738-fuzz-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        dir
    })
}

/// Writes `data` as the file `name` and reads it with `read`.
fn through_file<T>(name: &str, data: &[u8], read: impl Fn(&Path) -> T) -> T {
    let path = scratch().join(name);
    std::fs::write(&path, data).expect("the scratch file is written");
    read(&path)
}

/// A clear error: the file named, a message, its place in the text.
fn check_error(error: &ConfigError, path: &Path, data: &[u8]) {
    assert_eq!(error.path, path, "the error names the file");
    assert!(
        !error.message.trim().is_empty(),
        "an error without a message"
    );
    if let Some(offset) = error.offset {
        assert!(offset <= data.len(), "an error at {offset}, past the end");
    }
    let shown = error.to_string();
    assert!(
        shown.starts_with(&path.display().to_string()),
        "the error as shown: {shown:?}"
    );
    assert!(!shown.contains('\u{0}'), "the error as shown: {shown:?}");
}

/// The `config` target: `data` as `.rfc1738.toml` and as `pyproject.toml`
/// (its text as `Config::load` reads it once read; bytes that are not
/// UTF-8 through a file, for the error of reading one).
pub fn config(data: &[u8]) {
    for name in [".rfc1738.toml", "pyproject.toml"] {
        let path = scratch().join(name);
        let read = match std::str::from_utf8(data) {
            Ok(text) => Config::from_text(&path, text),
            Err(_) => through_file(name, data, Config::load),
        };
        match read {
            Err(error) => check_error(&error, &path, data),
            Ok(None) => assert_eq!(name, "pyproject.toml", "only a pyproject may have none"),
            Ok(Some(config)) => {
                for file in ["a.md", "docs/legacy/b.html", "vendor/x/y.txt", "../c"] {
                    let file = scratch().join(file);
                    let settings = pipeline::settings(&Overrides::default(), Some(&config), &file);
                    let _ = Code::ALL.iter().filter(|c| settings.wants(**c)).count();
                    let _ = pipeline::excluded(Some(&config), &file);
                }
            }
        }
    }
}

/// The `baseline` target: `data` as a baseline file.
pub fn baseline(data: &[u8]) {
    let name = "baseline.toml";
    let path = scratch().join(name);
    let read = match std::str::from_utf8(data) {
        Ok(text) => Baseline::from_text(&path, text),
        Err(_) => through_file(name, data, Baseline::load),
    };
    match read {
        Err(error) => check_error(&error, &path, data),
        Ok(mut baseline) => {
            for file in ["a", "docs/a.md", "z.txt"] {
                let mut ledger = baseline.ledger(&scratch().join(file));
                for code in [Code::UnsafeCharacter, Code::SchemeCase, Code::Password] {
                    for subject in ["u", "http://a.b/~c", "HTTP://h/"] {
                        ledger.baselined(code, subject);
                    }
                }
                baseline.settle(&ledger);
            }
            let _ = (baseline.baselined(), baseline.stale());
        }
    }
}
