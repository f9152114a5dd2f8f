//! `rfc1738 conformance`: the language-neutral test vectors of the four
//! revisions (`generate`), a harness that runs any implementation against
//! them over JSON Lines (`run`), and this crate's own answers in that
//! protocol (`answer`). `conformance/README.md` describes all three.
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
mod process;
mod run;
mod sources;
mod suite;

/// The arguments of `rfc1738 conformance`.
#[derive(Args)]
pub struct ConformanceArgs {
    #[command(subcommand)]
    command: ConformanceCommand,
}

#[derive(Subcommand)]
enum ConformanceCommand {
    /// Write the vectors of the four revisions, derived from their grammars,
    /// to DIR/<revision>.json (the same bytes on every run).
    Generate {
        /// Where to write them.
        #[arg(default_value = "conformance")]
        dir: PathBuf,
    },
    /// Run COMMAND against the vectors: one JSON object a line to its
    /// standard input, one verdict a line back; exit 0 when every verdict
    /// agrees, 1 when one differs, 2 when COMMAND fails, hangs or answers
    /// out of protocol.
    Run(run::RunArgs),
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
        ConformanceCommand::Run(args) => run::run(args, out),
        ConformanceCommand::Answer { extract } => answer::run(*extract, out),
    }
}
