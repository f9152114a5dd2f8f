//! The language server: the property of the `server` target, a session of
//! an editor read from the input, one operation at a time, against a
//! server in process ([`rfc1738_server::Session`]).
//!
//! The operations: open a document (one of four, read as one of the
//! readers), change it (full, or a range in the negotiated encoding,
//! UTF-16 unless the session offers UTF-8, including ranges that split a
//! surrogate pair, fall past the end of a line or of the text, or run
//! backwards), hover, ask for code actions, close, or send any bytes as a
//! message. After each one:
//!
//! - every request gets exactly one response, with its id;
//! - the text the server holds is the text the editor has (the changes
//!   applied here, by LSP's rules, counted independently);
//! - after an open or a change, the diagnostics published are a fresh
//!   lint of that text, their ranges counted here from the findings'
//!   offsets;
//! - the fix-all action's edits, applied here, give `rfc1738 lint --fix`'s
//!   text; every edit of an action lies in the document.

use std::collections::BTreeMap;
use std::io;
use std::path::Path;

use rfc1738::Span;
use rfc1738_linter::apply_fixes;
use rfc1738_linter::extract::{Kind, Language};
use rfc1738_linter::output::Report;
use rfc1738_linter::pipeline::{self, FileLint, Overrides, Reporter};
use rfc1738_linter::source::SourceText;
use rfc1738_server::Session;
use serde_json::{json, Value};

/// The most findings the server shows (its `MAX_FINDINGS`).
const SHOWN: usize = 1_000;

/// The input, read a piece at a time; zeros once it is used up.
struct Input<'a>(&'a [u8]);

impl Input<'_> {
    fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&byte, rest)) => {
                self.0 = rest;
                byte
            }
            None => 0,
        }
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Up to `len` bytes.
    fn bytes(&mut self, len: usize) -> &[u8] {
        let len = len.min(self.0.len());
        let (taken, rest) = self.0.split_at(len);
        self.0 = rest;
        taken
    }

    /// A text: a length byte (or two), then that many bytes, read as UTF-8
    /// (lossily: an editor holds text).
    fn text(&mut self) -> String {
        let mut len = usize::from(self.byte());
        if len == 0xFF {
            len = usize::from(u16::from_le_bytes([self.byte(), self.byte()]));
        }
        String::from_utf8_lossy(self.bytes(len)).into_owned()
    }

    /// A line or column: small mostly, sometimes far past the end.
    fn coordinate(&mut self) -> u32 {
        match self.byte() {
            0xFF => u32::MAX,
            0xFE => 1 << 20,
            small => u32::from(small % 40),
        }
    }

    fn position(&mut self) -> Value {
        json!({ "line": self.coordinate(), "character": self.coordinate() })
    }

    fn range(&mut self) -> Value {
        json!({ "start": self.position(), "end": self.position() })
    }
}

/// The documents a session uses: a URI (not a file: no configuration is
/// read), and the language it is opened as.
const DOCUMENTS: &[(&str, &str)] = &[
    ("untitled:notes", "plaintext"),
    ("untitled:readme", "markdown"),
    ("untitled:page", "html"),
    ("untitled:script", "python"),
];

/// The reader a language picks, as the server picks it for a buffer.
fn kind(language: &str) -> Kind {
    match language {
        "markdown" => Kind::Markdown,
        "html" => Kind::Html,
        _ => Language::of_mode(language).map_or(Kind::Text, Kind::Code),
    }
}

/// The unit of a column.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Units {
    Utf8,
    Utf16,
}

impl Units {
    fn of(self, c: char) -> usize {
        match self {
            Units::Utf8 => c.len_utf8(),
            Units::Utf16 => c.len_utf16(),
        }
    }
}

/// The lines of a text as LSP counts them: after `\n`, `\r\n` or `\r`;
/// each line's start and the end of its content.
fn lines(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut lines = Vec::new();
    let mut start = 0;
    let mut at = 0;
    while at < bytes.len() {
        match bytes[at] {
            b'\r' if bytes.get(at + 1) == Some(&b'\n') => {
                lines.push((start, at));
                at += 2;
                start = at;
            }
            b'\r' | b'\n' => {
                lines.push((start, at));
                at += 1;
                start = at;
            }
            _ => at += 1,
        }
    }
    lines.push((start, bytes.len()));
    lines
}

/// The offset of an LSP position: a line past the last is the end of the
/// text; a column past the line's content is its end; a column inside a
/// character (between the halves of a surrogate pair) is its start.
fn offset(text: &str, lines: &[(usize, usize)], line: u64, column: u64, units: Units) -> usize {
    let Some(&(start, end)) = usize::try_from(line).ok().and_then(|line| lines.get(line)) else {
        return text.len();
    };
    let mut counted = 0u64;
    for (at, c) in text[start..end].char_indices() {
        let next = counted + units.of(c) as u64;
        if next > column {
            return start + at;
        }
        counted = next;
    }
    end
}

/// The LSP position of an offset.
fn position(text: &str, lines: &[(usize, usize)], offset: usize, units: Units) -> Value {
    let line = lines.partition_point(|(start, _)| *start <= offset) - 1;
    let (start, end) = lines[line];
    let column: usize = text[start..offset.min(end)]
        .chars()
        .map(|c| units.of(c))
        .sum();
    json!({ "line": line, "character": column })
}

fn number(value: &Value) -> u64 {
    value.as_u64().expect("a position is a number")
}

/// `text` with an LSP edit applied (the range's ends in either order).
fn apply_range(text: &mut String, range: &Value, new: &str, units: Units) {
    let lines = lines(text);
    let at = |position: &Value| {
        offset(
            text,
            &lines,
            number(&position["line"]),
            number(&position["character"]),
            units,
        )
    };
    let (a, b) = (at(&range["start"]), at(&range["end"]));
    text.replace_range(a.min(b)..a.max(b), new);
}

/// Whether an edit's range lies in the text: each end on a line of it,
/// within the line's content.
fn check_in_document(text: &str, range: &Value, units: Units) {
    let lines = lines(text);
    for end in [&range["start"], &range["end"]] {
        let line = number(&end["line"]) as usize;
        assert!(
            line < lines.len(),
            "an edit at line {line} of {}",
            lines.len()
        );
        let (start, stop) = lines[line];
        let width: usize = text[start..stop].chars().map(|c| units.of(c)).sum();
        assert!(
            number(&end["character"]) as usize <= width,
            "an edit at {end} past its line's {width} units"
        );
    }
}

/// A fresh lint of `text` as the server lints a buffer: default settings,
/// no configuration; its diagnostics as `(range, code, message)`.
fn fresh_diagnostics(uri: &str, kind: Kind, text: &str, units: Units) -> Vec<(Value, String)> {
    struct Fresh(Vec<(Span, String)>);
    impl Reporter for Fresh {
        fn wants_fixes(&self) -> bool {
            false
        }
        fn wants_end(&self) -> bool {
            false
        }
        fn finding(&mut self, report: &Report<'_>) -> io::Result<()> {
            let finding = report.finding;
            self.0.push((finding.span, finding.code.code().to_owned()));
            Ok(())
        }
        fn unknown_code(&mut self, _file: &str, _doc: &SourceText, span: Span, _code: &str) {
            self.0.push((span, String::new()));
        }
    }
    let settings = pipeline::settings(&Overrides::default(), None, Path::new("/"));
    let doc = SourceText::utf8(text.as_bytes().to_vec());
    let mut fresh = Fresh(Vec::new());
    FileLint::new(uri, &doc, &settings, &mut fresh)
        .whole(kind)
        .expect("a lint into memory does not fail");
    let lines = lines(text);
    let (mut findings, unknown): (Vec<_>, Vec<_>) =
        fresh.0.into_iter().partition(|(_, code)| !code.is_empty());
    findings.truncate(SHOWN);
    findings
        .into_iter()
        .chain(unknown)
        .map(|(span, code)| {
            let range = json!({
                "start": position(text, &lines, span.start, units),
                "end": position(text, &lines, span.end, units),
            });
            (range, code)
        })
        .collect()
}

/// The server's published diagnostics as `(range, code)`, in the same
/// order (the findings, then the unknown codes; not the note of findings
/// not shown).
fn published(params: &Value) -> Vec<(Value, String)> {
    params["diagnostics"]
        .as_array()
        .expect("diagnostics are a list")
        .iter()
        .filter(|diagnostic| {
            diagnostic.get("code").is_some()
                || diagnostic["message"]
                    .as_str()
                    .is_some_and(|m| m.starts_with("unknown code"))
        })
        .map(|diagnostic| {
            let code = diagnostic["code"].as_str().unwrap_or_default().to_owned();
            (diagnostic["range"].clone(), code)
        })
        .collect()
}

/// The session and what the editor holds.
struct Editor {
    session: Session,
    units: Units,
    next_id: i64,
    /// The open documents' texts and versions, by index in [`DOCUMENTS`].
    open: BTreeMap<usize, (String, i32)>,
    over: bool,
}

impl Editor {
    fn send(&mut self, message: &Value) -> Vec<Value> {
        let handled = self
            .session
            .handle(&serde_json::to_vec(message).expect("JSON"));
        if handled.exit.is_some() {
            self.over = true;
        }
        handled.messages
    }

    /// Sends a request; its one response's result (or error).
    fn request(&mut self, method: &str, params: Value) -> (Value, Vec<Value>) {
        self.next_id += 1;
        let id = self.next_id;
        let messages = self.send(&json!({
            "jsonrpc": "2.0", "id": id, "method": method, "params": params,
        }));
        let responses: Vec<&Value> = messages
            .iter()
            .filter(|message| message.get("method").is_none() && message["id"] == json!(id))
            .collect();
        assert_eq!(
            responses.len(),
            1,
            "{method} (id {id}) gets one response: {messages:?}"
        );
        let response = responses[0].clone();
        (response, messages)
    }

    fn notify(&mut self, method: &str, params: Value) -> Vec<Value> {
        self.send(&json!({ "jsonrpc": "2.0", "method": method, "params": params }))
    }

    /// The server holds the editor's text of every document.
    fn check_texts(&self) {
        for (index, (uri, _)) in DOCUMENTS.iter().enumerate() {
            let held = self.session.text(uri);
            let mine = self.open.get(&index).map(|(text, _)| text.as_str());
            assert_eq!(held, mine, "the server's text of {uri}");
        }
    }

    /// The diagnostics published for document `index` are a fresh lint of
    /// its text.
    fn check_published(&self, index: usize, messages: &[Value]) {
        let (uri, language) = DOCUMENTS[index];
        let publishes: Vec<&Value> = messages
            .iter()
            .filter(|m| {
                m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri
            })
            .collect();
        let last = publishes
            .last()
            .unwrap_or_else(|| panic!("no diagnostics published for {uri}: {messages:?}"));
        let (text, version) = &self.open[&index];
        assert_eq!(last["params"]["version"], json!(version), "the version");
        let expected = fresh_diagnostics(uri, kind(language), text, self.units);
        let got = published(&last["params"]);
        assert_eq!(got, expected, "the diagnostics of {text:?}");
    }

    fn check_actions(&self, index: usize, result: &Value) {
        let (uri, language) = DOCUMENTS[index];
        let Some(actions) = result.as_array() else {
            return;
        };
        let text = &self.open[&index].0;
        for action in actions {
            let edits = action["edit"]["changes"][uri].as_array();
            for edit in edits.into_iter().flatten() {
                check_in_document(text, &edit["range"], self.units);
            }
            if action["kind"] == "source.fixAll.rfc1738" {
                let mut fixed = text.clone();
                let mut edits: Vec<&Value> = edits.into_iter().flatten().collect();
                // Applied from the last, each on the text before it.
                edits.sort_by_key(|edit| {
                    let start = &edit["range"]["start"];
                    (number(&start["line"]), number(&start["character"]))
                });
                for edit in edits.iter().rev() {
                    let new = edit["newText"].as_str().expect("new text");
                    apply_range(&mut fixed, &edit["range"], new, self.units);
                }
                let settings = pipeline::settings(&Overrides::default(), None, Path::new("/"));
                let (expected, _) =
                    apply_fixes::fix_all(text.as_bytes(), uri, kind(language), &settings, None)
                        .expect("fixes in memory");
                assert_eq!(
                    fixed.as_bytes(),
                    expected.as_slice(),
                    "the fix-all action of {text:?}"
                );
            }
        }
    }
}

/// The `server` target: the first byte chooses the encoding offered, the
/// rest is a session.
pub fn session(data: &[u8]) {
    let mut input = Input(data);
    let utf8 = input.byte() & 1 == 1;
    let units = if utf8 { Units::Utf8 } else { Units::Utf16 };
    let mut editor = Editor {
        session: Session::new(),
        units,
        next_id: 0,
        open: BTreeMap::new(),
        over: false,
    };
    let encodings = if utf8 {
        json!(["utf-8", "utf-16"])
    } else {
        json!(["utf-16"])
    };
    let (init, _) = editor.request(
        "initialize",
        json!({ "capabilities": { "general": { "positionEncodings": encodings } } }),
    );
    let negotiated = init["result"]["capabilities"]["positionEncoding"].clone();
    assert_eq!(negotiated, json!(if utf8 { "utf-8" } else { "utf-16" }));
    editor.notify("initialized", json!({}));
    let mut steps = 0;
    while !input.is_empty() && !editor.over && steps < 64 {
        steps += 1;
        let op = input.byte();
        let index = usize::from(input.byte()) % DOCUMENTS.len();
        let (uri, language) = DOCUMENTS[index];
        let open = editor.open.contains_key(&index);
        match op % 8 {
            0 | 1 => {
                let text = input.text();
                let version = i32::from(input.byte());
                let messages = editor.notify(
                    "textDocument/didOpen",
                    json!({ "textDocument": {
                        "uri": uri, "languageId": language, "version": version, "text": text,
                    }}),
                );
                editor.open.insert(index, (text, version));
                editor.check_texts();
                editor.check_published(index, &messages);
            }
            2 | 3 if open => {
                let count = 1 + input.byte() % 3;
                let mut changes = Vec::new();
                let (mut text, version) = editor.open[&index].clone();
                for _ in 0..count {
                    let full = input.byte() % 8 == 0;
                    let new = input.text();
                    if full {
                        text = new.clone();
                        changes.push(json!({ "text": new }));
                    } else {
                        let range = input.range();
                        apply_range(&mut text, &range, &new, units);
                        changes.push(json!({ "range": range, "text": new }));
                    }
                }
                let version = version.wrapping_add(1);
                let messages = editor.notify(
                    "textDocument/didChange",
                    json!({
                        "textDocument": { "uri": uri, "version": version },
                        "contentChanges": changes,
                    }),
                );
                editor.open.insert(index, (text, version));
                editor.check_texts();
                editor.check_published(index, &messages);
            }
            4 => {
                let position = input.position();
                let (response, _) = editor.request(
                    "textDocument/hover",
                    json!({ "textDocument": { "uri": uri }, "position": position }),
                );
                let result = &response["result"];
                assert!(response.get("error").is_none(), "hover fails: {response}");
                if open {
                    if let Some(range) = result.get("range") {
                        check_in_document(&editor.open[&index].0, range, units);
                    }
                }
            }
            5 => {
                let range = input.range();
                let only = match input.byte() % 4 {
                    0 => json!(["quickfix"]),
                    1 => json!(["source.fixAll"]),
                    _ => Value::Null,
                };
                let mut context = json!({ "diagnostics": [] });
                if !only.is_null() {
                    context["only"] = only;
                }
                let (response, _) = editor.request(
                    "textDocument/codeAction",
                    json!({ "textDocument": { "uri": uri }, "range": range, "context": context }),
                );
                assert!(
                    response.get("error").is_none(),
                    "codeAction fails: {response}"
                );
                if open {
                    editor.check_actions(index, &response["result"]);
                }
            }
            6 if open => {
                let messages = editor.notify(
                    "textDocument/didClose",
                    json!({ "textDocument": { "uri": uri }}),
                );
                editor.open.remove(&index);
                editor.check_texts();
                let cleared = messages
                    .iter()
                    .any(|m| m["params"]["uri"] == uri && m["params"]["diagnostics"] == json!([]));
                assert!(
                    cleared,
                    "closing {uri} clears its diagnostics: {messages:?}"
                );
            }
            7 => {
                // Any bytes as a message: answered or ignored, never fatal.
                let len = usize::from(input.byte());
                let body = input.bytes(len).to_vec();
                // Not a shutdown: the session goes on with its checks.
                let message: Option<Value> = serde_json::from_slice(&body).ok();
                if message.is_some_and(|m| m["method"] == "shutdown") {
                    continue;
                }
                let handled = editor.session.handle(&body);
                if handled.exit.is_some() {
                    editor.over = true;
                }
                // It may have changed a document: the editor takes the
                // server's text as its own.
                for (index, (uri, _)) in DOCUMENTS.iter().enumerate() {
                    match editor.session.text(uri) {
                        Some(text) => {
                            let version = editor.open.get(&index).map_or(0, |(_, v)| *v);
                            editor.open.insert(index, (text.to_owned(), version));
                        }
                        None => {
                            editor.open.remove(&index);
                        }
                    }
                }
            }
            _ => {}
        }
    }
    if !editor.over {
        let (response, _) = editor.request("shutdown", Value::Null);
        assert_eq!(response["result"], Value::Null, "shutdown: {response}");
        editor.notify("exit", Value::Null);
        assert!(editor.over, "exit ends the session");
    }
}
