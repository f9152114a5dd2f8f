//! `rfc1738 describe`, run as a program.

use std::process::Command;

fn describe(args: &[&str]) -> (bool, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .arg("describe")
        .args(args)
        .output()
        .unwrap();
    (
        output.status.success(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

fn json(url: &str) -> serde_json::Value {
    let (ok, stdout, stderr) = describe(&["--format", "json", url]);
    assert!(ok, "{stderr}");
    serde_json::from_str(&stdout).unwrap()
}

#[test]
fn ftp_plan_for_people() {
    let (ok, stdout, _) = describe(&["ftp://myname@host.dom/%2Fetc/motd"]);
    assert!(ok);
    assert!(
        stdout.contains(
            "ftp commands:\n  USER myname\n  PASS <ask the user>\n  CWD /etc\n  RETR motd\n"
        ),
        "{stdout}"
    );
    assert!(stdout.contains("effective port  21\n"), "{stdout}");
    assert!(stdout.contains("cwd             \"/etc\"\n"), "{stdout}");
}

#[test]
fn ftp_plan_for_programs() {
    let value = json("ftp://host.dom//etc/motd;type=d");
    assert_eq!(value["effective_port"], 21);
    assert_eq!(value["cwd"], serde_json::json!(["", "etc"]));
    let commands: Vec<String> = value["ftp_commands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| format!("{} {}", c["command"].as_str().unwrap(), c["argument"]))
        .collect();
    assert_eq!(
        commands,
        [
            "USER \"anonymous\"",
            "PASS \"anonymous@\"",
            "CWD \"\"",
            "CWD \"etc\"",
            "NLST \"motd\""
        ]
    );
}

#[test]
fn anonymous_password_from_the_command_line() {
    let (ok, stdout, _) = describe(&["--email", "ann@example.org", "ftp://h.com/f"]);
    assert!(ok);
    assert!(stdout.contains("  PASS ann@example.org\n"), "{stdout}");
}

#[test]
fn gopher_request_bytes() {
    let value = json("gopher://h.org/7srch%09a%20b");
    assert_eq!(value["request"], "srch\ta b\r\n");
    assert_eq!(value["gopher_type"], "7");
    let value = json("gopher://h.org/");
    assert_eq!(value["gopher_type"], "1");
    assert_eq!(value["request"], "\r\n");
    let (_, stdout, _) = describe(&["gopher://h.org"]);
    assert!(stdout.contains("\"1\" (default)"), "{stdout}");
    assert!(
        stdout.contains("request             \"\\r\\n\"\n"),
        "{stdout}"
    );
}

#[test]
fn non_utf8_octets_are_numbers_in_json() {
    let value = json("wais://h.com/db/T/%FF");
    assert_eq!(value["wpath"], serde_json::json!([255]));
    let (_, stdout, _) = describe(&["wais://h.com/db/T/%FF"]);
    assert!(stdout.contains("wpath           \"\\xff\"\n"), "{stdout}");
}

#[test]
fn other_schemes() {
    assert_eq!(json("news:*")["news"]["kind"], "all_groups");
    // Regression: a group once serialized to an error, shown as null.
    assert_eq!(json("news:alt.test")["news"]["name"], "alt.test");
    assert_eq!(json("mailto:a%25b@c.d")["addr_spec"], "a%b@c.d");
    assert_eq!(json("nntp://h.com/alt.test/7")["article_number"], 7);
    assert_eq!(json("telnet://u:p@h.com:2323/")["effective_port"], 2323);
    assert_eq!(json("file://localhost/etc/motd")["local"], true);
    let fields = &json("prospero://h.com//x;V=3")["fields"];
    assert_eq!(fields[0]["name"], "V");
    assert_eq!(json("HTTP://a.b/%7e%41")["normalized"], "http://a.b/%7EA");
}

#[test]
fn every_form_serializes() {
    for url in [
        "ftp://u:p@h.com:21/a/b;type=a",
        "http://h.com/a?b",
        "gopher://h.org/1x%09%09+",
        "gopher://h.org/1x%09%09?",
        "gopher://h.org/1x%09%09!",
        "gopher://h.org/1x%09%09+a%20b",
        "gopher://h.org/1x%09%09+%091%0D%0A+-1%0D%0Av%0D%0A.%0D%0A",
        "gopher://h.org/1x%09%09%FF",
        "mailto:a@b",
        "news:*",
        "news:alt.test",
        "news:a@b.c",
        "nntp://h.com/g/1",
        "telnet://h.com",
        "wais://h.com/d",
        "wais://h.com/d?s",
        "wais://h.com/d/t/p",
        "file:///x",
        "prospero://h.com/x;a=b",
        "x-foo://u@h.com/x",
        "x-foo:bar",
    ] {
        let value = json(url);
        let text = value.to_string();
        assert!(!text.contains("\"error\""), "{url}: {text}");
        assert_eq!(value["url"], url);
        let (ok, stdout, _) = describe(&[url]);
        assert!(ok && stdout.contains("normalized"), "{url}: {stdout}");
    }
}

#[test]
fn invalid_urls_fail_with_the_parse_error() {
    let (ok, stdout, stderr) = describe(&["http://user@host/"]);
    assert!(!ok);
    assert!(stdout.is_empty());
    assert!(stderr.starts_with("error: "), "{stderr}");
}
