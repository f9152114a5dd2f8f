//! `rfc1738 lint` on a repository of code, data and man pages, as a user
//! runs it: each file read as what it is, and `--fix` touching only what
//! keeps a file's meaning (docs/linter-files.md).

use std::path::Path;
use std::process::Command;

/// The findings of `rfc1738 lint --format json` in `dir`, as
/// `(file, code, url)`.
fn findings(dir: &Path) -> Vec<(String, String, String)> {
    let output = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(["lint", "--isolated", "--exit-zero", "--format", "json", "."])
        .current_dir(dir)
        .output()
        .expect("the binary runs");
    String::from_utf8(output.stdout)
        .expect("UTF-8")
        .lines()
        .map(|line| {
            let finding: serde_json::Value = serde_json::from_str(line).expect("JSON");
            let text = |key: &str| finding[key].as_str().unwrap_or("").to_owned();
            (text("file"), text("code"), text("url"))
        })
        .collect()
}

/// The files of a small repository: each line is a URL a reader sees, or
/// code and patterns that hold none.
const FILES: &[(&str, &str)] = &[
    (
        "lib/remote.rb",
        "# Download `https://example.com/foo.tar.gz` first.\n\
         URL = %r{\\Ahttps://github\\.com/}\n\
         def url(user) = \"https://github.com/#{user}/~repo\"\n\
         HOME = \"https://example.org/~admin\"\n",
    ),
    (
        "app.py",
        "import re\nPATTERN = re.compile(r\"^https://x\\.y/([^/]+)$\")\n\
         BASE = f\"https://api.example.com/{user}\"\nDOCS = 'http://docs.example.com/\\x7euser'\n",
    ),
    (
        "test.js",
        "expect(parse('http://google.com\\\\@apple.com')).toBe(1);\nconst r = /https?:\\/\\/x/;\n",
    ),
    (
        "main.c",
        "printf(\"file://%s\\\\\", path); /* see http://a.b/%.*s */\n",
    ),
    (
        "doc/tool.1",
        ".TH TOOL 1\n.SH SEE ALSO\n\\fBhttps://docs\\.example\\.com/~x\\fP\n",
    ),
    (
        "doc/index.rst",
        "Run ``curl http://localhost:5000/~x`` or see `Home <https://a.b/~c>`_.\n",
    ),
    (
        "run",
        "#!/usr/bin/env ruby\nputs \"http://h.example/#{path}\"\n",
    ),
];

fn repository() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary directory");
    for (name, text) in FILES {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("a folder");
        std::fs::write(path, text).expect("written");
    }
    dir
}

#[test]
fn each_file_is_read_as_what_it_is() {
    let dir = repository();
    let found = findings(dir.path());
    let mut errors: Vec<(&str, &str, &str)> = found
        .iter()
        .filter(|(_, code, _)| !matches!(code.as_str(), "U016" | "U012"))
        .map(|(file, code, url)| (file.as_str(), code.as_str(), url.as_str()))
        .collect();
    errors.sort_unstable();
    let mut expected = vec![
        ("app.py", "U022", "https://api.example.com/${x}"),
        ("app.py", "U003", "http://docs.example.com/~user"),
        ("doc/index.rst", "U003", "https://a.b/~c"),
        ("doc/tool.1", "U003", "https://docs.example.com/~x"),
        ("lib/remote.rb", "U022", "https://github.com/${x}/~repo"),
        ("lib/remote.rb", "U003", "https://github.com/${x}/~repo"),
        ("lib/remote.rb", "U003", "https://example.org/~admin"),
        ("main.c", "U022", "file://${x}\\"),
        ("main.c", "U003", "file://${x}\\"),
        ("main.c", "U022", "http://a.b/%.*s"),
        ("run", "U022", "http://h.example/${x}"),
        ("test.js", "U003", "http://google.com\\@apple.com"),
    ];
    expected.sort_unstable();
    assert_eq!(errors, expected, "{found:#?}");
}

/// Runs `rfc1738 lint --isolated ARGS .` in `dir`; its standard output.
fn lint(dir: &Path, args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(["lint", "--isolated", "--exit-zero"])
        .args(args)
        .arg(".")
        .current_dir(dir)
        .output()
        .expect("the binary runs");
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).expect("UTF-8")
}

#[test]
fn fix_changes_only_what_keeps_the_meaning() {
    let dir = repository();
    let read = |name: &str| std::fs::read_to_string(dir.path().join(name)).expect("read");
    lint(dir.path(), &["--fix"]);
    // A string whose value is the URL: a program reads it, so its fix is
    // unsafe and `--fix` alone leaves it.
    assert!(read("lib/remote.rb").contains("\"https://example.org/~admin\""));
    assert!(read("app.py").contains("'http://docs.example.com/\\x7euser'"));
    // Prose of a man page and of reST is fixed; a literal is not.
    assert!(read("doc/tool.1").contains("\\fBhttps://docs\\.example\\.com/%7Ex\\fP"));
    assert!(read("doc/index.rst").contains("``curl http://localhost:5000/~x``"));
    assert!(read("doc/index.rst").contains("<https://a.b/%7Ec>"));
    lint(dir.path(), &["--fix", "--unsafe-fixes"]);
    // Asked for: fixed, with the string's escapes.
    assert!(read("lib/remote.rb").contains("\"https://example.org/%7Eadmin\""));
    assert!(read("app.py").contains("'http://docs.example.com/%7Euser'"));
    // A template, a pattern, a string holding more than the URL: as they were.
    assert!(read("lib/remote.rb").contains("\"https://github.com/#{user}/~repo\""));
    assert!(read("lib/remote.rb").contains("%r{\\Ahttps://github\\.com/}"));
    assert!(read("test.js").contains("'http://google.com\\\\@apple.com'"));
}

#[test]
fn unsafe_fixes_are_shown_and_applied_only_when_asked() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let python = "URL = 'http://example.com/~x'\n";
    let markdown = "See [the docs](http://example.com/~y).\n";
    std::fs::write(dir.path().join("a.py"), python).expect("written");
    std::fs::write(dir.path().join("b.md"), markdown).expect("written");
    let read = |name: &str| std::fs::read_to_string(dir.path().join(name)).expect("read");
    let short = lint(dir.path(), &["--format", "short", "--select", "U003"]);
    let ends: Vec<(&str, &str)> = short
        .lines()
        .map(|line| (&line[..4], &line[line.rfind('[').unwrap_or(0)..]))
        .collect();
    assert_eq!(
        ends,
        [
            ("a.py", "[U003] (unsafe fix)"),
            ("b.md", "[U003] (fixable)")
        ],
        "{short}"
    );
    let human = lint(dir.path(), &["--select", "U003"]);
    assert!(
        human
            .contains("unsafe fix (`--fix --unsafe-fixes` applies it): replace \"~\" with \"%7E\""),
        "{human}"
    );
    assert!(
        human.contains(
            "1 finding fixable with `--fix` (`--diff` shows the changes), 1 more with `--unsafe-fixes`"
        ),
        "{human}"
    );
    let json = lint(dir.path(), &["--format", "json", "--select", "U003"]);
    let applicability: Vec<(String, String)> = json
        .lines()
        .map(|line| {
            let finding: serde_json::Value = serde_json::from_str(line).expect("JSON");
            (
                finding["file"].as_str().unwrap_or("").to_owned(),
                finding["fix"]["applicability"]
                    .as_str()
                    .unwrap_or("")
                    .to_owned(),
            )
        })
        .collect();
    assert_eq!(
        applicability,
        [
            ("a.py".to_owned(), "unsafe".to_owned()),
            ("b.md".to_owned(), "safe".to_owned())
        ]
    );
    // `--diff` shows what `--fix` does: the link only.
    let diff = lint(dir.path(), &["--diff"]);
    assert!(
        diff.contains("+++ b/b.md") && !diff.contains("a.py"),
        "{diff}"
    );
    let diff = lint(dir.path(), &["--diff", "--unsafe-fixes"]);
    assert!(diff.contains("+++ b/a.py"), "{diff}");
    lint(dir.path(), &["--fix"]);
    assert_eq!(read("a.py"), python);
    assert_eq!(read("b.md"), "See [the docs](http://example.com/%7Ey).\n");
    lint(dir.path(), &["--fix", "--unsafe-fixes"]);
    assert_eq!(read("a.py"), "URL = 'http://example.com/%7Ex'\n");
}
