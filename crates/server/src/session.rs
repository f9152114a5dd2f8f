//! The server in process, one message at a time: what an editor's session
//! does to it without the threads and pipes of [`crate::run`]. The fuzz
//! target of the language server drives it, and so can a program that
//! embeds the linter's editor support.

use std::sync::mpsc::{self, Receiver};

use lsp_types::Url;
use serde_json::{json, Value};

use super::transport::{self, Outgoing};
use super::Server;

/// A server and the messages it sends, handled one message at a time.
pub struct Session {
    server: Server,
    outgoing: Receiver<Outgoing>,
}

/// What the server did with one message.
#[derive(Debug, Default)]
pub struct Handled {
    /// The messages it sent, in order, each as its JSON-RPC object:
    /// responses, diagnostics, its own requests (registrations).
    pub messages: Vec<Value>,
    /// The exit code, when the message was `exit`: the session is over
    /// (0 after `shutdown`, else 1).
    pub exit: Option<u8>,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    /// A server before `initialize`.
    pub fn new() -> Session {
        let (sender, outgoing) = mpsc::channel();
        Session {
            server: Server::new(sender),
            outgoing,
        }
    }

    /// Handles `body`, the JSON of one message (a frame's body), as the
    /// server's main loop handles a message that arrives alone: read as
    /// the transport reads it (malformed JSON gets its error response),
    /// handled (a handler that panics gets an internal error), then the
    /// documents it changed linted and their diagnostics published.
    pub fn handle(&mut self, body: &[u8]) -> Handled {
        let exit = self.server.handle_guarded(transport::decode(body));
        if exit.is_none() {
            self.server.lint_changed_guarded();
        }
        let messages = self.outgoing.try_iter().map(json_of).collect();
        Handled { messages, exit }
    }

    /// The text the server holds for the open document `uri`; `None` when
    /// it is not open (or `uri` is no URI).
    pub fn text(&self, uri: &str) -> Option<&str> {
        let uri = Url::parse(uri).ok()?;
        self.server
            .documents
            .get(&uri)
            .map(|document| document.text.as_str())
    }
}

/// A message as the client reads it.
fn json_of(outgoing: Outgoing) -> Value {
    match outgoing {
        Outgoing::Message(message) => {
            let mut value = serde_json::to_value(message).unwrap_or(Value::Null);
            if let Value::Object(object) = &mut value {
                object.insert("jsonrpc".to_owned(), json!("2.0"));
            }
            value
        }
        Outgoing::Json(bytes) => serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        Outgoing::Error { id, code, message } => json!({
            "jsonrpc": "2.0",
            "id": id,
            "error": { "code": code as i32, "message": message },
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(value: Value) -> Vec<u8> {
        serde_json::to_vec(&value).unwrap()
    }

    #[test]
    fn a_session_answers_lints_and_exits() {
        let mut session = Session::new();
        let early = session.handle(&body(
            json!({"jsonrpc": "2.0", "id": 1, "method": "shutdown"}),
        ));
        assert_eq!(early.messages.len(), 1);
        assert_eq!(early.messages[0]["error"]["code"], -32002);
        let init = session.handle(&body(
            json!({"jsonrpc": "2.0", "id": 2, "method": "initialize", "params": {"capabilities": {}}}),
        ));
        assert_eq!(
            init.messages[0]["result"]["capabilities"]["positionEncoding"],
            "utf-16"
        );
        session.handle(&body(
            json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}),
        ));
        let open = session.handle(&body(json!({
            "jsonrpc": "2.0",
            "method": "textDocument/didOpen",
            "params": {"textDocument": {
                "uri": "untitled:a", "languageId": "plaintext", "version": 1,
                "text": "é http://a.b/~x\n",
            }},
        })));
        let published = &open.messages[0];
        assert_eq!(published["method"], "textDocument/publishDiagnostics");
        let diagnostic = &published["params"]["diagnostics"][0];
        assert_eq!(diagnostic["code"], "U003");
        assert_eq!(
            diagnostic["range"]["start"],
            json!({"line": 0, "character": 13})
        );
        assert_eq!(session.text("untitled:a"), Some("é http://a.b/~x\n"));
        assert_eq!(session.text("untitled:b"), None);
        let garbage = session.handle(b"{not json");
        assert_eq!(garbage.messages[0]["error"]["code"], -32700);
        session.handle(&body(
            json!({"jsonrpc": "2.0", "id": 3, "method": "shutdown"}),
        ));
        let exit = session.handle(&body(json!({"jsonrpc": "2.0", "method": "exit"})));
        assert_eq!(exit.exit, Some(0));
    }
}
