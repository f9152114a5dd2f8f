//! Snapshots of the drafts' example URLs (`tests/fixtures/draft_examples.tsv`):
//! for each, the derivation under the grammar of the draft that prints it
//! (seeds 000 and 001: July 1993, 002: October 1993, 003: draft 03), in
//! strict mode, and the verdict of every revision as `dialect::revisions`
//! gives it. The verdicts must also be those of the fixture, which the
//! mechanical reader of the grammar files computed (`tests/library/drafts_oracle.rs`
//! checks that), in both modes.

use std::path::Path;

use rfc1738::dialect::{self, revisions_with, Dialect};
use rfc1738::Options;

struct Example {
    seed: String,
    line: String,
    column: String,
    kind: String,
    url: String,
    strict: Vec<String>,
    default: Vec<String>,
    note: String,
}

fn examples() -> Vec<Example> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/draft_examples.tsv"
    );
    let text = std::fs::read_to_string(path).expect("the fixture");
    let mut lines = text.lines().filter(|line| !line.starts_with('#'));
    let header = lines.next().expect("a header");
    assert!(header.starts_with("seed\tline\tcolumn\tkind\turl\tdraft-jul93"));
    lines
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert!(fields.len() >= 13, "{line:?}");
            Example {
                seed: fields[0].to_string(),
                line: fields[1].to_string(),
                column: fields[2].to_string(),
                kind: fields[3].to_string(),
                url: fields[4].to_string(),
                strict: fields[5..9].iter().map(|f| f.to_string()).collect(),
                default: fields[9..13].iter().map(|f| f.to_string()).collect(),
                note: fields.get(13).map_or(String::new(), |n| n.to_string()),
            }
        })
        .collect()
}

fn own(seed: &str) -> Dialect {
    match seed {
        "000" | "001" => Dialect::DraftJul93,
        "002" => Dialect::DraftOct93,
        "003" => Dialect::Draft03,
        other => panic!("no draft prints seed {other}"),
    }
}

fn name(example: &Example) -> String {
    format!(
        "{}_l{:0>4}_c{:0>5}_{}",
        example.seed, example.line, example.column, example.kind
    )
}

#[test]
fn the_revisions_of_every_example_are_those_of_the_fixture() {
    let mut wrong = Vec::new();
    for example in examples() {
        for (strict, expected) in [(true, &example.strict), (false, &example.default)] {
            let report = revisions_with(&example.url, Options::default().with_strict(strict));
            for (dialect, expected) in Dialect::ALL.iter().zip(expected) {
                let found = report.verdict(*dialect).notation();
                if &found != expected {
                    wrong.push(format!(
                        "{} {dialect} (strict {strict}): {found:?}, the fixture says {expected:?}",
                        example.url
                    ));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn every_example_has_a_reviewed_snapshot() {
    let examples = examples();
    let names: Vec<String> = examples.iter().map(name).collect();
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../snapshots/dialects");
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.bind(|| {
        for (example, name) in examples.iter().zip(&names) {
            let dialect = own(&example.seed);
            let report = revisions_with(&example.url, Options::strict());
            let verdict = report.verdict(dialect);
            let mut body = format!(
                "seed {} line {} column {} ({})\nurl: {:?}\ndialect: {dialect} (strict)\n",
                example.seed, example.line, example.column, example.kind, example.url
            );
            if !example.note.is_empty() {
                body.push_str(&format!("note: {}\n", example.note));
            }
            body.push('\n');
            let shown = verdict.accepted_as.or(match verdict.scheme_accepts() {
                Some(true) => verdict.scheme_production,
                _ => None,
            });
            match shown {
                Some(production) => {
                    let tree = dialect::tree(dialect, production, &example.url, Options::strict())
                        .expect("an accepted production has a tree");
                    body.push_str(&tree.to_string());
                }
                None => {
                    let error = dialect::check(dialect, "url", &example.url, Options::strict())
                        .unwrap_err();
                    body.push_str(&format!("url: {error}\n"));
                }
            }
            body.push_str("\nrevisions (strict):\n");
            body.push_str(&report.to_string());
            let default = revisions_with(&example.url, Options::default());
            if default != report {
                let differs: Vec<String> = Dialect::ALL
                    .iter()
                    .filter(|d| default.verdict(**d).notation() != report.verdict(**d).notation())
                    .map(|d| default.verdict(*d).to_string())
                    .collect();
                if !differs.is_empty() {
                    body.push_str("\ndefault mode, where it differs:\n");
                    for line in differs {
                        body.push_str(&line);
                        body.push('\n');
                    }
                }
            }
            insta::assert_snapshot!(name.as_str(), body);
        }
    });
    // And no snapshot is left over from an example that is gone.
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("snapshots/dialects");
    let mut stale = Vec::new();
    for entry in std::fs::read_dir(folder).unwrap() {
        let file = entry.unwrap().file_name().into_string().unwrap();
        if let Some(name) = file.strip_suffix(".snap") {
            if !names.iter().any(|known| known == name) {
                stale.push(file);
            }
        }
    }
    assert!(stale.is_empty(), "snapshots of no example: {stale:?}");
}
