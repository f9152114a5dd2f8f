//! `rfc1738 revisions`: which of the four revisions of the URL syntax
//! accept a URL, as which production, and where and why the others do not.

use std::io::Write;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use rfc1738::dialect::{revisions_with, Revisions};
use rfc1738::Options;

use crate::read_lines;

#[derive(Args)]
pub(crate) struct RevisionsArgs {
    /// The URLs to judge.
    #[arg(required_unless_present = "batch")]
    urls: Vec<String>,
    /// Read one URL a line from FILE (`-` for standard input); empty lines
    /// are skipped.
    #[arg(long, value_name = "FILE", conflicts_with = "urls")]
    batch: Option<String>,
    /// `human` for people, `json` for programs (one JSON object a line, one
    /// line a URL).
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// Read the scheme keywords as printed (lower case), not in any case.
    #[arg(long)]
    strict: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Human,
    Json,
}

/// Exit 0 when every URL is accepted by some revision, 1 when one is
/// accepted by none, 2 when the batch file cannot be read.
pub(crate) fn run(args: &RevisionsArgs, out: &mut impl Write) -> ExitCode {
    let options = Options::default().with_strict(args.strict);
    let urls = match &args.batch {
        Some(path) => match read_lines(path) {
            Ok(lines) => lines.into_iter().filter(|line| !line.is_empty()).collect(),
            Err(error) => {
                eprintln!("error: cannot read {path}: {error}");
                return ExitCode::from(2);
            }
        },
        None => args.urls.clone(),
    };
    let mut all_accepted = true;
    for url in &urls {
        let report = revisions_with(url, options);
        all_accepted &= !report.accepting().is_empty();
        match args.format {
            Format::Human => write_human(&report, out),
            Format::Json => {
                let line = serde_json::to_string(&report).expect("a report serializes");
                let _ = writeln!(out, "{line}");
            }
        }
    }
    if all_accepted {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// The URL, then one indented line a revision, then which accept it.
fn write_human(report: &Revisions<'_>, out: &mut impl Write) {
    let _ = writeln!(out, "{}", report.url);
    for verdict in &report.verdicts {
        let _ = writeln!(out, "  {verdict}");
    }
    let accepting: Vec<&str> = report
        .accepting()
        .into_iter()
        .map(|dialect| dialect.name())
        .collect();
    let _ = match accepting.is_empty() {
        true => writeln!(out, "  accepted by no revision"),
        false => writeln!(out, "  accepted by {}", accepting.join(", ")),
    };
}
