//! `rfc1738 server` driven over standard input and output by a client of
//! our own (`support/lsp.rs`): the same findings as `rfc1738 lint` gives
//! for each fixture (Markdown, HTML, plain text, source code, with a
//! configuration, suppression comments, non-ASCII text before URLs, URLs
//! across lines), hovers the same as `rfc1738 describe`, malformed frames
//! answered, invalid UTF-8 on disk (a document of 8 MB in bounded memory:
//! `server_memory.rs`, a binary of its own).

use crate::repo;

use std::path::{Path, PathBuf};

use crate::lsp::{file_uri, utf16_offset, Server};
use serde_json::{json, Value};

const BINARY: &str = env!("CARGO_BIN_EXE_rfc1738");

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/server")
}

/// A finding as both report it: start and end (line, column in
/// characters, 1-based), code, severity and message.
type Finding = ((usize, usize), (usize, usize), String, String, String);

/// The line and column (in characters, 1-based) of a byte offset.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}

/// The findings of `rfc1738 lint --format json FILE`, run in `dir`.
fn lint_json(dir: &Path, file: &str) -> Vec<Finding> {
    let out = repo::rfc1738_in(dir, &["lint", "--format", "json", file]);
    assert!(out.code != Some(2), "{}", out.stderr);
    let mut findings: Vec<Finding> = out
        .stdout
        .lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line).expect("a JSON line");
            let n = |key: &str| v[key].as_u64().expect("a number") as usize;
            let s = |key: &str| v[key].as_str().expect("a string").to_owned();
            (
                (n("line"), n("column")),
                (n("end_line"), n("end_column")),
                s("code"),
                s("severity"),
                s("message"),
            )
        })
        .collect();
    findings.sort();
    findings
}

/// The server's diagnostics as findings, their UTF-16 ranges mapped to
/// characters of `text` here.
fn as_findings(text: &str, diagnostics: &[Value]) -> Vec<Finding> {
    let mut findings: Vec<Finding> = diagnostics
        .iter()
        .map(|d| {
            let at = |end: &str| {
                let position = &d["range"][end];
                let offset = utf16_offset(
                    text,
                    position["line"].as_u64().unwrap(),
                    position["character"].as_u64().unwrap(),
                );
                line_column(text, offset)
            };
            let severity = match d["severity"].as_u64() {
                Some(1) => "error",
                Some(2) => "warning",
                _ => "info",
            };
            assert_eq!(d["source"], "rfc1738");
            (
                at("start"),
                at("end"),
                d["code"].as_str().unwrap_or("").to_owned(),
                severity.to_owned(),
                d["message"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    findings.sort();
    findings
}

#[test]
fn the_server_finds_what_lint_finds() {
    let dir = fixtures();
    let mut server = Server::start(BINARY, &dir);
    let init = server.initialize(&[]);
    assert_eq!(init["result"]["capabilities"]["positionEncoding"], "utf-16");
    assert_eq!(init["result"]["serverInfo"]["name"], "rfc1738");
    let files = [
        ("docs/notes.md", "markdown"),
        ("docs/page.html", "html"),
        ("docs/rfc.txt", "plaintext"),
        ("docs/legacy.txt", "plaintext"),
        ("src/main.rs", "rust"),
    ];
    let mut total = 0;
    for (file, language) in files {
        let path = dir.join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        let uri = file_uri(&path);
        server.open(&uri, language, &text);
        let served = as_findings(&text, &server.diagnostics(&uri));
        let linted = lint_json(&dir, file);
        assert!(!linted.is_empty(), "{file} has findings");
        assert_eq!(served, linted, "{file}");
        total += linted.len();
    }
    // docs/rfc.txt's `Bare: http://k.example/a|b` is `http://k.example/a`
    // since a `|` before a query ends a URL among other words (a field's
    // separator, src/scan.rs).
    assert_eq!(total, 25);
    assert_eq!(server.stop(), Some(0));
}

#[test]
fn hovers_say_what_describe_and_check_say() {
    let dir = repo::repo(&[]);
    let mut server = Server::start(BINARY, dir.path());
    server.initialize(&["utf-8"]);
    let path = dir.path().join("a.txt");
    let uri = file_uri(&path);
    let url = "gopher://gopher.tc.umn.edu:7070/11/Libraries%09x";
    server.open(&uri, "plaintext", &format!("ñ {url}\n"));
    server.diagnostics(&uri);
    let hover = server.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri }, "position": { "line": 0, "character": 10 } }),
    );
    let value = hover["result"]["contents"]["value"].as_str().unwrap();
    let described = repo::rfc1738_in(dir.path(), &["describe", url]).stdout;
    assert!(
        value.contains(&format!("```text\n{described}```")),
        "{value}\n---\n{described}"
    );
    // In UTF-8, the URL starts after ñ's two bytes and a space.
    assert_eq!(hover["result"]["range"]["start"]["character"], 3);
    assert_eq!(server.stop(), Some(0));
}

#[test]
fn malformed_frames_get_errors_and_the_server_stays_up() {
    let dir = repo::repo(&[]);
    let mut server = Server::start(BINARY, dir.path());
    server.initialize(&[]);
    // Not JSON; JSON that is no message; a header that is no number; a
    // method that does not exist.
    let garbage = "{\"jsonrpc\": \"2.0\", \"id\": 5, \"method\": ";
    server.write_raw(format!("Content-Length: {}\r\n\r\n{garbage}", garbage.len()).as_bytes());
    let error = server.wait_for(|m| m["error"]["code"] == -32700);
    assert_eq!(error["id"], Value::Null);
    server.send(&json!({ "jsonrpc": "2.0", "id": 6, "method": 42 }));
    let error = server.wait_for(|m| m["id"] == 6);
    assert_eq!(error["error"]["code"], -32600);
    server.write_raw(b"Content-Length: lots\r\n\r\n");
    server.wait_for(|m| m["error"]["code"] == -32700 && m["id"].is_null());
    let unknown = server.request("workspace/symbol/nonsense", json!({}));
    assert_eq!(unknown["error"]["code"], -32601);
    // Still serving.
    let uri = file_uri(&dir.path().join("b.md"));
    server.open(&uri, "markdown", "<http://a.b/~c>\n");
    assert_eq!(server.diagnostics(&uri).len(), 1);
    assert_eq!(server.stop(), Some(0));
}

#[test]
fn invalid_utf8_on_disk_is_reported_as_lint_reports_it() {
    let dir = repo::repo(&[]);
    let path = dir.path().join("latin1.txt");
    // Mostly UTF-8 (as many valid characters beyond ASCII as bad bytes),
    // so that the command reads it as UTF-8 too, not in a legacy encoding.
    std::fs::write(
        &path,
        b"Caf\xc3\xa9 na\xc3\xafve \xe9: <http://a.b/~c>\nna\xefve\n",
    )
    .unwrap();
    let bytes = std::fs::read(&path).unwrap();
    // What an editor shows: each bad byte as U+FFFD.
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let mut server = Server::start(BINARY, dir.path());
    server.initialize(&[]);
    let uri = file_uri(&path);
    server.open(&uri, "plaintext", &text);
    let served = as_findings(&text, &server.diagnostics(&uri));
    let linted = lint_json(dir.path(), "latin1.txt");
    let codes: Vec<&str> = linted.iter().map(|f| f.2.as_str()).collect();
    // What cannot be decoded is one finding for the file.
    assert_eq!(codes, ["U018", "U003"]);
    assert_eq!(served, linted);
    assert_eq!(server.stop(), Some(0));
}
