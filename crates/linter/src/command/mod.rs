//! `rfc1738 lint`: the command's arguments ([`args`]) and its run over
//! files, directories and standard input: the walk ([`walk`]), each file
//! read whole or in pieces ([`read`]), fixed ([`fix`]), and the summary
//! and exit code ([`summary`]). Here, the state of a run, each file's
//! settings and baseline ledger, and the findings as they come (the
//! changed lines kept, counted, written).

mod args;
mod fix;
mod input;
mod read;
mod summary;
mod walk;

use std::collections::BTreeMap;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use rfc1738::lint::Code;
use rfc1738::scan::ScannedUrl;
use rfc1738::Span;

pub use args::LintArgs;
use args::{codes, Colour};
use input::{normalize, Input};

use crate::baseline::{Baseline, Ledger, Recorder};
use crate::changes::{ChangedLines, Changes};
use crate::config::{Config, Configs, Globs};
use crate::output::{self, Format, Output, Report, RunInfo, Summary};
use crate::pipeline::Reporter;
use crate::settings::{self, Overrides};
use crate::source::SourceText;

/// The state of one `rfc1738 lint`, over all its files.
struct LintRun<'a> {
    args: &'a LintArgs,
    overrides: Overrides,
    configs: Configs,
    output: Box<dyn Output>,
    out: &'a mut dyn Write,
    summary: Summary,
    statistics: Vec<usize>,
    failing: bool,
    changed: bool,
    io_error: bool,
    /// The baselines read, by path.
    baselines: BTreeMap<PathBuf, Baseline>,
    /// With `--write-baseline`: its directory and the findings.
    recording: Option<(PathBuf, Recorder)>,
    cwd: PathBuf,
    /// With `--changed-since`: the new lines of every file.
    changes: Option<Changes>,
    /// The new lines of the file being linted, when only they are reported.
    new_lines: Option<ChangedLines>,
    /// Whether the file being linted has its unsafe fixes applied
    /// (`--unsafe-fixes`, or its configuration's `unsafe-fixes`).
    unsafe_fixes: bool,
}

/// Runs `rfc1738 lint`: exit code 0 (no finding at or above the
/// level), 1 (findings) or 2 (a usage, configuration or I/O error, said
/// on standard error).
pub fn run(args: &LintArgs, stdout: &mut impl Write) -> ExitCode {
    match run_checked(args, stdout) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn run_checked(args: &LintArgs, stdout: &mut impl Write) -> Result<ExitCode, String> {
    let overrides = Overrides {
        select: codes(&args.select)?,
        extend_select: codes(&args.extend_select)?,
        ignore: codes(&args.ignore)?,
        level: args.level,
        markdown_code: args.markdown_code,
        unsafe_fixes: args.unsafe_fixes,
    };
    let cwd = std::env::current_dir().map_err(|error| format!("working directory: {error}"))?;
    let configs =
        Configs::new(args.config.as_deref(), args.isolated).map_err(|error| error.to_string())?;
    let include = Globs::new(&args.include)?;
    let exclude = Globs::new(&args.exclude)?;
    let mut file_out;
    let mut stdout_buffer;
    let (out, to_terminal): (&mut dyn Write, bool) = match &args.output_file {
        Some(path) => {
            let file = std::fs::File::create(path)
                .map_err(|error| format!("{}: {error}", path.display()))?;
            file_out = BufWriter::new(file);
            (&mut file_out, false)
        }
        None => {
            stdout_buffer = BufWriter::with_capacity(64 * 1024, stdout);
            (&mut stdout_buffer, io::stdout().is_terminal())
        }
    };
    let colour = match args.color {
        Colour::Always => true,
        Colour::Never => false,
        Colour::Auto => to_terminal && std::env::var_os("NO_COLOR").is_none(),
    };
    let recording = match &args.write_baseline {
        Some(path) => {
            let absolute = normalize(&cwd.join(path));
            let dir = absolute
                .parent()
                .map_or_else(|| cwd.clone(), Path::to_path_buf);
            Some((dir, Recorder::default()))
        }
        None => None,
    };
    let changes = match &args.changed_since {
        Some(revision) => Some(Changes::since(revision, &cwd)?),
        None => None,
    };
    let mut run = LintRun {
        changes,
        new_lines: None,
        unsafe_fixes: false,
        args,
        overrides,
        configs,
        baselines: BTreeMap::new(),
        recording,
        cwd: cwd.clone(),
        output: output::output(args.format, colour),
        out,
        summary: Summary {
            quiet: args.quiet,
            ..Summary::default()
        },
        statistics: vec![0; Code::ALL.len()],
        failing: false,
        changed: false,
        io_error: false,
    };
    let info = RunInfo {
        cwd: cwd.to_string_lossy().into_owned(),
    };
    if prints_findings(args) {
        run.output
            .begin(run.out, &info)
            .map_err(|error| format!("cannot write the report: {error}"))?;
    }
    run.walk(&include, &exclude)?;
    run.finish()
}

/// Whether findings are printed: not with `--statistics` (counted),
/// `--diff` (a diff), `--write-baseline` (recorded) or `--fix` on standard
/// input (the fixed text).
fn prints_findings(args: &LintArgs) -> bool {
    !(args.statistics || args.diff || args.write_baseline.is_some() || args.fix && stdin_only(args))
}

/// Whether standard input is the only input.
fn stdin_only(args: &LintArgs) -> bool {
    args.files.is_empty() || args.files.iter().all(|f| f == "-")
}

impl LintRun<'_> {
    /// configuration's), with that baseline's path.
    fn ledger(
        &mut self,
        absolute: &Path,
        config: Option<&Config>,
    ) -> Result<Option<(PathBuf, Ledger)>, String> {
        if let Some((dir, _)) = &self.recording {
            return Ok(Some((dir.clone(), Ledger::recording(dir, absolute))));
        }
        let named = config.and_then(|config| config.baseline.as_ref());
        let path = match (&self.args.baseline, named) {
            (Some(path), _) => normalize(&self.cwd.join(path)),
            (None, Some(named)) => normalize(&named.path),
            (None, None) => return Ok(None),
        };
        if !self.baselines.contains_key(&path) {
            let baseline = match (&self.args.baseline, named) {
                (None, Some(named)) => Baseline::load_named(named),
                _ => Baseline::load(&path),
            };
            let baseline = baseline.map_err(|error| error.to_string())?;
            self.baselines.insert(path.clone(), baseline);
        }
        let ledger = self.baselines[&path].ledger(absolute);
        Ok(Some((path, ledger)))
    }

    /// Lints one file: its changed lines, settings and ledger, its
    /// findings reported, its baseline settled.
    fn file(&mut self, input: Input) -> Result<(), String> {
        if let Some(changes) = &self.changes {
            // Standard input without a name has no history: linted whole.
            let lines = match (&input.path, &self.args.stdin_filename) {
                (None, None) => Some(ChangedLines::Whole),
                _ => changes.lines_of(&input.absolute).cloned(),
            };
            let Some(lines) = lines else {
                return Ok(());
            };
            self.new_lines = Some(lines);
        }
        let (settings, config) =
            settings::settings_for(&mut self.configs, &self.overrides, &input.absolute)
                .map_err(|error| error.to_string())?;
        self.unsafe_fixes = settings.unsafe_fixes;
        let mut ledger = self.ledger(&input.absolute, config.as_deref())?;
        let linted = self.lint_file(&input, &settings, ledger.as_mut().map(|(_, l)| l))?;
        if linted && prints_findings(self.args) {
            self.output
                .end_file(self.out, &input.display)
                .map_err(|error| format!("cannot write the report: {error}"))?;
        }
        match (ledger, &mut self.recording) {
            (Some((_, ledger)), Some((_, recorder))) => recorder.add(&ledger),
            (Some((path, ledger)), None) if linted => {
                if let Some(baseline) = self.baselines.get_mut(&path) {
                    baseline.settle(&ledger);
                }
            }
            _ => {}
        }
        Ok(())
    }
}

impl Reporter for LintRun<'_> {
    fn wants_fixes(&self) -> bool {
        self.output.prints_fixes()
    }

    fn wants_end(&self) -> bool {
        self.output.uses_end()
    }

    fn urls_only(&self) -> bool {
        self.args.format == Format::Urls && !self.args.statistics
    }

    fn url(&mut self, file: &str, doc: &SourceText, url: &ScannedUrl) -> io::Result<()> {
        if let Some(lines) = &self.new_lines {
            let line = doc.position(url.span.start).line;
            if !lines.touches(line, line) {
                return Ok(());
            }
        }
        self.summary.urls += 1;
        if self.urls_only() {
            self.output.url(self.out, file, doc, url)?;
        }
        Ok(())
    }

    fn finding(&mut self, report: &Report<'_>) -> io::Result<()> {
        if let Some(lines) = &self.new_lines {
            if !lines.touches(report.start.line, report.end.line) {
                return Ok(());
            }
        }
        if report.unsafe_fix() && !self.unsafe_fixes {
            self.summary.unsafe_fixable += 1;
        } else if report.fixable {
            self.summary.fixable += 1;
        }
        self.summary.count(report.finding.severity);
        self.statistics[report.finding.code.index()] += 1;
        self.failing |= report.severe;
        if !prints_findings(self.args) {
            return Ok(());
        }
        self.output.finding(self.out, report)
    }

    fn unknown_code(&mut self, file: &str, doc: &SourceText, span: Span, code: &str) {
        let at = doc.position(span.start);
        eprintln!(
            "warning: {file}:{}:{}: unknown code {code:?} in a suppression comment",
            at.line, at.column
        );
    }
}
