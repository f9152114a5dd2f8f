//! `rfc1738 conformance answer`: this crate as an implementation under
//! test. It reads the requests of `conformance run` and answers each with
//! `check`'s verdict, and the offset of the error for an invalid string.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use rfc1738::dialect::{self, Dialect, DialectError};
use serde::Deserialize;
use serde_json::json;

use super::suite::Mode;

/// One line of the protocol, as `run` writes it.
#[derive(Deserialize)]
pub(crate) struct Request {
    pub(crate) rule: String,
    pub(crate) input: String,
    pub(crate) mode: Mode,
    pub(crate) revision: String,
}

pub(crate) fn run(out: &mut impl Write) -> ExitCode {
    let stdin = std::io::stdin();
    for (number, line) in stdin.lock().lines().enumerate() {
        let answer = line
            .map_err(|error| error.to_string())
            .and_then(|line| answer(&line));
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
