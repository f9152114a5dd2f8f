//! Every citation in the repository resolves to something in it.
//!
//! - A decision of the drafts' reading (`D12`) to its heading in
//!   `grammar/DRAFTS.md` (`#### D12. ...`), and a section of it ("DRAFTS.md
//!   section 8", a tests' table key `"section 8"`, a conformance vector's
//!   `section 3 (grammar/DRAFTS.md)`) to its numbered heading (`## 8. ...`).
//! - A decision of RFC 1738's grammar, cited by its name in quotes after
//!   `grammar/README.md, ` (as the conformance vectors do), to a heading of
//!   `grammar/README.md`: the heading itself, or a heading and the one under
//!   it joined by `": "` (`Errata: EID 5118`).
//! - A position in the seeds (`002:947-948`, "003 line 489", a vector's
//!   "002 (draft of October 1993), line 1105") to text inside that seed:
//!   characters of 000 (one line), lines of 001 to 004; and a position the
//!   drafts' combinators give a production to the same production's
//!   position in the grammar files, which `tests/library/drafts_oracle.rs` holds to
//!   the seeds' text.
//!
//! Read: the code (`src/`, `cli/src/`, `benches/`, `examples/`, `fuzz/`,
//! `datafusion/`), the tests and their fixtures and snapshots, the grammar
//! files, the conformance vectors and the Markdown files; not the data
//! lists, the seeds themselves or build output.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use regex::Regex;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Folders whose files are data, not text that cites: the URL lists, the
/// seeds themselves, fuzzing corpora, build output.
const NOT_READ: &[&str] = &[
    "target",
    ".git",
    "benches/data",
    "datafusion/data",
    "datafusion/target",
    "tests/fixtures/seeds",
    "tests/fixtures/fuzz",
    "fuzz/seeds",
    "fuzz/corpus",
    "fuzz/artifacts",
    "fuzz/target",
    "cli/target",
    "node_modules",
];

const READ: &[&str] = &[
    "rs", "md", "bnf", "tsv", "json", "snap", "toml", "sh", "py", "yaml", "txt",
];

/// Every file the test reads, with its path from the root.
fn files() -> Vec<(String, String)> {
    fn walk(root: &Path, folder: &Path, out: &mut Vec<(String, String)>) {
        let Ok(entries) = fs::read_dir(folder) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let relative = path
                .strip_prefix(root)
                .expect("under the root")
                .to_string_lossy()
                .replace('\\', "/");
            if NOT_READ.contains(&relative.as_str()) {
                continue;
            }
            if path.is_dir() {
                walk(root, &path, out);
            } else if path
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| READ.contains(&e))
            {
                if let Ok(text) = fs::read_to_string(&path) {
                    out.push((relative, text));
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(Path::new(ROOT), Path::new(ROOT), &mut out);
    out.sort();
    out
}

/// The headings of a Markdown file, as plain text (no backticks or
/// emphasis), each with its level.
fn headings(path: &str) -> Vec<(usize, String)> {
    let text = fs::read_to_string(Path::new(ROOT).join(path)).expect(path);
    let mut in_code = false;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        let level = line.bytes().take_while(|&b| b == b'#').count();
        if level > 0 && line.as_bytes().get(level) == Some(&b' ') {
            out.push((level, plain(&line[level + 1..])));
        }
    }
    out
}

/// Markdown text without backticks and emphasis.
fn plain(text: &str) -> String {
    text.replace(['`', '*'], "").trim().to_string()
}

/// The line (from 1) of `offset` in `text`.
fn line_of(text: &str, offset: usize) -> usize {
    text[..offset].matches('\n').count() + 1
}

/// Where a citation stands, for a failure's message.
fn at(file: &str, text: &str, offset: usize) -> String {
    format!("{file}:{}", line_of(text, offset))
}

/// The decisions D1-D44 cited in `text`: a `D`, a number that does not
/// start with 0, and neither a letter, digit, `_` nor `%` (an escape such
/// as `%D1`) before it or a letter, digit or `_` after it.
fn decisions_in(text: &str) -> Vec<(usize, u32)> {
    let bytes = text.as_bytes();
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut out = Vec::new();
    for (index, _) in text.match_indices('D') {
        if index > 0 && (word(bytes[index - 1]) || bytes[index - 1] == b'%') {
            continue;
        }
        let digits = bytes[index + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let end = index + 1 + digits;
        if digits == 0 || bytes[index + 1] == b'0' || bytes.get(end).copied().is_some_and(word) {
            continue;
        }
        out.push((index, text[index + 1..end].parse().expect("digits")));
    }
    out
}

#[test]
fn every_decision_cited_has_its_heading() {
    let drafts = headings("grammar/DRAFTS.md");
    let defined: BTreeSet<u32> = drafts
        .iter()
        .filter_map(|(_, heading)| {
            let number = heading.strip_prefix('D')?.split('.').next()?;
            number.parse().ok()
        })
        .collect();
    assert_eq!(defined.len(), 39, "D1-D18, D20-D26, D30-D38, D40-D44");
    let mut cited = 0;
    let mut missing = Vec::new();
    for (file, text) in files() {
        for (offset, number) in decisions_in(&text) {
            cited += 1;
            if !defined.contains(&number) {
                missing.push(format!("D{number} at {}", at(&file, &text, offset)));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "decisions with no heading in grammar/DRAFTS.md: {missing:#?}"
    );
    // The code, tests, grammar files and vectors cite them some 1,500 times.
    assert!(cited > 1000, "{cited}");
}

#[test]
fn every_section_of_the_drafts_reading_cited_has_its_heading() {
    let numbered: BTreeSet<u32> = headings("grammar/DRAFTS.md")
        .iter()
        .filter(|(level, _)| *level == 2)
        .filter_map(|(_, heading)| heading.split('.').next()?.parse().ok())
        .collect();
    assert_eq!(numbered, (1..=10).collect(), "sections 1 to 10");
    let forms = [
        // In prose and comments.
        Regex::new(r"DRAFTS\.md,? sections? (\d+)(?: and (\d+))?").expect("regex"),
        // The keys of the tests' tables of cases.
        Regex::new(r#""section (\d+)""#).expect("regex"),
        // The conformance vectors' sources.
        Regex::new(r"section (\d+) \(grammar/DRAFTS\.md\)").expect("regex"),
    ];
    let mut cited = 0;
    let mut missing = Vec::new();
    for (file, text) in files() {
        for form in &forms {
            for found in form.captures_iter(&text) {
                for number in found.iter().skip(1).flatten() {
                    cited += 1;
                    let number: u32 = number.as_str().parse().expect("digits");
                    if !numbered.contains(&number) {
                        missing.push(format!(
                            "section {number} at {}",
                            at(&file, &text, number_start(&found))
                        ));
                    }
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "sections of grammar/DRAFTS.md that do not exist: {missing:#?}"
    );
    assert!(cited > 50, "{cited}");
}

fn number_start(found: &regex::Captures<'_>) -> usize {
    found.get(0).expect("the match").start()
}

/// Whether `name` is a heading of `headings`, or a heading and the one
/// under it joined by `": "`.
fn names_a_heading(headings: &[(usize, String)], name: &str) -> bool {
    let name = plain(name);
    if headings.iter().any(|(_, heading)| *heading == name) {
        return true;
    }
    headings.iter().enumerate().any(|(index, (level, parent))| {
        let Some(child) = name
            .strip_prefix(parent.as_str())
            .and_then(|rest| rest.strip_prefix(": "))
        else {
            return false;
        };
        headings[index + 1..]
            .iter()
            .take_while(|(under, _)| under > level)
            .any(|(_, heading)| heading == child)
    })
}

#[test]
fn every_decision_of_the_rfc_1738_grammar_cited_has_its_heading() {
    let readme = headings("grammar/README.md");
    let prefix = "grammar/README.md, ";
    let mut names: Vec<(String, String)> = Vec::new();
    // In text: `grammar/README.md, "NAME"` on one line (a `{...}` is the
    // template of a message, not a name).
    let in_text = Regex::new(r#"grammar/README\.md, "([^"\n]+)""#).expect("regex");
    for (file, text) in files() {
        if file.ends_with(".json") || file == "tests/library/citations.rs" {
            continue;
        }
        for found in in_text.captures_iter(&text) {
            if !found[1].contains('{') {
                let place = at(&file, &text, number_start(&found));
                names.push((found[1].to_string(), place));
            }
        }
    }
    // In the conformance vectors: a case's `source`, `decision:
    // grammar/README.md, "NAME"`, whose name may hold quotes.
    for (file, text) in files() {
        if !(file.starts_with("conformance/") && file.ends_with(".json")) {
            continue;
        }
        let vectors: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        let Some(cases) = vectors.get("cases").and_then(|cases| cases.as_array()) else {
            continue;
        };
        for (index, case) in cases.iter().enumerate() {
            let source = case
                .get("source")
                .and_then(|s| s.as_str())
                .unwrap_or_default();
            if let Some(cited) = source
                .strip_prefix("decision: ")
                .and_then(|s| s.strip_prefix(prefix))
            {
                let name = cited.trim().trim_matches('"').to_string();
                names.push((name, format!("{file}, case {index}")));
            }
        }
    }
    let missing: Vec<_> = names
        .iter()
        .filter(|(name, _)| !names_a_heading(&readme, name))
        .collect();
    assert!(
        missing.is_empty(),
        "names that are no heading of grammar/README.md: {missing:#?}"
    );
    // Every decision the conformance vectors of RFC 1738 cite, at least.
    assert!(names.len() > 50, "{}", names.len());
}

/// A seed document: its text, and how many lines it has.
struct Seed {
    text: String,
    lines: usize,
}

fn seeds() -> Vec<Seed> {
    let folder = PathBuf::from(ROOT).join("tests/fixtures/seeds");
    let mut names: Vec<_> = fs::read_dir(&folder)
        .expect("the seeds")
        .flatten()
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".txt"))
        .collect();
    names.sort();
    names
        .iter()
        .map(|name| {
            let text = fs::read_to_string(folder.join(name)).expect("a seed");
            let lines = text.lines().count();
            Seed { text, lines }
        })
        .collect()
}

/// Whether `first..=last` (000: characters `first..last`) lies in `seed`.
fn within(seeds: &[Seed], seed: usize, first: usize, last: Option<usize>) -> bool {
    let Some(document) = seeds.get(seed) else {
        return false;
    };
    match (seed, last) {
        (0, Some(last)) => first < last && last <= document.text.len(),
        (0, None) => first < document.text.len(),
        (_, last) => {
            1 <= first && first <= last.unwrap_or(first) && last.unwrap_or(first) <= document.lines
        }
    }
}

#[test]
fn every_seed_position_cited_is_inside_its_seed() {
    let seeds = seeds();
    assert_eq!(seeds.len(), 5);
    assert_eq!(seeds[0].text.lines().count(), 1, "000 is one line");
    let forms = [
        // `002:947-948`, `000:31063-31076`, `001:303`.
        Regex::new(r"\b(00[0-4]):(\d+)(?:-(\d+))?\b").expect("regex"),
        // "003 line 489", "002 lines 913-918".
        Regex::new(r"\b(00[0-4]) lines? (\d+)(?:-(\d+))?\b").expect("regex"),
        // The vectors' "002 (draft of October 1993), line 1105".
        Regex::new(r"\b(00[0-4]) \([^)]*\), line (\d+)()").expect("regex"),
    ];
    let (mut cited, mut missing) = (0, Vec::new());
    for (file, text) in files() {
        for form in &forms {
            for found in form.captures_iter(&text) {
                let seed: usize = found[1].parse().expect("digits");
                let first: usize = found[2].parse().expect("digits");
                let last = found
                    .get(3)
                    .filter(|m| !m.is_empty())
                    .map(|m| m.as_str().parse().expect("digits"));
                cited += 1;
                if !within(&seeds, seed, first, last) {
                    missing.push(format!(
                        "{} at {}",
                        &found[0],
                        at(&file, &text, number_start(&found))
                    ));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "positions outside their seed: {missing:#?}"
    );
    assert!(cited > 500, "{cited}");
}

/// The positions the grammar files give their productions (`; at ...`),
/// each a position of one seed (`000:30860-30896`).
fn grammar_file_positions() -> BTreeSet<String> {
    let position = Regex::new(r"\b00[0-4]:\d+(?:-\d+)?\b").expect("regex");
    let mut out = BTreeSet::new();
    for name in ["draft-jul93.bnf", "draft-oct93.bnf", "draft-03.bnf"] {
        let text = fs::read_to_string(Path::new(ROOT).join("grammar").join(name)).expect(name);
        for line in text.lines().filter(|line| line.starts_with("; at ")) {
            out.extend(position.find_iter(line).map(|m| m.as_str().to_string()));
        }
    }
    out
}

#[test]
fn the_positions_the_drafts_combinators_cite_are_the_grammar_files() {
    let given = grammar_file_positions();
    assert!(given.len() > 200, "{}", given.len());
    let position = Regex::new(r"\b00[0-3]:\d+(?:-\d+)?\b").expect("regex");
    let (mut cited, mut missing) = (0, Vec::new());
    for (file, text) in files()
        .into_iter()
        .filter(|(file, _)| file.starts_with("src/dialect/"))
    {
        for found in position.find_iter(&text) {
            cited += 1;
            if !given.contains(found.as_str()) {
                missing.push(format!(
                    "{} at {}",
                    found.as_str(),
                    at(&file, &text, found.start())
                ));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "positions no grammar file gives a production: {missing:#?}"
    );
    assert!(cited > 200, "{cited}");
}

#[test]
fn the_reading_of_the_drafts_is_cited_by_its_name_in_the_repository() {
    // The reading was once kept outside the repository under another
    // name: nothing the library owns may send a reader there.
    let outside = ["DECISIONS", ".md"].concat();
    let mut found = Vec::new();
    for (file, text) in files() {
        let owned = [
            "src/",
            "tests/",
            "grammar/",
            "conformance/",
            "README.md",
            "BENCHMARKS.md",
            "ARCHITECTURE.md",
        ]
        .iter()
        .any(|prefix| file.starts_with(prefix));
        if owned && file != "tests/library/citations.rs" {
            for (offset, _) in text.match_indices(&outside) {
                found.push(at(&file, &text, offset));
            }
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}

/// A figure cited by the title of the run that measured it, in the code's
/// comments and the Markdown files: `BENCHMARKS.md, "TITLE"` or
/// `benches/records/log.md ("TITLE", "TITLE")`, across the line breaks of
/// a comment, names a heading of that file (the heading itself, or the
/// start of a dated one: "Light to depend on (issue 32)" for "Light to
/// depend on (issue 32), measured 2026-11-26").
#[test]
fn every_figure_cited_by_its_title_names_a_heading() {
    let cited = Regex::new(
        r#"(BENCHMARKS\.md|benches/records/log\.md)\s*(?:,|\()\s*((?:"[^"]+"[^"()]{0,40}?)+)\)"#,
    )
    .expect("regex");
    let title = Regex::new(r#""([^"]+)""#).expect("regex");
    let comment_breaks = Regex::new(r"\n\s*(?://[/!]?|#)?\s*").expect("regex");
    let mut checked = 0;
    let mut unresolved = Vec::new();
    for (file, text) in files() {
        if file.starts_with("benches/records/") || file == "tests/library/citations.rs" {
            continue;
        }
        let flat = comment_breaks.replace_all(&text, " ");
        for found in cited.captures_iter(&flat) {
            let headings = headings(&found[1]);
            for name in title.captures_iter(&found[2]) {
                let name = plain(&name[1]);
                let names = headings
                    .iter()
                    .any(|(_, heading)| *heading == name || heading.starts_with(&name));
                if !names {
                    unresolved.push(format!("{file}: {}, \"{name}\"", &found[1]));
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 30, "{checked}");
    assert!(unresolved.is_empty(), "{unresolved:#?}");
}
