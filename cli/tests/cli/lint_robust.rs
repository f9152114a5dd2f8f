//! Bad input gets findings or a clear error, never a panic: generated files
//! of URL syntax, Markdown, HTML, line breaks, CR, tabs, invalid UTF-8 and
//! suppression comments, as text, Markdown and HTML, in every format, with
//! fixes. Each run exits 0 or 1 and writes nothing about a panic; every
//! JSON line parses.

use crate::lint_data::Rng;
use snapbox::cmd::{cargo_bin, Command};

/// Files of each type, and at most this many pieces each (200 and 2,000
/// passed too, in 19 s).
const LINT_FILES: usize = 40;
const LINT_PIECES: usize = 600;

const PIECES: &[&[u8]] = &[
    b"http://",
    b"HTTP://",
    b"ftp://u:p@h.x:99999/a;type=I",
    b"<URL:",
    b"<",
    b">",
    b"[a](",
    b")",
    b"](",
    b"![",
    b"<a href=\"",
    b"\"",
    b"'",
    b"&amp;",
    b"&#126;",
    b"&#x",
    b";",
    b"\\",
    b"`",
    b"```",
    b"\n",
    b"\r\n",
    b"\r",
    b"\n\n",
    b" ",
    b"\t",
    b"-",
    b"#",
    b"%",
    b"%0",
    b"%0D",
    b"~",
    b"{",
    b"|",
    b"\xc3\xa9",
    b"\xff",
    b"\xe2\x82",
    b"\x01",
    b"mailto:a@b.c",
    b"news:",
    b"gopher://g/1a%09b/c",
    b"<!--",
    b"-->",
    b"rfc1738-ignore",
    b": U003",
    b"-next-line",
    b"-file",
    b"[r]: ",
    b"a.b",
    b"/",
    b"?",
    b"=",
    b"(",
    b"*",
    b"_",
    b"www.",
];

#[test]
fn generated_garbage_never_panics() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let mut rng = Rng::new(14);
    let mut files = Vec::new();
    for index in 0..LINT_FILES {
        // 8 KB of prose first; no NUL in the garbage, which would make the
        // file binary (not linted) wherever it is.
        let mut bytes = b"prose ".repeat(1366);
        bytes.push(b'\n');
        for _ in 0..rng.below(LINT_PIECES) {
            bytes.extend_from_slice(PIECES[rng.below(PIECES.len())]);
        }
        for extension in ["txt", "md", "html"] {
            let name = format!("f{index}.{extension}");
            std::fs::write(dir.path().join(&name), &bytes).expect("a file");
            files.push(name);
        }
    }
    for format in ["human", "short", "json", "sarif", "github", "urls"] {
        let output = Command::new(cargo_bin("rfc1738"))
            .current_dir(dir.path())
            .args([
                "lint",
                "--isolated",
                "--color",
                "always",
                "--extend-select",
                "U019",
            ])
            .args(["--markdown-code", "--format", format])
            .args(&files)
            .output()
            .expect("the binary runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            matches!(output.status.code(), Some(0 | 1)) && !stderr.contains("panicked"),
            "{format}: {:?}\n{stderr}",
            output.status
        );
        if format == "json" {
            for line in String::from_utf8(output.stdout).expect("UTF-8").lines() {
                serde_json::from_str::<serde_json::Value>(line).expect("a JSON line");
            }
        }
    }
    for mode in ["--diff", "--fix"] {
        let output = Command::new(cargo_bin("rfc1738"))
            .current_dir(dir.path())
            .args(["lint", "--isolated", mode])
            .args(&files)
            .output()
            .expect("the binary runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            matches!(output.status.code(), Some(0 | 1)) && !stderr.contains("panicked"),
            "{mode}: {:?}\n{stderr}",
            output.status
        );
    }
    // After --fix, nothing fixable is left.
    let output = Command::new(cargo_bin("rfc1738"))
        .current_dir(dir.path())
        .args(["lint", "--isolated", "--format", "short"])
        .args(&files)
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(!stdout.contains("(fixable)"), "{stdout}");
}

#[test]
fn a_binary_file_named_on_the_command_line_gets_one_notice() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let mut rng = Rng::new(300);
    let bytes: Vec<u8> = (0..300_000).map(|_| rng.below(256) as u8).collect();
    assert!(bytes[..8192].contains(&0));
    std::fs::write(dir.path().join("random.bin"), &bytes).expect("a file");
    std::fs::write(dir.path().join("notes.txt"), "see HTTP://a.b/\n").expect("a file");
    for format in ["human", "short", "json", "sarif"] {
        let output = Command::new(cargo_bin("rfc1738"))
            .current_dir(dir.path())
            .args([
                "lint",
                "--isolated",
                "--format",
                format,
                "random.bin",
                "notes.txt",
            ])
            .output()
            .expect("the binary runs");
        let stdout = String::from_utf8(output.stdout).expect("UTF-8");
        let stderr = String::from_utf8(output.stderr).expect("UTF-8");
        assert_eq!(output.status.code(), Some(1), "{format}: {stderr}");
        let nul = bytes.iter().position(|b| *b == 0).expect("a NUL");
        assert_eq!(
            stderr,
            format!(
                "warning: random.bin: a binary file (a NUL byte at byte offset {nul}), not linted\n"
            )
        );
        assert!(!stdout.contains("random.bin"), "{format}: {stdout}");
        assert!(stdout.contains("notes.txt"), "{format}: {stdout}");
        if format == "human" {
            assert!(stdout.contains("1 file not linted (binary)"), "{stdout}");
        }
    }
}

#[test]
fn binary_files_are_found_by_content_over_the_whole_file() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let write =
        |name: &str, bytes: &[u8]| std::fs::write(dir.path().join(name), bytes).expect("a file");
    // Text from end to end but for its magic number.
    write("doc.pdf", b"%PDF-1.4\n<< /URI (http://a.b/~pdf) >>\n");
    write(
        "art.ai",
        b"%!PS-Adobe-3.0\n%%Creator: http://a.b/~ps\n\xff\xfe\xfd\n",
    );
    // A NUL far past the start, in files read in pieces.
    let mut late = b"see http://a.b/~late\n".repeat(150_000);
    late.extend_from_slice(b"\x00\n");
    write("late.txt", &late);
    write("late.md", &late);
    write("notes.txt", b"see HTTP://a.b/\n");
    let lint = |args: &[&str]| {
        Command::new(cargo_bin("rfc1738"))
            .current_dir(dir.path())
            .env("RFC1738_TEXT_PIECE", "65536")
            .env("RFC1738_MARKDOWN_PIECE", "65536")
            .args(["lint", "--isolated", "--format", "short"])
            .args(args)
            .output()
            .expect("the binary runs")
    };
    let walked = lint(&["."]);
    let stdout = String::from_utf8(walked.stdout).expect("UTF-8");
    assert_eq!(
        stdout,
        "notes.txt:1:5: warning: scheme \"HTTP\" is not in lower case; write \"http\" [U005] (fixable)\n"
    );
    assert_eq!(String::from_utf8_lossy(&walked.stderr), "");
    let named = lint(&["doc.pdf", "art.ai", "late.txt", "late.md", "notes.txt"]);
    let stdout = String::from_utf8(named.stdout).expect("UTF-8");
    assert!(
        stdout.starts_with("notes.txt:1:5:") && stdout.lines().count() == 1,
        "{stdout}"
    );
    let nul = late.len() - 2;
    assert_eq!(
        String::from_utf8(named.stderr).expect("UTF-8"),
        format!(
            "warning: doc.pdf: a binary file (PDF by its magic number), not linted\n\
             warning: art.ai: a binary file (PostScript by its magic number), not linted\n\
             warning: late.txt: a binary file (a NUL byte at byte offset {nul}), not linted\n\
             warning: late.md: a binary file (a NUL byte at byte offset {nul}), not linted\n"
        )
    );
}

/// A URL of many findings of one code: the human format shows the first
/// ten in full and counts the others in one line; the summary and `--format
/// short` count and list each one.
#[test]
fn the_human_format_counts_what_it_does_not_show_of_one_url() {
    let text = format!("see HTTP://a.b/{} and http://c.d/~\n", "~".repeat(30));
    let run = |format: &str| {
        let output = Command::new(cargo_bin("rfc1738"))
            .args(["lint", "--format", format, "-"])
            .stdin(text.clone())
            .output()
            .expect("rfc1738 runs");
        assert_eq!(output.status.code(), Some(1));
        String::from_utf8(output.stdout).expect("UTF-8")
    };
    let human = run("human");
    // Ten of the first URL's thirty `~`, and the second URL's; the first
    // URL's finding of another code is shown too.
    assert_eq!(human.matches("error[U003").count(), 10 + 1, "{human}");
    assert_eq!(human.matches("[U005").count(), 1, "{human}");
    assert!(
        human.contains("note: 20 more U003 unsafe-character in this URL, the last at <stdin>:1:45"),
        "{human}"
    );
    assert_eq!(human.matches(" more U003").count(), 1, "{human}");
    assert!(
        human.contains("2 URLs in 1 file: 31 errors, 1 warning"),
        "{human}"
    );
    assert_eq!(run("short").matches("[U003]").count(), 31);
}
