//! Every file type of the registry (docs/linter-files.md) on a snippet
//! written as its projects write it, one file a row in
//! `tests/fixtures/filetypes/`: a row without a snippet fails, and so does
//! a snippet whose URLs or findings change. The findings expected, but
//! for `https`'s U016, are `tests/fixtures/filetypes.tsv`
//! (`UPDATE_FIXTURES=1` writes it, to be read by eye).

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use rfc1738_linter::extract::filetype::{by_name, FILE_TYPES};

fn fixtures() -> &'static Path {
    Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/filetypes"
    ))
}

fn run(format: &str) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(["lint", "--isolated", "--exit-zero", "--format", format, "."])
        .current_dir(fixtures())
        .output()
        .expect("the binary runs");
    String::from_utf8(output.stdout).expect("UTF-8")
}

#[test]
fn every_file_type_has_a_snippet() {
    let names: Vec<String> = std::fs::read_dir(fixtures())
        .expect("the fixtures")
        .map(|entry| {
            entry
                .expect("an entry")
                .file_name()
                .into_string()
                .expect("UTF-8")
        })
        .collect();
    for file_type in FILE_TYPES {
        assert!(
            names
                .iter()
                .any(|name| by_name(name).is_some_and(|t| t.name == file_type.name)),
            "no snippet in tests/fixtures/filetypes/ for the row {:?}",
            file_type.name
        );
    }
    let urls = run("urls");
    for name in &names {
        assert!(
            urls.lines()
                .any(|line| line.starts_with(&format!("{name}:"))),
            "{name}: no URL found"
        );
    }
}

#[test]
fn each_snippet_gives_the_findings_it_declares() {
    let found: BTreeSet<String> = run("json")
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).expect("JSON"))
        .filter(|f| {
            !(f["code"] == "U016" && f["url"].as_str().is_some_and(|u| u.starts_with("https:")))
        })
        .map(|f| {
            format!(
                "{}\t{}\t{}\t{}\t{}",
                f["file"].as_str().unwrap_or(""),
                f["line"],
                f["code"].as_str().unwrap_or(""),
                f["url"].as_str().unwrap_or(""),
                f["message"].as_str().unwrap_or("")
            )
        })
        .collect();
    let written: String = found.iter().map(|line| format!("{line}\n")).collect();
    let path = fixtures().with_extension("tsv");
    if std::env::var_os("UPDATE_FIXTURES").is_some() {
        std::fs::write(&path, written).expect("written");
        return;
    }
    let expected = std::fs::read_to_string(&path).expect("tests/fixtures/filetypes.tsv");
    assert_eq!(
        expected, written,
        "run with UPDATE_FIXTURES=1 and read the difference"
    );
}
