//! The library and the linter of `rfc1738`, compiled to WebAssembly for the
//! npm package `rfc1738` (`npm/`): the same answers as `rfc1738 check`,
//! `revisions`, `tree`, `lint --format json` and the explorer's, through the
//! same library calls and the linter's own JSON writer.
//!
//! The boundary with JavaScript is a handful of `extern "C"` functions on
//! bytes, without wasm-bindgen (`npm/README.md` says why): the caller
//! writes its strings one after the other into the input buffer
//! ([`rfc1738_input`]), calls a function with their lengths, and reads the
//! answer (UTF-8, most often JSON) from the output buffer
//! ([`rfc1738_output`], [`rfc1738_output_len`]). The functions themselves
//! are plain Rust on `&str` ([`check`], [`check_many`], [`parse`], ...),
//! tested on the host.

#![deny(missing_docs)]

use std::cell::RefCell;
use std::io::{self, Write};
use std::path::Path;

use rfc1738::dialect::{self, Dialect};
use rfc1738::{Options, Rule};
#[cfg(feature = "explorer")]
use rfc1738_explorer::explain::{self, Query};
use rfc1738_linter::extract::Kind;
use rfc1738_linter::output::{self, Format, Output, Report};
use rfc1738_linter::pipeline::{self, FileLint, Overrides, Reporter};
use rfc1738_linter::source::SourceText;
use serde_json::{json, Value};

/// The revisions by the index the JavaScript side passes (its options'
/// `revision`), as [`Dialect::ALL`] orders them.
fn dialect_of(index: u32) -> Dialect {
    Dialect::ALL
        .get(index as usize)
        .copied()
        .unwrap_or(Dialect::Rfc1738)
}

/// A production of a revision, named as `rfc1738 check` takes it: RFC
/// 1738's by its [`Rule`], a draft's by its name (as `cli/src/check.rs`).
#[derive(Clone, Copy, Debug)]
pub enum Production {
    /// A production of RFC 1738.
    Rfc1738(Rule),
    /// A production of one of the drafts.
    Draft(Dialect, &'static str),
}

impl Production {
    /// The production `name` of `dialect`, or the CLI's usage error.
    pub fn named(dialect: Dialect, name: &str) -> Result<Production, String> {
        match dialect {
            Dialect::Rfc1738 => Rule::from_name(name)
                .map(Production::Rfc1738)
                .ok_or_else(|| {
                    let names: Vec<&str> = Rule::ALL.iter().map(|rule| rule.name()).collect();
                    format!("unknown rule {name:?}; the rules are: {}", names.join(", "))
                }),
            _ => dialect
                .productions()
                .iter()
                .copied()
                .find(|production| *production == name)
                .map(|name| Production::Draft(dialect, name))
                .ok_or_else(|| {
                    format!(
                        "{dialect} has no production {name:?}; its productions are: {}",
                        dialect.productions().join(", ")
                    )
                }),
        }
    }

    /// Whether all of `text` matches, as `rfc1738 check` decides.
    pub fn matches(self, text: &str, options: Options) -> bool {
        match self {
            Production::Rfc1738(rule) => rfc1738::check_with(rule, text, options).is_ok(),
            Production::Draft(dialect, name) => {
                dialect::check(dialect, name, text, options).is_ok()
            }
        }
    }

    /// `None` when all of `text` matches; else where and why not, as
    /// [`error_json`] has it.
    pub fn check(self, text: &str, options: Options) -> Option<Value> {
        match self {
            Production::Rfc1738(rule) => {
                let error = rfc1738::check_with(rule, text, options).err()?;
                Some(rfc1738_error_json(&error))
            }
            Production::Draft(dialect, name) => {
                let error = dialect::check(dialect, name, text, options).err()?;
                Some(dialect_error_json(&error))
            }
        }
    }
}

/// An error as the package gives it: `offset` (bytes), `line`, `column`
/// (from 1, in characters), `expected`, `found`, `stack` (outermost first)
/// and `message`, the text `rfc1738 check` prints after `does not match
/// NAME: `.
pub fn error_json(
    offset: usize,
    line: u32,
    column: usize,
    expected: Vec<String>,
    found: String,
    stack: Vec<&str>,
    message: String,
) -> Value {
    json!({
        "offset": offset,
        "line": line,
        "column": column,
        "expected": expected,
        "found": found,
        "stack": stack,
        "message": message,
    })
}

fn rfc1738_error_json(error: &rfc1738::Error<'_>) -> Value {
    error_json(
        error.offset(),
        error.line(),
        error.column(),
        error.expected().iter().map(ToString::to_string).collect(),
        error.found().to_string(),
        error.stack().iter().map(|rule| rule.name()).collect(),
        error.to_string(),
    )
}

fn dialect_error_json(error: &dialect::DialectError) -> Value {
    match error.mismatch() {
        Some(mismatch) => error_json(
            mismatch.offset(),
            mismatch.line(),
            mismatch.column(),
            mismatch
                .expected()
                .iter()
                .map(ToString::to_string)
                .collect(),
            mismatch.found().to_string(),
            mismatch.stack().to_vec(),
            error.to_string(),
        ),
        None => json!({ "message": error.to_string() }),
    }
}

/// `check(rule, text)`: `{"ok":true}`, `{"ok":false,"error":...}`, or the
/// usage error of an unknown production (`Err`).
pub fn check(dialect: Dialect, rule: &str, text: &str, options: Options) -> Result<Value, String> {
    let production = Production::named(dialect, rule)?;
    Ok(match production.check(text, options) {
        None => json!({ "ok": true }),
        Some(error) => json!({ "ok": false, "error": error }),
    })
}

/// `checkMany`: one byte a text in `verdicts`, 1 when it matches. Where
/// and why the others do not is left to `check`, asked when the caller
/// reads it (the library's own errors are diagnosed on demand too: a
/// failed check costs nothing more until its error is read).
pub fn check_many<'t>(
    dialect: Dialect,
    rule: &str,
    texts: impl Iterator<Item = &'t str>,
    options: Options,
    verdicts: &mut Vec<u8>,
) -> Result<usize, String> {
    let production = Production::named(dialect, rule)?;
    let mut failed = 0;
    for text in texts {
        let matches = production.matches(text, options);
        failed += usize::from(!matches);
        verdicts.push(u8::from(matches));
    }
    Ok(failed)
}

/// `parse(text)`: RFC 1738's typed tree of the URL (the library's `serde`
/// form: the scheme and each part with its span), or its error in the
/// shape of `check`'s. A URL of one of the ten schemes must match its
/// scheme's production (as `rfc1738 tree` and `describe` read it), where
/// `check("url")` also accepts it as an `otherurl`.
pub fn parse(text: &str, options: Options) -> Value {
    match rfc1738::parse_with(text, options) {
        Ok(url) => json!({ "ok": true, "url": url }),
        Err(error) => json!({ "ok": false, "error": rfc1738_error_json(&error) }),
    }
}

/// `tree(text)`: the derivation `rfc1738 tree` prints, as nodes (`name`,
/// `start`, `end`, `text`, `children`), or where it fails: RFC 1738's `url`
/// by `rfc1738::parse` (a URL of one of the ten schemes must match its
/// scheme's production), anything else by `rfc1738::dialect::tree`, as the
/// CLI's `tree` reads them.
pub fn tree(dialect: Dialect, rule: &str, text: &str, options: Options) -> Result<Value, String> {
    Production::named(dialect, rule)?;
    let tree = match (dialect, rule) {
        (Dialect::Rfc1738, "url") => rfc1738::parse_with(text, options)
            .map(|url| syntax_json(&url.syntax()))
            .map_err(|error| rfc1738_error_json(&error)),
        _ => dialect::tree(dialect, rule, text, options)
            .map(|node| node_json(&node))
            .map_err(|error| dialect_error_json(&error)),
    };
    Ok(match tree {
        Ok(tree) => json!({ "ok": true, "tree": tree }),
        Err(error) => json!({ "ok": false, "error": error }),
    })
}

fn syntax_json(node: &rfc1738::SyntaxNode<'_>) -> Value {
    json!({
        "name": node.rule.name(),
        "start": node.span.start,
        "end": node.span.end,
        "text": node.text,
        "children": node.children.iter().map(syntax_json).collect::<Vec<_>>(),
    })
}

fn node_json(node: &dialect::Node<'_>) -> Value {
    json!({
        "name": node.name,
        "start": node.span.start,
        "end": node.span.end,
        "text": node.text,
        "children": node.children.iter().map(node_json).collect::<Vec<_>>(),
    })
}

/// `revisions(text)`: the line `rfc1738 revisions --format json` prints.
pub fn revisions(text: &str, options: Options) -> Value {
    serde_json::to_value(dialect::revisions_with(text, options)).unwrap_or(Value::Null)
}

/// How `lint` reads its text.
pub fn kind_of(path: &str, format: u32) -> Kind {
    match format {
        1 => Kind::Text,
        2 => Kind::Markdown,
        3 => Kind::Html,
        _ => Kind::of(path),
    }
}

/// `lint(text)`: the lines `rfc1738 lint --format json` prints for a file
/// named `path` holding `bytes` (its default selection, no configuration
/// file), one JSON object a line.
pub fn lint(path: &str, bytes: Vec<u8>, kind: Kind) -> io::Result<Vec<u8>> {
    struct Lines {
        output: Box<dyn Output>,
        out: Vec<u8>,
    }
    impl Reporter for Lines {
        fn wants_fixes(&self) -> bool {
            self.output.prints_fixes()
        }
        fn wants_end(&self) -> bool {
            self.output.uses_end()
        }
        fn finding(&mut self, report: &Report<'_>) -> io::Result<()> {
            self.output.finding(&mut self.out, report)
        }
    }
    let doc = SourceText::utf8(bytes);
    let settings = pipeline::settings(&Overrides::default(), None, Path::new(path));
    let mut lines = Lines {
        output: output::output(Format::Json, false),
        out: Vec::new(),
    };
    FileLint::new(path, &doc, &settings, &mut lines).whole(kind)?;
    lines.out.flush()?;
    Ok(lines.out)
}

#[cfg(feature = "explorer")]
/// The explorer's answer for the URLs of `urls` (one a line), as its
/// server's `/api/explain` gives it.
pub fn explain(dialect: Dialect, rule: &str, strict: bool, urls: &str) -> Result<Value, String> {
    let mode = if strict { "strict" } else { "default" };
    let query = Query::from_pairs([
        ("revision".to_owned(), dialect.name().to_owned()),
        ("rule".to_owned(), rule.to_owned()),
        ("mode".to_owned(), mode.to_owned()),
    ])?;
    Ok(explain::explain(urls, &query))
}

// ---- the boundary -----------------------------------------------------------

thread_local! {
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static LENGTHS: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// The answers' statuses.
const MATCH: i32 = 1;
const NO_MATCH: i32 = 0;
const USAGE: i32 = -1;

fn options_of(flags: u32) -> Options {
    Options::default().with_strict(flags & 1 != 0)
}

/// The input buffer, made at least `len` bytes long: where the caller
/// writes its strings.
#[no_mangle]
pub extern "C" fn rfc1738_input(len: usize) -> *mut u8 {
    INPUT.with_borrow_mut(|input| {
        if input.len() < len {
            input.resize(len, 0);
        }
        input.as_mut_ptr()
    })
}

/// The buffer of `count` lengths (`u32`) of `checkMany`'s texts.
#[no_mangle]
pub extern "C" fn rfc1738_lengths(count: usize) -> *mut u32 {
    LENGTHS.with_borrow_mut(|lengths| {
        if lengths.len() < count {
            lengths.resize(count, 0);
        }
        lengths.as_mut_ptr()
    })
}

/// Where the last answer is.
#[no_mangle]
pub extern "C" fn rfc1738_output() -> *const u8 {
    OUTPUT.with_borrow(|output| output.as_ptr())
}

/// How long the last answer is, in bytes.
#[no_mangle]
pub extern "C" fn rfc1738_output_len() -> usize {
    OUTPUT.with_borrow(Vec::len)
}

/// Gives the input buffer's first strings, of these lengths, to `f`; the
/// answer's bytes go to the output buffer.
fn with_strings<const N: usize>(
    lengths: [usize; N],
    f: impl FnOnce([&str; N], &mut Vec<u8>) -> i32,
) -> i32 {
    INPUT.with_borrow(|input| {
        let mut strings = [""; N];
        let mut at = 0;
        for (string, len) in strings.iter_mut().zip(lengths) {
            // The caller writes UTF-8 (TextEncoder); anything else is a
            // usage error rather than undefined behaviour.
            let Some(text) = input
                .get(at..at + len)
                .and_then(|bytes| std::str::from_utf8(bytes).ok())
            else {
                return OUTPUT.with_borrow_mut(|out| {
                    out.clear();
                    out.extend_from_slice(b"the input is not UTF-8");
                    USAGE
                });
            };
            *string = text;
            at += len;
        }
        OUTPUT.with_borrow_mut(|out| {
            out.clear();
            f(strings, out)
        })
    })
}

fn answer(out: &mut Vec<u8>, result: Result<Value, String>) -> i32 {
    match result {
        Ok(value) => {
            let status = match value.get("ok") {
                Some(Value::Bool(false)) => NO_MATCH,
                _ => MATCH,
            };
            // Serializing a `Value` to memory does not fail.
            let _ = serde_json::to_writer(&mut *out, &value);
            status
        }
        Err(message) => {
            out.extend_from_slice(message.as_bytes());
            USAGE
        }
    }
}

/// `check`: the input holds the rule, then the text. 1, 0 (the answer's
/// JSON in the output), or -1 (the usage error's text).
#[no_mangle]
pub extern "C" fn rfc1738_check(
    revision: u32,
    flags: u32,
    rule_len: usize,
    text_len: usize,
) -> i32 {
    with_strings([rule_len, text_len], |[rule, text], out| {
        answer(
            out,
            check(dialect_of(revision), rule, text, options_of(flags)),
        )
    })
}

/// `checkMany`: the input holds the rule, then the texts one after the
/// other, their lengths in the lengths buffer. The output holds a byte a
/// text (1: it matches); returns the number that do not match, or -1 (the
/// usage error's text in the output).
#[no_mangle]
pub extern "C" fn rfc1738_check_many(
    revision: u32,
    flags: u32,
    rule_len: usize,
    count: usize,
) -> i32 {
    LENGTHS.with_borrow(|lengths| {
        let lengths = &lengths[..count.min(lengths.len())];
        let total: usize = lengths.iter().map(|&len| len as usize).sum();
        with_strings([rule_len, total], |[rule, texts], out| {
            let mut at = 0;
            let mut bad_split = false;
            let pieces = lengths.iter().map(|&len| {
                let end = at + len as usize;
                let piece = texts.get(at..end).unwrap_or_else(|| {
                    bad_split = true;
                    ""
                });
                at = end;
                piece
            });
            let result = check_many(dialect_of(revision), rule, pieces, options_of(flags), out);
            if bad_split {
                out.clear();
                out.extend_from_slice(b"a length splits a character");
                return USAGE;
            }
            match result {
                Ok(failed) => failed as i32,
                Err(message) => {
                    out.clear();
                    out.extend_from_slice(message.as_bytes());
                    USAGE
                }
            }
        })
    })
}

/// `parse`: the input holds the text.
#[no_mangle]
pub extern "C" fn rfc1738_parse(flags: u32, text_len: usize) -> i32 {
    with_strings([text_len], |[text], out| {
        answer(out, Ok(parse(text, options_of(flags))))
    })
}

/// `tree`: the input holds the rule, then the text.
#[no_mangle]
pub extern "C" fn rfc1738_tree(revision: u32, flags: u32, rule_len: usize, text_len: usize) -> i32 {
    with_strings([rule_len, text_len], |[rule, text], out| {
        answer(
            out,
            tree(dialect_of(revision), rule, text, options_of(flags)),
        )
    })
}

/// `revisions`: the input holds the URL.
#[no_mangle]
pub extern "C" fn rfc1738_revisions(flags: u32, text_len: usize) -> i32 {
    with_strings([text_len], |[text], out| {
        answer(out, Ok(revisions(text, options_of(flags))))
    })
}

/// `lint`: the input holds the file's name, then its bytes (UTF-8 or
/// not: the linter reports invalid UTF-8); `format` 0 reads it by its
/// name, 1 as text, 2 as Markdown, 3 as HTML. The output holds the JSON
/// Lines of `rfc1738 lint --format json`.
#[no_mangle]
pub extern "C" fn rfc1738_lint(format: u32, path_len: usize, bytes_len: usize) -> i32 {
    let bytes = INPUT.with_borrow(|input| {
        input
            .get(path_len..path_len + bytes_len)
            .map(<[u8]>::to_vec)
    });
    with_strings([path_len], |[path], out| {
        let Some(bytes) = bytes else {
            out.extend_from_slice(b"the lengths exceed the input");
            return USAGE;
        };
        match lint(path, bytes, kind_of(path, format)) {
            Ok(lines) => {
                *out = lines;
                MATCH
            }
            Err(error) => {
                out.extend_from_slice(error.to_string().as_bytes());
                USAGE
            }
        }
    })
}

#[cfg(feature = "explorer")]
/// The explorer's `/api/explain`: the input holds the production, then
/// the URLs (one a line).
#[no_mangle]
pub extern "C" fn rfc1738_explain(
    revision: u32,
    flags: u32,
    rule_len: usize,
    urls_len: usize,
) -> i32 {
    with_strings([rule_len, urls_len], |[rule, urls], out| {
        answer(
            out,
            explain(dialect_of(revision), rule, flags & 1 != 0, urls),
        )
    })
}

#[cfg(feature = "explorer")]
/// The explorer's `/api/grammar`: the productions of a revision.
#[no_mangle]
pub extern "C" fn rfc1738_grammar(revision: u32) -> i32 {
    with_strings([], |[], out| {
        answer(out, Ok(explain::grammar(dialect_of(revision))))
    })
}

#[cfg(test)]
mod tests;
