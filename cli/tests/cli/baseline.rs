//! `rfc1738 lint --write-baseline` and `--baseline` (and the configuration's
//! `baseline`) on a temporary repository: findings matched by file, code,
//! URL and occurrence across line moves, new findings reported, fixed ones
//! counted stale, fixes leaving baselined findings alone.

use crate::repo::{repo, rfc1738_in, write};

const NOTES: &str = "See http://a.b/~joe and HTTP://c.d/x.\nAgain http://a.b/~joe here.\n";
const README: &str = "# Docs\n\n[x](http://a.b/~x) <ftp://f.g/h;type=A>\n";

/// The findings of `lint --format short` with the baseline, one a line.
fn short(dir: &std::path::Path, extra: &[&str]) -> (Vec<String>, Option<i32>) {
    let mut args = vec!["lint", "--format", "short"];
    args.extend_from_slice(extra);
    args.push(".");
    let out = rfc1738_in(dir, &args);
    assert!(
        out.code != Some(2),
        "usage or I/O error: {}{}",
        out.stdout,
        out.stderr
    );
    (out.stdout.lines().map(str::to_owned).collect(), out.code)
}

#[test]
fn a_baseline_survives_line_moves_and_reports_what_is_new() {
    let dir = repo(&[("notes.txt", NOTES), ("docs/README.md", README)]);
    let path = dir.path();
    let written = rfc1738_in(path, &["lint", "--write-baseline", "baseline.toml", "."]);
    assert_eq!(written.code, Some(0), "{}", written.stderr);
    assert_eq!(
        written.stdout,
        "wrote baseline.toml: 5 findings in 2 files\n"
    );
    let text = std::fs::read_to_string(path.join("baseline.toml")).unwrap();
    let entries: Vec<&str> = text.lines().filter(|l| l.starts_with("    [")).collect();
    assert_eq!(
        entries,
        [
            r#"    ["docs/README.md", "U003", "http://a.b/~x", 1],"#,
            r#"    ["docs/README.md", "U007", "ftp://f.g/h;type=A", 1],"#,
            r#"    ["notes.txt", "U003", "http://a.b/~joe", 2],"#,
            r#"    ["notes.txt", "U005", "HTTP://c.d/x", 1],"#,
        ]
    );
    // Written again over itself (not linting itself), the same bytes.
    rfc1738_in(path, &["lint", "--write-baseline", "baseline.toml", "."]);
    assert_eq!(
        std::fs::read_to_string(path.join("baseline.toml")).unwrap(),
        text
    );
    // Nothing new: clean, and the baseline file itself is not linted.
    let clean = |path| {
        assert_eq!(
            short(path, &["--baseline", "baseline.toml"]),
            (vec![], Some(0))
        )
    };
    clean(path);
    // Lines added above, URLs moved to other lines and columns: still clean.
    write(
        path,
        "notes.txt",
        "A title\n\n  Again http://a.b/~joe here.\nSee   http://a.b/~joe\nand HTTP://c.d/x.\n",
    );
    clean(path);
    // A third occurrence of a baselined URL, and a new URL: reported.
    write(
        path,
        "notes.txt",
        "A title\nhttp://a.b/~joe http://a.b/~joe HTTP://c.d/x http://a.b/~joe http://n.e/~w\n",
    );
    let (lines, code) = short(path, &["--baseline", "baseline.toml"]);
    assert_eq!(code, Some(1));
    assert_eq!(
        lines,
        [
            "notes.txt:2:57: error: \"~\" is unsafe and not encoded; write %7E [U003] (fixable)",
            "notes.txt:2:73: error: \"~\" is unsafe and not encoded; write %7E [U003] (fixable)",
        ]
    );
    // Fixed: the README's typecode and one of the notes' ~joe are gone.
    write(
        path,
        "docs/README.md",
        "# Docs\n\n[x](http://a.b/~x) <ftp://f.g/h;type=a>\n",
    );
    write(path, "notes.txt", "http://a.b/~joe HTTP://c.d/x\n");
    let out = rfc1738_in(
        path,
        &["lint", "--statistics", "--baseline", "baseline.toml", "."],
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(
        out.stdout,
        "baseline baseline.toml: 3 findings not reported, 2 stale (recorded, no longer found)\n"
    );
    // Only the files linted count: the README alone has one stale entry.
    let out = rfc1738_in(
        path,
        &[
            "lint",
            "--statistics",
            "--baseline",
            "baseline.toml",
            "docs/README.md",
        ],
    );
    assert_eq!(
        out.stdout,
        "baseline baseline.toml: 1 finding not reported, 1 stale (recorded, no longer found)\n"
    );
}

#[test]
fn the_configuration_names_the_baseline_and_fixes_leave_it_alone() {
    let dir = repo(&[
        ("notes.txt", NOTES),
        ("rfc1738.toml", "baseline = \"lint/baseline.toml\"\n"),
    ]);
    let path = dir.path();
    std::fs::create_dir(path.join("lint")).unwrap();
    let written = rfc1738_in(
        path,
        &["lint", "--write-baseline", "lint/baseline.toml", "."],
    );
    assert_eq!(written.code, Some(0), "{}", written.stderr);
    // The file's keys are relative to the baseline's directory.
    let text = std::fs::read_to_string(path.join("lint/baseline.toml")).unwrap();
    assert!(
        text.contains(r#"["../notes.txt", "U003", "http://a.b/~joe", 2],"#),
        "{text}"
    );
    // The configuration's baseline applies without --baseline.
    assert_eq!(short(path, &[]), (vec![], Some(0)));
    // --fix fixes the new finding only.
    write(path, "notes.txt", &format!("{NOTES}New: http://n.e/~w\n"));
    let out = rfc1738_in(path, &["lint", "--fix", "."]);
    assert_eq!(out.code, Some(0), "{}{}", out.stdout, out.stderr);
    assert_eq!(
        std::fs::read_to_string(path.join("notes.txt")).unwrap(),
        format!("{NOTES}New: http://n.e/%7Ew\n")
    );
    // A configuration naming a baseline that is not there: an error at the key.
    write(
        path,
        "rfc1738.toml",
        "level = \"error\"\nbaseline = \"gone.toml\"\n",
    );
    let out = rfc1738_in(path, &["lint", "."]);
    assert_eq!(out.code, Some(2));
    assert!(
        out.stderr.contains("rfc1738.toml:2:12: baseline ")
            && out.stderr.contains("gone.toml: No such file"),
        "{}",
        out.stderr
    );
    // A baseline with an unknown code: an error at its place.
    write(path, "rfc1738.toml", "baseline = \"bad.toml\"\n");
    write(
        path,
        "bad.toml",
        "version = 1\nfindings = [[\"notes.txt\", \"U099\", \"x\", 1]]\n",
    );
    let out = rfc1738_in(path, &["lint", "."]);
    assert_eq!(out.code, Some(2));
    assert!(
        out.stderr
            .contains("bad.toml:2:27: unknown lint code \"U099\""),
        "{}",
        out.stderr
    );
}

#[test]
fn long_files_read_in_pieces_match_as_read_whole() {
    // Text of a few hundred lines read in pieces of 2 KB, and Markdown in
    // pieces of 1 KB: the same findings matched as when read whole.
    let mut text = String::new();
    let mut markdown = String::new();
    for line in 0..300 {
        text.push_str(&format!("line {line}: http://h{}.example/~a\n", line % 7));
        markdown.push_str(&format!(
            "Para {line} [l](http://m{}.example/~b).\n\n",
            line % 5
        ));
    }
    let dir = repo(&[("long.txt", &text), ("long.md", &markdown)]);
    let path = dir.path();
    let written = rfc1738_in(path, &["lint", "--write-baseline", "b.toml", "."]);
    assert_eq!(written.stdout, "wrote b.toml: 600 findings in 2 files\n");
    // New findings at the end of each file.
    write(path, "long.txt", &format!("{text}http://h0.example/~a\n"));
    write(
        path,
        "long.md",
        &format!("{markdown}[n](http://m0.example/~b)\n"),
    );
    let whole = short(path, &["--baseline", "b.toml"]);
    let pieces = {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_rfc1738"))
            .current_dir(path)
            .env("RFC1738_TEXT_PIECE", "1024")
            .env("RFC1738_MARKDOWN_PIECE", "1024")
            .args(["lint", "--format", "short", "--baseline", "b.toml", "."])
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(whole.0.len(), 2, "{whole:?}");
    assert_eq!(pieces.lines().collect::<Vec<_>>(), whole.0);
}

#[test]
fn force_exclude_applies_the_configuration_to_named_files() {
    let dir = repo(&[
        ("vendor/v.txt", "http://v.example/~v\n"),
        ("notes.txt", "http://n.example/~n\n"),
        ("rfc1738.toml", "extend-exclude = [\"vendor\"]\n"),
    ]);
    let path = dir.path();
    let named = ["lint", "--format", "short", "vendor/v.txt", "notes.txt"];
    let out = rfc1738_in(path, &named);
    assert_eq!(out.stdout.lines().count(), 2, "{}", out.stdout);
    let mut forced = named.to_vec();
    forced.push("--force-exclude");
    let out = rfc1738_in(path, &forced);
    assert_eq!(
        out.stdout,
        "notes.txt:1:18: error: \"~\" is unsafe and not encoded; write %7E [U003] (fixable)\n"
    );
}
