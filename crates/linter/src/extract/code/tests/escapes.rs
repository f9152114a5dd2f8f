//! Escapes of another level, characters by name and strings of data
//! formats, met on repositories nobody tuned the linter to.

use super::*;

/// werkzeug's tests (`tests/test_urls.py`): Python's `\N{SNOWMAN}` is one
/// character beyond ASCII, read as `\u2603` is (the URL ends before it),
/// not a backslash to encode; an ASCII character's name is that character,
/// and Perl writes a character by its number.
#[test]
fn a_character_written_by_its_name_is_one_character() {
    let by_name = "a = \"http://\\N{SNOWMAN}/\\N{SNOWMAN}\"\nb = 'http://a.b/\\N{SNOWMAN}x'\n";
    let by_number = "a = \"http://\\u2603/\\u2603\"\nb = 'http://a.b/\\u2603x'\n";
    assert_eq!(texts(by_name, Language::Python), ["http://a.b/"]);
    assert_eq!(
        texts(by_name, Language::Python),
        texts(by_number, Language::Python)
    );
    let ascii = "c = 'http://a.b/c\\N{solidus}d\\N{SPACE}e'\nd = 'http://a.b/\\N{'\n";
    let found = read(ascii, Language::Python);
    assert_eq!(found[0].0, "http://a.b/c/d");
    assert_eq!(found[0].1, "http://a.b/c\\N{solidus}d");
    // Not closed: left as written, and the URL ends before the backslash.
    assert_eq!(found[1].0, "http://a.b/");
    let perl = r#"my $u = "http://a.b/\N{U+7E}x\N{TILDE}";"#;
    assert_eq!(texts(perl, Language::Perl), ["http://a.b/~x~"]);
}

/// werkzeug's docstrings (`src/werkzeug/urls.py`): a doctest writes a
/// Python string inside the docstring, so its `\\u2603` is an escape of
/// the inner string once the docstring's are read; the URL ends before it.
#[test]
fn a_doctests_escapes_end_the_url() {
    let python = "def f():\n    \"\"\"\n    >>> iri_to_uri('http://\\\\u2603.net/p\\\\xe5th?q=\\\\xe8ry%DF')\n    'http://a.b/c\\\\U0001F600'\n    'http://a.b/c\\\\N{SNOWMAN}'\n    'http://a.b/c\\\\user'\n    \"\"\"\n";
    assert_eq!(
        texts(python, Language::Python),
        ["http://a.b/c", "http://a.b/c", "http://a.b/c\\user"]
    );
}

/// containerd's descriptors in Protocol Buffers' text format: a comment
/// kept as a string, its lines joined by `\n`.
#[test]
fn protocol_buffers_text_format_strings_are_decoded() {
    let text = "# a.txtpb\nfile {\n  comments: \" Copyright\\n https://developers.google.com/protocol-buffers/\\n\\n Redistribution\"\n}\n";
    assert_eq!(
        texts(text, Language::ProtoText),
        ["https://developers.google.com/protocol-buffers/"]
    );
}

/// cli/cli's tests: a gitignore's JSON in a Go raw string, whose `\n`
/// ends a URL before a `#` that would start its fragment.
#[test]
fn another_levels_newline_ends_a_url_before_its_fragment() {
    let go = "var s = `{\"source\": \"# https://github.com/g/Go.gitignore\\n#\\n# Binaries\"}`";
    let found = read(go, Language::Go);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].0, "https://github.com/g/Go.gitignore");
}

/// nushell's tests: an OSC 8 hyperlink in Nushell code inside a Rust raw
/// string, `\u{1b}]8;;http://example.com\u{7}baz`. The braced `\u{7}` is
/// Nushell's escape of a code point, which ends the URL as `\u0007`
/// would; `\u` before anything else is still a backslash in the URL.
#[test]
fn a_braced_code_point_ends_the_url() {
    let rust = "let c = r#\"[$\"\\u{1b}]8;;http://example.com\\u{7}baz\\u{1b}]8;;\\u{7}\"]\"#;\nlet d = r\"http://a.b/c\\u{user}\";\n";
    let found = read(rust, Language::Rust);
    assert_eq!(found[0].0, "http://example.com");
    // A name in braces is no code point.
    assert!(found[1].0.starts_with("http://a.b/c\\u"), "{found:?}");
    let js = "const u = `http://a.b/\\\\u{1F600}x`;\n";
    assert_eq!(texts(js, Language::JavaScript), ["http://a.b/"]);
}
