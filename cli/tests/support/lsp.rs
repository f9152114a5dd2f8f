//! A small LSP client of our own: `rfc1738 server` run as a child process,
//! spoken to over its standard input and output, frame by frame.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// How long the client waits for a message before it gives up.
pub const PATIENCE: Duration = Duration::from_secs(60);

pub struct Server {
    pub child: Child,
    stdin: ChildStdin,
    messages: Receiver<Value>,
    next_id: i64,
    /// Messages received while waiting for another.
    pending: Vec<Value>,
}

/// Reads one frame's JSON; `None` at the end.
fn read_frame(output: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if output.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(value) = line.strip_prefix("Content-Length: ") {
            length = value.parse().ok();
        }
    }
    let mut body = vec![0; length?];
    output.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

impl Server {
    /// Starts `binary server` in `dir`.
    pub fn start(binary: &str, dir: &std::path::Path) -> Server {
        let mut child = Command::new(binary)
            .arg("server")
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the server starts");
        let stdin = child.stdin.take().expect("its input");
        let stdout = child.stdout.take().expect("its output");
        let (sender, messages) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Some(message) = read_frame(&mut reader) {
                if sender.send(message).is_err() {
                    break;
                }
            }
        });
        Server {
            child,
            stdin,
            messages,
            next_id: 0,
            pending: Vec::new(),
        }
    }

    /// Writes raw bytes to the server.
    pub fn write_raw(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).expect("the server reads");
        self.stdin.flush().expect("the server reads");
    }

    pub fn send(&mut self, message: &Value) {
        let body = serde_json::to_vec(message).expect("JSON");
        let header = format!("Content-Length: {}\r\n\r\n", body.len());
        self.write_raw(&[header.as_bytes(), &body].concat());
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    /// Sends a request; returns its id.
    pub fn send_request(&mut self, method: &str, params: Value) -> i64 {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        id
    }

    /// Sends a request and waits for its response (the whole message).
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.send_request(method, params);
        self.wait_for(|message| message["id"] == json!(id) && message.get("method").is_none())
    }

    /// The next message that `wanted` accepts (earlier ones are kept).
    pub fn wait_for(&mut self, wanted: impl Fn(&Value) -> bool) -> Value {
        if let Some(index) = self.pending.iter().position(&wanted) {
            return self.pending.remove(index);
        }
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let message = self
                .messages
                .recv_timeout(left)
                .expect("the server answers in time");
            if wanted(&message) {
                return message;
            }
            self.pending.push(message);
        }
    }

    /// The next diagnostics published for `uri`.
    pub fn diagnostics(&mut self, uri: &str) -> Vec<Value> {
        let message = self.wait_for(|message| {
            message["method"] == "textDocument/publishDiagnostics"
                && message["params"]["uri"] == uri
        });
        message["params"]["diagnostics"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }

    /// `initialize` and `initialized`, offering these position encodings.
    pub fn initialize(&mut self, encodings: &[&str]) -> Value {
        let response = self.request(
            "initialize",
            json!({
                "processId": null,
                "rootUri": null,
                "capabilities": { "general": { "positionEncodings": encodings } },
            }),
        );
        self.notify("initialized", json!({}));
        response
    }

    pub fn open(&mut self, uri: &str, language: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": language, "version": 1, "text": text } }),
        );
    }

    /// `shutdown` and `exit`; the exit code.
    pub fn stop(mut self) -> Option<i32> {
        let response = self.request("shutdown", Value::Null);
        assert_eq!(response["result"], Value::Null, "{response}");
        self.notify("exit", Value::Null);
        self.child.wait().expect("the server ends").code()
    }
}

/// A `file:` URI of an absolute path.
pub fn file_uri(path: &std::path::Path) -> String {
    let mut uri = String::from("file://");
    for byte in path.to_string_lossy().bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~/".contains(&byte) {
            uri.push(char::from(byte));
        } else {
            uri.push_str(&format!("%{byte:02X}"));
        }
    }
    uri
}

/// The byte offset of an LSP position (`line`, `character` in UTF-16
/// units) of `text`, counted here independently of the server.
pub fn utf16_offset(text: &str, line: u64, character: u64) -> usize {
    let mut offset = 0;
    for _ in 0..line {
        offset += text[offset..]
            .find('\n')
            .map_or(text.len() - offset, |i| i + 1);
    }
    let mut units = 0;
    for (at, c) in text[offset..].char_indices() {
        if units >= character || c == '\n' {
            return offset + at;
        }
        units += c.len_utf16() as u64;
    }
    text.len()
}
