//! The arguments of `rfc1738 lint` and its help.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use rfc1738::lint::{Code, Severity};

use crate::output::Format;

const AFTER_HELP_TEMPLATE: &str = "\
Files and directories: a directory is searched recursively, honouring
.gitignore, .ignore and hidden files as ripgrep does (also outside a git
repository); files named on the command line are always linted. Paths are
printed relative to the working directory. Standard input is read when no
path is given or for `-`.

@FILE_TYPES@

Configuration: the nearest .rfc1738.toml, rfc1738.toml, or pyproject.toml
with a [tool.rfc1738] table, from each file's directory upward (keys:
select, extend-select, ignore, level, exclude, extend-exclude,
markdown-code, baseline, [per-file-ignores] with globs relative to the
configuration file, [severity]). Command-line --select replaces the
file's select; --extend-select and --ignore add to it.

Baseline: --write-baseline FILE records the findings (file, code, URL and
how many); --baseline FILE (or `baseline = \"FILE\"` in the configuration)
reports only the findings it does not hold, matched by file, code, URL and
occurrence, not by line. --statistics counts the findings not reported
and the stale entries (recorded, no longer found).

Suppression comments, in any file type: `rfc1738-ignore: U003,password` on
the line of the finding, `rfc1738-ignore-next-line: CODES` on the line
before, `rfc1738-ignore-file: CODES` anywhere; no codes means all. An unused
suppression is U019, reported when selected (--extend-select U019); so is
U020, a URL RFC 1738 rejects that an earlier revision accepts: the two
opt-in codes.

Fixes (--fix, --diff): an unsafe character escaped (`~` to %7E, a space to
%20), the scheme name and an FTP typecode lower-cased, each only where the
URL with its fixes matches its production; files are replaced atomically,
with their line endings and permissions. A fix in prose, a comment or a
link is safe; one in a program's string literal or a data file's value is
unsafe (a program reads it): shown, but applied only with --unsafe-fixes
(or `unsafe-fixes = true` in the configuration).

Pull requests: --changed-since REV reports only the findings on lines
added or changed since the git revision REV (the working tree, staged or
not, against REV, renames followed; files git does not track yet, unless
ignored, whole). Files without such lines are not linted. The baseline and
the configuration apply as usual.

Exit status: 0 no finding at or above --level (or --exit-zero); 1 findings
at or above --level (with --diff: some file would change); 2 usage,
configuration or I/O error.";

/// The help after the options: [`AFTER_HELP_TEMPLATE`] with the file
/// types of the registry ([`crate::extract::filetype`]).
fn after_help() -> String {
    let mut types = String::from(
        "File types, by name (then a #! line, a modeline or a man page's first \
         request), each read as what it is: ",
    );
    types.push_str(&crate::extract::filetype::read_by_a_reader().join(", "));
    types.push_str(
        "; anything else as plain text (RFC 1738's appendix: <URL:...>, angle \
         brackets, bare URLs, line breaks). docs/linter-files.md says how each is read.",
    );
    AFTER_HELP_TEMPLATE.replace("@FILE_TYPES@", &wrap(&types, 74))
}

/// `text` in lines of at most `width` characters, broken at spaces.
fn wrap(text: &str, width: usize) -> String {
    let mut lines: Vec<String> = vec![String::new()];
    for word in text.split(' ') {
        let line = lines.last_mut().expect("a line");
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            lines.push(word.to_owned());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines.join("\n")
}

/// The arguments of `rfc1738 lint`.
#[derive(Args)]
#[command(after_help = after_help())]
pub struct LintArgs {
    /// Files and directories to lint; standard input when none is given or for `-`.
    pub(super) files: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub(super) format: Format,
    /// Report only these codes or names (comma-separated, e.g. U001,password; ALL for all).
    #[arg(long, value_delimiter = ',', value_name = "CODES")]
    pub(super) select: Vec<String>,
    /// Report these codes too, on top of the selection.
    #[arg(long, value_delimiter = ',', value_name = "CODES")]
    pub(super) extend_select: Vec<String>,
    /// Do not report these codes or names (comma-separated).
    #[arg(long, value_delimiter = ',', value_name = "CODES")]
    pub(super) ignore: Vec<String>,
    /// The lowest severity that makes the exit code 1 (info, warning, error) [default: warning].
    #[arg(long, value_parser = parse_severity)]
    pub(super) level: Option<Severity>,
    /// Use this configuration file for every file (no search upward).
    #[arg(long, value_name = "FILE")]
    pub(super) config: Option<PathBuf>,
    /// Read no configuration file.
    #[arg(long)]
    pub(super) isolated: bool,
    /// In directories, lint only files matching this glob (repeatable; relative to the working directory).
    #[arg(long, value_name = "GLOB")]
    pub(super) include: Vec<String>,
    /// In directories, skip files and directories matching this glob (repeatable).
    #[arg(long, value_name = "GLOB")]
    pub(super) exclude: Vec<String>,
    /// The name of standard input: its file type, configuration and printed path.
    #[arg(long, value_name = "PATH")]
    pub(super) stdin_filename: Option<String>,
    /// Also find URLs in Markdown code spans and code blocks.
    #[arg(long)]
    pub(super) markdown_code: bool,
    /// Print the number of findings of each code instead of the findings,
    /// and of the baseline's findings those not reported and those stale.
    #[arg(long)]
    pub(super) statistics: bool,
    /// Do not report the findings this baseline file holds (default: the
    /// configuration's `baseline`).
    #[arg(long, value_name = "FILE")]
    pub(super) baseline: Option<PathBuf>,
    /// Record the findings in this baseline file (replacing it) and report none.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["fix", "diff"])]
    pub(super) write_baseline: Option<PathBuf>,
    /// Apply the exclusions (--exclude, the configuration's exclude) to
    /// files named on the command line too, as a pre-commit hook needs.
    #[arg(long)]
    pub(super) force_exclude: bool,
    /// Print findings only: no summary line.
    #[arg(long, short)]
    pub(super) quiet: bool,
    /// Exit with 0 even when there are findings (2 still means an error).
    #[arg(long)]
    pub(super) exit_zero: bool,
    /// Write the report to this file instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    pub(super) output_file: Option<PathBuf>,
    /// Colour in the human format.
    #[arg(long, value_enum, default_value_t = Colour::Auto)]
    pub(super) color: Colour,
    /// Apply the fixes that keep each URL's meaning (files are replaced atomically).
    #[arg(long, conflicts_with = "diff")]
    pub(super) fix: bool,
    /// Print the fixes as a unified diff; change nothing.
    #[arg(long)]
    pub(super) diff: bool,
    /// With --fix and --diff, apply the unsafe fixes too: those of a URL in
    /// a program's string literal or a data file's value, which a program
    /// reads (every format shows them either way).
    #[arg(long)]
    pub(super) unsafe_fixes: bool,
    /// Report only the findings on lines added or changed since the git
    /// revision REV (the working tree against REV, renames followed;
    /// untracked files whole): what a pull request touches.
    #[arg(long, value_name = "REV", conflicts_with_all = ["fix", "diff", "write_baseline"])]
    pub(super) changed_since: Option<String>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum Colour {
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
pub(super) fn codes(names: &[String]) -> Result<Vec<Code>, String> {
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
