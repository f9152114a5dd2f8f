//! `rfc1738 lint` on real files in a temporary repository: directories,
//! ignore files, configuration, suppression comments, output options,
//! fixes.

use crate::repo as support;

use std::path::{Path, PathBuf};

use crate::repo::{repo, Output};
use serde_json::Value;
use snapbox::cmd::{cargo_bin, Command};

/// `rfc1738 lint ARGS` in `dir`.
fn lint_in(dir: &Path, args: &[&str]) -> Output {
    support::rfc1738_in(dir, &[&["lint"], args].concat())
}

fn sorted_lines(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.lines().collect();
    lines.sort_unstable();
    lines
}

const TREE: &[(&str, &str)] = &[
    ("notes.txt", "See http://a.b/~joe and HTTP://c.d/x.\n"),
    (
        "docs/README.md",
        "# Title\n\n[![b](https://img.example/b.svg)](http://link.example/~x)\n\n`http://code.example/~c`\n",
    ),
    ("docs/page.html", "<a href=\"http://h.example/a~b\">x</a>\n"),
    ("vendor/v.txt", "http://vendor.example/~v\n"),
    (".hidden/h.txt", "http://hidden.example/~h\n"),
    ("ignored.txt", "http://ignored.example/~i\n"),
    (".gitignore", "ignored.txt\n"),
    ("sub/.ignore", "skip.txt\n"),
    ("sub/skip.txt", "http://skip.example/~s\n"),
    ("image.bin", "http://binary.example/~b\0\0\0"),
];

#[test]
fn directories_honour_ignore_files_and_hidden_files() {
    let dir = repo(TREE);
    let out = lint_in(dir.path(), &["--format", "urls", "."]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(
        out.stdout.lines().collect::<Vec<_>>(),
        [
            "docs/README.md:3:7-3:32: https://img.example/b.svg",
            "docs/README.md:3:35-3:57: http://link.example/~x",
            "docs/page.html:1:10-1:30: http://h.example/a~b",
            "notes.txt:1:5-1:20: http://a.b/~joe",
            "notes.txt:1:25-1:37: HTTP://c.d/x",
            "vendor/v.txt:1:1-1:25: http://vendor.example/~v",
        ]
    );
    // A file named on the command line is linted even if ignored; paths
    // stay relative to the working directory.
    let out = lint_in(
        &dir.path().join("docs"),
        &["--format", "short", "../ignored.txt"],
    );
    assert_eq!(out.code, Some(1));
    assert!(
        out.stdout.starts_with("../ignored.txt:1:24: error:"),
        "{}",
        out.stdout
    );
}

#[test]
fn include_and_exclude_globs() {
    let dir = repo(TREE);
    let out = lint_in(
        dir.path(),
        &[
            "--format",
            "urls",
            "--include",
            "*.md",
            "--include",
            "*.txt",
            "--exclude",
            "vendor",
            ".",
        ],
    );
    let files: Vec<&str> = out
        .stdout
        .lines()
        .map(|l| l.split(':').next().unwrap())
        .collect();
    assert_eq!(
        files,
        ["docs/README.md", "docs/README.md", "notes.txt", "notes.txt"]
    );
}

#[test]
fn configuration_selects_ignores_and_excludes_relative_to_itself() {
    let mut files = TREE.to_vec();
    files.push((
        "rfc1738.toml",
        "ignore = [\"unknown-scheme\"]\nexclude = [\"vendor\"]\n[per-file-ignores]\n\"docs/*.html\" = [\"U003\"]\n",
    ));
    files.push(("docs/.rfc1738.toml", "select = [\"scheme-case\"]\n"));
    let dir = repo(&files);
    let out = lint_in(dir.path(), &["--format", "short", "."]);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    // docs/ has its own configuration (the nearest wins): only U005, none
    // there; the root's per-file-ignores do not apply to it.
    assert_eq!(
        out.stdout,
        "notes.txt:1:16: error: \"~\" is unsafe and not encoded; write %7E [U003] (fixable)\n\
         notes.txt:1:25: warning: scheme \"HTTP\" is not in lower case; write \"http\" [U005] (fixable)\n"
    );
    // --isolated reads no configuration; --config one for all.
    let isolated = lint_in(dir.path(), &["--format", "short", "--isolated", "docs"]);
    assert_eq!(isolated.stdout.lines().count(), 3, "{}", isolated.stdout);
    let config = lint_in(
        dir.path(),
        &["--format", "short", "--config", "rfc1738.toml", "docs"],
    );
    assert_eq!(config.stdout.lines().count(), 1, "{}", config.stdout);
    assert!(
        config.stdout.starts_with("docs/README.md:3:55:"),
        "{}",
        config.stdout
    );
    // The command line's --select replaces the file's; --level from the file.
    std::fs::write(dir.path().join("rfc1738.toml"), "level = \"error\"\n").unwrap();
    let out = lint_in(
        dir.path(),
        &["--format", "short", "--select", "U005", "notes.txt"],
    );
    assert_eq!(out.code, Some(0), "a warning is below the configured level");
    assert_eq!(out.stdout.lines().count(), 1);
}

#[test]
fn pyproject_toml_configures_with_its_tool_table() {
    let dir = repo(&[
        ("a/pyproject.toml", "[project]\nname = \"a\"\n"),
        ("a/x.txt", "HTTP://a.b/~x\n"),
        (
            "b/pyproject.toml",
            "[project]\nname = \"b\"\n[tool.rfc1738]\nselect = [\"U005\"]\n",
        ),
        ("b/x.txt", "HTTP://a.b/~x\n"),
    ]);
    let out = lint_in(dir.path(), &["--format", "short", "."]);
    // a/ has no [tool.rfc1738]: the defaults; b/ selects U005 only (not
    // fixable there: with its "~" left, the URL would still not parse).
    let codes: Vec<&str> = out
        .stdout
        .lines()
        .map(|line| line.split('[').nth(1).unwrap_or(""))
        .collect();
    assert_eq!(
        codes,
        ["U005] (fixable)", "U003] (fixable)", "U005]"],
        "{}",
        out.stdout
    );
}

#[test]
fn a_configuration_sets_a_codes_severity() {
    let dir = repo(&[
        (
            "rfc1738.toml",
            "[severity]\nurl-template = \"warning\"\nU021 = \"error\"\n",
        ),
        ("a.txt", "see http://a.b/{id}#x~y\n"),
    ]);
    let out = lint_in(dir.path(), &["--format", "short", "a.txt"]);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert_eq!(
        out.stdout,
        "a.txt:1:16: warning: \"{id}\" is a placeholder of a URL template; the rest of the URL is checked with a value in its place [U022]\n\
         a.txt:1:22: error: \"~\" in the fragment is unsafe and not encoded; write %7E [U021] (fixable)\n"
    );
    // Without the configuration, the placeholder is information and the
    // fragment's character a warning.
    let out = lint_in(
        dir.path(),
        &[
            "--format",
            "short",
            "--isolated",
            "--level",
            "error",
            "a.txt",
        ],
    );
    assert_eq!(out.code, Some(0), "{}", out.stdout);
    assert!(
        out.stdout.starts_with("a.txt:1:16: info:"),
        "{}",
        out.stdout
    );
    std::fs::write(
        dir.path().join("rfc1738.toml"),
        "[severity]\nU022 = \"loud\"\n",
    )
    .unwrap();
    let out = lint_in(dir.path(), &["a.txt"]);
    assert_eq!(out.code, Some(2));
    assert!(
        out.stderr
            .contains("rfc1738.toml:2:8: severity \"loud\" is not info, warning or error"),
        "{}",
        out.stderr
    );
}

#[test]
fn configuration_errors_name_file_and_line() {
    let dir = repo(&[
        ("rfc1738.toml", "select = [\"U003\"]\n\nlevle = \"error\"\n"),
        ("a.txt", "http://a.b/\n"),
    ]);
    let out = lint_in(dir.path(), &["."]);
    assert_eq!(out.code, Some(2));
    assert!(
        out.stderr
            .contains("rfc1738.toml:3:1: unknown field `levle`"),
        "{}",
        out.stderr
    );
    std::fs::write(
        dir.path().join("rfc1738.toml"),
        "[per-file-ignores]\n\"*.txt\" = [\"U03\"]\n",
    )
    .unwrap();
    let out = lint_in(dir.path(), &["a.txt"]);
    assert_eq!(out.code, Some(2));
    assert!(
        out.stderr
            .contains("rfc1738.toml:2:12: unknown lint code \"U03\""),
        "{}",
        out.stderr
    );
    let out = lint_in(dir.path(), &["--select", "nonsense", "--isolated", "a.txt"]);
    assert_eq!(out.code, Some(2));
    assert!(out.stderr.contains("unknown lint code \"nonsense\""));
}

#[test]
fn suppression_comments_and_unused_ones() {
    let dir = repo(&[(
        "a.md",
        "http://a.b/~x <!-- rfc1738-ignore: U003 -->\n\
         <!-- rfc1738-ignore-next-line: scheme-case -->\n\
         HTTP://c.d/~y\n\
         http://e.f/~z # rfc1738-ignore\n\
         http://g.h/ // rfc1738-ignore: U011, U003\n",
    )]);
    let out = lint_in(dir.path(), &["--format", "short", "a.md"]);
    assert_eq!(
        out.stdout,
        "a.md:3:12: error: \"~\" is unsafe and not encoded; write %7E [U003] (fixable)\n"
    );
    let out = lint_in(
        dir.path(),
        &["--format", "short", "--extend-select", "U019", "a.md"],
    );
    assert_eq!(
        sorted_lines(&out.stdout),
        [
            "a.md:3:12: error: \"~\" is unsafe and not encoded; write %7E [U003] (fixable)",
            "a.md:5:32: warning: unused suppression of U011 (password): it suppresses no finding here [U019]",
            "a.md:5:38: warning: unused suppression of U003 (unsafe-character): it suppresses no finding here [U019]",
        ]
    );
    std::fs::write(
        dir.path().join("b.txt"),
        "rfc1738-ignore-file\nhttp://a.b/~x\n",
    )
    .unwrap();
    let out = lint_in(dir.path(), &["b.txt"]);
    assert_eq!(out.code, Some(0), "{}", out.stdout);
}

#[test]
fn statistics_quiet_exit_zero_and_output_file() {
    let dir = repo(TREE);
    let out = lint_in(dir.path(), &["--statistics", "notes.txt", "docs"]);
    assert_eq!(out.code, Some(1));
    assert_eq!(
        out.stdout,
        "      3  U003  unsafe-character\n      1  U005  scheme-case\n      1  U016  unknown-scheme\n"
    );
    let out = lint_in(dir.path(), &["--exit-zero", "--quiet", "notes.txt"]);
    assert_eq!(out.code, Some(0));
    assert!(!out.stdout.contains("URLs in"), "--quiet drops the summary");
    assert!(out.stdout.contains("error[U003 unsafe-character]"));
    let out = lint_in(
        dir.path(),
        &[
            "--output-file",
            "report.txt",
            "--format",
            "short",
            "notes.txt",
        ],
    );
    assert_eq!(out.code, Some(1));
    assert_eq!(out.stdout, "");
    let report = std::fs::read_to_string(dir.path().join("report.txt")).unwrap();
    assert_eq!(report.lines().count(), 2);
    // A report written into the directory being searched is not linted.
    let out = lint_in(dir.path(), &["-o", "report.txt", "--format", "urls", "."]);
    assert_eq!(out.code, Some(0));
    let report = std::fs::read_to_string(dir.path().join("report.txt")).unwrap();
    assert!(!report.contains("report.txt"), "{report}");
    let out = lint_in(dir.path(), &["missing.txt", "notes.txt"]);
    assert_eq!(out.code, Some(2), "an I/O error wins over findings");
    assert!(out.stderr.contains("missing.txt"));
}

#[test]
fn github_annotations_and_colour() {
    let dir = repo(&[("a,b.txt", "x HTTP://a.b/%zz\n")]);
    let out = lint_in(dir.path(), &["--format", "github", "a,b.txt"]);
    assert_eq!(
        out.stdout,
        "::warning file=a%2Cb.txt,line=1,col=3,endLine=1,endColumn=7,title=U005 scheme-case::scheme \"HTTP\" is not in lower case; write \"http\" [U005]\n\
         ::error file=a%2Cb.txt,line=1,col=14,endLine=1,endColumn=15,title=U003 unsafe-character::\"%25\" does not start an escape %25XX; write %2525 [U003]\n"
    );
    let always = lint_in(dir.path(), &["--color", "always", "a,b.txt"]);
    assert!(always.stdout.contains("\u{1b}["), "colour on request");
    let never = lint_in(dir.path(), &["--color", "never", "a,b.txt"]);
    assert!(!never.stdout.contains("\u{1b}["));
}

#[test]
fn json_has_relative_paths_and_fixes() {
    let dir = repo(&[("d/a.txt", "x http://a.b/~y\n")]);
    let absolute = dir.path().join("d/a.txt");
    let out = lint_in(
        dir.path(),
        &["--format", "json", absolute.to_str().unwrap()],
    );
    let finding: Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!(finding["file"], "d/a.txt");
    assert_eq!(finding["fix"]["edits"][0]["content"], "%7E");
    assert_eq!(finding["fix"]["edits"][0]["byte_start"], 13);
    assert_eq!(finding["url"], "http://a.b/~y");
}

#[test]
fn sarif_has_base_ids_invocations_and_fixes() {
    let dir = repo(&[("d/a.txt", "x http://a.b/~y\n")]);
    let out = lint_in(dir.path(), &["--format", "sarif", "d"]);
    let log: Value = serde_json::from_str(&out.stdout).unwrap();
    let run = &log["runs"][0];
    let root = run["originalUriBaseIds"]["%SRCROOT%"]["uri"]
        .as_str()
        .unwrap();
    assert!(
        root.starts_with("file:///") && root.ends_with('/'),
        "{root}"
    );
    assert_eq!(run["invocations"][0]["executionSuccessful"], true);
    let result = &run["results"][0];
    let location = &result["locations"][0]["physicalLocation"]["artifactLocation"];
    assert_eq!(location["uri"], "d/a.txt");
    assert_eq!(location["uriBaseId"], "%SRCROOT%");
    let replacement = &result["fixes"][0]["artifactChanges"][0]["replacements"][0];
    assert_eq!(replacement["insertedContent"]["text"], "%7E");
    assert_eq!(replacement["deletedRegion"]["byteOffset"], 13);
    assert_eq!(run["tool"]["driver"]["rules"][18]["id"], "U019");
}

#[test]
fn stdin_filename_names_standard_input() {
    let dir = repo(&[("docs/rfc1738.toml", "ignore = [\"U016\"]\n")]);
    let output = Command::new(cargo_bin("rfc1738"))
        .current_dir(dir.path())
        .args([
            "lint",
            "--format",
            "short",
            "--stdin-filename",
            "docs/x.md",
            "-",
        ])
        .stdin("[a](https://a.b/~x) `http://c.d/~y`\n")
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "docs/x.md:1:17: error: \"~\" is unsafe and not encoded; write %7E [U003] (fixable)\n"
    );
}

fn mode(path: &PathBuf) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

#[test]
fn fix_and_diff() {
    use std::os::unix::fs::PermissionsExt;
    let text = "a HTTP://x.y/~1 b\r\nftp://f.g/p;type=I and <gopher://g.h/00/About Gopher/Index>\r\nhttp://u:p@h.i/~ stays\r\n";
    let dir = repo(&[
        ("a.txt", text),
        ("b.md", "[x](http://a.b/c{d:e}) [t](http://a.b/{id}#s~)\n"),
    ]);
    let a = dir.path().join("a.txt");
    std::fs::set_permissions(&a, std::fs::Permissions::from_mode(0o640)).unwrap();
    let diff = lint_in(dir.path(), &["--diff", "."]);
    assert_eq!(diff.code, Some(1), "{}", diff.stderr);
    assert_eq!(
        diff.stdout,
        "--- a/a.txt\n+++ b/a.txt\n@@ -1,3 +1,3 @@\n\
         -a HTTP://x.y/~1 b\r\n-ftp://f.g/p;type=I and <gopher://g.h/00/About Gopher/Index>\r\n\
         +a http://x.y/%7E1 b\r\n+ftp://f.g/p;type=i and <gopher://g.h/00/About%20Gopher/Index>\r\n \
         http://u:p@h.i/~ stays\r\n\
         --- a/b.md\n+++ b/b.md\n@@ -1 +1 @@\n-[x](http://a.b/c{d:e}) [t](http://a.b/{id}#s~)\n+[x](http://a.b/c%7Bd:e%7D) [t](http://a.b/{id}#s%7E)\n"
    );
    assert_eq!(
        std::fs::read_to_string(&a).unwrap(),
        text,
        "--diff changes nothing"
    );
    let fix = lint_in(dir.path(), &["--fix", "--format", "short", "."]);
    assert_eq!(fix.code, Some(1), "the password and its URL's ~ remain");
    assert_eq!(
        std::fs::read_to_string(&a).unwrap(),
        "a http://x.y/%7E1 b\r\nftp://f.g/p;type=i and <gopher://g.h/00/About%20Gopher/Index>\r\nhttp://u:p@h.i/~ stays\r\n"
    );
    assert_eq!(mode(&a), 0o640, "permissions kept");
    let again = lint_in(dir.path(), &["--format", "short", "."]);
    assert!(!again.stdout.contains("(fixable)"), "{}", again.stdout);
    assert_eq!(lint_in(dir.path(), &["--diff", "."]).code, Some(0));
    // Standard input: the fixed text on standard output.
    let output = Command::new(cargo_bin("rfc1738"))
        .args(["lint", "--fix", "-"])
        .stdin("x HTTP://a.b/~c\n")
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "x http://a.b/%7Ec\n"
    );
}

#[test]
fn fixes_are_applied_until_none_is_left() {
    // The typecode is checked only once the URL parses, after its "~" is
    // escaped: a second pass fixes it, in the same run.
    let dir = repo(&[("w.txt", "<URL:ftp://a.b/c~\n   d;type=A>\n")]);
    let diff = lint_in(dir.path(), &["--diff", "w.txt"]);
    assert_eq!(
        diff.stdout,
        "--- a/w.txt\n+++ b/w.txt\n@@ -1,2 +1,2 @@\n-<URL:ftp://a.b/c~\n-   d;type=A>\n+<URL:ftp://a.b/c%7E\n+   d;type=a>\n"
    );
    let fix = lint_in(dir.path(), &["--fix", "w.txt"]);
    assert_eq!(fix.code, Some(0), "{}", fix.stdout);
    assert!(
        fix.stdout.ends_with("0 infos\nfixed 2 findings\n"),
        "{}",
        fix.stdout
    );
    let again = lint_in(dir.path(), &["--format", "short", "w.txt"]);
    assert_eq!((again.stdout.as_str(), again.code), ("", Some(0)));
}

#[test]
fn a_file_that_cannot_be_written_loses_nothing() {
    use std::os::unix::fs::PermissionsExt;
    let dir = repo(&[("ro.txt", "http://a.b/~x\n")]);
    let path = dir.path().join("ro.txt");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    let out = lint_in(dir.path(), &["--fix", "ro.txt"]);
    assert_eq!(out.code, Some(2));
    assert!(
        out.stderr.contains("ro.txt: cannot write the fixes"),
        "{}",
        out.stderr
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "http://a.b/~x\n");
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(names.len(), 2, "no temporary file left (ro.txt and .git)");
}

#[test]
fn long_lines_are_clipped_around_the_problem() {
    let line = format!("http://a.b/{}~{}\n", "x".repeat(5000), "y".repeat(5000));
    let dir = repo(&[("long.txt", &line)]);
    let out = lint_in(dir.path(), &["--color", "never", "long.txt"]);
    assert!(out.stdout.contains("--> long.txt:1:5012"), "{}", out.stdout);
    assert!(out.stdout.contains("the line is 10012 bytes long"));
    assert!(out.stdout.lines().all(|line| line.len() < 400), "clipped");
    let json = lint_in(dir.path(), &["--format", "json", "long.txt"]);
    let finding: Value = serde_json::from_str(json.stdout.trim()).unwrap();
    let url = finding["url"].as_str().unwrap();
    assert!(
        url.starts_with('…') && url.ends_with('…') && url.contains('~'),
        "{url}"
    );
    assert_eq!(finding["url_byte_end"], 10012);
}

use crate::lint_data;

#[test]
fn a_long_text_read_in_pieces_reports_what_it_reports_whole() {
    // Dense URLs, wrapped ones across the cuts, invalid UTF-8, CRLF and a
    // long line.
    let mut text = lint_data::dense_text(60_000).into_bytes();
    text.extend_from_slice(b"caf\xe9 <URL:http://a.b/c~\r\n   d> and \xff\xfe\r\n");
    text.extend_from_slice(lint_data::long_line(3_000).as_bytes());
    text.extend_from_slice(&lint_data::dense_text(30_000).into_bytes());
    let dir = repo(&[]);
    std::fs::write(dir.path().join("big.txt"), &text).unwrap();
    for format in ["short", "json", "urls", "human"] {
        let run = |piece: &str| {
            Command::new(cargo_bin("rfc1738"))
                .current_dir(dir.path())
                .env("RFC1738_TEXT_PIECE", piece)
                .args(["lint", "--color", "never", "--format", format, "big.txt"])
                .output()
                .unwrap()
        };
        let whole = run("100000000");
        for piece in ["1000", "16384"] {
            let pieces = run(piece);
            assert_eq!(pieces.status.code(), whole.status.code());
            assert!(
                pieces.stdout == whole.stdout,
                "{format} in pieces of {piece} differs from the whole"
            );
        }
    }
}

/// Loki's vendored `storage.replay`: a long file with no telling name is
/// known by its text as JSON, read whole, its `\u0026` decoded; read in
/// pieces as plain text, each was an unsafe backslash.
#[test]
fn a_long_json_file_with_no_telling_name_is_read_as_json() {
    let mut text = String::from("{\n  \"Entries\": [\n");
    for index in 0..200 {
        text.push_str(&format!(
            "    {{\"URL\": \"https://a.b/o/{index}?alt=json\\u0026p=1\"}},\n"
        ));
    }
    text.push_str("    {}\n  ]\n}\n");
    let dir = repo(&[("storage.replay", &text)]);
    let output = Command::new(cargo_bin("rfc1738"))
        .current_dir(dir.path())
        .env("RFC1738_TEXT_PIECE", "1024")
        .args(["lint", "--format", "urls", "storage.replay"])
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 200, "{stdout}");
    assert!(stdout.contains("https://a.b/o/7?alt=json&p=1"), "{stdout}");
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn a_long_markdown_read_in_pieces_reports_what_it_reports_whole() {
    let mut text = String::from("[first]: http://def.example/~one\n\n");
    text.push_str(&lint_data::dense_markdown(120_000));
    text.push_str(
        "\n```\ncode http://in.code/\n\nstill code\n```\n\n<!--\n\nhttp://in.comment/\n\n-->\n\n",
    );
    text.push_str(&lint_data::dense_markdown(60_000));
    text.push_str("\nUse [first] at the end, and caf\u{e9}.\n");
    let dir = repo(&[("big.md", &text)]);
    for format in ["urls", "short", "json"] {
        let run = |markdown: &str, text: &str| {
            Command::new(cargo_bin("rfc1738"))
                .current_dir(dir.path())
                .env("RFC1738_MARKDOWN_PIECE", markdown)
                .env("RFC1738_TEXT_PIECE", text)
                .args(["lint", "--format", format, "big.md"])
                .output()
                .unwrap()
        };
        let whole = run("100000000", "100000000");
        if format == "urls" {
            // The definition is used only at the end, pieces later.
            let urls = String::from_utf8_lossy(&whole.stdout);
            assert!(urls.starts_with("big.md:1:10-1:33: http://def.example/~one\n"));
            assert!(!urls.contains("in.code") && !urls.contains("in.comment"));
        }
        for piece in ["5000", "30000"] {
            let pieces = run(piece, "20000");
            assert_eq!(pieces.status.code(), whole.status.code());
            assert!(
                pieces.stdout == whole.stdout,
                "{format} in pieces of {piece} differs from the whole"
            );
        }
    }
}
