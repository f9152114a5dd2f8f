//! The functions on the host, against the library's own answers.

use super::*;

#[test]
fn check_gives_the_errors_place_and_the_clis_message() {
    let answer = check(Dialect::Rfc1738, "url", "http://h/%zz", Options::default()).unwrap();
    let error = rfc1738::check_with(Rule::Url, "http://h/%zz", Options::default()).unwrap_err();
    assert_eq!(answer["ok"], false);
    assert_eq!(answer["error"]["offset"], error.offset());
    assert_eq!(answer["error"]["message"], error.to_string());
    assert_eq!(answer["error"]["stack"][0], "url");
    let ok = check(
        Dialect::Rfc1738,
        "hostname",
        "example.com",
        Options::default(),
    )
    .unwrap();
    assert_eq!(ok, json!({ "ok": true }));
    assert!(check(Dialect::Rfc1738, "nothing", "x", Options::default())
        .unwrap_err()
        .starts_with("unknown rule \"nothing\""));
}

#[test]
fn a_drafts_production_is_checked_by_its_own_grammar() {
    let answer = check(
        Dialect::DraftOct93,
        "ftpaddress",
        "ftp://h.dom",
        Options::default(),
    )
    .unwrap();
    assert_eq!(answer["error"]["offset"], 11);
    assert_eq!(answer["error"]["stack"], json!(["ftpaddress"]));
    assert_eq!(
        answer["error"]["message"],
        "1:12: expected xalpha or \"/\", found end of input (in ftpaddress)"
    );
    assert!(check(Dialect::DraftOct93, "httpurl", "x", Options::default()).is_err());
}

#[test]
fn check_many_gives_a_byte_a_text() {
    let mut verdicts = Vec::new();
    let texts = ["http://a/", "http://a b/", "ftp://x/"];
    let failed = check_many(
        Dialect::Rfc1738,
        "url",
        texts.into_iter(),
        Options::default(),
        &mut verdicts,
    )
    .unwrap();
    assert_eq!(verdicts, [1, 0, 1]);
    assert_eq!(failed, 1);
}

#[test]
fn lint_writes_the_linters_json_lines() {
    let lines = lint("a.md", b"See <http://a b/>.\n".to_vec(), Kind::Markdown).unwrap();
    let text = String::from_utf8(lines).unwrap();
    let first: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(first["file"], "a.md");
    assert_eq!(first["line"], 1);
    assert!(first["code"].as_str().unwrap().starts_with('U'));
}

#[test]
fn the_boundary_reads_the_strings_in_order() {
    let text = "http://h/";
    let rule = "url";
    let pointer = rfc1738_input(rule.len() + text.len());
    unsafe {
        std::ptr::copy_nonoverlapping(rule.as_ptr(), pointer, rule.len());
        std::ptr::copy_nonoverlapping(text.as_ptr(), pointer.add(rule.len()), text.len());
    }
    assert_eq!(rfc1738_check(3, 0, rule.len(), text.len()), 1);
    let output = OUTPUT.with_borrow(|out| String::from_utf8(out.clone()).unwrap());
    assert_eq!(output, r#"{"ok":true}"#);
}
