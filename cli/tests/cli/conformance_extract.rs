//! `rfc1738 conformance run --extract`: the extraction harness against fake
//! extractors (shell scripts replaying answers) that agree, disagree, hang
//! and answer out of protocol, with and without an expected-failures file.

use std::process::{Command, Output};

use serde_json::{json, Value};

use crate::conformance_support;
use crate::conformance_support::{conformance_dir, report, stderr, Fake};

/// The extraction cases, in the order the harness asks them.
fn cases() -> Vec<Value> {
    let text = std::fs::read_to_string(conformance_dir().join("extract.json")).unwrap();
    let file: Value = serde_json::from_str(&text).unwrap();
    file["cases"].as_array().unwrap().clone()
}

/// The case's own answer.
fn right(case: &Value) -> Value {
    json!({"urls": case["urls"]})
}

fn harness(extra: &[&str], command: &[String]) -> Output {
    let mut args: Vec<String> = ["conformance", "run", "--extract"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    args.extend(extra.iter().map(|s| s.to_string()));
    args.push("--".into());
    args.extend(command.iter().cloned());
    Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(&args)
        .output()
        .unwrap()
}

#[test]
fn an_extractor_that_agrees_everywhere_exits_0_from_the_files_and_derived() {
    let cases = cases();
    let fake = Fake::replaying(&cases.iter().map(right).collect::<Vec<_>>());
    for suite in [None, Some(conformance_dir())] {
        let mut extra = vec!["--format".to_string(), "json".into()];
        if let Some(dir) = &suite {
            extra.extend(["--suite".into(), dir.display().to_string()]);
        }
        let extra: Vec<&str> = extra.iter().map(String::as_str).collect();
        let output = harness(&extra, &fake.command());
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        let report = report(&output);
        assert_eq!(report["cases_differ"], 0);
        let kinds: Vec<&str> = report["kinds"]
            .as_array()
            .unwrap()
            .iter()
            .map(|k| k["kind"].as_str().unwrap())
            .collect();
        assert_eq!(kinds, ["plain", "markdown"]);
        let (mut total, mut urls) = (0, 0);
        for kind in report["kinds"].as_array().unwrap() {
            for row in kind["features"].as_array().unwrap() {
                assert_eq!(row["cases"], row["cases_agree"], "{row}");
                assert_eq!(row["urls"], row["urls_found"], "{row}");
                assert_eq!(row["urls_extra"], 0, "{row}");
                total += row["cases"].as_u64().unwrap();
                urls += row["urls"].as_u64().unwrap();
            }
        }
        assert_eq!(total as usize, cases.len());
        let listed: usize = cases
            .iter()
            .map(|c| c["urls"].as_array().unwrap().len())
            .sum();
        assert_eq!(urls as usize, listed);
    }
    // The URLs in another order, and "fragment" left out where null: the same.
    let answers: Vec<Value> = cases
        .iter()
        .map(|case| {
            let mut urls: Vec<Value> = case["urls"].as_array().unwrap().clone();
            urls.reverse();
            for url in &mut urls {
                if url["fragment"].is_null() {
                    url.as_object_mut().unwrap().remove("fragment");
                }
            }
            json!({ "urls": urls })
        })
        .collect();
    let output = harness(&[], &Fake::replaying(&answers).command());
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
}

/// Answers that miss every fragment: the URL stretched over it instead.
fn no_fragments(cases: &[Value]) -> Vec<Value> {
    cases
        .iter()
        .map(|case| {
            let urls: Vec<Value> = case["urls"]
                .as_array()
                .unwrap()
                .iter()
                .map(|url| match url["fragment"].as_array() {
                    Some(fragment) => json!({
                        "url": format!("{}#", url["url"].as_str().unwrap()),
                        "span": [url["span"][0], fragment[1]],
                        "fragment": null,
                    }),
                    None => url.clone(),
                })
                .collect();
            json!({ "urls": urls })
        })
        .collect()
}

fn with_fragments(cases: &[Value]) -> Vec<String> {
    cases
        .iter()
        .filter(|case| {
            case["urls"]
                .as_array()
                .unwrap()
                .iter()
                .any(|url| !url["fragment"].is_null())
        })
        .map(|case| case["id"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn an_extractor_that_disagrees_exits_1_and_names_each_case() {
    let cases = cases();
    let failing = with_fragments(&cases);
    assert!(failing.len() >= 5);
    let fake = Fake::replaying(&no_fragments(&cases));
    let output = harness(&["--format", "json"], &fake.command());
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let first = report(&output);
    assert_eq!(first["cases_differ"], failing.len());
    let ids: Vec<&str> = first["disagreements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, failing);
    for d in first["disagreements"].as_array().unwrap() {
        assert_ne!(d["expected"], d["answer"]);
        assert!(d["source"].as_str().unwrap().contains(": "), "{d}");
    }
    // Extra URLs and missing ones are counted apart.
    let plain: Vec<Value> = cases
        .iter()
        .filter(|c| c["kind"] == "plain")
        .cloned()
        .collect();
    let answers: Vec<Value> = plain
        .iter()
        .map(|case| match case["feature"] == "mention" {
            true => json!({"urls": [{"url": "http://", "span": [0, 1]}]}),
            false => json!({"urls": []}),
        })
        .collect();
    let output = harness(
        &["--format", "json", "--kind", "plain"],
        &Fake::replaying(&answers).command(),
    );
    assert_eq!(output.status.code(), Some(1));
    let plain_report = report(&output);
    let kinds = plain_report["kinds"].as_array().unwrap();
    assert_eq!(kinds.len(), 1, "only the plain texts were asked");
    let mention = kinds[0]["features"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["feature"] == "mention")
        .unwrap();
    assert_eq!(mention["urls"], 0);
    assert_eq!(mention["urls_extra"], mention["cases"]);
    assert_eq!(mention["cases_agree"], 0);
    // The human report shows both lists.
    let output = harness(&[], &fake.command());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("disagreements ("), "{text}");
    assert!(
        text.contains("    expected [\"http://example.com/doc.html\" 5..32 #32..38]"),
        "{text}"
    );
}

#[test]
fn expected_failures_of_an_extractor_listed_stale_and_unlisted() {
    let cases = cases();
    let failing = with_fragments(&cases);
    let fake = Fake::replaying(&no_fragments(&cases));
    let list = fake.path("expected.txt");
    let output = harness(&["--write-expected-failures", &list], &fake.command());
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let written = std::fs::read_to_string(&list).unwrap();
    let ids: Vec<&str> = written.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(ids, failing);
    let run = |lines: &[String]| {
        std::fs::write(&list, lines.join("\n")).unwrap();
        harness(
            &["--format", "json", "--expected-failures", &list],
            &fake.command(),
        )
    };
    let output = run(&failing);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        report(&output)["expected_failures"]["failing_as_listed"],
        failing.len()
    );
    // Unlisted.
    let output = run(&failing[1..]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        report(&output)["expected_failures"]["unlisted"],
        json!([failing[0]])
    );
    // Stale: a listed case that agrees.
    let agreeing = cases
        .iter()
        .map(|case| case["id"].as_str().unwrap().to_string())
        .find(|id| !failing.contains(id))
        .unwrap();
    let mut stale = failing.clone();
    stale.push(agreeing.clone());
    let output = run(&stale);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        report(&output)["expected_failures"]["stale"],
        json!([agreeing])
    );
    // Unknown.
    let mut unknown = failing.clone();
    unknown.push("extract-000000000000".into());
    let output = run(&unknown);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        report(&output)["expected_failures"]["unknown"],
        json!(["extract-000000000000"])
    );
}

/// Runs a fake that must end the run with exit code 2, within a bound,
/// and returns its message.
fn fails(body: &str, answers: &[Value]) -> String {
    conformance_support::fails(harness, body, answers)
}

#[test]
fn an_extractor_that_hangs_or_dies_is_exit_2() {
    let message = fails("exec sleep 30\n", &[]);
    assert!(message.contains("no answer to case 1 of"), "{message}");
    assert!(message.contains("it hangs"), "{message}");
    let answers: Vec<Value> = cases().iter().map(right).collect();
    let body = "IFS= read -r request; head -n 2 \"$(dirname \"$0\")/answers\"; echo 'crashed' >&2; exit 5\n";
    let message = fails(body, &answers);
    assert!(
        message.contains("closed its output after 2 of"),
        "{message}"
    );
    assert!(message.contains("crashed"), "{message}");
}

#[test]
fn answers_out_of_protocol_are_exit_2() {
    for (answer, why) in [
        ("hello", "not JSON"),
        ("{\"valid\": true}", "no array \"urls\""),
        (
            "{\"urls\": [{\"url\": \"http://a/\"}]}",
            "without its \"span\"",
        ),
        (
            "{\"urls\": [{\"url\": \"http://a/\", \"span\": [3]}]}",
            "is not [start, end]",
        ),
        ("{\"urls\": [\"http://a/\"]}", "a URL that is not an object"),
    ] {
        let body = format!("echo '{answer}'\nexec sleep 30\n");
        let message = fails(&body, &[]);
        assert!(
            message.contains("out of protocol: the answer to case 1 of"),
            "{message}"
        );
        assert!(message.contains(why), "{answer}: {message}");
    }
    // Every answer, and one more.
    let mut answers: Vec<Value> = cases().iter().map(right).collect();
    answers.push(json!({"urls": []}));
    let message = fails(
        "cat \"$(dirname \"$0\")/answers\"; cat >/dev/null\n",
        &answers,
    );
    assert!(message.contains("an answer more than the"), "{message}");
}

#[test]
fn grammar_options_do_not_go_with_extract() {
    let output = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args([
            "conformance",
            "run",
            "--extract",
            "--rule",
            "url",
            "--",
            "true",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("cannot be used with"),
        "{}",
        stderr(&output)
    );
}

/// What `rfc1738 conformance answer --extract` says to these request lines.
fn own_answers(requests: &[String]) -> Output {
    conformance_support::answers(&["conformance", "answer", "--extract"], requests)
}

/// The project's extractor answers every case in protocol (whether it
/// agrees is the comparison's business: conformance/RESULTS.md), and its
/// answers and the harness's requests follow the schema.
#[test]
fn the_projects_own_extractor_speaks_the_protocol() {
    let bin = env!("CARGO_BIN_EXE_rfc1738").to_string();
    let output = harness(
        &["--format", "json"],
        &[
            bin,
            "conformance".into(),
            "answer".into(),
            "--extract".into(),
        ],
    );
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "{}",
        stderr(&output)
    );
    let report = report(&output);
    let asked: u64 = report["kinds"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|k| k["features"].as_array().unwrap())
        .map(|row| row["cases"].as_u64().unwrap())
        .sum();
    assert_eq!(asked as usize, cases().len());
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(conformance_dir().join("schema.json")).unwrap(),
    )
    .unwrap();
    let validator = |name: &str| {
        jsonschema::validator_for(
            &json!({"$ref": format!("#/$defs/{name}"), "$defs": schema["$defs"]}),
        )
        .unwrap()
    };
    let (request, answer) = (validator("extract_request"), validator("extract_answer"));
    let requests: Vec<Value> = cases()
        .iter()
        .map(|case| json!({"id": case["id"], "kind": case["kind"], "text": case["text"]}))
        .collect();
    for r in &requests {
        assert!(request.is_valid(r), "{r}");
    }
    let output = own_answers(&requests.iter().map(Value::to_string).collect::<Vec<_>>());
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let lines: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), requests.len());
    for line in &lines {
        assert!(answer.is_valid(line), "{line}");
    }
    // A request it cannot read: exit 2, and which line.
    let output = own_answers(&[
        json!({"kind": "plain", "text": "a"}).to_string(),
        json!({"kind": "html", "text": "a"}).to_string(),
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("line 2: unknown variant `html`"),
        "{}",
        stderr(&output)
    );
}
