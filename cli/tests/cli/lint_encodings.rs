//! Files in other encodings than UTF-8: read in the encoding their
//! byte-order mark or declaration names, with lines, columns and byte
//! offsets of the file; fixed in their own encoding, every byte outside
//! the fixes unchanged; what cannot be decoded one finding for the file.

use snapbox::cmd::{cargo_bin, Command};

fn lint(dir: &std::path::Path, args: &[&str]) -> (String, String) {
    let output = Command::new(cargo_bin("rfc1738"))
        .current_dir(dir)
        .args(["lint", "--isolated"])
        .args(args)
        .output()
        .expect("the binary runs");
    (
        String::from_utf8(output.stdout).expect("UTF-8"),
        String::from_utf8(output.stderr).expect("UTF-8"),
    )
}

/// `original` with every `~` of `url` written `%7E`, in bytes.
fn fixed(original: &[u8], tilde: &[u8], escape: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut rest = original;
    while let Some(at) = rest.windows(tilde.len()).position(|w| w == tilde) {
        out.extend_from_slice(&rest[..at]);
        out.extend_from_slice(escape);
        rest = &rest[at + tilde.len()..];
    }
    out.extend_from_slice(rest);
    out
}

#[test]
fn declared_and_marked_encodings_are_read_and_fixed_in_place() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    // KOI8-U, declared in the PO header: Cyrillic letters are one byte.
    let po = "# Українська.\nmsgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=koi8-u\\n\"\n\n\
              msgid \"See the site\"\nmsgstr \"Дивіться сайт http://a.b/~їжак\"\n";
    let koi8 = encoding_rs::KOI8_U.encode(po).0.into_owned();
    // windows-1252, declared by <meta>: curly quotes are one byte.
    let html = "<!doctype html><meta charset=windows-1252>\n<p>\u{201c}Caf\u{e9}\u{201d} \
                <a href=\"http://a.b/~caf\">here</a></p>\n";
    let cp1252 = encoding_rs::WINDOWS_1252.encode(html).0.into_owned();
    // UTF-16LE, by its byte-order mark: every character two bytes.
    let mut utf16 = vec![0xFF, 0xFE];
    utf16.extend(
        "é\nsee http://a.b/~x y\n"
            .encode_utf16()
            .flat_map(u16::to_le_bytes),
    );
    std::fs::write(dir.path().join("uk.po"), &koi8).unwrap();
    std::fs::write(dir.path().join("page.html"), &cp1252).unwrap();
    std::fs::write(dir.path().join("wide.txt"), &utf16).unwrap();
    let (stdout, stderr) = lint(
        dir.path(),
        &["--format", "json", "uk.po", "page.html", "wide.txt"],
    );
    assert_eq!(stderr, "");
    let findings: Vec<serde_json::Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).expect("JSON"))
        .collect();
    let summary: Vec<(String, String, u64, u64, u64)> = findings
        .iter()
        .map(|f| {
            (
                f["file"].as_str().unwrap().to_owned(),
                f["code"].as_str().unwrap().to_owned(),
                f["line"].as_u64().unwrap(),
                f["column"].as_u64().unwrap(),
                f["byte_start"].as_u64().unwrap(),
            )
        })
        .collect();
    let koi8_tilde = koi8.iter().position(|b| *b == b'~').unwrap() as u64;
    let cp1252_tilde = cp1252.iter().position(|b| *b == b'~').unwrap() as u64;
    let utf16_tilde = utf16.windows(2).position(|w| w == b"~\0").unwrap() as u64;
    let expected = [
        // The URL ends before the letters beyond ASCII, as bare URLs do.
        ("uk.po", "U003", 7, 34, koi8_tilde),
        ("page.html", "U003", 2, 31, cp1252_tilde),
        ("wide.txt", "U003", 2, 16, utf16_tilde),
    ];
    let expected: Vec<(String, String, u64, u64, u64)> = expected
        .iter()
        .map(|(f, c, l, col, b)| (f.to_string(), c.to_string(), *l, *col, *b))
        .collect();
    assert_eq!(summary, expected);
    assert_eq!(utf16_tilde, 2 + 2 * 17);
    // The fixes, each in its file's encoding.
    let (_, stderr) = lint(dir.path(), &["--fix", "uk.po", "page.html", "wide.txt"]);
    assert_eq!(stderr, "");
    assert_eq!(
        std::fs::read(dir.path().join("uk.po")).unwrap(),
        fixed(&koi8, b"~", b"%7E")
    );
    assert_eq!(
        std::fs::read(dir.path().join("page.html")).unwrap(),
        fixed(&cp1252, b"~", b"%7E")
    );
    assert_eq!(
        std::fs::read(dir.path().join("wide.txt")).unwrap(),
        fixed(&utf16, b"~\0", b"%\x007\0E\0")
    );
}

#[test]
fn a_koi8_file_with_an_escapable_url_is_fixed_byte_for_byte() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let text = "# -*- coding: koi8-r -*-\n# Привет, мир: http://a.b/~joe и ещё http://c.d/x~y.\n";
    let koi8 = encoding_rs::KOI8_R.encode(text).0.into_owned();
    std::fs::write(dir.path().join("hello.py"), &koi8).unwrap();
    let (stdout, _) = lint(dir.path(), &["--format", "short", "hello.py"]);
    assert_eq!(
        stdout
            .lines()
            .filter(|l| l.contains("[U003]"))
            .map(|l| &l[..13])
            .collect::<Vec<_>>(),
        ["hello.py:2:27", "hello.py:2:50"]
    );
    let (diff, _) = lint(dir.path(), &["--diff", "hello.py"]);
    assert!(
        diff.contains("+# Привет, мир: http://a.b/%7Ejoe и ещё http://c.d/x%7Ey."),
        "{diff}"
    );
    let (_, stderr) = lint(dir.path(), &["--fix", "hello.py"]);
    assert_eq!(stderr, "");
    assert_eq!(
        std::fs::read(dir.path().join("hello.py")).unwrap(),
        fixed(&koi8, b"~", b"%7E")
    );
}

#[test]
fn undecodable_bytes_are_one_finding_and_block_the_fix() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    // EUC-JP, declared, with bytes that are not EUC-JP in many places.
    let mut bytes = b"<meta charset=\"euc-jp\">\n".to_vec();
    for _ in 0..500 {
        bytes.extend_from_slice(b"\xA4\xA2\xFF\x21 ");
    }
    bytes.extend_from_slice(b"\nhttp://a.b/~x\n");
    std::fs::write(dir.path().join("bad.html"), &bytes).unwrap();
    std::fs::write(dir.path().join("bad.txt"), &bytes).unwrap();
    let (stdout, _) = lint(dir.path(), &["--format", "short", "bad.txt"]);
    let undecodable: Vec<&str> = stdout.lines().filter(|l| l.contains("[U018]")).collect();
    assert_eq!(
        undecodable,
        [
            "bad.txt:2:2: error: bytes not valid in EUC-JP at byte offset 26 (bytes ff) \
          and 499 more places (500 bytes in all); read as EUC-JP as declared by \
          <meta charset>; linted the rest [U018]"
        ]
    );
    assert!(stdout.contains("bad.txt:3:12:"), "{stdout}");
    let (_, stderr) = lint(dir.path(), &["--fix", "bad.txt"]);
    assert_eq!(
        stderr,
        "warning: bad.txt: read as EUC-JP, it cannot be written back byte for byte \
         (some bytes could not be decoded); not fixed\n"
    );
    assert_eq!(std::fs::read(dir.path().join("bad.txt")).unwrap(), bytes);
}
