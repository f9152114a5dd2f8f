//! `rfc1738 conformance run`: the harness against small fake
//! implementations (shell scripts) that agree everywhere, disagree on
//! chosen productions or offsets, hang, crash, print garbage or answer too
//! much, and against the crate's own `conformance answer`.

use std::process::{Command, Output};

use serde_json::{json, Value};

use crate::conformance_support;
use crate::conformance_support::{conformance_dir, report, stderr, Fake};

const REVISION: &str = "draft-oct93";
const RULES: [&str; 2] = ["hostport", "login"];

/// The cases the harness asks with `--revision draft-oct93 --rule
/// hostport --rule login`, in its order: the file's.
fn asked() -> Vec<Value> {
    let path = conformance_dir().join(format!("{REVISION}.json"));
    let suite: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    suite["cases"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|case| RULES.contains(&case["rule"].as_str().unwrap()))
        .cloned()
        .collect()
}

/// The grammar's answer to a case.
fn right(case: &Value) -> Value {
    match case["valid"].as_bool().unwrap() {
        true => json!({"valid": true}),
        false => json!({"valid": false, "offset": case["error"]["offset"]}),
    }
}

fn harness(extra: &[&str], command: &[String]) -> Output {
    let mut args: Vec<String> = ["conformance", "run", "--revision", REVISION]
        .iter()
        .map(|s| s.to_string())
        .collect();
    for rule in RULES {
        args.extend(["--rule".to_string(), rule.to_string()]);
    }
    args.extend(extra.iter().map(|s| s.to_string()));
    args.push("--".into());
    args.extend(command.iter().cloned());
    Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(&args)
        .output()
        .unwrap()
}

/// The string `key` of every object in the array `items`.
fn each<'a>(items: &'a Value, key: &str) -> Vec<&'a str> {
    items
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item[key].as_str().unwrap())
        .collect()
}

#[test]
fn an_implementation_that_agrees_everywhere_exits_0() {
    let asked = asked();
    let answers: Vec<Value> = asked.iter().map(right).collect();
    let fake = Fake::replaying(&answers);
    let output = harness(&["--format", "json"], &fake.command());
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let report = report(&output);
    assert_eq!(report["verdicts_differ"], 0);
    assert_eq!(report["disagreements"], json!([]));
    let productions = report["revisions"][0]["productions"].as_array().unwrap();
    assert_eq!(
        each(&report["revisions"][0]["productions"], "rule"),
        ["login", "hostport"]
    );
    let total: u64 = productions
        .iter()
        .map(|p| p["valid"].as_u64().unwrap() + p["invalid"].as_u64().unwrap())
        .sum();
    assert_eq!(total as usize, asked.len());
    for p in productions {
        assert_eq!(p["valid"], p["valid_agree"]);
        assert_eq!(p["invalid"], p["invalid_agree"]);
        assert_eq!(p["offsets_given"], p["offsets_agree"]);
        assert_eq!(p["offsets_given"], p["invalid"]);
    }
}

#[test]
fn disagreeing_on_a_chosen_production_exits_1_and_names_each_case_with_its_source() {
    let asked = asked();
    let answers: Vec<Value> = asked
        .iter()
        .map(|case| match case["rule"] == "hostport" {
            true => json!({"valid": !case["valid"].as_bool().unwrap()}),
            false => right(case),
        })
        .collect();
    let fake = Fake::replaying(&answers);
    let output = harness(&["--format", "json"], &fake.command());
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let report = report(&output);
    let hostport = asked
        .iter()
        .filter(|case| case["rule"] == "hostport")
        .count();
    assert_eq!(report["verdicts_differ"], hostport);
    for d in report["disagreements"].as_array().unwrap() {
        assert_eq!(d["rule"], "hostport");
        assert_eq!(d["kind"], "verdict");
        assert_ne!(d["valid"], d["answer"]);
        assert!(d["source"].as_str().unwrap().contains(": "), "{d}");
    }
    let productions = report["revisions"][0]["productions"].as_array().unwrap();
    let login = productions.iter().find(|p| p["rule"] == "login").unwrap();
    assert_eq!(login["valid"], login["valid_agree"]);
    let hostport = productions
        .iter()
        .find(|p| p["rule"] == "hostport")
        .unwrap();
    assert_eq!(hostport["valid_agree"], 0);
    assert_eq!(hostport["invalid_agree"], 0);
    // The human report lists them too.
    let output = harness(&[], &fake.command());
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("disagreements ("), "{text}");
    assert!(text.contains("draft-oct93 strict hostport \"\": the grammar says invalid at 0, the implementation valid"), "{text}");
}

#[test]
fn offsets_that_differ_are_reported_but_do_not_fail_the_run() {
    let asked = asked();
    let answers: Vec<Value> = asked
        .iter()
        .map(|case| match case["valid"].as_bool().unwrap() {
            true => json!({"valid": true}),
            false => json!({"valid": false, "offset": case["input"].as_str().unwrap().len() + 1}),
        })
        .collect();
    let fake = Fake::replaying(&answers);
    let output = harness(&["--format", "json"], &fake.command());
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let report = report(&output);
    let kinds = each(&report["disagreements"], "kind");
    assert!(!kinds.is_empty());
    assert!(kinds.iter().all(|kind| *kind == "offset"));
}

/// Runs a fake that must end the run with exit code 2, within a bound,
/// and returns its message.
fn fails(body: &str, answers: &[Value]) -> String {
    conformance_support::fails(harness, body, answers)
}

#[test]
fn an_implementation_that_hangs_is_exit_2_after_the_time_out() {
    let message = fails("exec sleep 30\n", &[]);
    assert!(message.contains("no answer to case 1 of"), "{message}");
    assert!(message.contains("it hangs"), "{message}");
    // Three answers, then silence.
    let answers: Vec<Value> = asked().iter().map(right).collect();
    let body = "IFS= read -r request; head -n 3 \"$(dirname \"$0\")/answers\"; exec sleep 30\n";
    let message = fails(body, &answers);
    assert!(message.contains("no answer to case 4 of"), "{message}");
}

#[test]
fn an_implementation_that_dies_is_exit_2_with_its_status_and_last_words() {
    let answers: Vec<Value> = asked().iter().map(right).collect();
    let body = "IFS= read -r request; head -n 2 \"$(dirname \"$0\")/answers\"; echo 'boom: out of memory' >&2; exit 3\n";
    let message = fails(body, &answers);
    assert!(
        message.contains("closed its output after 2 of"),
        "{message}"
    );
    assert!(message.contains("exit status: 3"), "{message}");
    assert!(message.contains("boom: out of memory"), "{message}");
    // It answers everything, then fails.
    let body = "cat \"$(dirname \"$0\")/answers\"; cat >/dev/null; exit 4\n";
    let message = fails(body, &answers);
    assert!(
        message.contains("answered every case, then exited with exit status: 4"),
        "{message}"
    );
}

#[test]
fn answers_out_of_protocol_are_exit_2() {
    let message = fails("echo hello\nexec sleep 30\n", &[]);
    assert!(
        message.contains("out of protocol: the answer to case 1 of"),
        "{message}"
    );
    assert!(message.contains("\"hello\": not JSON"), "{message}");
    let message = fails("echo '{\"valid\": \"yes\"}'\nexec sleep 30\n", &[]);
    assert!(message.contains("no boolean \"valid\""), "{message}");
    let message = fails(
        "echo '{\"valid\": false, \"offset\": -1}'\nexec sleep 30\n",
        &[],
    );
    assert!(
        message.contains("\"offset\" is not a non-negative integer"),
        "{message}"
    );
    let message = fails("echo '[true]'\nexec sleep 30\n", &[]);
    assert!(message.contains("not a JSON object"), "{message}");
    // An answer without end: the harness stops reading at 64 KiB.
    let message = fails("exec yes x | tr -d '\\n'\n", &[]);
    assert!(
        message.contains("an answer longer than 65536 bytes"),
        "{message}"
    );
    // Every answer, and one more.
    let mut answers: Vec<Value> = asked().iter().map(right).collect();
    answers.push(json!({"valid": true}));
    let message = fails(
        "cat \"$(dirname \"$0\")/answers\"; cat >/dev/null\n",
        &answers,
    );
    assert!(message.contains("an answer more than the"), "{message}");
}

/// Answers that disagree on every `hostport` case and agree elsewhere.
fn wrong_on_hostport(asked: &[Value]) -> Vec<Value> {
    asked
        .iter()
        .map(|case| match case["rule"] == "hostport" {
            true => json!({"valid": !case["valid"].as_bool().unwrap()}),
            false => right(case),
        })
        .collect()
}

fn ids_of(asked: &[Value], rule: &str) -> Vec<String> {
    asked
        .iter()
        .filter(|case| case["rule"] == rule)
        .map(|case| case["id"].as_str().unwrap().to_string())
        .collect()
}

/// The run against a list of expected failures written to a file.
fn with_list(fake: &Fake, lines: &[String], format: &str) -> Output {
    let list = fake.dir.path().join("expected.txt");
    std::fs::write(&list, lines.join("\n")).unwrap();
    harness(
        &[
            "--format",
            format,
            "--expected-failures",
            list.to_str().unwrap(),
        ],
        &fake.command(),
    )
}

#[test]
fn expected_failures_are_written_then_accepted_and_unlisted_stale_or_unknown_ids_fail() {
    let asked = asked();
    let fake = Fake::replaying(&wrong_on_hostport(&asked));
    let hostport = ids_of(&asked, "hostport");
    let login = ids_of(&asked, "login");
    assert!(hostport.len() >= 10 && !login.is_empty());
    // Written from a run: every disagreeing id, in order, under a comment.
    let list = fake.dir.path().join("written.txt");
    let output = harness(
        &["--write-expected-failures", list.to_str().unwrap()],
        &fake.command(),
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let written = std::fs::read_to_string(&list).unwrap();
    assert!(written.starts_with("# The cases `sh "), "{written}");
    let ids: Vec<&str> = written.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(ids, hostport);
    // Read back with comments of one's own: the run passes, and says so.
    let mut lines: Vec<String> = vec!["# known: hostport".into(), String::new()];
    lines.extend(hostport.iter().map(|id| format!("{id}  # wrong verdict")));
    let output = with_list(&fake, &lines, "json");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let first = report(&output);
    assert_eq!(first["verdicts_differ"], hostport.len());
    let outcome = &first["expected_failures"];
    assert_eq!(outcome["listed"], hostport.len());
    assert_eq!(outcome["failing_as_listed"], hostport.len());
    assert_eq!(outcome["unlisted"], json!([]));
    assert_eq!(outcome["stale"], json!([]));
    assert_eq!(outcome["unknown"], json!([]));
    for d in first["disagreements"].as_array().unwrap() {
        assert_eq!(d["listed"], true, "{d}");
    }
    // An id of a revision not asked is neither stale nor unknown.
    let other_revision = {
        let text = std::fs::read_to_string(conformance_dir().join("rfc1738.json")).unwrap();
        let suite: Value = serde_json::from_str(&text).unwrap();
        suite["cases"][0]["id"].as_str().unwrap().to_string()
    };
    let mut more = lines.clone();
    more.push(other_revision);
    assert_eq!(with_list(&fake, &more, "json").status.code(), Some(0));
    // One failure left off the list: it fails the run.
    let output = with_list(&fake, &lines[..lines.len() - 1], "json");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        report(&output)["expected_failures"]["unlisted"],
        json!([hostport.last().unwrap()])
    );
    // A listed case that agrees: stale.
    let mut stale = lines.clone();
    stale.push(login[0].clone());
    let output = with_list(&fake, &stale, "json");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        report(&output)["expected_failures"]["stale"],
        json!([login[0]])
    );
    // An id no case has (a retired one, or a typing error).
    let mut unknown = lines.clone();
    unknown.push("draft-oct93-000000000000".into());
    let output = with_list(&fake, &unknown, "human");
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("draft-oct93-000000000000: listed, but no case of the suite has this id"),
        "{text}"
    );
    assert!(
        text.contains(&format!("{} draft-oct93 strict hostport", hostport[0])),
        "{text}"
    );
    assert!(text.contains("[expected failure]"), "{text}");
    assert!(
        text.contains(&format!(
            "{} listed, {} fail as listed, 0 fail unlisted, 0 stale, 1 unknown",
            hostport.len() + 1,
            hostport.len()
        )),
        "{text}"
    );
    // A list that is not one id a line is an error of use.
    let output = with_list(&fake, &["two ids".into()], "json");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("one case id a line"),
        "{}",
        stderr(&output)
    );
}

/// What `rfc1738 conformance answer` makes of these request lines.
fn own_answers(requests: &[String]) -> Output {
    conformance_support::answers(&["conformance", "answer"], requests)
}

#[test]
fn the_crates_own_answer_says_which_request_it_cannot_read() {
    let output = own_answers(&[
        r#"{"rule": "url", "input": "a:", "mode": "strict", "revision": "rfc1738"}"#.into(),
        r#"{"rule": "url", "input": "a:", "mode": "loose", "revision": "rfc1738"}"#.into(),
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("line 2: unknown variant `loose`"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_command_that_cannot_start_and_unknown_rules_are_exit_2() {
    let output = harness(&[], &["/nonexistent/implementation".to_string()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("cannot start it"),
        "{}",
        stderr(&output)
    );
    let output = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(["conformance", "run", "--rule", "nonsense", "--", "true"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("no production \"nonsense\""),
        "{}",
        stderr(&output)
    );
}

/// The crate's own implementation agrees with every case of every
/// revision, verdicts and offsets, from the derived cases and from the
/// files; its answers follow the protocol's schema.
#[test]
fn the_crates_own_answers_agree_everywhere() {
    let bin = env!("CARGO_BIN_EXE_rfc1738").to_string();
    let own = [bin.clone(), "conformance".into(), "answer".into()];
    for suite in [None, Some(conformance_dir())] {
        let mut args = vec![
            "conformance".to_string(),
            "run".into(),
            "--format".into(),
            "json".into(),
        ];
        if let Some(dir) = &suite {
            args.extend(["--suite".to_string(), dir.display().to_string()]);
        }
        args.push("--".into());
        args.extend(own.iter().cloned());
        let output = Command::new(&bin).args(&args).output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        let report = report(&output);
        assert_eq!(report["disagreements"], json!([]));
        assert_eq!(
            each(&report["revisions"], "revision"),
            ["draft-jul93", "draft-oct93", "draft-03", "rfc1738"]
        );
    }
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(conformance_dir().join("schema.json")).unwrap(),
    )
    .unwrap();
    let answer =
        jsonschema::validator_for(&json!({"$ref": "#/$defs/answer", "$defs": schema["$defs"]}))
            .unwrap();
    let request =
        jsonschema::validator_for(&json!({"$ref": "#/$defs/request", "$defs": schema["$defs"]}))
            .unwrap();
    let requests = [
        json!({"rule": "hostport", "input": "h:80", "mode": "strict", "revision": "rfc1738"}),
        json!({"rule": "hostport", "input": "h:8x", "mode": "default", "revision": "draft-03"}),
    ];
    for r in &requests {
        assert!(request.is_valid(r));
    }
    let output = own_answers(&requests.map(|r| r.to_string()));
    let lines: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(
        lines,
        [json!({"valid": true}), json!({"valid": false, "offset": 3})]
    );
    for line in &lines {
        assert!(answer.is_valid(line), "{line}");
    }
}
