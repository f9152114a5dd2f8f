//! `rfc1738 server` on a document of 8 MB stays in bounded memory.
//!
//! A binary of its own: the server's peak (`ru_maxrss` from `wait4`)
//! includes that of the process that started it, which in the binary of
//! the other tests (`cli/main.rs`) is every test running beside it.

#[path = "support/lsp.rs"]
#[allow(dead_code)]
mod lsp;
#[path = "support/repo.rs"]
#[allow(dead_code)]
mod repo;

use lsp::{file_uri, Server};
use serde_json::{json, Value};

const BINARY: &str = env!("CARGO_BIN_EXE_rfc1738");

/// Runs the server on a document of `size` bytes of prose with URLs,
/// changed a few times; its peak resident set in KB (from `wait4`).
// The child is reaped by `wait4`, which `Child::wait` cannot stand in for.
#[allow(clippy::zombie_processes)]
fn peak_kb_serving(size: usize) -> i64 {
    let dir = repo::repo(&[]);
    let mut server = Server::start(BINARY, dir.path());
    server.initialize(&[]);
    let line = "Prose about resources, see <URL:http://host.example/a~b> and more words.\n";
    let text = line.repeat(size / line.len());
    let uri = file_uri(&dir.path().join("big.txt"));
    server.open(&uri, "plaintext", &text);
    let first = server.diagnostics(&uri);
    // Capped: the rest is counted in one last diagnostic.
    assert_eq!(first.len(), 1_001, "{}", first.len());
    for version in 2..3 {
        server.notify(
            "textDocument/didChange",
            json!({
                "textDocument": { "uri": uri, "version": version },
                "contentChanges": [{
                    "range": { "start": { "line": 3, "character": 0 }, "end": { "line": 3, "character": 0 } },
                    "text": "Inserted http://x.example/~y\n",
                }],
            }),
        );
        let diagnostics = server.diagnostics(&uri);
        assert_eq!(diagnostics[3]["range"]["start"]["line"], 3);
    }
    server.request("shutdown", Value::Null);
    server.notify("exit", Value::Null);
    let pid = libc::pid_t::try_from(server.child.id()).expect("a pid");
    let mut status = 0;
    // SAFETY: rusage is plain data; wait4 fills it for this child only.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid, "wait4 failed");
    assert!(libc::WIFEXITED(status), "the server was killed: {status}");
    assert_eq!(libc::WEXITSTATUS(status), 0);
    // Linux reports ru_maxrss in KB.
    usage.ru_maxrss
}

#[test]
fn a_document_of_8_mb_stays_in_bounded_memory() {
    // 8 MB, not more: the server is a debug build here, and the lint of 20
    // MB took 11 s of the test run; a copy per finding (110,000 of them) or
    // per change would still be hundreds of megabytes.
    let small = peak_kb_serving(1 << 20);
    let large = peak_kb_serving(8 << 20);
    println!("peak resident set serving 1 MB: {small} KB, 8 MB: {large} KB");
    // The document, the message that brought it and one copy to lint:
    // about four times its size, not more; and not a copy per finding or
    // per change.
    assert!(
        large < 4 * 8 * 1024 + small,
        "1 MB: {small} KB, 8 MB: {large} KB"
    );
}
