//! `rfc1738`: check, parse and explain URLs by the grammar of RFC 1738.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use rfc1738::dialect::{self, Dialect};
use rfc1738::{Options, Rule};

mod check;
mod explain;
mod grammar;
mod revisions;

/// Check, parse and explain Uniform Resource Locators exactly as RFC 1738
/// section 5 defines them.
#[derive(Parser)]
#[command(name = "rfc1738", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Does each string match a production of the grammar (default: url;
    /// `--dialect`: of an earlier revision)?
    Check(check::CheckArgs),
    /// Print the production tree of a URL, with byte spans (`--dialect`: by an
    /// earlier revision's grammar).
    Tree(TreeArgs),
    /// Explain what a URL means: decoded parts, port, FTP commands, gopher request.
    Describe(rfc1738_describe::DescribeArgs),
    /// For each revision (draft-jul93, draft-oct93, draft-03, rfc1738): is the
    /// URL accepted, as which production, and where and why not?
    Revisions(revisions::RevisionsArgs),
    /// Print a revision's BNF as the repository keeps it (`--dialect`).
    Grammar(grammar::GrammarArgs),
    /// Which productions were removed, added or changed from revision A to B.
    DiffGrammar(grammar::DiffGrammarArgs),
    /// Find the URLs in files and report every problem at its line and column.
    Lint(rfc1738_linter::LintArgs),
    /// Explain a lint code (none: list the codes).
    Explain(explain::ExplainArgs),
    /// The test vectors of the four revisions: write them (`generate`), run
    /// an implementation against them (`run`), or answer them (`answer`).
    Conformance(rfc1738_conformance::ConformanceArgs),
    /// The linter as a language server (LSP over standard input and output).
    Server(rfc1738_server::ServerArgs),
    /// A local page that shows why URLs match or fail, with the grammars'
    /// railroad diagrams (`--export DIR`: the diagrams and a page per revision).
    Explore(rfc1738_explorer::ExploreArgs),
}

#[derive(Args)]
struct TreeArgs {
    /// The URL to parse.
    url: String,
    /// Follow the letter of the BNF (scheme names in lower case).
    #[arg(long)]
    strict: bool,
    /// The revision whose grammar to use: draft-jul93, draft-oct93,
    /// draft-03 or rfc1738 (the default).
    #[arg(long, value_name = "NAME", value_parser = DIALECTS, default_value = "rfc1738")]
    dialect: String,
    /// The production to derive the string from (default: url).
    #[arg(long, value_name = "NAME")]
    rule: Option<String>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let code = match cli.command {
        Command::Check(args) => check::run(&args, &mut out),
        Command::Tree(args) => tree(&args, &mut out),
        Command::Describe(args) => rfc1738_describe::run(&args, &mut out),
        Command::Revisions(args) => revisions::run(&args, &mut out),
        Command::Grammar(args) => grammar::grammar(&args, &mut out),
        Command::DiffGrammar(args) => grammar::diff(&args, &mut out),
        Command::Lint(args) => rfc1738_linter::run(&args, &mut out),
        Command::Explain(args) => explain::run(&args, &mut out),
        Command::Conformance(args) => rfc1738_conformance::run(&args, &mut out),
        Command::Server(args) => rfc1738_server::run(&args, &mut out),
        Command::Explore(args) => rfc1738_explorer::run(&args, &mut out),
    };
    let _ = out.flush();
    code
}

fn tree(args: &TreeArgs, out: &mut impl Write) -> ExitCode {
    let options = Options::default().with_strict(args.strict);
    let dialect = Dialect::from_name(&args.dialect).unwrap_or(Dialect::Rfc1738);
    if dialect != Dialect::Rfc1738 || args.rule.as_deref().is_some_and(|rule| rule != "url") {
        return dialect_tree(dialect, args, options, out);
    }
    match rfc1738::parse_with(&args.url, options) {
        Ok(url) => {
            let _ = write!(out, "{}", url.syntax());
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(1)
        }
    }
}

/// `tree --dialect` or `--rule`: the derivation by the revision's
/// combinators.
fn dialect_tree(
    dialect: Dialect,
    args: &TreeArgs,
    options: Options,
    out: &mut impl Write,
) -> ExitCode {
    let rule = match production_named(dialect, args.rule.as_deref().unwrap_or("url")) {
        Ok(rule) => rule,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    match dialect::tree(dialect, rule, &args.url, options) {
        Ok(node) => {
            let _ = write!(out, "{node}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(1)
        }
    }
}

/// Reads lines from a file, or from standard input for `-`.
pub(crate) fn read_lines(path: &str) -> std::io::Result<Vec<String>> {
    let reader: Box<dyn BufRead> = if path == "-" {
        Box::new(std::io::BufReader::new(std::io::stdin()))
    } else {
        Box::new(std::io::BufReader::new(std::fs::File::open(path)?))
    };
    reader
        .split(b'\n')
        .map(|line| {
            line.map(|bytes| {
                let line = String::from_utf8_lossy(&bytes).into_owned();
                line.strip_suffix('\r').map(str::to_owned).unwrap_or(line)
            })
        })
        .collect()
}

/// The names `--dialect` takes, oldest first.
pub(crate) const DIALECTS: [&str; 4] = Dialect::NAMES;

/// The production of this name in a revision, or a usage error naming the
/// revision and listing its productions.
pub(crate) fn production_named(dialect: Dialect, name: &str) -> Result<&'static str, String> {
    dialect
        .productions()
        .iter()
        .copied()
        .find(|production| *production == name)
        .ok_or_else(|| {
            format!(
                "{dialect} has no production {name:?}; its productions are: {}",
                dialect.productions().join(", ")
            )
        })
}

/// The rule of this BNF name, or a usage error listing the names.
pub(crate) fn rule_named(name: &str) -> Result<Rule, String> {
    Rule::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Rule::ALL.iter().map(|rule| rule.name()).collect();
        format!("unknown rule {name:?}; the rules are: {}", names.join(", "))
    })
}
