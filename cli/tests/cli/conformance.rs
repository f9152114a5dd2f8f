//! The vectors of `conformance/`: regenerated and compared byte for byte,
//! cross-checked against the two independent readers of the grammar texts
//! (`tests/support/`), replayed through the library (`check`, its errors,
//! the trees of each revision's combinators), validated against
//! `conformance/schema.json`, and counted per production.

use crate::common;
// Written for the library's tests (MSRV 1.75), and used here in part.
use crate::draft_oracle;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use crate::draft_oracle::{DialectOracle, Oracles};
use rfc1738::dialect::{self, Dialect, DialectError};
use rfc1738::{Options, Rule};
use serde_json::{json, Value};

fn conformance_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../conformance")
}

/// The four files, parsed, oldest revision first.
fn suites() -> &'static [(Dialect, Value)] {
    static SUITES: OnceLock<Vec<(Dialect, Value)>> = OnceLock::new();
    SUITES.get_or_init(|| {
        Dialect::ALL
            .into_iter()
            .map(|dialect| {
                let path = conformance_dir().join(format!("{}.json", dialect.name()));
                let text = std::fs::read_to_string(&path)
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                (dialect, serde_json::from_str(&text).expect("valid JSON"))
            })
            .collect()
    })
}

fn oracles() -> &'static Oracles {
    static ORACLES: OnceLock<Oracles> = OnceLock::new();
    ORACLES.get_or_init(Oracles::load)
}

fn theirs(dialect: Dialect) -> draft_oracle::Dialect {
    draft_oracle::Dialect::from_name(dialect.name()).expect("the same four names")
}

/// Every case of every file, with its revision.
fn cases() -> impl Iterator<Item = (Dialect, &'static Value)> {
    suites().iter().flat_map(|(dialect, suite)| {
        suite["cases"]
            .as_array()
            .expect("cases")
            .iter()
            .map(move |case| (*dialect, case))
    })
}

fn text<'a>(case: &'a Value, key: &str) -> &'a str {
    case[key]
        .as_str()
        .unwrap_or_else(|| panic!("no {key} in {case}"))
}

fn options(case: &Value) -> Options {
    Options::default().with_strict(text(case, "mode") == "strict")
}

/// Every reason a case gives: its source and its `also`.
fn reasons(case: &Value) -> Vec<&str> {
    let mut out = vec![text(case, "source")];
    if let Some(also) = case["also"].as_array() {
        out.extend(also.iter().filter_map(Value::as_str));
    }
    out
}

fn generate(dir: &Path) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(["conformance", "generate"])
        .arg(dir)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "generate failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// The files `generate` writes: the vectors, the history and the change log.
fn generated_files() -> Vec<String> {
    Dialect::ALL
        .into_iter()
        .map(|dialect| format!("{}.json", dialect.name()))
        .chain(["extract.json", "history.json", "CHANGELOG.md"].map(String::from))
        .collect()
}

/// A copy of the checked-in suite: what `generate` reads as the last
/// version.
fn copy_of_the_suite() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for name in generated_files() {
        let from = conformance_dir().join(&name);
        if from.exists() {
            std::fs::copy(&from, dir.path().join(&name)).unwrap();
        }
    }
    dir
}

#[test]
fn generate_writes_the_checked_in_files_byte_for_byte_every_time() {
    let first = copy_of_the_suite();
    let second = copy_of_the_suite();
    generate(first.path());
    generate(second.path());
    // Again over its own output: nothing changes, not even the version.
    generate(second.path());
    let mut stale = Vec::new();
    for name in generated_files() {
        let made = std::fs::read(first.path().join(&name)).unwrap();
        let again = std::fs::read(second.path().join(&name)).unwrap();
        assert!(made == again, "{name}: two runs wrote different bytes");
        let kept = std::fs::read(conformance_dir().join(&name)).unwrap_or_default();
        if kept != made {
            stale.push(name);
        }
    }
    assert!(
        stale.is_empty(),
        "conformance/{stale:?} differ from what the grammar gives now; review the change and \
         run `cargo run -p rfc1738-cli -- conformance generate conformance` at the root \
         (commit the new version it makes)"
    );
}

/// `extract.json`, parsed.
fn extract_file() -> &'static Value {
    static FILE: OnceLock<Value> = OnceLock::new();
    FILE.get_or_init(|| {
        let text = std::fs::read_to_string(conformance_dir().join("extract.json")).unwrap();
        serde_json::from_str(&text).expect("valid JSON")
    })
}

fn extract_cases() -> &'static [Value] {
    extract_file()["cases"].as_array().unwrap()
}

/// A span of the file as a pair of offsets.
fn span_of(value: &Value) -> (usize, usize) {
    (
        value[0].as_u64().unwrap() as usize,
        value[1].as_u64().unwrap() as usize,
    )
}

/// What the extraction cases say holds together: each span inside the text
/// on character boundaries, in order without overlap; a URL's string is its
/// span's text without the white space of line breaks (or, in Markdown,
/// with escapes decoded: then the two differ by backslashes only); a
/// fragment starts with "#" right where its URL ends.
#[test]
fn every_extraction_case_is_consistent_with_its_text() {
    let cases = extract_cases();
    assert!(cases.len() >= 50, "{} cases", cases.len());
    let mut features = BTreeSet::new();
    for case in cases {
        let input = text(case, "text");
        features.insert(text(case, "feature"));
        let mut at = 0;
        for found in case["urls"].as_array().unwrap() {
            let (start, end) = span_of(&found["span"]);
            assert!(at <= start && start < end && end <= input.len(), "{case}");
            assert!(
                input.is_char_boundary(start) && input.is_char_boundary(end),
                "{case}"
            );
            let written = &input[start..end];
            let typed: String = written
                .split('\n')
                .enumerate()
                .map(|(i, line)| {
                    let line = if i > 0 { line.trim_start() } else { line };
                    line.trim_end_matches(['\r', ' ', '\t']).to_string()
                })
                .collect();
            let url = text(found, "url");
            if typed != url {
                assert_eq!(text(case, "kind"), "markdown", "{case}");
                assert_eq!(typed.replace('\\', ""), url, "{case}");
            }
            at = end;
            if !found["fragment"].is_null() {
                let (from, to) = span_of(&found["fragment"]);
                assert_eq!(from, end, "{case}");
                assert!(input[from..to].starts_with('#'), "{case}");
                at = to;
            }
        }
    }
    for feature in [
        "wrapper",
        "angle brackets",
        "line break",
        "hyphen",
        "punctuation",
        "brackets",
        "quotes",
        "fragment",
        "mention",
        "seed prose",
        "link",
        "image",
        "reference",
        "autolink",
        "emphasis",
        "blocks",
        "escape",
        "code",
        "html",
    ] {
        assert!(features.contains(feature), "no case of {feature}");
    }
}

/// Every id of the checked-in files, with its case.
fn ids() -> Vec<(&'static str, &'static Value)> {
    cases().map(|(_, case)| (text(case, "id"), case)).collect()
}

#[test]
fn case_ids_are_unique_and_the_same_when_generated_without_any_history() {
    let mut ids: Vec<&str> = ids().into_iter().map(|(id, _)| id).collect();
    ids.extend(extract_cases().iter().map(|case| text(case, "id")));
    let unique: BTreeSet<&str> = ids.iter().copied().collect();
    assert_eq!(unique.len(), ids.len(), "an id is used twice");
    for case in extract_cases() {
        let hex = text(case, "id").strip_prefix("extract-").unwrap();
        assert!(
            hex.len() == 12
                && hex
                    .bytes()
                    .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        );
    }
    for (dialect, case) in cases() {
        let id = text(case, "id");
        let hex = id
            .strip_prefix(&format!("{}-", dialect.name()))
            .unwrap_or_else(|| panic!("{id} is not named after {dialect}"));
        assert!(
            hex.len() == 12
                && hex
                    .bytes()
                    .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()),
            "{id}"
        );
    }
    // The ids come from the cases alone: an empty directory (a first
    // version) gets the same ones.
    let fresh = tempfile::tempdir().unwrap();
    let printed = generate(fresh.path());
    assert!(printed.contains("suite version 1.0.0,"), "{printed}");
    for (dialect, suite) in suites() {
        let text =
            std::fs::read_to_string(fresh.path().join(format!("{}.json", dialect.name()))).unwrap();
        let fresh: Value = serde_json::from_str(&text).unwrap();
        let theirs: Vec<&Value> = fresh["cases"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| &c["id"])
            .collect();
        let ours: Vec<&Value> = suite["cases"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| &c["id"])
            .collect();
        assert!(theirs == ours, "{dialect}: other ids without the history");
    }
    let fresh: Value =
        serde_json::from_str(&std::fs::read_to_string(fresh.path().join("extract.json")).unwrap())
            .unwrap();
    let theirs: Vec<&Value> = fresh["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| &c["id"])
        .collect();
    let ours: Vec<&Value> = extract_cases().iter().map(|c| &c["id"]).collect();
    assert!(
        theirs == ours,
        "extract.json: other ids without the history"
    );
}

/// The version a regeneration gives after the checked-in `rfc1738.json`
/// was edited by `edit` (standing for the last version having been
/// otherwise), and the history it writes.
fn version_after(edit: impl FnOnce(&mut Vec<Value>)) -> (String, Value) {
    let dir = copy_of_the_suite();
    let path = dir.path().join("rfc1738.json");
    let mut suite: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    edit(suite["cases"].as_array_mut().unwrap());
    std::fs::write(&path, serde_json::to_string(&suite).unwrap()).unwrap();
    generate(dir.path());
    let history: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("history.json")).unwrap())
            .unwrap();
    let written: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let version = written["suite_version"].as_str().unwrap().to_string();
    let last = history["versions"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert_eq!(last["version"], version.as_str());
    // Regenerated over itself: the same version.
    let before = std::fs::read(dir.path().join("history.json")).unwrap();
    generate(dir.path());
    assert_eq!(
        std::fs::read(dir.path().join("history.json")).unwrap(),
        before
    );
    (version, last)
}

/// The checked-in version as numbers.
fn checked_in_version() -> (u64, u64, u64) {
    let version = suites()[0].1["suite_version"].as_str().unwrap();
    let parts: Vec<u64> = version.split('.').map(|p| p.parse().unwrap()).collect();
    (parts[0], parts[1], parts[2])
}

fn rfc1738_file(last: &Value) -> &Value {
    last["files"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["file"] == "rfc1738.json")
        .unwrap()
}

#[test]
fn a_changed_verdict_is_a_major_version_and_retires_the_old_id() {
    let (major, _, _) = checked_in_version();
    let mut changed_id = String::new();
    let (version, last) = version_after(|cases| {
        let case = cases.iter_mut().find(|c| c["valid"] == true).unwrap();
        changed_id = case["id"].as_str().unwrap().to_string();
        case["valid"] = json!(false);
        case["id"] = json!("rfc1738-000000000000");
    });
    assert_eq!(version, format!("{}.0.0", major + 1));
    let retired = &rfc1738_file(&last)["retired"][0];
    assert_eq!(retired["id"], "rfc1738-000000000000");
    assert_eq!(retired["why"], "verdict");
    assert_eq!(retired["replaced_by"], changed_id.as_str());
    assert_eq!(rfc1738_file(&last)["added"], json!({}));
}

#[test]
fn a_new_case_is_a_minor_version_a_removed_one_major_and_prose_a_patch() {
    let (major, minor, patch) = checked_in_version();
    // The last version lacked a case: this one adds it.
    let (version, last) = version_after(|cases| {
        let at = cases.iter().position(|c| c["rule"] == "hostport").unwrap();
        cases.remove(at);
    });
    assert_eq!(version, format!("{major}.{}.0", minor + 1));
    assert_eq!(rfc1738_file(&last)["added"], json!({"hostport": 1}));
    // The last version had a case this one has not.
    let (version, last) = version_after(|cases| {
        let mut extra = cases[0].clone();
        extra["id"] = json!("rfc1738-111111111111");
        extra["input"] = json!("no such case");
        cases.push(extra);
    });
    assert_eq!(version, format!("{}.0.0", major + 1));
    assert_eq!(rfc1738_file(&last)["retired"][0]["why"], "removed");
    // Only a source worded otherwise.
    let (version, _) = version_after(|cases| {
        cases[0]["source"] = json!("bnf: genericurl: worded otherwise");
    });
    assert_eq!(version, format!("{major}.{minor}.{}", patch + 1));
}

#[test]
fn every_verdict_agrees_with_the_independent_readers_of_the_grammar_texts() {
    let o = oracles();
    let mut compared = 0;
    let mut wrong = Vec::new();
    for (dialect, case) in cases() {
        let strict = text(case, "mode") == "strict";
        let (rule, input) = (text(case, "rule"), text(case, "input"));
        let reader = o.matches(theirs(dialect), rule, input, strict);
        compared += 1;
        if reader != case["valid"].as_bool().unwrap() {
            wrong.push(format!(
                "{dialect} {rule} {input:?} strict {strict}: the reader says {reader}"
            ));
        }
    }
    eprintln!(
        "{compared} verdicts compared with the grammar readers, {} differ",
        wrong.len()
    );
    assert!(compared > 10_000);
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// A tree of the files as `rfc1738 tree` prints one: a line a node,
/// `name start..end "text"`, indented by depth; checks its shape on the way.
fn render(node: &Value, input: &str, names: &BTreeSet<&str>, depth: usize, out: &mut String) {
    let parts = node.as_array().expect("a node is an array");
    let name = parts[0].as_str().expect("a name");
    let (start, end) = (
        parts[1].as_u64().unwrap() as usize,
        parts[2].as_u64().unwrap() as usize,
    );
    assert!(names.contains(name), "{name} is no production ({input:?})");
    let slice = input
        .get(start..end)
        .unwrap_or_else(|| panic!("{start}..{end} of {input:?}"));
    out.push_str(&format!(
        "{:indent$}{name} {start}..{end} {slice:?}\n",
        "",
        indent = depth * 2
    ));
    let mut at = start;
    for child in &parts[3..] {
        let child_start = child[1].as_u64().unwrap() as usize;
        let child_end = child[2].as_u64().unwrap() as usize;
        assert!(
            at <= child_start && child_end <= end,
            "{child} in {start}..{end} of {input:?}"
        );
        at = child_end;
        render(child, input, names, depth + 1, out);
    }
}

#[test]
fn every_case_replays_through_the_library_and_the_revisions_combinators() {
    let mut replayed = 0;
    for (dialect, case) in cases() {
        let (rule, input) = (text(case, "rule"), text(case, "input"));
        let options = options(case);
        let names: BTreeSet<&str> = dialect.productions().iter().copied().collect();
        let checked = dialect::check(dialect, rule, input, options);
        let what = format!("{dialect} {rule} {input:?} {}", text(case, "mode"));
        assert_eq!(checked.is_ok(), case["valid"].as_bool().unwrap(), "{what}");
        match checked {
            Ok(()) => {
                let tree = &case["tree"];
                assert_eq!(tree[0], rule, "{what}: the root is the rule");
                assert_eq!(
                    (tree[1].as_u64(), tree[2].as_u64()),
                    (Some(0), Some(input.len() as u64)),
                    "{what}"
                );
                let mut rendered = String::new();
                render(tree, input, &names, 0, &mut rendered);
                assert_eq!(
                    rendered,
                    combinators_tree(dialect, rule, input, options),
                    "{what}"
                );
            }
            Err(DialectError::Mismatch(mismatch)) => {
                let error = &case["error"];
                assert_eq!(
                    error["offset"].as_u64(),
                    Some(mismatch.offset() as u64),
                    "{what}"
                );
                assert!(input.is_char_boundary(mismatch.offset()), "{what}");
                let expected: Vec<String> =
                    mismatch.expected().iter().map(|e| e.to_string()).collect();
                assert_eq!(error["expected"], serde_json::json!(expected), "{what}");
                assert_eq!(
                    error["stack"],
                    serde_json::json!(mismatch.stack()),
                    "{what}"
                );
                // RFC 1738's own combinator does not derive it either.
                if dialect == Dialect::Rfc1738 && !options.strict {
                    let rule = Rule::from_name(rule).unwrap();
                    assert_eq!(common::tree(rule, input), None, "{what}");
                }
            }
            Err(other) => panic!("{what}: {other}"),
        }
        replayed += 1;
    }
    eprintln!("{replayed} cases replayed");
}

/// The derivation the revision's combinators give, as `rfc1738 tree`
/// prints it: a draft's by `dialect::tree`, RFC 1738's by the production's
/// own combinator in `rfc1738::grammar` (`otherurl`'s names the
/// `genericurl` it derives; the vectors put `otherurl` above it).
fn combinators_tree(dialect: Dialect, rule: &str, input: &str, options: Options) -> String {
    if dialect != Dialect::Rfc1738 {
        return dialect::tree(dialect, rule, input, options)
            .unwrap()
            .to_string();
    }
    let tree =
        common::tree(Rule::from_name(rule).unwrap(), input).expect("its combinator derives it");
    match rule {
        "otherurl" => {
            let indented: String = tree.lines().map(|line| format!("  {line}\n")).collect();
            format!("otherurl 0..{} {input:?}\n{indented}", input.len())
        }
        _ => tree,
    }
}

#[test]
fn the_files_follow_the_schema() {
    let path = conformance_dir().join("schema.json");
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let validator = jsonschema::validator_for(&schema).expect("the schema compiles");
    let extract = extract_file();
    let errors: Vec<String> = validator
        .iter_errors(extract)
        .take(5)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "extract.json: {errors:#?}");
    let mut no_fragment = extract.clone();
    no_fragment["cases"][0]["urls"][0]
        .as_object_mut()
        .unwrap()
        .remove("fragment");
    assert!(
        !validator.is_valid(&no_fragment),
        "a URL without its fragment's null"
    );
    for (dialect, suite) in suites() {
        let errors: Vec<String> = validator
            .iter_errors(suite)
            .take(5)
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "{dialect}: {errors:#?}");
        assert_eq!(suite["revision"], dialect.name());
    }
    // The schema says no to what is not a case.
    let broken = serde_json::json!({"revision": "rfc1738", "cases": [
        {"rule": "url", "mode": "strict", "input": "a:", "valid": true, "source": "bnf: x"}
    ]});
    assert!(
        !validator.is_valid(&broken),
        "a valid case without its tree"
    );
    let mut without_id = suites()[0].1.clone();
    without_id["cases"][0].as_object_mut().unwrap().remove("id");
    assert!(!validator.is_valid(&without_id), "a case without its id");
}

/// Productions whose whole language has fewer than five strings, and its
/// size: they cannot have five valid cases.
const SMALL: &[(&str, &str, usize)] = &[
    ("draft-jul93", "void", 1),
    ("draft-oct93", "void", 1),
    ("draft-03", "void", 1),
    ("draft-jul93", "punctuation", 2),
    ("draft-oct93", "punctuation", 2),
    ("draft-03", "punctuation", 2),
    ("draft-03", "formcode", 3),
];

#[test]
fn every_production_has_five_valid_and_five_invalid_cases_in_both_modes() {
    // (revision, rule, mode) -> (valid, invalid)
    let mut counts: BTreeMap<(String, String, String), (usize, usize)> = BTreeMap::new();
    let mut modes: BTreeMap<(String, String, String), BTreeSet<String>> = BTreeMap::new();
    for (dialect, case) in cases() {
        let key = (
            dialect.name().to_string(),
            text(case, "rule").to_string(),
            text(case, "mode").to_string(),
        );
        let count = counts.entry(key).or_default();
        match case["valid"].as_bool().unwrap() {
            true => count.0 += 1,
            false => count.1 += 1,
        }
        let pair = (
            dialect.name().to_string(),
            text(case, "rule").to_string(),
            text(case, "input").to_string(),
        );
        modes
            .entry(pair)
            .or_default()
            .insert(text(case, "mode").to_string());
    }
    let mut short = Vec::new();
    let mut table = String::new();
    for dialect in Dialect::ALL {
        for rule in dialect.productions() {
            for mode in ["strict", "default"] {
                let key = (
                    dialect.name().to_string(),
                    rule.to_string(),
                    mode.to_string(),
                );
                let (valid, invalid) = counts.get(&key).copied().unwrap_or_default();
                table.push_str(&format!(
                    "{} {rule} {mode}: {valid} valid, {invalid} invalid\n",
                    dialect.name()
                ));
                let needed = SMALL
                    .iter()
                    .find(|(d, r, _)| *d == dialect.name() && r == rule)
                    .map_or(5, |(_, _, size)| *size);
                if valid < needed || invalid < 5 {
                    short.push(format!(
                        "{} {rule} {mode}: {valid} valid, {invalid} invalid",
                        dialect.name()
                    ));
                }
            }
        }
    }
    eprint!("{table}");
    assert!(short.is_empty(), "{short:#?}");
    // Every string is listed in both modes.
    let single: Vec<_> = modes
        .iter()
        .filter(|(_, m)| m.len() != 2)
        .map(|(k, _)| k)
        .collect();
    assert!(single.is_empty(), "{single:?}");
    // The small languages are whole: every string of them is a valid case.
    let o = oracles();
    for (revision, rule, size) in SMALL {
        let dialect = Dialect::from_name(revision).unwrap();
        let printable: Vec<String> = (0u8..128)
            .map(|b| (b as char).to_string())
            .chain([String::new()])
            .collect();
        let language = printable
            .iter()
            .filter(|s| o.matches(theirs(dialect), rule, s, true))
            .count();
        assert_eq!(language, *size, "{revision} {rule}");
    }
}

/// The expression trees of the independent readers, as far as this test
/// needs them: how many optional parts, repetitions and alternatives (of
/// the top level) a production has.
#[derive(Default, Debug)]
struct Shape {
    optional: usize,
    repeated: usize,
    alternatives: usize,
}

fn rfc_shape(expr: &draft_oracle::rfc::Expr, top: bool, shape: &mut Shape) {
    use draft_oracle::rfc::Expr;
    match expr {
        Expr::Alt(items) => {
            if top {
                shape.alternatives = items.len();
            }
            items.iter().for_each(|e| rfc_shape(e, false, shape));
        }
        Expr::Seq(items) => items.iter().for_each(|e| rfc_shape(e, false, shape)),
        Expr::Opt(inner) => {
            shape.optional += 1;
            rfc_shape(inner, false, shape);
        }
        Expr::Rep { inner, .. } => {
            shape.repeated += 1;
            rfc_shape(inner, false, shape);
        }
        Expr::Lit(_) | Expr::Ref(_) => {}
    }
}

fn draft_shape(expr: &draft_oracle::Expr, top: bool, shape: &mut Shape) {
    use draft_oracle::Expr;
    match expr {
        Expr::Alt(items) => {
            if top {
                shape.alternatives = items.len();
            }
            items.iter().for_each(|e| draft_shape(e, false, shape));
        }
        Expr::Seq(items) => items.iter().for_each(|e| draft_shape(e, false, shape)),
        Expr::Opt(inner) => {
            shape.optional += 1;
            draft_shape(inner, false, shape);
        }
        Expr::Char(_) | Expr::Keyword(_) | Expr::Ref(_) => {}
    }
}

/// The single characters a production matches, by the reader: a character
/// class when it matches no two of them in a row (tried on the first, a
/// middle and the last member).
fn class_members(dialect: Dialect, rule: &str) -> Option<BTreeSet<char>> {
    let o = oracles();
    let members: BTreeSet<char> = (0u8..128)
        .map(char::from)
        .filter(|c| o.matches(theirs(dialect), rule, &c.to_string(), true))
        .collect();
    let sample: Vec<char> = [
        members.first()?,
        members.iter().nth(members.len() / 2)?,
        members.last()?,
    ]
    .into_iter()
    .copied()
    .collect();
    let pairs = sample
        .iter()
        .flat_map(|a| sample.iter().map(move |b| format!("{a}{b}")));
    (!pairs
        .into_iter()
        .any(|pair| o.matches(theirs(dialect), rule, &pair, true)))
    .then_some(members)
}

#[test]
fn every_optional_part_repetition_alternative_and_class_member_is_exercised() {
    let o = oracles();
    let mut missing = Vec::new();
    let mut classes = 0;
    for (dialect, _) in suites() {
        let dialect = *dialect;
        let mut by_rule: BTreeMap<&str, Vec<&Value>> = BTreeMap::new();
        for (d, case) in cases() {
            if d == dialect {
                by_rule.entry(text(case, "rule")).or_default().push(case);
            }
        }
        for rule in dialect.productions() {
            let cases = by_rule.get(rule).cloned().unwrap_or_default();
            let prefix = format!("bnf: {rule}: ");
            let count = |what: &dyn Fn(&str) -> bool| {
                cases
                    .iter()
                    .flat_map(|case| reasons(case))
                    .filter_map(|reason| reason.strip_prefix(&prefix))
                    .filter(|reason| what(reason))
                    .collect::<BTreeSet<_>>()
                    .len()
            };
            if let Some(members) = class_members(dialect, rule) {
                // Every member valid, the characters next to each run invalid.
                let inputs: BTreeMap<&str, bool> = cases
                    .iter()
                    .map(|case| (text(case, "input"), case["valid"].as_bool().unwrap()))
                    .collect();
                for c in &members {
                    if inputs.get(c.to_string().as_str()) != Some(&true) {
                        missing.push(format!("{dialect} {rule}: member {c:?}"));
                    }
                    for near in [u32::from(*c).wrapping_sub(1), u32::from(*c) + 1] {
                        let near =
                            char::from_u32(near).filter(|n| n.is_ascii() && !members.contains(n));
                        if let Some(near) = near {
                            if inputs.get(near.to_string().as_str()) != Some(&false) {
                                missing.push(format!("{dialect} {rule}: non-member {near:?}"));
                            }
                        }
                    }
                }
                classes += 1;
                continue;
            }
            let mut shape = Shape::default();
            match o.dialect(theirs(dialect)) {
                DialectOracle::Rfc1738 { grammar, .. } => {
                    rfc_shape(grammar.get(rule).unwrap(), true, &mut shape)
                }
                DialectOracle::Draft { strict, .. } => {
                    draft_shape(&strict.grammar.get(rule).unwrap().expr, true, &mut shape)
                }
            }
            let present = count(&|r| r.starts_with("optional ") && r.ends_with(" present"));
            let absent = count(&|r| r.starts_with("optional ") && r.ends_with(" absent"));
            let empty = count(&|r| {
                r.starts_with("repetition ")
                    && (r.ends_with(" empty") || r.contains(" one short of "))
            });
            let many = count(&|r| {
                r.starts_with("repetition ") && (r.contains(" many") || r.ends_with(" three times"))
            });
            let alternatives = count(&|r| r.starts_with("alternative "));
            for (what, found, needed) in [
                ("optional parts present", present, shape.optional),
                ("optional parts absent", absent, shape.optional),
                ("repetitions empty", empty, shape.repeated),
                ("repetitions many", many, shape.repeated),
                ("alternatives", alternatives, shape.alternatives),
            ] {
                if found < needed {
                    missing.push(format!("{dialect} {rule}: {what}: {found} of {needed}"));
                }
            }
        }
    }
    assert!(missing.is_empty(), "{missing:#?}");
    // alpha, digit, safe, extra, hex, ... in each revision.
    assert!(classes >= 40, "{classes} character classes");
}
