//! How long `rfc1738 server` takes from a change to a document to its
//! diagnostics (cli/EDITORS.md): the server run as a child process, spoken
//! to over stdio by the tests' client, each change a keystroke (one
//! character inserted in the middle of the document), timed from writing
//! the `didChange` to reading the `publishDiagnostics` of its version.
//!
//! ```sh
//! cargo build --release -p rfc1738-cli --bin rfc1738 --example server_latency
//! target/release/examples/server_latency target/release/rfc1738 [MB] [CHANGES]
//! ```

#[path = "../tests/support/lint_data.rs"]
#[allow(dead_code)]
mod lint_data;
#[path = "../tests/support/lsp.rs"]
#[allow(dead_code)]
mod lsp;

use std::time::{Duration, Instant};

use serde_json::json;

fn number(arg: Option<String>, default: usize, what: &str) -> usize {
    match arg.map(|arg| arg.parse()) {
        None => default,
        Some(Ok(n)) => n,
        Some(Err(error)) => {
            eprintln!("error: {what}: {error}");
            std::process::exit(2);
        }
    }
}

/// The times from each change to its diagnostics, and their number.
fn latencies(binary: &str, name: &str, text: &str, changes: usize) -> (Vec<Duration>, usize) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let mut server = lsp::Server::start(binary, dir.path());
    server.initialize(&[]);
    let uri = lsp::file_uri(&dir.path().join(name));
    server.open(&uri, "", text);
    let mut count = server.diagnostics(&uri).len();
    let middle = text.lines().count() / 2;
    let mut times = Vec::with_capacity(changes);
    for version in 2..changes + 2 {
        let at = json!({ "line": middle, "character": 0 });
        let start = Instant::now();
        server.notify(
            "textDocument/didChange",
            json!({
                "textDocument": { "uri": uri, "version": version },
                "contentChanges": [{ "range": { "start": at, "end": at }, "text": "x" }],
            }),
        );
        let published = server.wait_for(|message| {
            message["method"] == "textDocument/publishDiagnostics"
                && message["params"]["version"] == version
        });
        times.push(start.elapsed());
        count = published["params"]["diagnostics"]
            .as_array()
            .map_or(0, Vec::len);
    }
    server.stop();
    times.sort();
    (times, count)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let binary = args
        .next()
        .unwrap_or_else(|| "target/release/rfc1738".to_owned());
    // The server runs in a directory of its own.
    let binary = match std::fs::canonicalize(&binary) {
        Ok(path) => path.to_string_lossy().into_owned(),
        Err(error) => {
            eprintln!("error: {binary}: {error}");
            std::process::exit(2);
        }
    };
    let megabytes = number(args.next(), 1, "the size in MB");
    let changes = number(args.next(), 30, "the number of changes").max(1);
    let size = megabytes * 1_000_000;
    let documents = [
        ("prose.txt", lint_data::prose_text(size)),
        ("dense.txt", lint_data::dense_text(size)),
        ("dense.md", lint_data::dense_markdown(size)),
    ];
    println!(
        "{:<10} {:>8} {:>12} {:>8} {:>8} {:>8}",
        "document", "MB", "diagnostics", "min ms", "median", "max"
    );
    for (name, text) in &documents {
        let (times, count) = latencies(&binary, name, text, changes);
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        println!(
            "{name:<10} {:>8.2} {count:>12} {:>8.1} {:>8.1} {:>8.1}",
            text.len() as f64 / 1e6,
            ms(times[0]),
            ms(times[times.len() / 2]),
            ms(times[times.len() - 1]),
        );
    }
}
