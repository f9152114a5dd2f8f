//! `rfc1738 check`: verdicts, messages and exit codes.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn rfc1738(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

#[test]
fn all_matching_strings_exit_0() {
    let output = rfc1738(
        &["check", "ftp://ftp.isi.edu/in-notes/rfc1738.txt", "news:*"],
        "",
    );
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout(&output),
        "ftp://ftp.isi.edu/in-notes/rfc1738.txt: matches url\nnews:*: matches url\n"
    );
}

#[test]
fn a_mismatch_exits_1_with_position_and_production() {
    let output = rfc1738(&["check", "--rule", "httpurl", "http://host:80x/"], "");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stdout(&output),
        "http://host:80x/: does not match httpurl: 1:15: expected digit, \"/\" or end of input, \
         found \"x\" (in httpurl)\n"
    );
}

#[test]
fn strict_follows_the_letter_of_the_bnf() {
    assert_eq!(rfc1738(&["check", "HTTP://h/"], "").status.code(), Some(0));
    assert_eq!(
        rfc1738(&["check", "--strict", "HTTP://h/"], "")
            .status
            .code(),
        Some(1)
    );
}

#[test]
fn usage_errors_exit_2() {
    let output = rfc1738(&["check", "--rule", "nonsense", "x:y"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("unknown rule \"nonsense\""));
    assert_eq!(rfc1738(&["check"], "").status.code(), Some(2));
    assert_eq!(rfc1738(&["frobnicate"], "").status.code(), Some(2));
}

#[test]
fn batch_prints_a_verdict_per_line_in_order() {
    let input = "url\thttp://user@host/\nhttpurl\thttp://user@host/\n\
                 gopher+_string\t!+ABSTRACT%20+SMELL\nhostname\t1.2.3\n";
    let output = rfc1738(&["check", "--batch", "-"], input);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout(&output),
        "url\thttp://user@host/\tmatch\nhttpurl\thttp://user@host/\tno match\n\
         gopher+_string\t!+ABSTRACT%20+SMELL\tmatch\nhostname\t1.2.3\tno match\n"
    );
}

#[test]
fn batch_applies_strict_and_exits_2_on_an_unknown_rule() {
    let output = rfc1738(&["check", "--strict", "--batch", "-"], "scheme\tHTTP\n");
    assert_eq!(stdout(&output), "scheme\tHTTP\tno match\n");
    let output = rfc1738(&["check", "--batch", "-"], "bogus\tx\nurl\tx:y\n");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout(&output), "url\tx:y\tmatch\n");
    assert!(String::from_utf8_lossy(&output.stderr).contains("-:1: unknown rule \"bogus\""));
}

#[test]
fn batch_of_a_missing_file_exits_2() {
    let output = rfc1738(&["check", "--batch", "/nonexistent/file"], "");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn tree_prints_productions_with_spans() {
    let output = rfc1738(&["tree", "news:comp.infosystems.www"], "");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout(&output),
        "url 0..25 \"news:comp.infosystems.www\"\n  newsurl 0..25 \"news:comp.infosystems.www\"\n    \
         scheme 0..4 \"news\"\n    grouppart 5..25 \"comp.infosystems.www\"\n      \
         group 5..25 \"comp.infosystems.www\"\n"
    );
}

#[test]
fn a_first_argument_naming_a_production_is_the_rule() {
    // `check --dialect NAME RULE STRING`, as `--rule RULE STRING`.
    let output = rfc1738(
        &[
            "check",
            "--dialect",
            "draft-oct93",
            "nntpaddress",
            "nntp:alt.x/7",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), "nntp:alt.x/7: matches nntpaddress\n");
    let output = rfc1738(&["check", "httpurl", "http://host?q"], "");
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout(&output).starts_with("http://host?q: does not match httpurl: 1:12:"));
    // A lone argument is a string to check against `url`, whatever it says.
    let output = rfc1738(&["check", "hostname"], "");
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout(&output).starts_with("hostname: does not match url:"));
    // Not a production of the revision: two strings against `url`.
    let output = rfc1738(
        &["check", "--dialect", "draft-jul93", "mailtoaddress", "x:y"],
        "",
    );
    assert_eq!(
        stdout(&output).lines().next().unwrap(),
        // `:` is an `xalpha`, so a longer scheme or its colon could follow.
        "mailtoaddress: does not match url: 1:14: expected xalpha, found end of input (in url > generic)"
    );
}
