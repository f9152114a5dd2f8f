//! `rfc1738 explain`: what a lint code means, and where RFC 1738 says so.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use rfc1738::lint::{explain, Code};

#[derive(Args)]
pub(crate) struct ExplainArgs {
    /// The code (`U003`) or name (`unsafe-character`); none lists them all.
    code: Option<String>,
}

pub(crate) fn run(args: &ExplainArgs, out: &mut impl Write) -> ExitCode {
    match &args.code {
        None => {
            let width = Code::ALL.iter().map(|code| code.name().len()).max();
            let width = width.unwrap_or(0);
            for code in Code::ALL {
                let _ = writeln!(
                    out,
                    "{} {:<width$} {:<8} {}",
                    code.code(),
                    code.name(),
                    code.severity().name(),
                    code.summary()
                );
            }
            ExitCode::SUCCESS
        }
        Some(name) => match explain(name) {
            Some(text) => {
                let _ = write!(out, "{text}");
                ExitCode::SUCCESS
            }
            None => {
                eprintln!("error: unknown lint code {name:?}; `rfc1738 explain` lists the codes");
                ExitCode::from(2)
            }
        },
    }
}
