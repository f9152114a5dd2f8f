//! The linter's readers of files, and `--fix`: the properties of the
//! `lint_*` targets and of `fix`, each a file's bytes linted as
//! `rfc1738 lint` lints a file of that name.
//!
//! A reader is fuzzed as a file name: its extension picks the reader, as
//! it does for `rfc1738 lint`. A new reader is one more name in
//! [`READERS`] (which `fix` and the language server's target take theirs
//! from) and a target of one line calling [`lint_as`] with it.
//!
//! Every check here is linear in the input (positions from an index made
//! once, URLs compared character by character once), so that a megabyte
//! of input costs the fuzzer about what it costs the linter.

use std::io;
use std::path::Path;

use rfc1738::lint::Code;
use rfc1738::scan::ScannedUrl;
use rfc1738::Span;
use rfc1738_linter::apply_fixes;
use rfc1738_linter::charset::TextEncoding;
use rfc1738_linter::extract::Kind;
use rfc1738_linter::output::Report;
use rfc1738_linter::pipeline::{self, Collector, FileLint, Overrides, Reporter, Settings};
use rfc1738_linter::source::{Position, SourceText};

/// The file names the readers are fuzzed as, one a reader: plain text,
/// Markdown, HTML, source code (Python, JavaScript), a man page,
/// reStructuredText, AsciiDoc.
pub const READERS: &[&str] = &[
    "notes.txt",
    "README.md",
    "index.html",
    "script.py",
    "app.js",
    "page.1",
    "guide.rst",
    "guide.adoc",
];

/// The file names of the `lint_code` target, one of each other file type
/// of the registry (code, data, markup, build files): the first byte of
/// an input picks one. Their seeds are the snippets the CLI's tests lint
/// (cli/tests/fixtures/filetypes/), under these names.
pub const CODE_READERS: &[&str] = &[
    "App.vue",
    "Build.scala",
    "Cargo.toml",
    "Client.cs",
    "Client.java",
    "Client.kt",
    "Dockerfile",
    "Request.php",
    "Session.swift",
    "Static.hs",
    "api.proto",
    "app.properties",
    "build.groovy",
    "chart.yaml",
    "chocolateyInstall.ps1",
    "client.dart",
    "client.fs",
    "client.ts",
    "cmd.tl",
    "configure.ac",
    "core.lisp",
    "cpm.cmake",
    "curl_translate.Rd",
    "env.ex",
    "hackney.erl",
    "http.f90",
    "install.bat",
    "install.sh",
    "links.sql",
    "main.tf",
    "manual.texi",
    "messages.po",
    "notes.rtf",
    "package.json",
    "paper.tex",
    "pom.xml",
    "rules.mk",
    "script.awk",
    "setup.cfg",
    "site.css",
    "std.zig",
    "token.sol",
    "translate.r",
    "tsconfig.jsonc",
    "uri.ml",
    "uri.rb",
    "uris.jl",
    "url.ada",
    "url.c",
    "url.go",
    "url.pl",
    "url.rs",
    "urltest.lua",
    "web.vb",
];

/// The `lint_code` target: the first byte of `data` picks the file's name
/// from `names`, the rest is linted as [`lint_as`] lints it.
pub fn lint_one_of(names: &[&str], data: &[u8]) {
    if let Some((&choice, bytes)) = data.split_first() {
        lint_as(names[usize::from(choice) % names.len()], bytes);
    }
}

/// The settings of a fuzzed file: every code selected (U019 and U020
/// too), every fix applied (the unsafe ones too), no configuration;
/// `markdown_code` also reads Markdown code.
pub fn settings(markdown_code: bool) -> Settings {
    let overrides = Overrides {
        select: Code::ALL.to_vec(),
        markdown_code,
        unsafe_fixes: true,
        ..Overrides::default()
    };
    pipeline::settings(&overrides, None, Path::new("/fuzz"))
}

/// Lines and characters of a text, from an index made once: the line of
/// an offset by binary search, its column from a count of characters
/// sampled every [`Index::STEP`] bytes. Counted here, not by the linter's
/// `SourceText`, which is what is checked.
pub struct Index<'t> {
    text: &'t str,
    /// Where each line starts (after each `\n`).
    lines: Vec<usize>,
    /// The characters before each multiple of `STEP`.
    chars: Vec<usize>,
}

impl<'t> Index<'t> {
    const STEP: usize = 16;

    /// The index of `text`.
    pub fn new(text: &'t str) -> Index<'t> {
        let bytes = text.as_bytes();
        let mut lines = vec![0];
        lines.extend(
            bytes
                .iter()
                .enumerate()
                .filter(|(_, b)| **b == b'\n')
                .map(|(at, _)| at + 1),
        );
        let mut chars = Vec::with_capacity(bytes.len() / Self::STEP + 1);
        let mut count = 0;
        for (at, byte) in bytes.iter().enumerate() {
            if at % Self::STEP == 0 {
                chars.push(count);
            }
            count += usize::from(!is_continuation(*byte));
        }
        chars.push(count);
        Index { text, lines, chars }
    }

    /// The characters before byte `offset` (a character boundary).
    fn chars_before(&self, offset: usize) -> usize {
        let block = offset / Self::STEP;
        let from = block * Self::STEP;
        let inside = self.text.as_bytes()[from..offset]
            .iter()
            .filter(|b| !is_continuation(**b))
            .count();
        self.chars[block] + inside
    }

    /// The 1-based line and column (in characters) of `offset`.
    pub fn position(&self, offset: usize) -> Position {
        let line = self.lines.partition_point(|start| *start <= offset);
        let start = self.lines[line - 1];
        Position {
            line,
            column: self.chars_before(offset) - self.chars_before(start) + 1,
        }
    }
}

fn is_continuation(byte: u8) -> bool {
    byte & 0xC0 == 0x80
}

/// A span of `text` that lies inside it, on character boundaries.
fn assert_span(text: &str, span: Span, what: &str) {
    assert!(
        span.start <= span.end && span.end <= text.len(),
        "{what} {span:?} is not inside the text of {} bytes",
        text.len()
    );
    assert!(
        text.is_char_boundary(span.start) && text.is_char_boundary(span.end),
        "{what} {span:?} is not on character boundaries"
    );
}

/// Checks a URL a reader found: its spans lie in the text, on character
/// boundaries, nested (outer, URL, fragment); every character of its text
/// (and its fragment's) maps inside its span to that character as written,
/// or to the escape or entity a decoding reader read it from.
pub fn check_url(text: &str, kind: Kind, url: &ScannedUrl) {
    assert_span(text, url.outer, "a URL's outer span");
    assert_span(text, url.span, "a URL's span");
    assert!(
        url.outer.start <= url.span.start && url.span.end <= url.outer.end,
        "the URL {:?} at {:?} is outside its outer span {:?}",
        url.text,
        url.span,
        url.outer
    );
    // Plain text is read as written; Markdown and HTML decode backslash
    // escapes and entities; the other readers (source code, roff, reST,
    // AsciiDoc) decode their own escapes and placeholders, which this
    // check does not know: only that each character maps inside the span.
    let decodes = kind != Kind::Text;
    let known = matches!(kind, Kind::Text | Kind::Markdown | Kind::Html);
    each_char(&url.text, |span, c| {
        let at = url.original_span(span);
        assert!(
            url.span.contains(at) || at == url.span,
            "character {c:?} of {:?} maps to {at:?}, outside {:?}",
            url.text,
            url.span
        );
        if known {
            check_written(text, at, c, decodes, &url.text);
        }
    });
    if let Some(fragment) = &url.fragment {
        assert_span(text, fragment.span, "a fragment's span");
        assert!(
            url.span.end <= fragment.span.start && fragment.span.end <= url.outer.end,
            "the fragment {:?} at {:?} is not after its URL {:?} inside {:?}",
            fragment.text,
            fragment.span,
            url.span,
            url.outer
        );
        // Its `#`, as written (an escape or an entity where the reader
        // decodes).
        let written = &text[fragment.span.range()];
        assert!(
            !known
                || written.starts_with('#')
                || (decodes && (written.starts_with("\\#") || written.starts_with('&'))),
            "the fragment {:?} is written {written:?}, not from its #",
            fragment.text,
        );
        each_char(&fragment.text, |span, c| {
            let at = url.fragment_span(span);
            assert!(
                fragment.span.contains(at),
                "character {c:?} of the fragment {:?} maps to {at:?}, outside {:?}",
                fragment.text,
                fragment.span
            );
            if known {
                check_written(text, at, c, decodes, &fragment.text);
            }
        });
    }
}

/// Each character of `text` and its span.
fn each_char(text: &str, mut each: impl FnMut(Span, char)) {
    for (at, c) in text.char_indices() {
        each(Span::new(at, at + c.len_utf8()), c);
    }
}

/// The character `c` of a URL, read from `text[at]`: as written, or (in
/// a reader that decodes) a backslash escape or an entity.
fn check_written(text: &str, at: Span, c: char, decodes: bool, url: &str) {
    assert_span(text, at, "a URL character's place");
    let written = &text[at.range()];
    let mut buffer = [0; 4];
    let plain: &str = c.encode_utf8(&mut buffer);
    let ok = written == plain
        || (decodes && written.len() == 1 + plain.len() && written.starts_with('\\'))
        || (decodes && written.starts_with('&') && written.len() > 1);
    assert!(
        ok,
        "character {c:?} of {url:?} is read from {written:?} at {at:?}"
    );
}

/// A reporter that checks each URL and finding as it comes (nothing is
/// kept: a file of a million findings costs no more memory to check).
struct Checker<'t> {
    data: &'t [u8],
    text: &'t str,
    kind: Kind,
    index: Index<'t>,
    /// How the file's bytes are read (see [`check_bytes`]).
    bytes: Bytes,
    fixes_wanted: bool,
    /// The first fixable finding: `(code, span, its URL's outer span)`.
    fixable: Option<(Code, Span, Option<Span>)>,
}

impl<'t> Checker<'t> {
    fn new(data: &'t [u8], doc: &'t SourceText, kind: Kind, fixes_wanted: bool) -> Checker<'t> {
        Checker {
            data,
            text: &doc.text,
            kind,
            index: Index::new(&doc.text),
            bytes: Bytes::of(data, doc),
            fixes_wanted,
            fixable: None,
        }
    }
}

impl Reporter for Checker<'_> {
    fn wants_fixes(&self) -> bool {
        self.fixes_wanted
    }

    fn wants_end(&self) -> bool {
        true
    }

    fn url(&mut self, _file: &str, _doc: &SourceText, url: &ScannedUrl) -> io::Result<()> {
        check_url(self.text, self.kind, url);
        Ok(())
    }

    /// Each finding's span lies in the text, on character boundaries,
    /// inside its URL's; its line and column (start and end) are those of
    /// its offsets; its byte offsets are its span's in the file's bytes;
    /// its fix lies in its URL.
    fn finding(&mut self, report: &Report<'_>) -> io::Result<()> {
        let (text, code, span) = (self.text, report.finding.code, report.finding.span);
        assert_span(text, span, &format!("the span of a {code} finding"));
        let (start, end) = (
            self.index.position(span.start),
            self.index.position(span.end),
        );
        assert_eq!(
            report.start, start,
            "the start of a {code} finding at {span:?}"
        );
        assert_eq!(report.end, end, "the end of a {code} finding at {span:?}");
        check_bytes(self.data, text, self.bytes, span, report.bytes, code);
        let outer = report.url.map(|url| url.outer);
        if let Some(url) = report.url {
            assert!(
                url.outer.contains(span) || span == url.span,
                "a {code} finding at {span:?} is outside its URL at {:?}",
                url.outer
            );
        }
        if let Some(edit) = report.fix {
            assert!(report.fixable, "a fix of a finding not fixable");
            assert_span(text, edit.span, &format!("the fix of a {code} finding"));
            check_bytes(self.data, text, self.bytes, edit.span, edit.bytes, code);
            if let Some(outer) = outer {
                assert!(outer.contains(edit.span), "a {code} fix outside its URL");
            }
        }
        if report.fixable && self.fixable.is_none() {
            self.fixable = Some((code, span, outer));
        }
        Ok(())
    }

    fn unknown_code(&mut self, _file: &str, _doc: &SourceText, span: Span, _code: &str) {
        assert_span(self.text, span, "an unknown code's span");
    }
}

/// The `lint_*` targets: `data`, the bytes of the file `name`, linted with
/// every code (Markdown also with its code read); every URL found and
/// every finding checked as it comes ([`check_url`], [`Checker`]): spans
/// in the text on character boundaries, URLs that are the text at their
/// spans (decoded where the reader decodes), lines and columns that agree
/// with the offsets, byte offsets that are the file's.
pub fn lint_as(name: &str, data: &[u8]) {
    let kind = Kind::of(name);
    let doc = SourceText::new(data.to_vec());
    for markdown_code in [false, true] {
        if markdown_code && kind != Kind::Markdown {
            break;
        }
        let settings = settings(markdown_code);
        let mut checker = Checker::new(data, &doc, kind, true);
        FileLint::new(name, &doc, &settings, &mut checker)
            .whole(kind)
            .expect("a lint into memory does not fail");
    }
}

/// How a file's bytes are its text.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Bytes {
    /// They are the text.
    Same,
    /// UTF-8 with a byte-order mark or undecodable bytes: a span's bytes
    /// decode (lossily) to its text.
    Utf8,
    /// Another encoding: a span's bytes lie in the file, in order.
    Other,
}

impl Bytes {
    fn of(data: &[u8], doc: &SourceText) -> Bytes {
        if data == doc.text.as_bytes() {
            Bytes::Same
        } else if doc.encoding() == TextEncoding::Utf8 {
            Bytes::Utf8
        } else {
            Bytes::Other
        }
    }
}

/// The file's bytes at `bytes` are those the text at `span` was read from.
fn check_bytes(data: &[u8], text: &str, how: Bytes, span: Span, bytes: (usize, usize), code: Code) {
    if how == Bytes::Same {
        assert_eq!(
            bytes,
            (span.start, span.end),
            "the bytes of a {code} finding"
        );
        return;
    }
    assert!(
        bytes.0 <= bytes.1 && bytes.1 <= data.len(),
        "the bytes {bytes:?} of a {code} finding are not in the file of {} bytes",
        data.len()
    );
    if how == Bytes::Utf8 {
        let read = String::from_utf8_lossy(&data[bytes.0..bytes.1]);
        assert_eq!(
            read,
            &text[span.range()],
            "the bytes {bytes:?} of a {code} finding at {span:?}"
        );
    }
}

/// The most passes of `apply_fixes::fix_all` (its `MAX_FIX_PASSES`).
const FIX_PASSES: usize = 4;

/// The `fix` target: the first byte picks the reader (from [`READERS`])
/// and whether Markdown code is read; the rest is the file.
///
/// - Each pass's fixes are in order, do not overlap, lie in the file and
///   (in UTF-8) replace one ASCII character each: a scheme or typecode by
///   its lower case, an unsafe character by its escape; no other byte
///   changes. A file read lossily (undecodable bytes) is left as it is.
/// - `fix_file` (and `fix_all`) gives what the passes give, and the lint
///   of its result has no fixable finding left, unless each of its passes
///   fixed something (a cascade longer than its bound: see below).
pub fn fix(data: &[u8]) {
    let Some((&choice, bytes)) = data.split_first() else {
        return;
    };
    let name = READERS[usize::from(choice) % READERS.len()];
    let kind = Kind::of(name);
    let settings = settings(choice & 0x80 != 0);
    let fixed = apply_fixes::fix_file(bytes, name, kind, &settings, None).expect("fixes in memory");
    let (all, applied) =
        apply_fixes::fix_all(bytes, name, kind, &settings, None).expect("fixes in memory");
    assert_eq!(
        (&all, applied),
        (&fixed.bytes, fixed.applied),
        "fix_all is fix_file"
    );
    // The passes again, each checked, in the encoding of the first reading.
    let first = SourceText::new(bytes.to_vec());
    let encoding = first.encoding();
    let exact = first.round_trips(bytes);
    let mut current = bytes.to_vec();
    let mut counted = 0;
    let mut passes = Vec::new();
    for pass in 0..FIX_PASSES {
        let doc = match pass {
            0 => SourceText::new(current.clone()),
            _ => SourceText::in_encoding(current.clone(), encoding),
        };
        let mut collector = Collector::with_unsafe_fixes(settings.unsafe_fixes);
        FileLint::new(name, &doc, &settings, &mut collector)
            .whole(kind)
            .expect("a lint into memory does not fail");
        if collector.is_empty() {
            break;
        }
        if !exact {
            // Undecodable bytes: the file is left as it is, and says why.
            assert!(fixed.refused.is_some(), "a lossy file fixed");
            break;
        }
        counted += collector.len();
        passes.push(collector.len());
        current = apply_checked(&current, &collector, encoding, kind);
    }
    assert_eq!(
        counted, fixed.applied,
        "fix_file counts the fixes it applied"
    );
    assert_eq!(
        fixed.bytes, current,
        "fix_file applies the fixes of each pass"
    );
    if !exact {
        assert_eq!(fixed.bytes, bytes, "a file read lossily is left as it is");
    }
    let doc = SourceText::in_encoding(fixed.bytes.clone(), encoding);
    let mut checker = Checker::new(&fixed.bytes, &doc, kind, false);
    FileLint::new(name, &doc, &settings, &mut checker)
        .whole(kind)
        .expect("a lint into memory does not fail");
    // A fix can change how the reader reads what follows (in Markdown,
    // `%5B` where `[` was makes the `~` after it text, no longer the
    // start of a strikethrough), which brings out more of a URL, and more
    // fixes: `fix_file` stops after its passes, each linear, however long
    // the cascade. Short of that it leaves nothing to fix.
    let converged = passes.len() < FIX_PASSES && exact;
    if let (Some((code, span, outer)), true) = (checker.fixable, converged) {
        let url = outer.unwrap_or(span);
        panic!(
            "after fix_file (its passes made {passes:?} fixes), a fixable {code} finding is left \
             at {span:?}, in {:?} of {:?}",
            &doc.text[url.range()],
            String::from_utf8_lossy(&fixed.bytes)
        );
    }
}

/// Whether `old` is the ASCII character `byte` as written: itself, or (in
/// a reader that decodes) its backslash escape or an entity (a numeric one
/// of its number).
fn written_as(old: &[u8], byte: u8, decodes: bool) -> bool {
    if old == [byte] {
        return true;
    }
    if !decodes {
        return false;
    }
    if old == [b'\\', byte] {
        return true;
    }
    let Some(entity) = old.strip_prefix(b"&") else {
        return false;
    };
    let entity = entity.strip_suffix(b";").unwrap_or(entity);
    let number = match entity {
        [b'#', b'x' | b'X', hex @ ..] => std::str::from_utf8(hex)
            .ok()
            .and_then(|hex| u32::from_str_radix(hex, 16).ok()),
        [b'#', decimal @ ..] => std::str::from_utf8(decimal)
            .ok()
            .and_then(|d| d.parse().ok()),
        // A named entity: its name is a word.
        named => return !named.is_empty() && named.iter().all(u8::is_ascii_alphanumeric),
    };
    number == Some(u32::from(byte))
}

/// `bytes` with `edits` applied (their replacements in the file's
/// encoding), each checked: in order, apart, in the file; in a UTF-8 file
/// each replaces one ASCII character, as written or escaped (`decodes`:
/// the reader decodes escapes and entities), by its escape or its lower
/// case.
fn apply_checked(
    bytes: &[u8],
    collector: &Collector,
    encoding: TextEncoding,
    kind: Kind,
) -> Vec<u8> {
    let decodes = kind != Kind::Text;
    // The other readers' escapes are theirs (see `check_url`).
    let known = matches!(kind, Kind::Text | Kind::Markdown | Kind::Html);
    let mut out = Vec::with_capacity(bytes.len() + 2 * collector.len());
    let mut at = 0;
    for (start, end, content) in collector.edits() {
        assert!(
            at <= start && start < end && end <= bytes.len(),
            "a fix at {start}..{end} after {at}, in {} bytes",
            bytes.len()
        );
        let old = &bytes[start..end];
        let content_bytes = encoding.encode(content).expect("a fix encodes");
        if encoding != TextEncoding::Utf8 {
            out.extend_from_slice(&bytes[at..start]);
            out.extend_from_slice(&content_bytes);
            at = end;
            continue;
        }
        let lower = old.is_ascii() && content.as_bytes() == old.to_ascii_lowercase().as_slice();
        let escape = content.len() == 3
            && content.starts_with('%')
            && u8::from_str_radix(&content[1..], 16)
                .is_ok_and(|byte| written_as(old, byte, decodes) || !known);
        assert!(
            lower || escape,
            "a fix replaces {:?} with {content:?}",
            String::from_utf8_lossy(old)
        );
        out.extend_from_slice(&bytes[at..start]);
        out.extend_from_slice(content.as_bytes());
        at = end;
    }
    out.extend_from_slice(&bytes[at..]);
    out
}
