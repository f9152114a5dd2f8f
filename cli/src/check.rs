//! `rfc1738 check`: grammar conformance, one string or a batch.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use rfc1738::dialect::{self, Dialect};
use rfc1738::{check_with, Options};

use crate::{production_named, read_lines, rule_named, DIALECTS};

#[derive(Args)]
pub(crate) struct CheckArgs {
    /// The production to match, by its BNF name (e.g. `hostname`, `gopher+_string`).
    #[arg(long, default_value = "url")]
    rule: String,
    /// Follow the letter of the BNF (scheme names in lower case).
    #[arg(long)]
    strict: bool,
    /// The revision whose grammar to use: draft-jul93, draft-oct93,
    /// draft-03 or rfc1738 (the default); `--rule` names a production of it.
    #[arg(long, value_name = "NAME", value_parser = DIALECTS, default_value = "rfc1738")]
    dialect: String,
    /// Read `RULE<TAB>STRING` lines from FILE (`-` for standard input) and
    /// print `RULE<TAB>STRING<TAB>match` or `... no match` for each.
    #[arg(long, value_name = "FILE", conflicts_with = "strings")]
    batch: Option<String>,
    /// The strings to check.
    #[arg(required_unless_present = "batch")]
    strings: Vec<String>,
}

pub(crate) fn run(args: &CheckArgs, out: &mut impl Write) -> ExitCode {
    let options = Options::default().with_strict(args.strict);
    let dialect = Dialect::from_name(&args.dialect).unwrap_or(Dialect::Rfc1738);
    match (&args.batch, dialect) {
        (Some(path), Dialect::Rfc1738) => batch(path, options, out),
        (None, Dialect::Rfc1738) => strings(args, options, out),
        (Some(path), dialect) => dialect_batch(dialect, path, options, out),
        (None, dialect) => dialect_strings(dialect, args, options, out),
    }
}

/// `--dialect` with a draft: the same output as [`strings`], by the
/// draft's productions.
fn dialect_strings(
    dialect: Dialect,
    args: &CheckArgs,
    options: Options,
    out: &mut impl Write,
) -> ExitCode {
    let rule = match production_named(dialect, &args.rule) {
        Ok(rule) => rule,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let mut all_match = true;
    for string in &args.strings {
        match dialect::check(dialect, rule, string, options) {
            Ok(()) => {
                let _ = writeln!(out, "{string}: matches {rule}");
            }
            Err(error) => {
                all_match = false;
                let _ = writeln!(out, "{string}: does not match {rule}: {error}");
            }
        }
    }
    if all_match {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// `--dialect` with a draft and `--batch`: the same lines as [`batch`].
fn dialect_batch(dialect: Dialect, path: &str, options: Options, out: &mut impl Write) -> ExitCode {
    let lines = match read_lines(path) {
        Ok(lines) => lines,
        Err(error) => {
            eprintln!("error: cannot read {path}: {error}");
            return ExitCode::from(2);
        }
    };
    let mut code = ExitCode::SUCCESS;
    for (number, line) in lines.iter().enumerate() {
        if line.is_empty() {
            continue;
        }
        let (name, string) = line.split_once('\t').unwrap_or((line.as_str(), ""));
        match production_named(dialect, name) {
            Ok(rule) => {
                let verdict = match dialect::check(dialect, rule, string, options) {
                    Ok(()) => "match",
                    Err(_) => "no match",
                };
                let _ = writeln!(out, "{name}\t{string}\t{verdict}");
            }
            Err(message) => {
                eprintln!("error: {path}:{}: {message}", number + 1);
                code = ExitCode::from(2);
            }
        }
    }
    code
}

fn strings(args: &CheckArgs, options: Options, out: &mut impl Write) -> ExitCode {
    let rule = match rule_named(&args.rule) {
        Ok(rule) => rule,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let mut all_match = true;
    for string in &args.strings {
        match check_with(rule, string, options) {
            Ok(()) => {
                let _ = writeln!(out, "{string}: matches {rule}");
            }
            Err(error) => {
                all_match = false;
                let _ = writeln!(out, "{string}: does not match {rule}: {error}");
            }
        }
    }
    if all_match {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn batch(path: &str, options: Options, out: &mut impl Write) -> ExitCode {
    let lines = match read_lines(path) {
        Ok(lines) => lines,
        Err(error) => {
            eprintln!("error: cannot read {path}: {error}");
            return ExitCode::from(2);
        }
    };
    let mut code = ExitCode::SUCCESS;
    for (number, line) in lines.iter().enumerate() {
        if line.is_empty() {
            continue;
        }
        let (name, string) = line.split_once('\t').unwrap_or((line.as_str(), ""));
        match rule_named(name) {
            Ok(rule) => {
                let verdict = match check_with(rule, string, options) {
                    Ok(()) => "match",
                    Err(_) => "no match",
                };
                let _ = writeln!(out, "{name}\t{string}\t{verdict}");
            }
            Err(message) => {
                eprintln!("error: {path}:{}: {message}", number + 1);
                code = ExitCode::from(2);
            }
        }
    }
    code
}
