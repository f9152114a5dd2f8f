//! `rfc1738 revisions --format json`: one object a URL, the library's
//! typed report.

use std::process::Command;

use serde_json::Value;

fn json_lines(args: &[&str]) -> (Option<i32>, Vec<Value>) {
    let output = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(args)
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let values = stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    (output.status.code(), values)
}

#[test]
fn http_host_query_is_an_httpaddress_in_the_drafts_and_an_otherurl_in_rfc1738() {
    let (code, reports) = json_lines(&["revisions", "--format", "json", "http://host?q"]);
    assert_eq!(code, Some(0));
    assert_eq!(reports.len(), 1);
    let report = &reports[0];
    assert_eq!(report["url"], "http://host?q");
    assert_eq!(report["strict"], false);
    let verdicts = report["verdicts"].as_array().unwrap();
    let dialects: Vec<&str> = verdicts
        .iter()
        .map(|verdict| verdict["dialect"].as_str().unwrap())
        .collect();
    assert_eq!(
        dialects,
        ["draft-jul93", "draft-oct93", "draft-03", "rfc1738"]
    );
    for draft in &verdicts[..3] {
        assert_eq!(draft["accepted_as"], "url");
        assert_eq!(draft["alternatives"], serde_json::json!(["httpaddress"]));
        assert_eq!(draft["scheme_production"], "httpaddress");
        assert_eq!(draft["scheme_error"], Value::Null);
        assert_eq!(draft["error"], Value::Null);
    }
    let rfc = &verdicts[3];
    assert_eq!(rfc["accepted_as"], "url");
    assert_eq!(rfc["alternatives"], serde_json::json!(["otherurl"]));
    assert_eq!(rfc["scheme_production"], "httpurl");
    let error = &rfc["scheme_error"];
    assert_eq!(error["dialect"], "rfc1738");
    assert_eq!(error["production"], "httpurl");
    assert_eq!(error["offset"], 11);
    assert_eq!(error["column"], 12);
    assert_eq!(error["found"], "\"?\"");
    assert_eq!(
        error["message"],
        "1:12: expected \".\", alphadigit, \"-\", \":\", \"/\" or end of input, found \"?\" (in httpurl)"
    );
}

#[test]
fn a_url_no_revision_accepts_exits_1_with_each_revisions_error() {
    let (code, reports) = json_lines(&[
        "revisions",
        "--format",
        "json",
        "--strict",
        "http://h/",
        "HTTP://host/",
    ]);
    assert_eq!(code, Some(1));
    assert_eq!(reports.len(), 2);
    assert_eq!(
        reports[0]["verdicts"][3]["alternatives"],
        serde_json::json!(["httpurl", "otherurl"])
    );
    for verdict in reports[1]["verdicts"].as_array().unwrap() {
        assert_eq!(verdict["accepted_as"], Value::Null);
        assert_eq!(verdict["scheme_production"], Value::Null);
        assert!(verdict["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("1:"));
    }
}
