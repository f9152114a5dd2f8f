//! The end of `rfc1738 lint`: the baseline written, the statistics or the
//! format's summary, and the exit code.

use std::io;
use std::process::ExitCode;

use rfc1738::lint::Code;

use super::input::display_path;
use super::{prints_findings, LintRun};
use crate::output;

impl LintRun<'_> {
    /// Writes what comes after the findings (the baseline recorded, the
    /// statistics, or the format's end and summary) and gives the exit
    /// code.
    pub(super) fn finish(self) -> Result<ExitCode, String> {
        let LintRun {
            args,
            mut output,
            out,
            mut summary,
            statistics,
            failing,
            changed,
            io_error,
            baselines,
            recording,
            cwd,
            ..
        } = self;
        summary.success = !io_error;
        let written = (|| -> io::Result<()> {
            if let (Some(path), Some((_, recorder))) = (&args.write_baseline, &recording) {
                std::fs::write(path, recorder.text()).map_err(|error| {
                    io::Error::new(error.kind(), format!("{}: {error}", path.display()))
                })?;
                if !args.quiet {
                    writeln!(
                        out,
                        "wrote {}: {} in {}",
                        path.display(),
                        output::plural(recorder.findings() as usize, "finding"),
                        output::plural(recorder.files(), "file"),
                    )?;
                }
            }
            if args.statistics {
                let mut counted: Vec<(usize, Code)> = statistics
                    .iter()
                    .zip(Code::ALL)
                    .filter(|(count, _)| **count > 0)
                    .map(|(count, code)| (*count, *code))
                    .collect();
                counted.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
                for (count, code) in counted {
                    writeln!(out, "{count:>7}  {}  {}", code.code(), code.name())?;
                }
                for (path, baseline) in &baselines {
                    writeln!(
                        out,
                        "baseline {}: {} not reported, {} stale (recorded, no longer found)",
                        display_path(path, &cwd),
                        output::plural(baseline.baselined() as usize, "finding"),
                        baseline.stale(),
                    )?;
                }
            } else if prints_findings(args) {
                output.finish(out, &summary)?;
            }
            out.flush()
        })();
        if let Err(error) = written {
            return Err(format!("cannot write the report: {error}"));
        }
        Ok(if io_error {
            ExitCode::from(2)
        } else if args.exit_zero || args.write_baseline.is_some() {
            ExitCode::SUCCESS
        } else if args.diff {
            ExitCode::from(u8::from(changed))
        } else if failing {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        })
    }
}
