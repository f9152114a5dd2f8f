//! Peak memory of `rfc1738 lint` (resident set, from `wait4`'s rusage of
//! the child): bounded whatever the number of findings, in every format.
//! A regression to a copy of the URL per finding (100,000 findings of a
//! 100 KB URL: gigabytes) or to findings held until the end fails here.
//!
//! The inputs are small enough for a debug build to run them in a few
//! seconds; BENCHMARKS.md ("Linting files") has the figures of the release
//! build on 20 MB files.

#[path = "support/lint_data.rs"]
#[allow(dead_code)]
mod lint_data;

use std::path::Path;
use std::process::{Command, Stdio};

/// The ceiling the issue sets, in KB.
const LIMIT_KB: i64 = 48 * 1024;

/// Runs `rfc1738 lint --format FORMAT FILE`; returns its peak resident set
/// in KB and its exit code.
// The child is reaped by `wait4`, which `Child::wait` cannot stand in for:
// it gives no rusage.
#[allow(clippy::zombie_processes)]
fn peak_rss_kb(format: &str, file: &Path) -> (i64, i32) {
    peak_rss_kb_in_pieces(format, file, None)
}

/// The same, reading plain text in pieces of `piece` bytes.
// See above.
#[allow(clippy::zombie_processes)]
fn peak_rss_kb_in_pieces(format: &str, file: &Path, piece: Option<usize>) -> (i64, i32) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_rfc1738"));
    if let Some(piece) = piece {
        command.env("RFC1738_TEXT_PIECE", piece.to_string());
        command.env("RFC1738_MARKDOWN_PIECE", (piece / 2).to_string());
    } else {
        // Larger than any file here: read whole.
        command.env("RFC1738_TEXT_PIECE", "1000000000");
    }
    let child = command
        .args(["lint", "--isolated", "--format", format])
        .arg(file)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let pid = libc::pid_t::try_from(child.id()).expect("a pid");
    let mut status = 0;
    // SAFETY: rusage is plain data; wait4 fills it for this child only.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid, "wait4 failed");
    assert!(libc::WIFEXITED(status), "the linter was killed: {status}");
    // Linux reports ru_maxrss in KB.
    (usage.ru_maxrss, libc::WEXITSTATUS(status))
}

#[test]
fn peak_memory_does_not_grow_with_findings() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let write = |name: &str, text: String| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).expect("a file");
        path
    };
    let long = write("long.txt", lint_data::long_line(100_000));
    let shorter = write("shorter.txt", lint_data::long_line(10_000));
    let shortest = write("shortest.txt", lint_data::long_line(5_000));
    let dense = write("dense.txt", lint_data::dense_text(500_000));
    let dense_md = write("dense.md", lint_data::dense_markdown(1_100_000));
    // (format, file, what): the formats slow in a debug build on shorter
    // lines.
    let cases = [
        ("short", &long, "100,000 findings on one line"),
        ("github", &long, "100,000 findings on one line"),
        ("short", &shorter, "10,000 findings on one line"),
        ("human", &shortest, "5,000 findings on one line"),
        ("json", &shortest, "5,000 findings on one line"),
        ("sarif", &shortest, "5,000 findings on one line"),
        ("short", &dense, "500 KB dense with URLs"),
        ("sarif", &dense, "500 KB dense with URLs"),
        ("urls", &dense, "500 KB dense with URLs"),
        ("short", &dense_md, "1.1 MB of Markdown links (in pieces)"),
    ];
    let measured: Vec<(i64, i32)> = std::thread::scope(|scope| {
        let handles: Vec<_> = cases
            .iter()
            .map(|(format, file, _)| scope.spawn(move || peak_rss_kb(format, file)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a measure"))
            .collect()
    });
    let mut report = String::new();
    for ((format, _, what), (kb, code)) in cases.iter().zip(&measured) {
        report.push_str(&format!("{format:>6} {what}: {kb} KB, exit {code}\n"));
    }
    for ((format, _, _), (kb, code)) in cases.iter().zip(&measured) {
        assert_eq!(*code, if *format == "urls" { 0 } else { 1 }, "{report}");
        assert!(*kb < LIMIT_KB, "over 48 MB:\n{report}");
    }
    // Ten times the findings on a ten times longer line: the same memory,
    // give or take the line itself and the allocator.
    let (long_kb, shorter_kb) = (measured[0].0, measured[2].0);
    assert!(
        long_kb - shorter_kb < 4 * 1024,
        "memory grows with the findings:\n{report}"
    );
    println!("{report}");
}

#[test]
fn a_long_text_in_pieces_holds_one_piece() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("dense.txt");
    std::fs::write(&path, lint_data::dense_text(4_000_000)).expect("a file");
    let (whole, _) = peak_rss_kb_in_pieces("urls", &path, None);
    let (pieces, code) = peak_rss_kb_in_pieces("urls", &path, Some(100_000));
    assert_eq!(code, 0);
    // Read whole, the 4 MB are resident; in pieces of 100 KB, they are not.
    assert!(
        pieces + 2 * 1024 < whole,
        "whole: {whole} KB, in pieces: {pieces} KB"
    );
    println!("4 MB dense text, urls: whole {whole} KB, in pieces of 100 KB {pieces} KB");
    // Markdown: read whole, the text is resident beside the tree of one
    // piece (`extract::CHUNK`); in pieces, only a piece is.
    let path = dir.path().join("dense.md");
    std::fs::write(&path, lint_data::dense_markdown(4_000_000)).expect("a file");
    let (whole, _) = peak_rss_kb_in_pieces("urls", &path, None);
    let (pieces, code) = peak_rss_kb_in_pieces("urls", &path, Some(100_000));
    assert_eq!(code, 0);
    assert!(
        pieces + 2 * 1024 < whole,
        "Markdown whole: {whole} KB, in pieces: {pieces} KB"
    );
    println!("4 MB of Markdown, urls: whole {whole} KB, in pieces of 100 KB {pieces} KB");
}
