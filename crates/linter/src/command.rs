//! `rfc1738 lint`: the command's arguments and its run over files,
//! directories and standard input.

use std::collections::BTreeMap;
use std::io::{self, BufWriter, IsTerminal, Read, Write};
use std::path::{Component, Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use rfc1738::lint::{Code, Severity};
use rfc1738::scan::ScannedUrl;
use rfc1738::Span;

use crate::baseline::{Baseline, Ledger, Recorder};
use crate::binary::{self, Binary};
use crate::changes::{ChangedLines, Changes};
use crate::config::{Config, Configs, Globs};
use crate::extract::{self, Kind};
use crate::fix;
use crate::output::{self, Format, Output, Report, RunInfo, Summary};
use crate::pipeline::{self, FileLint, Overrides, Piece, Reporter, Settings};
use crate::source::SourceText;

const AFTER_HELP: &str = "\
Files and directories: a directory is searched recursively, honouring
.gitignore, .ignore and hidden files as ripgrep does (also outside a git
repository); files named on the command line are always linted. Paths are
printed relative to the working directory. Standard input is read when no
path is given or for `-`.

File types: .md/.markdown are read as Markdown (CommonMark with GFM
autolinks: link and image destinations, autolinks, bare URLs, inline HTML;
code spans and blocks only with --markdown-code), .html/.htm as HTML (URL
attributes, entities decoded), anything else as plain text (RFC 1738's
appendix: <URL:...>, angle brackets, bare URLs, line breaks).

Configuration: the nearest .rfc1738.toml, rfc1738.toml, or pyproject.toml
with a [tool.rfc1738] table, from each file's directory upward (keys:
select, extend-select, ignore, level, exclude, extend-exclude,
markdown-code, baseline, [per-file-ignores] with globs relative to the
configuration file). Command-line --select replaces the file's select;
--extend-select and --ignore add to it.

Baseline: --write-baseline FILE records the findings (file, code, URL and
how many); --baseline FILE (or `baseline = \"FILE\"` in the configuration)
reports only the findings it does not hold, matched by file, code, URL and
occurrence, not by line. --statistics counts the findings not reported
and the stale entries (recorded, no longer found).

Suppression comments, in any file type: `rfc1738-ignore: U003,password` on
the line of the finding, `rfc1738-ignore-next-line: CODES` on the line
before, `rfc1738-ignore-file: CODES` anywhere; no codes means all. An unused
suppression is U019, reported when selected (--extend-select U019); so is
U020, a URL RFC 1738 rejects that an earlier revision accepts.

Fixes (--fix, --diff): an unsafe character escaped (`~` to %7E, a space to
%20), the scheme name and an FTP typecode lower-cased, each only where the
URL with its fixes matches its production; files are replaced atomically,
with their line endings and permissions.

Pull requests: --changed-since REV reports only the findings on lines
added or changed since the git revision REV (the working tree, staged or
not, against REV, renames followed; files git does not track yet, unless
ignored, whole). Files without such lines are not linted. The baseline and
the configuration apply as usual.

Exit status: 0 no finding at or above --level (or --exit-zero); 1 findings
at or above --level (with --diff: some file would change); 2 usage,
configuration or I/O error.";

/// The arguments of `rfc1738 lint`.
#[derive(Args)]
#[command(after_help = AFTER_HELP)]
pub struct LintArgs {
    /// Files and directories to lint; standard input when none is given or for `-`.
    files: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// Report only these codes or names (comma-separated, e.g. U001,password; ALL for all).
    #[arg(long, value_delimiter = ',', value_name = "CODES")]
    select: Vec<String>,
    /// Report these codes too, on top of the selection.
    #[arg(long, value_delimiter = ',', value_name = "CODES")]
    extend_select: Vec<String>,
    /// Do not report these codes or names (comma-separated).
    #[arg(long, value_delimiter = ',', value_name = "CODES")]
    ignore: Vec<String>,
    /// The lowest severity that makes the exit code 1 (info, warning, error) [default: warning].
    #[arg(long, value_parser = parse_severity)]
    level: Option<Severity>,
    /// Use this configuration file for every file (no search upward).
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// Read no configuration file.
    #[arg(long)]
    isolated: bool,
    /// In directories, lint only files matching this glob (repeatable; relative to the working directory).
    #[arg(long, value_name = "GLOB")]
    include: Vec<String>,
    /// In directories, skip files and directories matching this glob (repeatable).
    #[arg(long, value_name = "GLOB")]
    exclude: Vec<String>,
    /// The name of standard input: its file type, configuration and printed path.
    #[arg(long, value_name = "PATH")]
    stdin_filename: Option<String>,
    /// Also find URLs in Markdown code spans and code blocks.
    #[arg(long)]
    markdown_code: bool,
    /// Print the number of findings of each code instead of the findings,
    /// and of the baseline's findings those not reported and those stale.
    #[arg(long)]
    statistics: bool,
    /// Do not report the findings this baseline file holds (default: the
    /// configuration's `baseline`).
    #[arg(long, value_name = "FILE")]
    baseline: Option<PathBuf>,
    /// Record the findings in this baseline file (replacing it) and report none.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["fix", "diff"])]
    write_baseline: Option<PathBuf>,
    /// Apply the exclusions (--exclude, the configuration's exclude) to
    /// files named on the command line too, as a pre-commit hook needs.
    #[arg(long)]
    force_exclude: bool,
    /// Print findings only: no summary line.
    #[arg(long, short)]
    quiet: bool,
    /// Exit with 0 even when there are findings (2 still means an error).
    #[arg(long)]
    exit_zero: bool,
    /// Write the report to this file instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    output_file: Option<PathBuf>,
    /// Colour in the human format.
    #[arg(long, value_enum, default_value_t = Colour::Auto)]
    color: Colour,
    /// Apply the fixes that keep each URL's meaning (files are replaced atomically).
    #[arg(long, conflicts_with = "diff")]
    fix: bool,
    /// Print the fixes as a unified diff; change nothing.
    #[arg(long)]
    diff: bool,
    /// Report only the findings on lines added or changed since the git
    /// revision REV (the working tree against REV, renames followed;
    /// untracked files whole): what a pull request touches.
    #[arg(long, value_name = "REV", conflicts_with_all = ["fix", "diff", "write_baseline"])]
    changed_since: Option<String>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Colour {
    /// When writing to a terminal and NO_COLOR is not set.
    Auto,
    /// Always, also in a file or a pipe.
    Always,
    /// Never.
    Never,
}

fn parse_severity(name: &str) -> Result<Severity, String> {
    Severity::from_name(name).ok_or_else(|| format!("{name:?} is not info, warning or error"))
}

/// Codes by code or name, or `ALL`.
fn codes(names: &[String]) -> Result<Vec<Code>, String> {
    let mut codes = Vec::new();
    for name in names.iter().filter(|name| !name.is_empty()) {
        if name.eq_ignore_ascii_case("ALL") {
            codes.extend_from_slice(Code::ALL);
            continue;
        }
        codes.push(Code::from_name(name).ok_or_else(|| {
            format!("unknown lint code {name:?}; `rfc1738 explain` lists the codes")
        })?);
    }
    Ok(codes)
}

/// A path without `.` components.
fn normalize(path: &Path) -> PathBuf {
    path.components()
        .filter(|component| !matches!(component, Component::CurDir))
        .collect()
}

/// The printed name of a path: relative to the working directory when it
/// is under it.
fn display_path(path: &Path, cwd: &Path) -> String {
    let normal = normalize(path);
    let shown = if normal.is_absolute() {
        normal
            .strip_prefix(cwd)
            .map_or(normal.clone(), Path::to_path_buf)
    } else {
        normal
    };
    let text = shown.to_string_lossy().into_owned();
    if text.is_empty() {
        ".".to_owned()
    } else {
        text
    }
}

/// One file to lint.
struct Input {
    /// `None` for standard input.
    path: Option<PathBuf>,
    /// Absolute, for configuration and globs.
    absolute: PathBuf,
    display: String,
    /// Found in a directory (not named): binary files are skipped.
    walked: bool,
}

/// The state of one run.
struct Run<'a> {
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
}

/// Plain text longer than twice this is read in pieces of about this size
/// (`RFC1738_TEXT_PIECE` bytes, for tests), so memory grows with the
/// longest line, not with the file.
const TEXT_PIECE: usize = 1 << 20;

/// What a piece reads past its limit, so that a URL starting before the
/// limit is read whole: a bracketed URL spans at most 2,048 bytes
/// (`rfc1738::scan`); a bare one ends with its line.
const TEXT_LOOKAHEAD: usize = 4096;

/// Why a file read in pieces failed.
enum PieceError {
    /// Reading the file.
    Read(io::Error),
    /// Writing the report.
    Write(io::Error),
}

/// The size of the pieces of a long text file.
fn text_piece() -> usize {
    std::env::var("RFC1738_TEXT_PIECE")
        .ok()
        .and_then(|size| size.parse().ok())
        .filter(|size| *size > 0 && *size <= 1 << 40)
        .unwrap_or(TEXT_PIECE)
}

/// The size of the pieces of a long Markdown file (`RFC1738_MARKDOWN_PIECE`
/// bytes, for tests).
fn markdown_piece() -> usize {
    std::env::var("RFC1738_MARKDOWN_PIECE")
        .ok()
        .and_then(|size| size.parse().ok())
        .filter(|size| *size > 0 && *size <= 1 << 40)
        .unwrap_or(extract::CHUNK)
}

/// A Markdown file, piece by piece, cut where [`extract::next_cut`] says.
struct MarkdownPieces {
    reader: std::fs::File,
    buf: Vec<u8>,
    eof: bool,
    piece: usize,
}

impl MarkdownPieces {
    fn open(path: &Path, piece: usize) -> Result<MarkdownPieces, PieceError> {
        Ok(MarkdownPieces {
            reader: std::fs::File::open(path).map_err(PieceError::Read)?,
            buf: Vec::new(),
            eof: false,
            piece,
        })
    }

    fn next_piece(&mut self) -> Result<Option<Vec<u8>>, PieceError> {
        loop {
            if let Some(cut) = extract::next_cut(&self.buf, self.piece) {
                let rest = self.buf.split_off(cut);
                return Ok(Some(std::mem::replace(&mut self.buf, rest)));
            }
            if self.eof {
                return Ok((!self.buf.is_empty()).then(|| std::mem::take(&mut self.buf)));
            }
            let block = self.piece.clamp(16 << 10, 1 << 20);
            self.eof = read_more(&mut self.reader, &mut self.buf, block)?;
        }
    }
}

/// Reads up to `block` more bytes of `reader` onto `buf`; whether the end
/// is reached.
fn read_more(reader: &mut impl Read, buf: &mut Vec<u8>, block: usize) -> Result<bool, PieceError> {
    let len = buf.len();
    buf.resize(len + block, 0);
    let read = loop {
        match reader.read(&mut buf[len..]) {
            Ok(read) => break read,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => {
                buf.truncate(len);
                return Err(PieceError::Read(error));
            }
        }
    };
    buf.truncate(len + read);
    Ok(read == 0)
}

/// Whether the file holds a suppression comment, read in blocks.
fn has_marker(path: &Path) -> io::Result<bool> {
    let marker = b"rfc1738-ignore";
    let finder = memchr::memmem::Finder::new(marker);
    let mut reader = std::fs::File::open(path)?;
    let mut block = vec![0; 1 << 20];
    // The end of the last block, in case the marker straddles two.
    let mut kept = 0;
    loop {
        let read = match reader.read(&mut block[kept..]) {
            Ok(read) => read,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if read == 0 {
            return Ok(false);
        }
        let filled = kept + read;
        if finder.find(&block[..filled]).is_some() {
            return Ok(true);
        }
        kept = (marker.len() - 1).min(filled);
        block.copy_within(filled - kept..filled, 0);
    }
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
    let mut run = Run {
        changes,
        new_lines: None,
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
    // The report is not linted when it lies in a directory being searched.
    let report_file = args
        .output_file
        .as_ref()
        .map(|path| normalize(&cwd.join(path)));
    let inputs = if args.files.is_empty() {
        vec!["-".to_owned()]
    } else {
        args.files.clone()
    };
    for input in inputs {
        if input == "-" {
            let name = args.stdin_filename.clone();
            let absolute = normalize(&cwd.join(name.as_deref().unwrap_or("<stdin>")));
            if name.is_some() && run.force_excluded(&exclude, &absolute, &cwd)? {
                continue;
            }
            run.file(Input {
                path: None,
                display: name.map_or_else(
                    || "<stdin>".to_owned(),
                    |n| display_path(Path::new(&n), &cwd),
                ),
                absolute,
                walked: false,
            })?;
            continue;
        }
        let path = PathBuf::from(&input);
        if path.is_dir() {
            let mut walk = ignore::WalkBuilder::new(&path);
            walk.require_git(false).sort_by_file_name(|a, b| a.cmp(b));
            for entry in walk.build() {
                let entry = match entry {
                    Ok(entry) => entry,
                    Err(error) => {
                        eprintln!("error: {error}");
                        run.io_error = true;
                        continue;
                    }
                };
                if !entry.file_type().is_some_and(|t| t.is_file()) {
                    continue;
                }
                let file = entry.into_path();
                let display = display_path(&file, &cwd);
                let absolute = normalize(&cwd.join(&file));
                let shown = Path::new(&display);
                if exclude.matches(shown)
                    || !args.include.is_empty() && !include.matches(shown)
                    || report_file.as_deref() == Some(absolute.as_path())
                {
                    continue;
                }
                let dir = absolute.parent().unwrap_or(&cwd).to_path_buf();
                let config = run
                    .configs
                    .for_dir(&dir)
                    .map_err(|error| error.to_string())?;
                if pipeline::excluded(config.as_deref(), &absolute)
                    || run.is_baseline(&absolute, config.as_deref())
                {
                    continue;
                }
                run.file(Input {
                    path: Some(file),
                    absolute,
                    display,
                    walked: true,
                })?;
            }
        } else {
            let absolute = normalize(&cwd.join(&path));
            if run.force_excluded(&exclude, &absolute, &cwd)? {
                continue;
            }
            run.file(Input {
                absolute,
                display: display_path(&path, &cwd),
                path: Some(path),
                walked: false,
            })?;
        }
    }
    run.finish()
}

/// Whether findings are printed: not with `--statistics` (counted),
/// `--diff` (a diff), `--write-baseline` (recorded) or `--fix` on standard
/// input (the fixed text).
fn prints_findings(args: &LintArgs) -> bool {
    !(args.statistics || args.diff || args.write_baseline.is_some() || args.fix && stdin_only(args))
}

fn stdin_only(args: &LintArgs) -> bool {
    args.files.is_empty() || args.files.iter().all(|f| f == "-")
}

fn read_input(path: Option<&Path>) -> io::Result<Vec<u8>> {
    match path {
        None => {
            let mut bytes = Vec::new();
            io::stdin().lock().read_to_end(&mut bytes)?;
            Ok(bytes)
        }
        Some(path) => std::fs::read(path),
    }
}

impl Run<'_> {
    /// Whether a file is binary ([`binary`]: by its content over the whole
    /// file, `found`): it is not linted. A walk skips it silently; a file
    /// named on the command line (or standard input) gets one notice on
    /// standard error, not a finding per byte.
    fn binary(&mut self, input: &Input, found: Option<Binary>) -> bool {
        let Some(why) = found else {
            return false;
        };
        if !input.walked {
            eprintln!(
                "warning: {}: a binary file ({why}), not linted",
                input.display
            );
            self.summary.skipped += 1;
        }
        true
    }

    /// Reports a file that cannot be read.
    fn read_error(&mut self, input: &Input, error: &io::Error) {
        let message = format!("{}: {error}", input.display);
        eprintln!("error: {message}");
        self.summary.errors.push(message);
        self.io_error = true;
    }

    /// With `--force-exclude`, whether the exclusions skip a file named on
    /// the command line.
    fn force_excluded(
        &mut self,
        exclude: &Globs,
        absolute: &Path,
        cwd: &Path,
    ) -> Result<bool, String> {
        if !self.args.force_exclude {
            return Ok(false);
        }
        if exclude.matches(Path::new(&display_path(absolute, cwd))) {
            return Ok(true);
        }
        let dir = absolute.parent().unwrap_or(cwd);
        let config = self
            .configs
            .for_dir(dir)
            .map_err(|error| error.to_string())?;
        Ok(pipeline::excluded(config.as_deref(), absolute)
            || self.is_baseline(absolute, config.as_deref()))
    }

    /// Whether a file is a baseline of this run (not linted when found in
    /// a directory: its entries are URLs).
    fn is_baseline(&self, absolute: &Path, config: Option<&Config>) -> bool {
        let named = |path: &Option<PathBuf>| {
            path.as_ref()
                .is_some_and(|path| normalize(&self.cwd.join(path)) == absolute)
        };
        named(&self.args.baseline)
            || named(&self.args.write_baseline)
            || self.baselines.contains_key(absolute)
            || config
                .and_then(|config| config.baseline.as_ref())
                .is_some_and(|baseline| normalize(&baseline.path) == absolute)
    }

    /// The ledger of a file: recording its findings (`--write-baseline`),
    /// or matching them against its baseline (`--baseline`, or its
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
            pipeline::settings_for(&mut self.configs, &self.overrides, &input.absolute)
                .map_err(|error| error.to_string())?;
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

    /// Lints one file with its settings, its findings counted in `ledger`;
    /// whether its findings were reported (not when it cannot be read, is
    /// binary, or with `--diff`).
    fn lint_file(
        &mut self,
        input: &Input,
        settings: &Settings,
        mut ledger: Option<&mut Ledger>,
    ) -> Result<bool, String> {
        let kind = Kind::of(&input.display);
        let report = |error: io::Error| format!("cannot write the report: {error}");
        let piece = text_piece();
        if let (false, Some(path)) = (self.args.fix || self.args.diff, &input.path) {
            let large =
                std::fs::metadata(path).is_ok_and(|m| m.len() > (piece as u64).saturating_mul(2));
            let result = match kind {
                Kind::Text if large => {
                    Some(self.lint_in_pieces(input, path, piece, settings, ledger.as_deref_mut()))
                }
                Kind::Markdown if large => {
                    Some(self.lint_markdown_in_pieces(input, path, settings, ledger.as_deref_mut()))
                }
                _ => None,
            };
            if let Some(result) = result {
                return match result {
                    Ok(linted) => Ok(linted),
                    Err(PieceError::Read(error)) => {
                        self.read_error(input, &error);
                        Ok(false)
                    }
                    Err(PieceError::Write(error)) => Err(report(error)),
                };
            }
        }
        let bytes = match read_input(input.path.as_deref()) {
            Ok(bytes) => bytes,
            Err(error) => {
                self.read_error(input, &error);
                return Ok(false);
            }
        };
        if self.binary(input, binary::of_bytes(&bytes)) {
            return Ok(false);
        }
        let kind = Kind::of_bytes(&input.display, &bytes);
        self.summary.files += 1;
        if !(self.args.fix || self.args.diff) {
            let doc = SourceText::new(bytes);
            FileLint::new(&input.display, &doc, settings, self)
                .with_ledger(ledger)
                .whole(kind)
                .map_err(report)?;
            return Ok(true);
        }
        let pipeline::Fixed {
            bytes: fixed,
            applied,
            refused,
        } = pipeline::fix_file(&bytes, &input.display, kind, settings, ledger.as_deref())
            .map_err(report)?;
        if let Some(why) = refused {
            eprintln!("warning: {}: {why}; not fixed", input.display);
        }
        let changed = fixed != bytes;
        if self.args.diff {
            if changed {
                self.changed = true;
                // Shown as text: a file in another encoding, decoded.
                let old = SourceText::new(bytes.clone());
                let new = SourceText::in_encoding(fixed, old.encoding());
                write!(
                    self.out,
                    "{}",
                    fix::diff(&input.display, &old.text, &new.text)
                )
                .map_err(report)?;
            }
            return Ok(false);
        }
        let Some(path) = &input.path else {
            // Standard input: the fixed text goes to the output.
            self.out.write_all(&fixed).map_err(report)?;
            return Ok(false);
        };
        let mut outcome = fixed;
        if changed {
            match fix::write_atomically(path, &outcome) {
                Ok(()) => self.summary.fixed += applied,
                Err(error) => {
                    let message = format!(
                        "{}: cannot write the fixes: {error}; the file is unchanged",
                        input.display
                    );
                    eprintln!("error: {message}");
                    self.summary.errors.push(message);
                    self.io_error = true;
                    outcome = bytes;
                }
            }
        }
        // What is left, reported as for a lint without fixes.
        let doc = SourceText::new(outcome);
        FileLint::new(&input.display, &doc, settings, self)
            .with_ledger(ledger)
            .whole(kind)
            .map_err(report)?;
        Ok(true)
    }

    /// Lints a long Markdown file piece by piece (cut where no link
    /// changes, [`extract::next_cut`]), reading it three times: for the
    /// reference definitions, for the links that use them, and for the
    /// URLs. A file with a suppression comment is read whole.
    fn lint_markdown_in_pieces(
        &mut self,
        input: &Input,
        path: &Path,
        settings: &Settings,
        mut ledger: Option<&mut Ledger>,
    ) -> Result<bool, PieceError> {
        // Judged over the whole file before any of its findings is written.
        if self.binary(input, binary::of_file(path).map_err(PieceError::Read)?) {
            return Ok(false);
        }
        // A file in another encoding (or with bytes that are not UTF-8)
        // is read whole: decoded at once, its undecodable bytes reported
        // once.
        let utf8 = std::fs::File::open(path)
            .and_then(crate::charset::is_utf8)
            .map_err(PieceError::Read)?;
        if !utf8 || has_marker(path).map_err(PieceError::Read)? {
            return self.lint_read_whole(input, path, Kind::Markdown, settings, ledger);
        }
        let piece = markdown_piece();
        let code = settings.markdown_code;
        let mut definitions = extract::Definitions::default();
        let mut pieces = MarkdownPieces::open(path, piece)?;
        let mut index = 0;
        while let Some(bytes) = pieces.next_piece()? {
            let doc = SourceText::new(bytes);
            definitions.collect(&doc.text, index, 0);
            index += 1;
        }
        let definitions = std::cell::RefCell::new(definitions);
        if !definitions.borrow().is_empty() {
            let mut pieces = MarkdownPieces::open(path, piece)?;
            while let Some(bytes) = pieces.next_piece()? {
                let doc = SourceText::new(bytes);
                extract::mark_used_definitions(&doc.text, code, &definitions);
            }
        }
        self.summary.files += 1;
        let mut pieces = MarkdownPieces::open(path, piece)?;
        let (mut base, mut line, mut index) = (0, 1, 0);
        while let Some(bytes) = pieces.next_piece()? {
            let (length, newlines) = (bytes.len(), memchr::memchr_iter(b'\n', &bytes).count());
            let doc = SourceText::new_at(bytes, line, base);
            let urls = extract::markdown_piece_urls(&doc.text, code, &definitions, index);
            FileLint::new(&input.display, &doc, settings, self)
                .with_ledger(ledger.as_deref_mut())
                .urls(urls, usize::MAX)
                .map_err(PieceError::Write)?;
            base += length;
            line += newlines;
            index += 1;
        }
        Ok(true)
    }

    /// Lints a file read whole, unless it is binary (found in a directory);
    /// whether it was linted.
    fn lint_read_whole(
        &mut self,
        input: &Input,
        path: &Path,
        kind: Kind,
        settings: &Settings,
        ledger: Option<&mut Ledger>,
    ) -> Result<bool, PieceError> {
        let bytes = std::fs::read(path).map_err(PieceError::Read)?;
        if self.binary(input, binary::of_bytes(&bytes)) {
            return Ok(false);
        }
        self.summary.files += 1;
        let doc = SourceText::new(bytes);
        FileLint::new(&input.display, &doc, settings, self)
            .with_ledger(ledger)
            .whole(kind)
            .map_err(PieceError::Write)?;
        Ok(true)
    }

    /// Lints a long plain-text file piece by piece, holding one piece (and
    /// the longest line) at a time. A file with a suppression comment is
    /// read whole: a comment may apply to the whole file.
    fn lint_in_pieces(
        &mut self,
        input: &Input,
        path: &Path,
        piece: usize,
        settings: &Settings,
        mut ledger: Option<&mut Ledger>,
    ) -> Result<bool, PieceError> {
        // Judged over the whole file before any of its findings is written.
        if self.binary(input, binary::of_file(path).map_err(PieceError::Read)?) {
            return Ok(false);
        }
        // A file in another encoding (or with bytes that are not UTF-8)
        // is read whole: decoded at once, its undecodable bytes reported
        // once.
        let utf8 = std::fs::File::open(path)
            .and_then(crate::charset::is_utf8)
            .map_err(PieceError::Read)?;
        if !utf8 || has_marker(path).map_err(PieceError::Read)? {
            return self.lint_read_whole(input, path, Kind::Text, settings, ledger);
        }
        let mut reader = std::fs::File::open(path).map_err(PieceError::Read)?;
        let block = (piece / 4).clamp(16 << 10, 1 << 20);
        let mut buf = Vec::new();
        let mut eof = read_more(&mut reader, &mut buf, block)?;
        self.summary.files += 1;
        // The file offset and line number of the piece's first byte, and
        // where in it the scan resumes.
        let (mut base, mut line, mut resume) = (0, 1, 0);
        loop {
            // The limit: the first line start after `piece` bytes.
            let cut = loop {
                let found = buf
                    .get(piece..)
                    .and_then(|rest| memchr::memchr(b'\n', rest))
                    .map(|i| piece + i + 1);
                if found.is_some() || eof {
                    break found;
                }
                eof = read_more(&mut reader, &mut buf, block)?;
            };
            let Some(cut) = cut else {
                // The rest of the file is the last piece.
                let doc = SourceText::new_at(std::mem::take(&mut buf), line, base);
                let whole = Piece {
                    start: resume,
                    limit: usize::MAX,
                };
                FileLint::new(&input.display, &doc, settings, self)
                    .with_ledger(ledger)
                    .piece(Kind::Text, whole)
                    .map_err(PieceError::Write)?;
                return Ok(true);
            };
            // Far enough past the limit for a URL that starts before it.
            let end = loop {
                let from = cut + TEXT_LOOKAHEAD;
                let found = buf
                    .get(from..)
                    .and_then(|rest| memchr::memchr(b'\n', rest))
                    .map(|i| from + i + 1);
                if let Some(end) = found {
                    break end;
                }
                if eof {
                    break buf.len();
                }
                eof = read_more(&mut reader, &mut buf, block)?;
            };
            let doc = SourceText::new_at(buf[..end].to_vec(), line, base);
            let limit = doc.text_offset(cut);
            let this = Piece {
                start: resume,
                limit,
            };
            let next = FileLint::new(&input.display, &doc, settings, self)
                .with_ledger(ledger.as_deref_mut())
                .piece(Kind::Text, this)
                .map_err(PieceError::Write)?;
            // The next piece starts with the line where this one stopped.
            let next_line = doc.line_start(next);
            resume = next - next_line;
            line = doc.position(next_line).line;
            let consumed = doc.piece_byte_offset(next_line);
            base += consumed;
            buf.drain(..consumed);
        }
    }

    fn finish(self) -> Result<ExitCode, String> {
        let Run {
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

impl Reporter for Run<'_> {
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
        if report.fixable {
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
