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
use rfc1738_linter::extract::Kind;
use rfc1738_linter::output::Report;
use rfc1738_linter::pipeline::{self, Collector, FileLint, Overrides, Reporter, Settings};
use rfc1738_linter::source::{Decoded, Position};

/// The file names the readers are fuzzed as, one a reader: plain text,
/// Markdown, HTML.
pub const READERS: &[&str] = &["notes.txt", "README.md", "index.html"];

/// The settings of a fuzzed file: every code selected (U019 and U020
/// too), no configuration; `markdown_code` also reads Markdown code.
pub fn settings(markdown_code: bool) -> Settings {
    let overrides = Overrides {
        select: Code::ALL.to_vec(),
        markdown_code,
        ..Overrides::default()
    };
    pipeline::settings(&overrides, None, Path::new("/fuzz"))
}

/// Lines and characters of a text, from an index made once: the line of
/// an offset by binary search, its column from a count of characters
/// sampled every [`Index::STEP`] bytes. Counted here, not by the linter's
/// `Decoded`, which is what is checked.
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
    let decodes = kind != Kind::Text;
    each_char(&url.text, |span, c| {
        let at = url.original_span(span);
        assert!(
            url.span.contains(at) || at == url.span,
            "character {c:?} of {:?} maps to {at:?}, outside {:?}",
            url.text,
            url.span
        );
        check_written(text, at, c, decodes, &url.text);
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
            written.starts_with('#')
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
            check_written(text, at, c, decodes, &fragment.text);
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
    /// Whether the file is UTF-8 (its bytes are the text's).
    utf8: bool,
    fixes_wanted: bool,
    /// The first fixable finding: `(code, span, its URL's outer span)`.
    fixable: Option<(Code, Span, Option<Span>)>,
}

impl<'t> Checker<'t> {
    fn new(data: &'t [u8], doc: &'t Decoded, kind: Kind, fixes_wanted: bool) -> Checker<'t> {
        Checker {
            data,
            text: &doc.text,
            kind,
            index: Index::new(&doc.text),
            utf8: doc.invalid.is_empty(),
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

    fn url(&mut self, _file: &str, _doc: &Decoded, url: &ScannedUrl) -> io::Result<()> {
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
        check_bytes(self.data, text, self.utf8, span, report.bytes, code);
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
            check_bytes(self.data, text, self.utf8, edit.span, edit.bytes, code);
            if let Some(outer) = outer {
                assert!(outer.contains(edit.span), "a {code} fix outside its URL");
            }
        }
        if report.fixable && self.fixable.is_none() {
            self.fixable = Some((code, span, outer));
        }
        Ok(())
    }

    fn unknown_code(&mut self, _file: &str, _doc: &Decoded, span: Span, _code: &str) {
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
    let doc = Decoded::new(data.to_vec());
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

/// The file's bytes at `bytes` are those the text at `span` was read from.
fn check_bytes(data: &[u8], text: &str, utf8: bool, span: Span, bytes: (usize, usize), code: Code) {
    if utf8 {
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
    let read = String::from_utf8_lossy(&data[bytes.0..bytes.1]);
    assert_eq!(
        read,
        &text[span.range()],
        "the bytes {bytes:?} of a {code} finding at {span:?}"
    );
}

/// The most passes of `pipeline::fix_all` (its `MAX_FIX_PASSES`).
const FIX_PASSES: usize = 4;

/// The `fix` target: the first byte picks the reader (from [`READERS`])
/// and whether Markdown code is read; the rest is the file.
///
/// - Each pass's fixes are in order, do not overlap, lie in the file and
///   replace one ASCII character each: a scheme or typecode by its lower
///   case, an unsafe character by its escape; no other byte changes, and
///   invalid UTF-8 stays as it was.
/// - `fix_all` gives what the passes give, and the lint of its result has
///   no fixable finding left, unless each of its passes fixed something
///   (a cascade longer than its bound: see below).
pub fn fix(data: &[u8]) {
    let Some((&choice, bytes)) = data.split_first() else {
        return;
    };
    let name = READERS[usize::from(choice) % READERS.len()];
    let kind = Kind::of(name);
    let settings = settings(choice & 0x80 != 0);
    let (fixed, applied) =
        pipeline::fix_all(bytes, name, kind, &settings, None).expect("fixes in memory");
    // The passes again, each checked.
    let mut current = bytes.to_vec();
    let mut counted = 0;
    let mut passes = Vec::new();
    for _ in 0..FIX_PASSES {
        let doc = Decoded::new(current.clone());
        let mut collector = Collector::default();
        FileLint::new(name, &doc, &settings, &mut collector)
            .whole(kind)
            .expect("a lint into memory does not fail");
        if collector.edits.is_empty() {
            break;
        }
        counted += collector.edits.len();
        passes.push(collector.edits.len());
        current = apply_checked(&current, &collector.edits, kind != Kind::Text);
    }
    assert_eq!(counted, applied, "fix_all counts the fixes it applied");
    assert_eq!(fixed, current, "fix_all applies the fixes of each pass");
    let invalid = |bytes: &[u8]| -> Vec<Vec<u8>> {
        Decoded::new(bytes.to_vec())
            .invalid
            .into_iter()
            .map(|(_, bytes)| bytes)
            .collect()
    };
    assert_eq!(invalid(bytes), invalid(&fixed), "invalid UTF-8 is kept");
    let doc = Decoded::new(fixed.clone());
    let mut checker = Checker::new(&fixed, &doc, kind, false);
    FileLint::new(name, &doc, &settings, &mut checker)
        .whole(kind)
        .expect("a lint into memory does not fail");
    // A fix can change how the reader reads what follows (in Markdown,
    // `%5B` where `[` was makes the `~` after it text, no longer the
    // start of a strikethrough), which brings out more of a URL, and more
    // fixes: `fix_all` stops after its passes, each linear, however long
    // the cascade. Short of that it leaves nothing to fix.
    let converged = passes.len() < FIX_PASSES;
    if let (Some((code, span, outer)), true) = (checker.fixable, converged) {
        let url = outer.unwrap_or(span);
        panic!(
            "after fix_all (its passes made {passes:?} fixes), a fixable {code} finding is left \
             at {span:?}, in {:?} of {:?}",
            &doc.text[url.range()],
            String::from_utf8_lossy(&fixed)
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

/// `bytes` with `edits` applied, each checked; `decodes` when the reader
/// decodes escapes and entities.
fn apply_checked(bytes: &[u8], edits: &[pipeline::ByteEdit], decodes: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() + 2 * edits.len());
    let mut at = 0;
    for (start, end, content) in edits {
        let (start, end) = (*start, *end);
        assert!(
            at <= start && start < end && end <= bytes.len(),
            "a fix at {start}..{end} after {at}, in {} bytes",
            bytes.len()
        );
        let old = &bytes[start..end];
        let lower = old.is_ascii() && content.as_bytes() == old.to_ascii_lowercase().as_slice();
        let escape = content.len() == 3
            && content.starts_with('%')
            && u8::from_str_radix(&content[1..], 16)
                .is_ok_and(|byte| written_as(old, byte, decodes));
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
