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

#[test]
fn fix_changes_only_what_keeps_the_meaning() {
    let dir = repository();
    let status = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(["lint", "--isolated", "--fix", "--exit-zero", "."])
        .current_dir(dir.path())
        .output()
        .expect("the binary runs");
    assert!(status.status.success(), "{status:?}");
    let read = |name: &str| std::fs::read_to_string(dir.path().join(name)).expect("read");
    // A string whose value is the URL: fixed, with the string's escapes.
    assert!(read("lib/remote.rb").contains("\"https://example.org/%7Eadmin\""));
    assert!(read("app.py").contains("'http://docs.example.com/%7Euser'"));
    // A template, a pattern, a string holding more than the URL: as they were.
    assert!(read("lib/remote.rb").contains("\"https://github.com/#{user}/~repo\""));
    assert!(read("lib/remote.rb").contains("%r{\\Ahttps://github\\.com/}"));
    assert!(read("test.js").contains("'http://google.com\\\\@apple.com'"));
    // Prose of a man page and of reST is fixed; a literal is not.
    assert!(read("doc/tool.1").contains("\\fBhttps://docs\\.example\\.com/%7Ex\\fP"));
    assert!(read("doc/index.rst").contains("``curl http://localhost:5000/~x``"));
    assert!(read("doc/index.rst").contains("<https://a.b/%7Ec>"));
}
