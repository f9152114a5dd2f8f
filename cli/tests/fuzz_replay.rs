//! The fuzz targets of the linter's readers, `--fix`, the language server,
//! the explorer's server, the configuration and the baseline, replayed in
//! `cargo test`: the same properties (`fuzz/src/`, included here) on each
//! target's seed corpus (`fuzz/corpora/<target>/`) and on every input it
//! ever failed on (`tests/fixtures/fuzz/<target>/`). Here, not in the
//! root's `tests/`: these crates sit above the library.

#[path = "../../fuzz/src/explorer.rs"]
mod explorer;
#[path = "../../fuzz/src/readers.rs"]
mod readers;
#[path = "../../fuzz/src/server.rs"]
mod server;
#[path = "../../fuzz/src/settings.rs"]
mod settings;

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The files of `dir`, sorted; none when it does not exist (a target that
/// never failed has no directory).
fn files(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<_> = entries
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_file() && path.extension().is_none())
        .map(|path| {
            let data = std::fs::read(&path).unwrap();
            (path, data)
        })
        .collect();
    files.sort();
    files
}

/// Runs a target's property on its seed corpus and its past failures,
/// naming the file that fails; the number of seeds.
fn replay(target: &str, property: impl Fn(&[u8]) + std::panic::RefUnwindSafe) -> usize {
    let seeds = files(&root().join("fuzz/corpora").join(target));
    let failures = files(&root().join("tests/fixtures/fuzz").join(target));
    for (path, data) in seeds.iter().chain(&failures) {
        if std::panic::catch_unwind(|| property(data)).is_err() {
            panic!("{} fails the property of {target}", path.display());
        }
    }
    seeds.len()
}

#[test]
fn the_readers_keep_their_properties() {
    assert!(replay("lint_text", |data| readers::lint_as("notes.txt", data)) > 100);
    assert!(replay("lint_markdown", |data| readers::lint_as("README.md", data)) > 50);
    assert!(replay("lint_html", |data| readers::lint_as("index.html", data)) > 10);
}

/// The readers of source code, man pages, reStructuredText and AsciiDoc:
/// each target's file name is in `readers::READERS`.
#[test]
fn the_later_readers_keep_their_properties() {
    for (target, name) in [
        ("lint_python", "script.py"),
        ("lint_javascript", "app.js"),
        ("lint_roff", "page.1"),
        ("lint_rst", "guide.rst"),
        ("lint_asciidoc", "guide.adoc"),
    ] {
        assert!(readers::READERS.contains(&name), "{name}");
        assert!(replay(target, |data| readers::lint_as(name, data)) > 10);
    }
}

/// The readers of every other file type, one name of each picked by an
/// input's first byte.
#[test]
fn the_code_readers_keep_their_properties() {
    let seeds = replay("lint_code", |data| {
        readers::lint_one_of(readers::CODE_READERS, data)
    });
    assert!(seeds >= readers::CODE_READERS.len(), "{seeds}");
}

#[test]
fn fixes_keep_their_properties() {
    assert!(replay("fix", readers::fix) > 100);
}

#[test]
fn the_language_server_keeps_its_properties() {
    assert!(replay("server", server::session) > 10);
}

#[test]
fn the_explorer_server_keeps_its_properties() {
    assert!(replay("explorer", explorer::connection) > 10);
}

#[test]
fn the_configuration_and_baseline_readers_keep_their_properties() {
    assert!(replay("config", settings::config) > 10);
    assert!(replay("baseline", settings::baseline) > 5);
}

/// Each reader fuzzed has its target, and each target its seed corpus.
#[test]
fn every_reader_has_a_target_and_a_corpus() {
    let manifest = std::fs::read_to_string(root().join("fuzz/Cargo.toml")).unwrap();
    for name in readers::READERS {
        let call = format!("lint_as({name:?}, data)");
        let targets = std::fs::read_dir(root().join("fuzz/fuzz_targets")).unwrap();
        let target = targets
            .map(|entry| entry.unwrap().path())
            .find(|path| std::fs::read_to_string(path).unwrap().contains(&call))
            .unwrap_or_else(|| panic!("no fuzz target lints {name}"));
        let stem = target.file_stem().unwrap().to_str().unwrap();
        assert!(manifest.contains(&format!("name = \"{stem}\"")), "{stem}");
        assert!(root().join("fuzz/corpora").join(stem).is_dir(), "{stem}");
    }
}
