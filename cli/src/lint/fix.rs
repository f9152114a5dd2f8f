//! Fixes that keep a URL's meaning: an unsafe character escaped (`~` to
//! `%7E`, a space to `%20`), the scheme name and an FTP typecode in lower
//! case. A URL's fixes are offered only when the URL with all of them
//! applied matches its scheme's production (`rfc1738::parse`).

use std::io::Write;
use std::path::Path;

use rfc1738::lint::Code;
use rfc1738::scan::ScannedUrl;
use rfc1738::Span;

/// The unsafe characters whose escape means the same: all of section
/// 2.2's but `#` (a fragment delimiter) and `%` (an escape, maybe broken).
const ESCAPABLE: &[char] = &[
    ' ', '<', '>', '"', '{', '}', '|', '\\', '^', '~', '[', ']', '`',
];

/// The fixes of one URL: `(span in the text, code, replacement)`, in order.
pub(crate) type Plan = Vec<(Span, Code, String)>;

/// The fixes of `url`, for the findings `wanted` lets through; `None` when
/// there is none, or when the fixed URL would not match its production.
pub(crate) fn plan(url: &ScannedUrl, wanted: &mut dyn FnMut(Code, Span) -> bool) -> Option<Plan> {
    let text = url.text.as_str();
    // URL-relative edits.
    let mut edits: Vec<(Span, Code, String)> = Vec::new();
    let scheme_end = text.find(':')?;
    let scheme = &text[..scheme_end];
    let scheme_ok = !scheme.is_empty()
        && scheme
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
    if !scheme_ok {
        return None;
    }
    let scheme_span = Span::new(0, scheme_end);
    if scheme.bytes().any(|b| b.is_ascii_uppercase())
        && wanted(Code::SchemeCase, url.original_span(scheme_span))
    {
        edits.push((scheme_span, Code::SchemeCase, scheme.to_ascii_lowercase()));
    }
    for (offset, c) in text.char_indices() {
        if ESCAPABLE.contains(&c) {
            let span = Span::new(offset, offset + 1);
            if wanted(Code::UnsafeCharacter, url.original_span(span)) {
                edits.push((
                    span,
                    Code::UnsafeCharacter,
                    format!("%{:02X}", u32::from(c)),
                ));
            }
        }
    }
    // The typecode ends an ftp URL: `;type=A`.
    if scheme.eq_ignore_ascii_case("ftp") {
        let bytes = text.as_bytes();
        if bytes.len() > 6
            && bytes[bytes.len() - 7..bytes.len() - 1].eq_ignore_ascii_case(b";type=")
            && matches!(bytes[bytes.len() - 1], b'A' | b'I' | b'D')
        {
            let span = Span::new(text.len() - 1, text.len());
            if wanted(Code::FtpTypecodeCase, url.original_span(span)) {
                edits.push((
                    span,
                    Code::FtpTypecodeCase,
                    text[span.range()].to_ascii_lowercase(),
                ));
            }
        }
    }
    if edits.is_empty() {
        return None;
    }
    let fixed = apply_str(text, &edits);
    rfc1738::parse(&fixed).ok()?;
    Some(
        edits
            .into_iter()
            .map(|(span, code, content)| (url.original_span(span), code, content))
            .collect(),
    )
}

fn apply_str(text: &str, edits: &[(Span, Code, String)]) -> String {
    let mut out = String::with_capacity(text.len() + 2 * edits.len());
    let mut at = 0;
    for (span, _, content) in edits {
        out.push_str(&text[at..span.start]);
        out.push_str(content);
        at = span.end;
    }
    out.push_str(&text[at..]);
    out
}

/// The file's bytes with the edits `(byte start, byte end, content)`
/// applied; edits are in order and do not overlap.
pub(crate) fn apply(bytes: &[u8], edits: &[(usize, usize, String)]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() + 2 * edits.len());
    let mut at = 0;
    for (start, end, content) in edits {
        if *start < at {
            continue;
        }
        out.extend_from_slice(&bytes[at..*start]);
        out.extend_from_slice(content.as_bytes());
        at = *end;
    }
    out.extend_from_slice(&bytes[at..]);
    out
}

/// Replaces `path` with `bytes`: a temporary file in the same directory,
/// with the file's permissions, renamed over it. On error the file is as
/// it was.
pub(crate) fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let metadata = std::fs::metadata(path)?;
    if metadata.permissions().readonly() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::PermissionDenied,
            "the file is read-only",
        ));
    }
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let mut temporary = tempfile::Builder::new()
        .prefix(".rfc1738-fix-")
        .tempfile_in(dir)?;
    temporary.write_all(bytes)?;
    temporary.as_file().sync_all()?;
    std::fs::set_permissions(temporary.path(), metadata.permissions())?;
    temporary.persist(path).map_err(|error| error.error)?;
    Ok(())
}

/// A unified diff of a file's fix.
pub(crate) fn diff(name: &str, old: &[u8], new: &[u8]) -> String {
    let old = String::from_utf8_lossy(old);
    let new = String::from_utf8_lossy(new);
    similar::TextDiff::from_lines(old.as_ref(), new.as_ref())
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{name}"), &format!("b/{name}"))
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rfc1738::scan::scan;

    fn fixed(text: &str) -> Option<String> {
        let url = scan(text).into_iter().next()?;
        let plan = plan(&url, &mut |_, _| true)?;
        let edits: Vec<(usize, usize, String)> = plan
            .into_iter()
            .map(|(span, _, content)| (span.start, span.end, content))
            .collect();
        Some(String::from_utf8(apply(text.as_bytes(), &edits)).unwrap())
    }

    #[test]
    fn fixes_keep_meaning() {
        assert_eq!(
            fixed("HTTP://a.b/~joe").as_deref(),
            Some("http://a.b/%7Ejoe")
        );
        assert_eq!(
            fixed("<gopher://g.h/00/About Gopher>").as_deref(),
            Some("<gopher://g.h/00/About%20Gopher>")
        );
        assert_eq!(
            fixed("FTP://a.b/c;type=I").as_deref(),
            Some("ftp://a.b/c;type=i")
        );
        // Broken across lines: only the character is replaced.
        assert_eq!(
            fixed("<URL:http://a.b/x~\n   y>").as_deref(),
            Some("<URL:http://a.b/x%7E\n   y>")
        );
    }

    #[test]
    fn no_fix_when_the_fixed_url_still_fails() {
        // A password in an http URL stays a scheme-production error.
        assert_eq!(fixed("http://u:p@a.b/~x"), None);
        // `#` and a bad `%` are not escaped: that would change the meaning.
        assert_eq!(fixed("http://a.b/x#y"), None);
        assert_eq!(fixed("http://a.b/100%"), None);
        assert_eq!(fixed("http://a.b/"), None);
    }

    #[test]
    fn only_wanted_findings_are_fixed() {
        let url = scan("HTTP://a.b/~joe").remove(0);
        let none = plan(&url, &mut |code, _| code == Code::SchemeCase);
        // Without the `~` escaped the URL does not parse: no fix at all.
        assert!(none.is_none());
        let url = scan("HTTP://a.b/joe").remove(0);
        let some = plan(&url, &mut |code, _| code == Code::SchemeCase).unwrap();
        assert_eq!(
            some,
            [(Span::new(0, 4), Code::SchemeCase, "http".to_owned())]
        );
    }

    #[test]
    fn atomic_writes_keep_permissions_and_line_endings() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.txt");
        std::fs::write(&path, "x\r\ny\r\n").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_atomically(&path, b"x\r\nz\r\n").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"x\r\nz\r\n");
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o640);
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "no temporary file is left");
    }

    #[test]
    fn diffs_are_unified() {
        let diff = diff("a.md", b"one\ntwo\n", b"one\n2\n");
        assert_eq!(
            diff,
            "--- a/a.md\n+++ b/a.md\n@@ -1,2 +1,2 @@\n one\n-two\n+2\n"
        );
    }
}
