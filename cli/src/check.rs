//! `rfc1738 check`: grammar conformance, one string or a batch.

use std::fmt::Display;
use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use rfc1738::dialect::{self, Dialect};
use rfc1738::{check_with, Options, Rule};

use rfc1738_describe::verdict;

use crate::{production_named, read_lines, rule_named, DIALECTS};

#[derive(Args)]
pub(crate) struct CheckArgs {
    /// The production to match, by its BNF name (e.g. `hostname`,
    /// `gopher+_string`); `url` when neither this nor a RULE is given.
    #[arg(long)]
    rule: Option<String>,
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
    /// `[RULE] STRING...`: the strings to check. Without `--rule`, a first
    /// argument that names a production of the revision and is followed by
    /// a string is the rule (`check --dialect draft-oct93 hostport h:80`).
    #[arg(required_unless_present = "batch", value_name = "STRINGS")]
    strings: Vec<String>,
}

pub(crate) fn run(args: &CheckArgs, out: &mut impl Write) -> ExitCode {
    let options = Options::default().with_strict(args.strict);
    let dialect = Dialect::from_name(&args.dialect).unwrap_or(Dialect::Rfc1738);
    match &args.batch {
        Some(path) => batch(dialect, path, options, out),
        None => strings(dialect, args, options, out),
    }
}

/// A production of the chosen revision: RFC 1738's by its `Rule` (checked
/// by `rfc1738::check_with`, today's behaviour), a draft's by its name.
#[derive(Clone, Copy)]
enum Production {
    Rfc1738(Rule),
    Draft(Dialect, &'static str),
}

impl Production {
    fn named(dialect: Dialect, name: &str) -> Result<Production, String> {
        match dialect {
            Dialect::Rfc1738 => rule_named(name).map(Production::Rfc1738),
            _ => production_named(dialect, name).map(|name| Production::Draft(dialect, name)),
        }
    }

    /// Whether all of `text` matches; the error, when not, to be shown.
    fn check(self, text: &str, options: Options) -> Result<(), Box<dyn Display>> {
        match self {
            Production::Rfc1738(rule) => {
                check_with(rule, text, options).map_err(|e| Box::new(e.into_owned()) as _)
            }
            Production::Draft(dialect, name) => {
                dialect::check(dialect, name, text, options).map_err(|e| Box::new(e) as _)
            }
        }
    }

    fn name(self) -> &'static str {
        match self {
            Production::Rfc1738(rule) => rule.name(),
            Production::Draft(_, name) => name,
        }
    }
}

/// The rule and the strings of `check [--rule RULE] [RULE] STRING...`.
fn rule_and_strings(dialect: Dialect, args: &CheckArgs) -> (&str, &[String]) {
    match (&args.rule, &args.strings[..]) {
        (Some(rule), strings) => (rule, strings),
        (None, [first, strings @ ..]) if !strings.is_empty() && dialect.has(first) => {
            (first, strings)
        }
        (None, strings) => ("url", strings),
    }
}

fn strings(dialect: Dialect, args: &CheckArgs, options: Options, out: &mut impl Write) -> ExitCode {
    let (rule, strings) = rule_and_strings(dialect, args);
    let production = match Production::named(dialect, rule) {
        Ok(production) => production,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let name = production.name();
    let mut all_match = true;
    for string in strings {
        let result = production.check(string, options);
        all_match &= result.is_ok();
        let _ = writeln!(out, "{}", verdict(string, name, result));
    }
    if all_match {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn batch(dialect: Dialect, path: &str, options: Options, out: &mut impl Write) -> ExitCode {
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
        match Production::named(dialect, name) {
            Ok(production) => {
                let verdict = match production.check(string, options) {
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
