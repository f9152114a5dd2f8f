//! `rfc1738 server`: the linter as a Language Server Protocol 3.17 server
//! over standard input and output, built on lsp-server and lsp-types.
//!
//! Every open document is linted on open and after its changes (synced
//! incrementally) by the pipeline of `rfc1738 lint` ([`rfc1738_linter::pipeline`]),
//! with the configuration found upward from its file and its baseline; its
//! findings are published as diagnostics, in the position encoding agreed
//! at `initialize` (UTF-8 when the client offers it, else UTF-16). Code
//! actions give each finding's fix, a fix-all and a suppression comment;
//! hovers describe a URL and explain a finding's code. A change to a
//! configuration or baseline file (watched, or saved in the editor) re-lints
//! every open document; an error in one is a diagnostic on it.
//!
//! Messages are handled one at a time, and the documents changed are linted
//! once no message is waiting: a burst of keystrokes is linted once. A
//! malformed message gets an error response, and a handler that panics (a
//! bug) an internal error: the server stays up. [`Session`] is the same
//! server in process, one message at a time.

#![deny(missing_docs)]

mod actions;
mod diagnostics;
mod document;
mod findings;
mod hover;
mod position;
mod session;
mod transport;

#[cfg(test)]
mod tests;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::mpsc::{self, Receiver, Sender};

use clap::Args;
use lsp_server::{ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidChangeWatchedFiles, DidCloseTextDocument, DidOpenTextDocument,
    DidSaveTextDocument, Notification as _, PublishDiagnostics,
};
use lsp_types::request::{CodeActionRequest, HoverRequest, RegisterCapability, Request as _};
use lsp_types::{
    CodeActionKind, CodeActionOptions, CodeActionParams, CodeActionProviderCapability,
    DidChangeTextDocumentParams, DidChangeWatchedFilesRegistrationOptions,
    DidCloseTextDocumentParams, DidOpenTextDocumentParams, DidSaveTextDocumentParams,
    FileSystemWatcher, GlobPattern, HoverParams, HoverProviderCapability, InitializeParams,
    InitializeResult, PublishDiagnosticsParams, Registration, RegistrationParams, SaveOptions,
    ServerCapabilities, ServerInfo, TextDocumentSyncCapability, TextDocumentSyncKind,
    TextDocumentSyncOptions, TextDocumentSyncSaveOptions, Url,
};
use serde::de::DeserializeOwned;
use serde_json::Value;

use diagnostics::Workspace;
use document::Document;
use position::Encoding;
use rfc1738_linter::config::{ConfigError, NAMES};
pub use session::{Handled, Session};
use transport::{Incoming, Outgoing};

/// The arguments of `rfc1738 server`.
#[derive(Args)]
pub struct ServerArgs {
    /// Talk over standard input and output (the default and only
    /// transport; accepted because clients pass it).
    #[arg(long)]
    stdio: bool,
}

/// Serves on standard input and output: the main loop on a thread of its
/// own, the messages written here (to `out`, standard output).
pub fn run(_args: &ServerArgs, out: &mut impl Write) -> ExitCode {
    let (incoming_sender, incoming) = mpsc::sync_channel(2);
    let (outgoing, outgoing_receiver) = mpsc::channel();
    let reader = std::thread::Builder::new()
        .name("lsp-reader".to_owned())
        .spawn(move || transport::read_messages(std::io::stdin().lock(), &incoming_sender));
    let server = std::thread::Builder::new()
        .name("lsp-server".to_owned())
        .spawn(move || serve(&incoming, outgoing));
    let (Ok(_reader), Ok(server)) = (reader, server) else {
        eprintln!("error: cannot start the server's threads");
        return ExitCode::from(2);
    };
    // Until the server ends (its sender with it); the reader may be
    // waiting for input that never comes, and ends with the process.
    if let Err(error) = transport::write_messages(out, &outgoing_receiver) {
        eprintln!("error: writing to the client: {error}");
    }
    ExitCode::from(server.join().unwrap_or(2))
}

/// Serves the messages of `incoming` until `exit` (or the end of the
/// input); the exit code LSP asks for: 0 after `shutdown`, else 1.
pub(crate) fn serve(incoming: &Receiver<Incoming>, outgoing: Sender<Outgoing>) -> u8 {
    let mut server = Server::new(outgoing);
    while let Ok(first) = incoming.recv() {
        let mut next = Some(first);
        while let Some(message) = next {
            if let Some(code) = server.handle_guarded(message) {
                return code;
            }
            next = incoming.try_recv().ok();
        }
        server.lint_changed_guarded();
    }
    1
}

/// The state of the server.
struct Server {
    outgoing: Sender<Outgoing>,
    encoding: Encoding,
    documents: HashMap<Url, Document>,
    workspace: Workspace,
    /// `initialize` answered.
    initialized: bool,
    /// `shutdown` answered: only `exit` is left.
    shut_down: bool,
    /// The client can be asked to watch files.
    watch: bool,
    /// The file names watched (configurations, baselines).
    watched: BTreeSet<String>,
    /// The configuration and baseline files with an error, as last
    /// published.
    published_problems: BTreeMap<PathBuf, ConfigError>,
    next_request: i32,
}

/// Why a request gets no result.
struct Refusal {
    code: ErrorCode,
    message: String,
}

impl Refusal {
    fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }
}

/// The parameters of a request or notification, or why they are not.
fn params<P: DeserializeOwned>(method: &str, params: Value) -> Result<P, Refusal> {
    serde_json::from_value(params).map_err(|error| {
        Refusal::new(
            ErrorCode::InvalidParams,
            format!("invalid parameters of {method}: {error}"),
        )
    })
}

impl Server {
    fn new(outgoing: Sender<Outgoing>) -> Server {
        Server {
            outgoing,
            encoding: Encoding::Utf16,
            documents: HashMap::new(),
            workspace: Workspace::new(),
            initialized: false,
            shut_down: false,
            watch: false,
            watched: BTreeSet::new(),
            published_problems: BTreeMap::new(),
            next_request: 0,
        }
    }

    fn send(&self, message: impl Into<Message>) {
        // The writer is gone only when the client is: the reader ends too.
        let _ = self.outgoing.send(Outgoing::Message(message.into()));
    }

    fn notify<N: lsp_types::notification::Notification>(&self, params: N::Params) {
        let json = transport::notification_json(N::METHOD, &params);
        let _ = self.outgoing.send(Outgoing::Json(json));
    }

    /// Handles one message; a panic in its handler (a bug) is an internal
    /// error, not the end of the server. `Some(code)` to exit.
    fn handle_guarded(&mut self, incoming: Incoming) -> Option<u8> {
        let id = match &incoming {
            Incoming::Message(Message::Request(request)) => Some(request.id.clone()),
            _ => None,
        };
        let result =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.handle(incoming)));
        match result {
            Ok(exit) => exit,
            Err(_) => {
                if let Some(id) = id {
                    self.send(Response::new_err(
                        id,
                        ErrorCode::InternalError as i32,
                        "the server failed on this request (a bug; its standard error says where)"
                            .to_owned(),
                    ));
                }
                None
            }
        }
    }

    fn handle(&mut self, incoming: Incoming) -> Option<u8> {
        match incoming {
            Incoming::Malformed { id, code, message } => {
                let _ = self.outgoing.send(Outgoing::Error { id, code, message });
                None
            }
            Incoming::Message(Message::Request(request)) => {
                let id = request.id.clone();
                let response = match self.request(request) {
                    Ok(result) => Response::new_ok(id, result),
                    Err(failure) => Response::new_err(id, failure.code as i32, failure.message),
                };
                self.send(response);
                None
            }
            Incoming::Message(Message::Notification(notification)) => {
                if notification.method == "exit" {
                    return Some(if self.shut_down { 0 } else { 1 });
                }
                if self.initialized && !self.shut_down {
                    if let Err(failure) = self.notification(notification) {
                        eprintln!("warning: {}", failure.message);
                    }
                }
                None
            }
            // Answers to the server's requests (registrations): nothing to do.
            Incoming::Message(Message::Response(_)) => None,
        }
    }

    fn request(&mut self, request: Request) -> Result<Value, Refusal> {
        let Request {
            method,
            params: raw,
            ..
        } = request;
        if method == "initialize" {
            if self.initialized {
                return Err(Refusal::new(
                    ErrorCode::InvalidRequest,
                    "initialize was already requested",
                ));
            }
            let init: InitializeParams = params(&method, raw)?;
            return Ok(self.initialize(&init));
        }
        if !self.initialized {
            return Err(Refusal::new(
                ErrorCode::ServerNotInitialized,
                format!("{method} before initialize"),
            ));
        }
        if self.shut_down {
            return Err(Refusal::new(
                ErrorCode::InvalidRequest,
                format!("{method} after shutdown"),
            ));
        }
        match method.as_str() {
            "shutdown" => {
                self.shut_down = true;
                Ok(Value::Null)
            }
            HoverRequest::METHOD => {
                let hover: HoverParams = params(&method, raw)?;
                let position = hover.text_document_position_params;
                let encoding = self.encoding;
                let Some((document, linted)) = self.linted(&position.text_document.uri) else {
                    return Ok(Value::Null);
                };
                let offset = document
                    .lines
                    .offset(&document.text, position.position, encoding);
                let found = hover::hover(document, linted, offset, encoding);
                Ok(serde_json::to_value(found).unwrap_or(Value::Null))
            }
            CodeActionRequest::METHOD => {
                let asked: CodeActionParams = params(&method, raw)?;
                let encoding = self.encoding;
                let uri = asked.text_document.uri;
                self.lint_now(&uri);
                let Some(document) = self.documents.get(&uri) else {
                    return Ok(Value::Array(Vec::new()));
                };
                let Some(linted) = &document.linted else {
                    return Ok(Value::Array(Vec::new()));
                };
                let found = actions::actions(
                    document,
                    linted,
                    &mut self.workspace,
                    asked.range,
                    &asked.context.diagnostics,
                    asked.context.only.as_deref(),
                    encoding,
                );
                Ok(serde_json::to_value(found).unwrap_or(Value::Null))
            }
            _ => Err(Refusal::new(
                ErrorCode::MethodNotFound,
                format!("unknown method {method}"),
            )),
        }
    }

    fn initialize(&mut self, init: &InitializeParams) -> Value {
        self.initialized = true;
        self.encoding = Encoding::negotiate(
            init.capabilities
                .general
                .as_ref()
                .and_then(|general| general.position_encodings.as_deref()),
        );
        self.watch = init
            .capabilities
            .workspace
            .as_ref()
            .and_then(|workspace| workspace.did_change_watched_files.as_ref())
            .and_then(|watched| watched.dynamic_registration)
            .unwrap_or(false);
        let capabilities = ServerCapabilities {
            position_encoding: Some(self.encoding.kind()),
            text_document_sync: Some(TextDocumentSyncCapability::Options(
                TextDocumentSyncOptions {
                    open_close: Some(true),
                    change: Some(TextDocumentSyncKind::INCREMENTAL),
                    save: Some(TextDocumentSyncSaveOptions::SaveOptions(SaveOptions {
                        include_text: Some(false),
                    })),
                    ..TextDocumentSyncOptions::default()
                },
            )),
            hover_provider: Some(HoverProviderCapability::Simple(true)),
            code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
                code_action_kinds: Some(vec![
                    CodeActionKind::QUICKFIX,
                    CodeActionKind::SOURCE_FIX_ALL,
                    actions::fix_all_kind(),
                ]),
                ..CodeActionOptions::default()
            })),
            ..ServerCapabilities::default()
        };
        let result = InitializeResult {
            capabilities,
            server_info: Some(ServerInfo {
                name: "rfc1738".to_owned(),
                version: Some(env!("CARGO_PKG_VERSION").to_owned()),
            }),
        };
        serde_json::to_value(result).unwrap_or(Value::Null)
    }

    fn notification(&mut self, notification: Notification) -> Result<(), Refusal> {
        let Notification {
            method,
            params: raw,
        } = notification;
        match method.as_str() {
            "initialized" => self.watch_files(NAMES.iter().map(|name| (*name).to_owned())),
            DidOpenTextDocument::METHOD => {
                let open: DidOpenTextDocumentParams = params(&method, raw)?;
                let document = Document::open(open.text_document);
                self.documents.insert(document.uri.clone(), document);
            }
            DidChangeTextDocument::METHOD => {
                let change: DidChangeTextDocumentParams = params(&method, raw)?;
                let uri = change.text_document.uri;
                let Some(document) = self.documents.get_mut(&uri) else {
                    return Err(Refusal::new(
                        ErrorCode::InvalidParams,
                        format!("a change to {uri}, which is not open"),
                    ));
                };
                document.change(
                    change.text_document.version,
                    change.content_changes,
                    self.encoding,
                );
            }
            DidCloseTextDocument::METHOD => {
                let close: DidCloseTextDocumentParams = params(&method, raw)?;
                let uri = close.text_document.uri;
                if self.documents.remove(&uri).is_some() {
                    self.publish(&uri);
                }
                self.publish_problems();
            }
            DidSaveTextDocument::METHOD => {
                let save: DidSaveTextDocumentParams = params(&method, raw)?;
                let path = save.text_document.uri.to_file_path().ok();
                if path.is_some_and(|path| self.is_watched(&path)) {
                    self.reload();
                }
            }
            DidChangeWatchedFiles::METHOD => self.reload(),
            // `$/cancelRequest`, `$/setTrace`, configuration changes...:
            // nothing to do.
            _ => {}
        }
        Ok(())
    }

    /// Whether a file is a configuration or a baseline.
    fn is_watched(&self, path: &Path) -> bool {
        let name = path.file_name().map(|name| name.to_string_lossy());
        name.is_some_and(|name| NAMES.contains(&name.as_ref()))
            || self
                .workspace
                .baseline_paths()
                .any(|baseline| baseline == path)
    }

    /// Asks the client to watch the files of these names (once each).
    fn watch_files(&mut self, names: impl Iterator<Item = String>) {
        let new: Vec<String> = names.filter(|name| !self.watched.contains(name)).collect();
        if !self.watch || new.is_empty() {
            return;
        }
        let watchers = new
            .iter()
            .map(|name| FileSystemWatcher {
                glob_pattern: GlobPattern::String(format!("**/{name}")),
                kind: None,
            })
            .collect();
        self.watched.extend(new);
        self.next_request += 1;
        let registration = Registration {
            id: format!("rfc1738-watch-{}", self.next_request),
            method: DidChangeWatchedFiles::METHOD.to_owned(),
            register_options: serde_json::to_value(DidChangeWatchedFilesRegistrationOptions {
                watchers,
            })
            .ok(),
        };
        self.send(Request::new(
            RequestId::from(format!("rfc1738-{}", self.next_request)),
            RegisterCapability::METHOD.to_owned(),
            RegistrationParams {
                registrations: vec![registration],
            },
        ));
    }

    /// A configuration or baseline changed: read them again and lint every
    /// open document again.
    fn reload(&mut self) {
        self.workspace = Workspace::new();
        for document in self.documents.values_mut() {
            document.linted = None;
        }
    }

    /// Lints a document now if it changed since its last lint (for a
    /// request about it), and publishes its diagnostics.
    fn lint_now(&mut self, uri: &Url) {
        let Some(document) = self.documents.get(uri) else {
            return;
        };
        if document.linted.is_some() {
            return;
        }
        let linted = self.workspace.lint(document);
        if let Some(document) = self.documents.get_mut(uri) {
            document.linted = Some(linted);
        }
        self.publish(uri);
        self.publish_problems();
        let baselines: Vec<String> = self
            .workspace
            .baseline_paths()
            .filter_map(|path| path.file_name())
            .map(|name| name.to_string_lossy().into_owned())
            .collect();
        self.watch_files(baselines.into_iter());
    }

    /// A document and its last lint (linted now if it changed).
    fn linted(&mut self, uri: &Url) -> Option<(&Document, &findings::Linted)> {
        self.lint_now(uri);
        let document = self.documents.get(uri)?;
        Some((document, document.linted.as_ref()?))
    }

    /// Lints the documents that changed, guarded as a handler is.
    fn lint_changed_guarded(&mut self) {
        let changed: Vec<Url> = self
            .documents
            .values()
            .filter(|document| document.linted.is_none())
            .map(|document| document.uri.clone())
            .collect();
        for uri in changed {
            let linted = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                self.lint_now(&uri);
            }));
            if linted.is_err() {
                // Not linted again until it changes.
                if let Some(document) = self.documents.get_mut(&uri) {
                    document.linted = Some(findings::Linted::default());
                }
            }
        }
    }

    /// Publishes the diagnostics of `uri`: its findings when it is open,
    /// and the error of the configuration or baseline it is.
    fn publish(&self, uri: &Url) {
        let document = self.documents.get(uri);
        let mut diagnostics = match document.and_then(|d| Some((d, d.linted.as_ref()?))) {
            Some((document, linted)) => diagnostics::diagnostics(document, linted, self.encoding),
            None => Vec::new(),
        };
        let path = uri.to_file_path().ok();
        if let Some(problem) = path.and_then(|path| self.problems().remove(&path)) {
            diagnostics.insert(0, diagnostics::problem_diagnostic(&problem, self.encoding));
        }
        self.notify::<PublishDiagnostics>(PublishDiagnosticsParams {
            uri: uri.clone(),
            diagnostics,
            version: document.map(|document| document.version),
        });
    }

    /// The configuration and baseline files with an error, found by the
    /// last lint of each open document.
    fn problems(&self) -> BTreeMap<PathBuf, ConfigError> {
        self.documents
            .values()
            .filter_map(|document| document.linted.as_ref()?.problem.clone())
            .map(|problem| (problem.path.clone(), problem))
            .collect()
    }

    /// Publishes the diagnostics of the configuration and baseline files
    /// whose errors changed.
    fn publish_problems(&mut self) {
        let problems = self.problems();
        if problems == self.published_problems {
            return;
        }
        let changed: BTreeSet<&PathBuf> = problems
            .keys()
            .chain(self.published_problems.keys())
            .filter(|path| problems.get(*path) != self.published_problems.get(*path))
            .collect();
        for path in changed {
            if let Ok(uri) = Url::from_file_path(path) {
                self.publish(&uri);
            }
        }
        self.published_problems = problems;
    }
}
