//! Every URL example of the five source documents, from
//! `tests/fixtures/examples.tsv`: its verdict asserted, its syntax tree or
//! error snapshotted (`snapshots/`, one file per example).
//!
//! The verdicts in the fixture were decided by reading the BNF, not by
//! running the parser; the assertions compare the two. The snapshots record
//! what the parser makes of each example; a wrong snapshot accepted by
//! mistake does not hide a wrong verdict, which fails on its own.

use crate::common;

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use rfc1738::{check_with, parse, parse_with, Options, Rule};

const FIXTURE: &str = include_str!("../fixtures/examples.tsv");
const KINDS: &[&str] = &[
    "complete",
    "wrapped",
    "broken",
    "reference",
    "template",
    "partial",
];

/// One row of the fixture; the columns are described in its README.
#[derive(Debug)]
struct Example {
    document: String,
    line: usize,
    column: usize,
    section: String,
    kind: String,
    text: String,
    url: String,
    production: Rule,
    verdict: String,
    strict: String,
    note: String,
}

/// Undoes the fixture's escapes: `\n`, `\t` and `\\`.
fn unescape(field: &str) -> String {
    let mut out = String::new();
    let mut chars = field.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('\\') => out.push('\\'),
            other => panic!("unknown escape \\{other:?} in {field:?}"),
        }
    }
    out
}

fn examples() -> Vec<Example> {
    let mut lines = FIXTURE.lines().filter(|line| !line.starts_with('#'));
    let header: Vec<&str> = lines.next().expect("a header").split('\t').collect();
    let mut rows = Vec::new();
    for line in lines {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), header.len(), "row {line:?}");
        let row: HashMap<&str, String> = header
            .iter()
            .copied()
            .zip(fields.iter().map(|field| unescape(field)))
            .collect();
        let production = Rule::from_name(&row["production"])
            .unwrap_or_else(|| panic!("unknown production in {line:?}"));
        rows.push(Example {
            document: row["document"].clone(),
            line: row["line"].parse().unwrap(),
            column: row["column"].parse().unwrap(),
            section: row["section"].clone(),
            kind: row["kind"].clone(),
            text: row["text"].clone(),
            url: row["url"].clone(),
            production,
            verdict: row["verdict"].clone(),
            strict: row["strict"].clone(),
            note: row["note"].clone(),
        });
    }
    rows
}

/// The seed documents, by their three-digit number.
fn documents() -> BTreeMap<String, String> {
    let seeds = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/seeds");
    let mut documents = BTreeMap::new();
    for entry in std::fs::read_dir(seeds).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_owned();
        if name.ends_with(".txt") {
            documents.insert(
                name[..3].to_owned(),
                std::fs::read_to_string(&path).unwrap(),
            );
        }
    }
    documents
}

/// The snapshot's name: document and line, the column when the line has
/// more than one example, then the scheme (for URLs) or the production.
fn snapshot_names(examples: &[Example]) -> Vec<String> {
    let mut per_line: HashMap<(&str, usize), usize> = HashMap::new();
    for example in examples {
        *per_line
            .entry((&example.document, example.line))
            .or_default() += 1;
    }
    examples
        .iter()
        .map(|example| {
            let mut name = format!("{}_l{:04}", example.document, example.line);
            if per_line[&(example.document.as_str(), example.line)] > 1 {
                name.push_str(&format!("_c{:05}", example.column));
            }
            let what = if example.production == Rule::Url {
                let scheme: String = example
                    .url
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric())
                    .collect::<String>()
                    .to_ascii_lowercase();
                if scheme.is_empty() {
                    "url".to_owned()
                } else {
                    scheme
                }
            } else {
                common::slug(example.production)
            };
            name.push('_');
            name.push_str(&what);
            name
        })
        .collect()
}

#[test]
fn the_fixture_is_well_formed_and_matches_the_documents() {
    let examples = examples();
    let documents = documents();
    assert_eq!(documents.len(), 5);
    for example in &examples {
        let here = format!(
            "{} line {} column {}",
            example.document, example.line, example.column
        );
        assert!(
            KINDS.contains(&example.kind.as_str()),
            "{here}: kind {:?}",
            example.kind
        );
        assert!(!example.section.is_empty(), "{here}: no section");
        for verdict in [&example.verdict, &example.strict] {
            assert!(
                verdict == "valid" || verdict == "invalid",
                "{here}: verdict {verdict:?}"
            );
        }
        // The printed text is where the row says it is.
        let document = &documents[&example.document];
        let line = document
            .split('\n')
            .nth(example.line - 1)
            .unwrap_or_else(|| panic!("{here}: no such line"));
        let start = line
            .char_indices()
            .nth(example.column - 1)
            .map_or(line.len(), |(offset, _)| offset);
        let offset = document
            .split('\n')
            .take(example.line - 1)
            .map(|l| l.len() + 1)
            .sum::<usize>()
            + start;
        assert!(
            document[offset..].starts_with(&example.text),
            "{here}: the document does not print {:?} there",
            example.text
        );
        // The URL is the printed text less wrappers and line breaks: its
        // characters appear in the text, in order.
        let mut printed = example.text.chars();
        assert!(
            example.url.chars().all(|c| printed.any(|p| p == c)),
            "{here}: {:?} is not drawn from {:?}",
            example.url,
            example.text
        );
        // A reader removes the whitespace of a line break, so an extracted
        // URL holds no line break.
        assert!(
            !example.url.contains('\n'),
            "{here}: a line break in the URL"
        );
        assert_eq!(
            example.kind == "broken",
            example.text.contains('\n'),
            "{here}: a broken example is one printed over more than one line"
        );
    }
    let names = snapshot_names(&examples);
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(
        unique.len(),
        names.len(),
        "two examples share a snapshot name"
    );
}

#[test]
fn every_example_has_the_verdict_the_bnf_gives_it() {
    let mut wrong = Vec::new();
    for example in examples() {
        let here = format!(
            "{} line {} column {} {:?} as {}",
            example.document,
            example.line,
            example.column,
            example.url,
            example.production.name()
        );
        let mut results = vec![
            (
                "check",
                common::verdict(&check_with(
                    example.production,
                    &example.url,
                    Options::default(),
                )),
                &example.verdict,
            ),
            (
                "check strict",
                common::verdict(&check_with(
                    example.production,
                    &example.url,
                    Options::strict(),
                )),
                &example.strict,
            ),
        ];
        if example.production == Rule::Url {
            results.push((
                "parse",
                common::verdict(&parse(&example.url)),
                &example.verdict,
            ));
            results.push((
                "parse strict",
                common::verdict(&parse_with(&example.url, Options::strict())),
                &example.strict,
            ));
        }
        for (how, got, expected) in results {
            if got != expected {
                wrong.push(format!("{here}: {how} says {got}, the fixture {expected}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} wrong verdicts:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn every_example_has_a_snapshot() {
    let examples = examples();
    let names = snapshot_names(&examples);
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.bind(|| {
        for (example, name) in examples.iter().zip(&names) {
            let mut body = String::new();
            body.push_str(&format!(
                "document: {} line {} column {}\nsection: {}\nkind: {}\nprinted: {:?}\ninput: {:?}\nproduction: {}\nverdict: {} (strict: {})\n",
                example.document,
                example.line,
                example.column,
                example.section,
                example.kind,
                example.text,
                example.url,
                example.production.name(),
                example.verdict,
                example.strict,
            ));
            if !example.note.is_empty() {
                body.push_str(&format!("note: {}\n", example.note));
            }
            body.push('\n');
            if example.production == Rule::Url {
                body.push_str(&common::render_parse(&example.url));
            } else {
                body.push_str(&common::render(example.production, &example.url));
            }
            insta::assert_snapshot!(name.as_str(), body);
        }
    });
    // And no snapshot is left over from an example that is gone.
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("snapshots");
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
