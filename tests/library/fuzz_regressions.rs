//! The fuzz targets' properties, replayed in `cargo test` on the seed
//! corpus (`fuzz/seeds/`) and on every input a fuzzer ever failed on
//! (`tests/fixtures/fuzz/<target>/`).

#[cfg(feature = "dialect")]
use crate::dialect_properties;
use crate::properties;

use std::path::{Path, PathBuf};

fn files(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    // A target that never failed has no directory.
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

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `property` on every input, naming the file that fails.
fn replay(dir: &Path, property: impl Fn(&[u8]) + std::panic::RefUnwindSafe) -> usize {
    let inputs = files(dir);
    for (path, data) in &inputs {
        if std::panic::catch_unwind(|| property(data)).is_err() {
            panic!("{} fails its property", path.display());
        }
    }
    inputs.len()
}

#[cfg(feature = "arbitrary")]
fn roundtrip(data: &[u8]) {
    use arbitrary::{Arbitrary, Unstructured};
    let input =
        <(rfc1738::arbitrary::ArbitraryUrl, &str)>::arbitrary_take_rest(Unstructured::new(data));
    if let Ok(input) = input {
        properties::roundtrip(input);
    }
}

#[test]
fn the_seed_corpus_satisfies_every_property() {
    let seeds = root().join("fuzz/seeds");
    let count = replay(&seeds, properties::parse_any);
    assert!(count >= 50, "only {count} seeds");
    replay(&seeds, properties::differential);
    #[cfg(feature = "dialect")]
    replay(&seeds, dialect_properties::dialects);
    #[cfg(feature = "arbitrary")]
    replay(&seeds, roundtrip);
}

#[test]
fn every_fuzz_crash_stays_fixed() {
    let dir = root().join("tests/fixtures/fuzz");
    replay(&dir.join("parse_any"), properties::parse_any);
    replay(&dir.join("differential"), properties::differential);
    #[cfg(feature = "dialect")]
    replay(&dir.join("dialects"), dialect_properties::dialects);
    #[cfg(feature = "arbitrary")]
    replay(&dir.join("roundtrip"), roundtrip);
}
