//! `rfc1738 conformance answer`: this crate as an implementation under
//! test. It reads the requests of `conformance run` and answers each with
//! `check`'s verdict, and the offset of the error for an invalid string.
//! With `--extract` it is the project's extractor under test: it answers
//! the requests of `conformance run --extract` with the URLs the linter
//! finds (`rfc1738_linter::extract`), as `rfc1738 lint` reads a `.txt` or
//! `.md` file.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use rfc1738::dialect::{self, Dialect, DialectError};
use serde::Deserialize;
use serde_json::json;

use rfc1738_linter::extract;

use super::extract::{ExtractedUrl, Kind};
use super::suite::Mode;

/// One line of the protocol, as `run` writes it.
#[derive(Deserialize)]
pub(crate) struct Request {
    pub(crate) rule: String,
    pub(crate) input: String,
    pub(crate) mode: Mode,
    pub(crate) revision: String,
}

pub(crate) fn run(extract: bool, out: &mut impl Write) -> ExitCode {
    let stdin = std::io::stdin();
    for (number, line) in stdin.lock().lines().enumerate() {
        let answer = line
            .map_err(|error| error.to_string())
            .and_then(|line| match extract {
                true => extraction(&line),
                false => answer(&line),
            });
        match answer {
            Ok(answer) => {
                // Flushed a line at a time: the harness waits for each.
                if writeln!(out, "{answer}")
                    .and_then(|()| out.flush())
                    .is_err()
                {
                    return ExitCode::from(2);
                }
            }
            Err(error) => {
                eprintln!("error: line {}: {error}", number + 1);
                return ExitCode::from(2);
            }
        }
    }
    ExitCode::SUCCESS
}

fn answer(line: &str) -> Result<serde_json::Value, String> {
    let request: Request = serde_json::from_str(line).map_err(|error| error.to_string())?;
    let dialect = Dialect::from_name(&request.revision)
        .ok_or_else(|| format!("no revision {:?}", request.revision))?;
    let options = request.mode.options();
    Ok(
        match dialect::check(dialect, &request.rule, &request.input, options) {
            Ok(()) => json!({"valid": true}),
            Err(DialectError::Mismatch(mismatch)) => {
                json!({"valid": false, "offset": mismatch.offset()})
            }
            Err(error) => return Err(error.to_string()),
        },
    )
}

/// A request of `run --extract`.
#[derive(Deserialize)]
struct ExtractRequest {
    kind: Kind,
    text: String,
}

/// The URLs the linter finds in the request's text.
fn extraction(line: &str) -> Result<serde_json::Value, String> {
    let request: ExtractRequest = serde_json::from_str(line).map_err(|error| error.to_string())?;
    let kind = match request.kind {
        Kind::Plain => extract::Kind::Text,
        Kind::Markdown => extract::Kind::Markdown,
    };
    let urls: Vec<ExtractedUrl> = extract::urls_from(&request.text, kind, false, 0)
        .map(|found| found.url)
        .map(|url| ExtractedUrl {
            url: url.text,
            span: [url.span.start, url.span.end],
            fragment: url.fragment.map(|f| [f.span.start, f.span.end]),
        })
        .collect();
    Ok(json!({ "urls": urls }))
}
