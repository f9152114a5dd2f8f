//! The Rust crates `url` (the WHATWG URL Standard) and `fluent-uri` (RFC
//! 3986) on whole URLs, over the protocol of `rfc1738 conformance run`:
//! `rfc1738-conformance-rust-adapters url` or `... fluent-uri`. A string is
//! valid when the crate parses it; for a scheme's production (`httpurl`,
//! `ftpurl`, ...) its scheme must also be that one.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use serde_json::{json, Value};

/// The scheme a production requires; `None` for any scheme.
fn scheme_of(rule: &str) -> Option<Option<&'static str>> {
    Some(Some(match rule {
        "url" | "genericurl" | "otherurl" => return Some(None),
        "httpurl" => "http",
        "ftpurl" => "ftp",
        "fileurl" => "file",
        "gopherurl" => "gopher",
        "mailtourl" => "mailto",
        "newsurl" => "news",
        "nntpurl" => "nntp",
        "telneturl" => "telnet",
        "waisurl" | "waisdatabase" | "waisindex" | "waisdoc" => "wais",
        "prosperourl" => "prospero",
        _ => return None,
    }))
}

fn parsed_scheme(parser: &str, input: &str) -> Option<String> {
    match parser {
        "url" => url::Url::parse(input).ok().map(|u| u.scheme().to_string()),
        _ => fluent_uri::Uri::parse(input)
            .ok()
            .map(|u| u.scheme().as_str().to_string()),
    }
}

fn main() -> ExitCode {
    let parser = std::env::args().nth(1).unwrap_or_default();
    if parser != "url" && parser != "fluent-uri" {
        eprintln!("usage: rfc1738-conformance-rust-adapters url|fluent-uri");
        return ExitCode::from(2);
    }
    let mut out = std::io::stdout().lock();
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else {
            eprintln!("a request that is not UTF-8");
            return ExitCode::from(2);
        };
        let request: Value = match serde_json::from_str(&line) {
            Ok(request) => request,
            Err(error) => {
                eprintln!("not a request: {error}");
                return ExitCode::from(2);
            }
        };
        let (rule, input) = (
            request["rule"].as_str().unwrap_or_default(),
            request["input"].as_str().unwrap_or_default(),
        );
        let required = match (request["revision"].as_str(), scheme_of(rule)) {
            (Some("rfc1738"), Some(required)) => required,
            _ => {
                eprintln!("{} {rule} is no whole URL", request["revision"]);
                return ExitCode::from(2);
            }
        };
        let valid = parsed_scheme(&parser, input)
            .is_some_and(|scheme| required.is_none_or(|r| scheme.eq_ignore_ascii_case(r)));
        if writeln!(out, "{}", json!({ "valid": valid }))
            .and_then(|()| out.flush())
            .is_err()
        {
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}
