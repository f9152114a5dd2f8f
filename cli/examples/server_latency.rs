//! How long `rfc1738 server` takes from a change to a document to its
//! diagnostics (cli/EDITORS.md): the server run as a child process, spoken
//! to over stdio by the tests' client, each change a keystroke (one
//! character inserted in the middle of the document), timed from writing
//! the `didChange` to reading the `publishDiagnostics` of its version; and
//! the server's peak resident set (`VmHWM` of /proc, on Linux).
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

/// The peak resident set of a process in MB, from /proc (Linux).
fn peak_mb(pid: u32) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// What serving one document measured.
struct Measured {
    /// From each change to its diagnostics, sorted.
    times: Vec<Duration>,
    diagnostics: usize,
    peak_mb: Option<f64>,
}

fn latencies(binary: &str, name: &str, text: &str, changes: usize) -> Measured {
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
    let peak_mb = peak_mb(server.child.id());
    server.stop();
    times.sort();
    Measured {
        times,
        diagnostics: count,
        peak_mb,
    }
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
        "{:<10} {:>8} {:>12} {:>8} {:>8} {:>8} {:>8}",
        "document", "MB", "diagnostics", "min ms", "median", "max", "peak MB"
    );
    for (name, text) in &documents {
        let measured = latencies(&binary, name, text, changes);
        let times = &measured.times;
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let peak = measured
            .peak_mb
            .map_or_else(|| "n/a".to_owned(), |mb| format!("{mb:.1}"));
        println!(
            "{name:<10} {:>8.2} {:>12} {:>8.1} {:>8.1} {:>8.1} {peak:>8}",
            text.len() as f64 / 1e6,
            measured.diagnostics,
            ms(times[0]),
            ms(times[times.len() / 2]),
            ms(times[times.len() - 1]),
        );
    }
}
