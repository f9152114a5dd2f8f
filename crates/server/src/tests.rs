//! The server's main loop driven in process, through its channels: what a
//! client sends, what it gets back.

use std::path::Path;
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::time::Duration;

use lsp_server::{ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::{Diagnostic, Position, PublishDiagnosticsParams, Range, TextEdit, Url};
use serde_json::{json, Value};

use super::position::{Encoding, LineIndex};
use super::transport::{Incoming, Outgoing};

/// How long a test waits for the server before it fails.
const PATIENCE: Duration = Duration::from_secs(20);

/// A client of a server running on a thread.
struct Client {
    to_server: SyncSender<Incoming>,
    from_server: Receiver<Outgoing>,
    server: Option<std::thread::JoinHandle<u8>>,
    next_id: i32,
    /// Notifications received while waiting for something else.
    pending: Vec<Notification>,
    encoding: Encoding,
}

impl Client {
    fn start() -> Client {
        let (to_server, incoming) = mpsc::sync_channel(100);
        let (outgoing, from_server) = mpsc::channel();
        let server = std::thread::spawn(move || super::serve(&incoming, outgoing));
        Client {
            to_server,
            from_server,
            server: Some(server),
            next_id: 0,
            pending: Vec::new(),
            encoding: Encoding::Utf16,
        }
    }

    /// A client after `initialize`, offering these position encodings.
    fn initialized(encodings: &[&str]) -> Client {
        let mut client = Client::start();
        let result = client
            .request(
                "initialize",
                json!({
                    "capabilities": {
                        "general": { "positionEncodings": encodings },
                        "workspace": { "didChangeWatchedFiles": { "dynamicRegistration": true } },
                    }
                }),
            )
            .expect("initialize succeeds");
        client.encoding = match result["capabilities"]["positionEncoding"].as_str() {
            Some("utf-8") => Encoding::Utf8,
            _ => Encoding::Utf16,
        };
        client.notify("initialized", json!({}));
        client
    }

    fn send(&self, message: impl Into<Message>) {
        self.to_server
            .send(Incoming::Message(message.into()))
            .expect("the server runs");
    }

    fn notify(&self, method: &str, params: Value) {
        self.send(Notification::new(method.to_owned(), params));
    }

    fn receive(&mut self) -> Outgoing {
        let outgoing = self
            .from_server
            .recv_timeout(PATIENCE)
            .expect("the server answers in time");
        match outgoing {
            Outgoing::Json(json) => {
                Outgoing::Message(serde_json::from_slice(&json).expect("a message"))
            }
            other => other,
        }
    }

    /// Sends a request; its result, or its error's code and message.
    fn request(&mut self, method: &str, params: Value) -> Result<Value, (i32, String)> {
        self.next_id += 1;
        let id = RequestId::from(self.next_id);
        self.send(Request::new(id.clone(), method.to_owned(), params));
        self.response(&id)
    }

    fn response(&mut self, id: &RequestId) -> Result<Value, (i32, String)> {
        loop {
            match self.receive() {
                Outgoing::Message(Message::Response(Response {
                    id: got,
                    result,
                    error,
                })) if &got == id => {
                    return match error {
                        Some(error) => Err((error.code, error.message)),
                        None => Ok(result.unwrap_or(Value::Null)),
                    };
                }
                Outgoing::Message(Message::Notification(notification)) => {
                    self.pending.push(notification)
                }
                // The server's own requests (registrations) and errors of
                // malformed messages.
                _ => {}
            }
        }
    }

    /// The next diagnostics published for `uri`.
    fn diagnostics(&mut self, uri: &Url) -> Vec<Diagnostic> {
        let published = |notification: &Notification| {
            let params: PublishDiagnosticsParams =
                serde_json::from_value(notification.params.clone()).ok()?;
            (notification.method == "textDocument/publishDiagnostics" && &params.uri == uri)
                .then_some(params.diagnostics)
        };
        if let Some(index) = self.pending.iter().position(|n| published(n).is_some()) {
            return published(&self.pending.remove(index)).unwrap_or_default();
        }
        loop {
            if let Outgoing::Message(Message::Notification(notification)) = self.receive() {
                match published(&notification) {
                    Some(diagnostics) => return diagnostics,
                    None => self.pending.push(notification),
                }
            }
        }
    }

    fn open(&mut self, uri: &Url, language: &str, text: &str) -> Vec<Diagnostic> {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": language, "version": 1, "text": text } }),
        );
        self.diagnostics(uri)
    }

    /// The code actions offered for `range` of `uri` in `context`.
    fn code_actions(&mut self, uri: &Url, range: Range, context: Value) -> Vec<Value> {
        let actions = self
            .request(
                "textDocument/codeAction",
                json!({ "textDocument": { "uri": uri }, "range": range, "context": context }),
            )
            .unwrap();
        actions.as_array().unwrap().clone()
    }

    /// Replaces `range` with `text`.
    fn change(&mut self, uri: &Url, version: i32, range: Range, text: &str) -> Vec<Diagnostic> {
        self.notify(
            "textDocument/didChange",
            json!({
                "textDocument": { "uri": uri, "version": version },
                "contentChanges": [{ "range": range, "text": text }],
            }),
        );
        self.diagnostics(uri)
    }

    fn shutdown(mut self) -> u8 {
        self.request("shutdown", Value::Null).expect("shutdown");
        self.notify("exit", Value::Null);
        self.server.take().unwrap().join().expect("the server ends")
    }
}

fn uri(path: &Path) -> Url {
    Url::from_file_path(path).unwrap()
}

/// `(line, character, code)` of each diagnostic.
fn places(diagnostics: &[Diagnostic]) -> Vec<(u32, u32, String)> {
    diagnostics
        .iter()
        .map(|d| {
            let code = match &d.code {
                Some(lsp_types::NumberOrString::String(code)) => code.clone(),
                _ => String::new(),
            };
            (d.range.start.line, d.range.start.character, code)
        })
        .collect()
}

/// `text` with `edits` applied (positions in `encoding`).
fn apply(text: &str, edits: &[TextEdit], encoding: Encoding) -> String {
    let lines = LineIndex::new(text);
    let mut spans: Vec<(usize, usize, &str)> = edits
        .iter()
        .map(|edit| {
            (
                lines.offset(text, edit.range.start, encoding),
                lines.offset(text, edit.range.end, encoding),
                edit.new_text.as_str(),
            )
        })
        .collect();
    spans.sort_by_key(|(start, _, _)| std::cmp::Reverse(*start));
    let mut out = text.to_owned();
    for (start, end, new) in spans {
        out.replace_range(start..end, new);
    }
    out
}

/// The edits of an action for `uri`.
fn edits_of(action: &Value, uri: &Url) -> Vec<TextEdit> {
    serde_json::from_value(action["edit"]["changes"][uri.as_str()].clone()).unwrap()
}

#[test]
fn ranges_count_utf16_units_by_default_and_bytes_when_offered() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("notes.txt");
    // é is 2 bytes, 1 UTF-16 unit; 𝄞 is 4 bytes, 2 units; the ~ is after them.
    let text = "é𝄞 <http://a.b/~x>\n";
    for (offered, column) in [(&[][..], 16), (&["utf-8", "utf-16"][..], 19)] {
        let mut client = Client::initialized(offered);
        let diagnostics = client.open(&uri(&path), "plaintext", text);
        assert_eq!(places(&diagnostics), [(0, column, "U003".to_owned())]);
        assert_eq!(diagnostics[0].range.end.character, column + 1);
        assert_eq!(diagnostics[0].source.as_deref(), Some("rfc1738"));
        assert_eq!(
            diagnostics[0].severity,
            Some(lsp_types::DiagnosticSeverity::ERROR)
        );
        assert_eq!(client.shutdown(), 0);
    }
}

#[test]
fn a_url_across_lines_and_changes_move_the_findings() {
    let dir = tempfile::tempdir().unwrap();
    let path = uri(&dir.path().join("rfc.txt"));
    let mut client = Client::initialized(&[]);
    let text = "Get it at <URL:ftp://ftp.x.org/pub/\n     file~1;type=I>.\n";
    let diagnostics = client.open(&path, "plaintext", text);
    // The ~, on the second line (the typecode is checked once the URL
    // parses).
    assert_eq!(places(&diagnostics), [(1, 9, "U003".to_owned())]);
    // Two lines added above: the finding moves down.
    let top = Range::new(Position::new(0, 0), Position::new(0, 0));
    let diagnostics = client.change(&path, 2, top, "Title\n\n");
    assert_eq!(places(&diagnostics), [(3, 9, "U003".to_owned())]);
    // The ~ replaced by its escape: the typecode's case shows; lower-cased,
    // none is left.
    let tilde = Range::new(Position::new(3, 9), Position::new(3, 10));
    let diagnostics = client.change(&path, 3, tilde, "%7E");
    assert_eq!(places(&diagnostics), [(3, 19, "U007".to_owned())]);
    let code = Range::new(Position::new(3, 19), Position::new(3, 20));
    assert_eq!(client.change(&path, 4, code, "i"), []);
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn configuration_suppressions_and_baseline_apply_as_for_lint() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("rfc1738.toml"),
        "ignore = [\"U012\"]\nbaseline = \"baseline.toml\"\n[per-file-ignores]\n\"legacy.md\" = [\"U005\"]\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("baseline.toml"),
        "version = 1\nfindings = [[\"old.md\", \"U003\", \"http://old/~x\", 1]]\n",
    )
    .unwrap();
    let mut client = Client::initialized(&[]);
    let markdown = "[a](HTTP://h:8080/~y) <!-- rfc1738-ignore: U003 -->\n";
    let diagnostics = client.open(&uri(&dir.path().join("doc.md")), "markdown", markdown);
    // U012 ignored by the configuration, U003 by the comment.
    assert_eq!(places(&diagnostics), [(0, 4, "U005".to_owned())]);
    let diagnostics = client.open(&uri(&dir.path().join("legacy.md")), "markdown", markdown);
    assert_eq!(places(&diagnostics), []);
    // The baseline holds the first ~x of old.md, not the second.
    let old = "<http://old/~x>\n<http://old/~x>\n";
    let diagnostics = client.open(&uri(&dir.path().join("old.md")), "markdown", old);
    assert_eq!(places(&diagnostics), [(1, 12, "U003".to_owned())]);
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn a_broken_configuration_is_a_diagnostic_on_it_until_it_is_fixed() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("rfc1738.toml");
    std::fs::write(&config, "select = [\"U003\"]\nignroe = [\"U005\"]\n").unwrap();
    let mut client = Client::initialized(&[]);
    let doc = uri(&dir.path().join("a.txt"));
    let diagnostics = client.open(&doc, "plaintext", "HTTP://a.b/~x\n");
    assert_eq!(diagnostics.len(), 1);
    assert!(
        diagnostics[0].message.starts_with("not linted: ")
            && diagnostics[0]
                .message
                .contains("rfc1738.toml:2:1: unknown field `ignroe`"),
        "{}",
        diagnostics[0].message
    );
    let on_config = client.diagnostics(&uri(&config));
    assert_eq!(on_config.len(), 1);
    assert_eq!(on_config[0].range.start, Position::new(1, 0));
    assert!(on_config[0].message.starts_with("unknown field `ignroe`"));
    // Fixed on disk; the client reports the change.
    std::fs::write(&config, "select = [\"U003\"]\n").unwrap();
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({ "changes": [{ "uri": uri(&config), "type": 2 }] }),
    );
    assert_eq!(
        places(&client.diagnostics(&doc)),
        [(0, 11, "U003".to_owned())]
    );
    assert_eq!(client.diagnostics(&uri(&config)), []);
    // Invalid UTF-8 in it: a diagnostic at its start, no crash.
    std::fs::write(&config, b"select = [\"U003\"]\n# \xff\n").unwrap();
    client.notify(
        "textDocument/didSave",
        json!({ "textDocument": { "uri": uri(&config) } }),
    );
    assert!(client.diagnostics(&doc)[0].message.contains("UTF-8"));
    let on_config = client.diagnostics(&uri(&config));
    assert_eq!(on_config[0].range, Range::default());
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn code_actions_fix_fix_all_and_ignore_in_the_file_s_comment_syntax() {
    let dir = tempfile::tempdir().unwrap();
    let mut client = Client::initialized(&[]);
    // A URL that is a program's string literal has unsafe fixes: offered
    // one by one, marked so, and not in the fix-all.
    let cases = [
        (
            "a.py",
            "x = 'HTTP://h/~y'\n",
            "x = 'HTTP://h/~y'  # rfc1738-ignore: U003\n",
        ),
        (
            "a.md",
            "See <HTTP://h/~y>.\n",
            "See <HTTP://h/~y>. <!-- rfc1738-ignore: U003 -->\n",
        ),
        (
            "a.txt",
            "See HTTP://h/~y\n",
            "See HTTP://h/~y rfc1738-ignore: U003\n",
        ),
        // A definition would stop being one: the comment goes before it.
        (
            "b.md",
            "[r]: HTTP://h/~y\n\n[x][r]\n",
            "<!-- rfc1738-ignore-next-line: U003 -->\n[r]: HTTP://h/~y\n\n[x][r]\n",
        ),
    ];
    for (name, text, ignored) in cases {
        let path = uri(&dir.path().join(name));
        let diagnostics = client.open(&path, "", text);
        assert_eq!(diagnostics.len(), 2, "{name}: {diagnostics:?}");
        let tilde = diagnostics
            .iter()
            .find(|d| d.code == Some(lsp_types::NumberOrString::String("U003".into())))
            .unwrap()
            .clone();
        let actions = client.code_actions(&path, tilde.range, json!({ "diagnostics": [tilde] }));
        let titles: Vec<&str> = actions
            .iter()
            .map(|a| a["title"].as_str().unwrap())
            .collect();
        let unsafe_fix = name.ends_with(".py");
        let mut expected = vec![
            "Fix U003: replace \"~\" with \"%7E\"",
            "Ignore U003 (unsafe-character) on this line",
            "Fix all rfc1738 findings",
        ];
        if unsafe_fix {
            expected[0] = "Fix U003 (unsafe fix): replace \"~\" with \"%7E\"";
            expected.pop();
        }
        assert_eq!(titles, expected, "{name}");
        assert_eq!(actions[0]["isPreferred"], !unsafe_fix, "{name}");
        let fixed = apply(text, &edits_of(&actions[0], &path), Encoding::Utf16);
        assert_eq!(fixed, text.replace('~', "%7E"), "{name}");
        // The quick fix names the diagnostic it fixes.
        assert_eq!(actions[0]["diagnostics"][0]["code"], "U003");
        let with_comment = apply(text, &edits_of(&actions[1], &path), Encoding::Utf16);
        assert_eq!(with_comment, ignored, "{name}");
        if !unsafe_fix {
            let all = apply(text, &edits_of(&actions[2], &path), Encoding::Utf16);
            assert_eq!(
                all,
                text.replace("HTTP", "http").replace('~', "%7E"),
                "{name}"
            );
        }
        // With the comment, the finding is suppressed.
        let whole = Range::new(Position::new(0, 0), Position::new(99, 0));
        let after = client.change(&path, 2, whole, &with_comment);
        assert_eq!(
            places(&after).iter().filter(|p| p.2 == "U003").count(),
            0,
            "{name}: {after:?}"
        );
    }
    // A second code on a line with a comment joins it.
    let path = uri(&dir.path().join("c.py"));
    let text = "x = 'HTTP://h/~y'  # rfc1738-ignore: U003\n";
    let diagnostics = client.open(&path, "python", text);
    let actions = client.code_actions(
        &path,
        diagnostics[0].range,
        json!({ "diagnostics": [], "only": ["quickfix"] }),
    );
    let ignore = actions
        .iter()
        .find(|a| a["title"].as_str().unwrap().starts_with("Ignore"))
        .unwrap();
    assert_eq!(
        apply(text, &edits_of(ignore, &path), Encoding::Utf16),
        "x = 'HTTP://h/~y'  # rfc1738-ignore: U003, U005\n"
    );
    assert_eq!(client.shutdown(), 0);
}

/// With `unsafe-fixes = true` in the configuration, the fix-all applies
/// the unsafe fixes too, as `rfc1738 lint --fix --unsafe-fixes` does.
#[test]
fn the_fix_all_applies_unsafe_fixes_when_configured() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(".rfc1738.toml"), "unsafe-fixes = true\n").unwrap();
    let mut client = Client::initialized(&[]);
    let path = uri(&dir.path().join("a.py"));
    let text = "x = 'HTTP://h/~y'\n";
    let diagnostics = client.open(&path, "python", text);
    let actions = client.code_actions(
        &path,
        diagnostics[0].range,
        json!({ "diagnostics": [], "only": ["source.fixAll"] }),
    );
    assert_eq!(actions.len(), 1, "{actions:?}");
    assert_eq!(
        apply(text, &edits_of(&actions[0], &path), Encoding::Utf16),
        "x = 'http://h/%7Ey'\n"
    );
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn hovers_describe_check_and_explain() {
    let dir = tempfile::tempdir().unwrap();
    let path = uri(&dir.path().join("h.txt"));
    let mut client = Client::initialized(&[]);
    client.open(
        &path,
        "plaintext",
        "ok ftp://ftp.x.org/pub/f;type=a\nbad http://u:p@h.x/ and more\n",
    );
    let hover = |client: &mut Client, line, character| {
        client
            .request(
                "textDocument/hover",
                json!({ "textDocument": { "uri": path }, "position": { "line": line, "character": character } }),
            )
            .unwrap()
    };
    let ok = hover(&mut client, 0, 10);
    let text = ok["contents"]["value"].as_str().unwrap();
    assert!(
        text.starts_with("**ftpurl** (`rfc1738 describe`)"),
        "{text}"
    );
    assert!(text.contains("\ntypecode        \"a\"\n"), "{text}");
    assert_eq!(
        ok["range"],
        json!({ "start": { "line": 0, "character": 3 }, "end": { "line": 0, "character": 31 } })
    );
    let bad = hover(&mut client, 1, 13);
    let text = bad["contents"]["value"].as_str().unwrap();
    assert!(
        text.contains("http://u:p@h.x/: matches url\nerror: "),
        "{text}"
    );
    // On the finding (U002 at the user name), its explanation too.
    assert!(text.contains("**U002** (`rfc1738 explain U002`)"), "{text}");
    assert!(
        text.contains("U002 scheme-production (error), RFC 1738 section 3"),
        "{text}"
    );
    assert_eq!(hover(&mut client, 1, 24), Value::Null);
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn bad_messages_get_errors_and_the_server_stays_up() {
    let mut client = Client::start();
    let before = client.request("textDocument/hover", json!({}));
    assert_eq!(
        before.unwrap_err().0,
        ErrorCode::ServerNotInitialized as i32
    );
    client
        .request("initialize", json!({ "capabilities": {} }))
        .unwrap();
    let again = client.request("initialize", json!({ "capabilities": {} }));
    assert_eq!(again.unwrap_err().0, ErrorCode::InvalidRequest as i32);
    let unknown = client.request("rfc1738/nothing", json!({}));
    assert_eq!(unknown.unwrap_err().0, ErrorCode::MethodNotFound as i32);
    let invalid = client.request("textDocument/hover", json!({ "position": 3 }));
    assert_eq!(invalid.unwrap_err().0, ErrorCode::InvalidParams as i32);
    // A malformed frame (the transport's verdict) is answered with its id.
    client
        .to_server
        .send(Incoming::Malformed {
            id: json!(99),
            code: ErrorCode::ParseError,
            message: "bad".to_owned(),
        })
        .unwrap();
    assert!(matches!(client.receive(), Outgoing::Error { id, .. } if id == json!(99)));
    // Notifications with bad parameters, about unknown documents, unknown.
    client.notify("textDocument/didOpen", json!({ "textDocument": 1 }));
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": "file:///nowhere.txt", "version": 2 }, "contentChanges": [] }),
    );
    client.notify("rfc1738/whatever", json!(null));
    // Still serving.
    let path = Url::parse("untitled:Untitled-1").unwrap();
    assert_eq!(
        places(&client.open(&path, "markdown", "<http://a/~b>")),
        [(0, 10, "U003".to_owned())]
    );
    // A change with positions past the end is clamped, not a crash.
    let far = Range::new(Position::new(40, 3), Position::new(50, 9));
    assert_eq!(
        places(&client.change(&path, 2, far, " <http://c/~d>")).len(),
        2
    );
    // exit without shutdown: code 1.
    client.notify("exit", Value::Null);
    assert_eq!(client.server.take().unwrap().join().unwrap(), 1);
}
