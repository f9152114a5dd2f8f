//! `rfc1738 conformance`: the language-neutral test vectors of the four
//! revisions and the cases of URLs in running text, with their ids and
//! versions (`generate`), a harness that runs any parser or extractor
//! against them over JSON Lines, with expected failures (`run`), and this
//! project's own answers in both protocols (`answer`).
//! `conformance/README.md` describes them.
//!
//! The command-line tool's `conformance` command is this crate's
//! [`ConformanceArgs`] and [`run`].

#![deny(missing_docs)]

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Subcommand};

mod answer;
mod expected;
mod extract;
mod extract_run;
mod generate;
mod history;
mod layout;
mod process;
mod run;
mod sources;
mod suite;
mod tallies;

/// The arguments of `rfc1738 conformance`.
#[derive(Args)]
pub struct ConformanceArgs {
    #[command(subcommand)]
    command: ConformanceCommand,
}

#[derive(Subcommand)]
enum ConformanceCommand {
    /// Write the vectors of the four revisions, derived from their grammars,
    /// to DIR/<revision>.json, the extraction cases to DIR/extract.json, and
    /// the suite's next version (DIR/history.json, DIR/CHANGELOG.md) after
    /// the one DIR holds (the same bytes on every run).
    Generate {
        /// Where to write them.
        #[arg(default_value = "conformance")]
        dir: PathBuf,
    },
    /// Run COMMAND against the vectors (or, with --extract, the extraction
    /// cases): one JSON object a line to its standard input, one answer a
    /// line back; exit 0 when every case agrees (or fails as listed in
    /// --expected-failures), 1 when one differs, 2 when COMMAND fails,
    /// hangs or answers out of protocol.
    Run(Box<run::RunArgs>),
    /// Answer the protocol of `run` with this crate's verdicts and offsets:
    /// the project's own implementation, as an adapter.
    Answer {
        /// Answer the protocol of `run --extract` instead, with the URLs
        /// the linter finds.
        #[arg(long)]
        extract: bool,
    },
}

/// Runs `rfc1738 conformance` with these arguments, writing to `out`.
pub fn run(args: &ConformanceArgs, out: &mut impl Write) -> ExitCode {
    match &args.command {
        ConformanceCommand::Generate { dir } => generate::run(dir, out),
        ConformanceCommand::Run(args) if args.extract => run::reported(extract_run::run(args, out)),
        ConformanceCommand::Run(args) => run::reported(run::run(args, out)),
        ConformanceCommand::Answer { extract } => answer::run(*extract, out),
    }
}
