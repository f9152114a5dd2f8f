//! `rfc1738 conformance run ... -- COMMAND [ARGS...]`: runs an
//! implementation against the vectors over JSON Lines and reports where it
//! agrees with the grammar.
//!
//! COMMAND is started once and answers every case in order (`process`):
//! no answer in time, a closed output, an answer that is not `{"valid":
//! true|false}` (optionally with `"offset": N`), an answer too many or a
//! failing exit status end the run with exit code 2 and a message that says
//! which case it was. `--extract` runs an extractor against the extraction
//! cases instead (`extract`).

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use rfc1738::dialect::Dialect;
use serde::Serialize;
use serde_json::{json, Value};

use super::expected::{self, Outcome};
use super::generate;
use super::process::{self, Protocol};
use super::suite::{Case, Mode, Suite};
use super::tallies::Tallies;

#[derive(Args)]
pub(crate) struct RunArgs {
    /// Run COMMAND as a URL extractor against the extraction cases
    /// (extract.json): each request a text, each answer the URLs found.
    #[arg(long, conflicts_with_all = ["revisions", "mode", "rules"])]
    pub(crate) extract: bool,
    /// With --extract: only the texts of this kind (repeatable; default:
    /// both).
    #[arg(long = "kind", value_name = "K", value_parser = ["plain", "markdown"], requires = "extract")]
    pub(crate) kinds: Vec<String>,
    /// Only the cases of this revision (repeatable; default: all four).
    #[arg(long = "revision", value_name = "R", value_parser = Dialect::NAMES)]
    revisions: Vec<String>,
    /// Only the cases of this mode (default: both).
    #[arg(long, value_name = "M", value_parser = ["strict", "default"])]
    mode: Option<String>,
    /// Only the cases of this production (repeatable): the productions the
    /// implementation has.
    #[arg(long = "rule", value_name = "NAME")]
    rules: Vec<String>,
    /// The report: a table for people, or one JSON object.
    #[arg(long, value_name = "FORMAT", default_value = "human", value_parser = ["human", "json"])]
    pub(crate) format: String,
    /// Seconds to wait for each answer before COMMAND is taken to hang.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub(crate) timeout: f64,
    /// Read the vectors from DIR/<revision>.json (and DIR/extract.json)
    /// instead of deriving them (the same cases, when the files are
    /// current).
    #[arg(long, value_name = "DIR")]
    pub(crate) suite: Option<PathBuf>,
    /// The case ids the implementation is known to fail, one a line (`#`
    /// starts a comment): they are reported but do not fail the run; a
    /// listed case that agrees, or a listed id the suite lacks, does.
    #[arg(long, value_name = "FILE")]
    pub(crate) expected_failures: Option<PathBuf>,
    /// Write the ids of the cases whose verdicts differ to FILE (exit 0
    /// unless the run itself fails).
    #[arg(long, value_name = "FILE")]
    pub(crate) write_expected_failures: Option<PathBuf>,
    /// The implementation to run, and its arguments.
    #[arg(last = true, required = true, value_name = "COMMAND")]
    pub(crate) command: Vec<String>,
}

/// A case and the revision it belongs to.
struct Asked {
    revision: Dialect,
    suite_version: String,
    case: Case,
}

/// The exit code of a run, its error said on standard error (exit 2).
pub(crate) fn reported(run: Result<ExitCode, String>) -> ExitCode {
    match run {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

/// The time-out of `--timeout`.
pub(crate) fn timeout(seconds: f64) -> Result<Duration, String> {
    match Duration::try_from_secs_f64(seconds) {
        Ok(timeout) if !timeout.is_zero() => Ok(timeout),
        _ => Err("--timeout must be a positive number of seconds".into()),
    }
}

/// Runs an implementation against the grammar's cases (`run --extract`
/// is `extract_run`'s).
pub(crate) fn run(args: &RunArgs, out: &mut impl Write) -> Result<ExitCode, String> {
    let asked = select(args)?;
    let timeout = timeout(args.timeout)?;
    let listed = args
        .expected_failures
        .as_deref()
        .map(expected::Listed::read)
        .transpose()?;
    let describe = |index: usize| {
        let a: &Asked = &asked[index];
        format!(
            "{} {} {} {} {:?}",
            a.case.id,
            a.revision,
            a.case.mode.name(),
            a.case.rule,
            a.case.input
        )
    };
    let protocol = Protocol {
        requests: asked.iter().map(request).collect(),
        describe: &describe,
        parse: &Answer::parse,
        expected: "{\"valid\": true} or {\"valid\": false, \"offset\": N}",
        line_limit: 1 << 16,
        timeout,
    };
    let answers = process::converse(&args.command, protocol)
        .map_err(|message| format!("{}: {message}", args.command.join(" ")))?;
    let report = Report::of(&asked, &answers);
    let failing: Vec<&str> = report
        .disagreements
        .iter()
        .filter(|d| d.kind == "verdict")
        .map(|d| d.id)
        .collect();
    let ending = Ending {
        failing,
        asked: asked.iter().map(|a| a.case.id.as_str()).collect(),
        what: "cases",
        command: "run",
        suite_version: asked.first().map_or("", |a| a.suite_version.as_str()),
        json: report.to_json(&args.command),
        human: report.to_human(&args.command, listed.as_ref()),
    };
    end(args, listed.as_ref(), ending, out)
}

/// What both harnesses have once every answer is in.
pub(crate) struct Ending<'a> {
    /// The ids of the cases that disagree.
    pub(crate) failing: Vec<&'a str>,
    /// The ids of the cases asked.
    pub(crate) asked: BTreeSet<&'a str>,
    /// What the cases are, for the list's header.
    pub(crate) what: &'static str,
    /// The subcommand, for the list's header.
    pub(crate) command: &'static str,
    pub(crate) suite_version: &'a str,
    /// The reports, without the expected failures' outcome.
    pub(crate) json: Value,
    pub(crate) human: String,
}

/// Reports, weighs the expected failures, writes the list, and decides the
/// exit code.
pub(crate) fn end(
    args: &RunArgs,
    listed: Option<&expected::Listed>,
    ending: Ending<'_>,
    out: &mut impl Write,
) -> Result<ExitCode, String> {
    let outcome = match listed {
        Some(listed) => Some(Outcome::of(
            listed,
            &ending.failing,
            &ending.asked,
            &suite_ids(args.suite.as_deref())?,
        )),
        None => None,
    };
    let _ = match args.format.as_str() {
        "json" => {
            let mut report = ending.json;
            if let (Some(listed), Some(items)) = (listed, report["disagreements"].as_array_mut()) {
                for item in items {
                    let id = item["id"].as_str().unwrap_or_default();
                    item["listed"] = json!(listed.contains(id));
                }
            }
            if let Some(outcome) = &outcome {
                report["expected_failures"] = json!(outcome);
            }
            writeln!(out, "{report}")
        }
        _ => write!(
            out,
            "{}{}",
            ending.human,
            outcome.as_ref().map(Outcome::to_human).unwrap_or_default()
        ),
    };
    if let Some(path) = &args.write_expected_failures {
        let header = [
            format!(
                "The {} `{}` fails: {} of {} asked.",
                ending.what,
                args.command.join(" "),
                ending.failing.len(),
                ending.asked.len()
            ),
            format!(
                "Written by `rfc1738 conformance {} --write-expected-failures`, {}.",
                ending.command,
                version_of(ending.suite_version)
            ),
        ];
        expected::write(path, &header, &ending.failing)?;
        return Ok(ExitCode::SUCCESS);
    }
    let fails = match &outcome {
        Some(outcome) => outcome.fails(),
        None => !ending.failing.is_empty(),
    };
    Ok(match fails {
        false => ExitCode::SUCCESS,
        true => ExitCode::from(1),
    })
}

/// The suite's version as a list's header names it.
pub(crate) fn version_of(suite_version: &str) -> String {
    match suite_version {
        "" => "on cases derived from the grammars now (no suite version)".into(),
        version => format!("suite version {version}"),
    }
}

/// A case's line of the protocol.
fn request(a: &Asked) -> String {
    json!({
        "id": a.case.id,
        "rule": a.case.rule,
        "input": a.case.input,
        "mode": a.case.mode,
        "revision": a.revision.name(),
    })
    .to_string()
}

/// Every id of the suite: from DIR's files, or derived.
pub(crate) fn suite_ids(dir: Option<&Path>) -> Result<BTreeSet<String>, String> {
    let mut ids = BTreeSet::new();
    for dialect in Dialect::ALL {
        let suite = match dir {
            Some(dir) => Suite::read(dir, dialect)?,
            None => generate::suite(dialect)?,
        };
        ids.extend(suite.cases.into_iter().map(|case| case.id));
    }
    ids.extend(super::extract::ids(dir)?);
    Ok(ids)
}

/// The cases asked for, in the order of the files.
fn select(args: &RunArgs) -> Result<Vec<Asked>, String> {
    let dialects: Vec<Dialect> = match args.revisions.is_empty() {
        true => Dialect::ALL.to_vec(),
        false => Dialect::ALL
            .into_iter()
            .filter(|d| args.revisions.iter().any(|r| r == d.name()))
            .collect(),
    };
    for rule in &args.rules {
        if !dialects.iter().any(|d| d.has(rule)) {
            let names: Vec<&str> = dialects.iter().map(|d| d.name()).collect();
            return Err(format!("no production {rule:?} in {}", names.join(", ")));
        }
    }
    let mode = args.mode.as_deref().and_then(Mode::from_name);
    let mut asked = Vec::new();
    for dialect in dialects {
        let suite = match &args.suite {
            Some(dir) => Suite::read(dir, dialect)?,
            None => generate::suite(dialect)?,
        };
        let suite_version = suite.suite_version;
        asked.extend(
            suite
                .cases
                .into_iter()
                .filter(|case| mode.is_none_or(|mode| case.mode == mode))
                .filter(|case| args.rules.is_empty() || args.rules.contains(&case.rule))
                .map(|case| Asked {
                    revision: dialect,
                    suite_version: suite_version.clone(),
                    case,
                }),
        );
    }
    match asked.is_empty() {
        true => Err("no case matches the options".into()),
        false => Ok(asked),
    }
}

/// An implementation's answer: its verdict and, maybe, the offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Answer {
    valid: bool,
    offset: Option<usize>,
}

impl Answer {
    fn parse(line: &str) -> Result<Answer, String> {
        let value: Value =
            serde_json::from_str(line).map_err(|error| format!("not JSON ({error})"))?;
        let object = value.as_object().ok_or("not a JSON object")?;
        let valid = match object.get("valid") {
            Some(Value::Bool(valid)) => *valid,
            _ => return Err("no boolean \"valid\"".into()),
        };
        let offset = match object.get("offset") {
            None | Some(Value::Null) => None,
            Some(offset) => Some(
                offset
                    .as_u64()
                    .and_then(|n| usize::try_from(n).ok())
                    .ok_or("\"offset\" is not a non-negative integer")?,
            ),
        };
        Ok(Answer { valid, offset })
    }
}

/// Counts of agreement for one production of one revision.
#[derive(Default, Clone, Copy, Serialize)]
struct Tally {
    valid: usize,
    valid_agree: usize,
    invalid: usize,
    invalid_agree: usize,
    offsets_given: usize,
    offsets_agree: usize,
}

/// A production's line of the JSON report.
#[derive(Serialize)]
struct Row<'a> {
    rule: &'a str,
    #[serde(flatten)]
    tally: Tally,
}

/// A case where the implementation and the grammar differ.
#[derive(Serialize)]
struct Disagreement<'a> {
    id: &'a str,
    kind: &'static str,
    revision: &'static str,
    rule: &'a str,
    mode: &'static str,
    input: &'a str,
    valid: bool,
    answer: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    offset: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    answer_offset: Option<usize>,
    source: &'a str,
}

struct Report<'a> {
    /// Per revision, per production in the order first asked.
    tallies: Vec<(Dialect, Vec<(&'a str, Tally)>)>,
    disagreements: Vec<Disagreement<'a>>,
}

impl<'a> Report<'a> {
    fn of(asked: &'a [Asked], answers: &[Answer]) -> Report<'a> {
        let mut tallies = Tallies::new();
        let mut disagreements = Vec::new();
        for (a, answer) in asked.iter().zip(answers) {
            let case = &a.case;
            let tally: &mut Tally = tallies.entry(a.revision, case.rule.as_str());
            let agree = answer.valid == case.valid;
            match case.valid {
                true => {
                    tally.valid += 1;
                    tally.valid_agree += usize::from(agree);
                }
                false => {
                    tally.invalid += 1;
                    tally.invalid_agree += usize::from(agree);
                }
            }
            let offset = case.error.as_ref().map(|error| error.offset);
            let offset_differs = match (offset, answer.offset, answer.valid) {
                (Some(expected), Some(given), false) => {
                    tally.offsets_given += 1;
                    tally.offsets_agree += usize::from(expected == given);
                    expected != given
                }
                _ => false,
            };
            if !agree || offset_differs {
                disagreements.push(Disagreement {
                    id: &case.id,
                    kind: if agree { "offset" } else { "verdict" },
                    revision: a.revision.name(),
                    rule: &case.rule,
                    mode: case.mode.name(),
                    input: &case.input,
                    valid: case.valid,
                    answer: answer.valid,
                    offset,
                    answer_offset: answer.offset,
                    source: &case.source,
                });
            }
        }
        Report {
            tallies: tallies.sorted(),
            disagreements,
        }
    }

    fn disagreeing_verdicts(&self) -> usize {
        self.disagreements
            .iter()
            .filter(|d| d.kind == "verdict")
            .count()
    }

    fn to_json(&self, command: &[String]) -> Value {
        let revisions: Vec<Value> = self
            .tallies
            .iter()
            .map(|(dialect, productions)| {
                let productions: Vec<Value> = productions
                    .iter()
                    .map(|(rule, tally)| {
                        json!(Row {
                            rule,
                            tally: *tally
                        })
                    })
                    .collect();
                json!({"revision": dialect.name(), "productions": productions})
            })
            .collect();
        json!({
            "command": command,
            "verdicts_differ": self.disagreeing_verdicts(),
            "revisions": revisions,
            "disagreements": self.disagreements,
        })
    }

    fn to_human(&self, command: &[String], listed: Option<&expected::Listed>) -> String {
        let mut out = format!("conformance of `{}`\n", command.join(" "));
        for (dialect, productions) in &self.tallies {
            let mut total = Tally::default();
            for (_, tally) in productions {
                total.valid += tally.valid;
                total.valid_agree += tally.valid_agree;
                total.invalid += tally.invalid;
                total.invalid_agree += tally.invalid_agree;
                total.offsets_given += tally.offsets_given;
                total.offsets_agree += tally.offsets_agree;
            }
            out.push_str(&format!(
                "\n{dialect}: {} of {} verdicts agree; offsets: {} of {} given agree\n",
                total.valid_agree + total.invalid_agree,
                total.valid + total.invalid,
                total.offsets_agree,
                total.offsets_given
            ));
            out.push_str(&format!(
                "  {:<20} {:>11} {:>11} {:>11}\n",
                "production", "valid", "invalid", "offsets"
            ));
            for (rule, t) in productions {
                out.push_str(&format!(
                    "  {rule:<20} {:>11} {:>11} {:>11}\n",
                    format!("{}/{}", t.valid_agree, t.valid),
                    format!("{}/{}", t.invalid_agree, t.invalid),
                    format!("{}/{}", t.offsets_agree, t.offsets_given),
                ));
            }
        }
        if !self.disagreements.is_empty() {
            out.push_str(&format!(
                "\ndisagreements ({}):\n",
                self.disagreements.len()
            ));
        }
        for d in &self.disagreements {
            let verdict = |valid: bool| if valid { "valid" } else { "invalid" };
            let offset = |o: Option<usize>| o.map(|o| format!(" at {o}")).unwrap_or_default();
            let mark = match listed {
                Some(listed) if listed.contains(d.id) => " [expected failure]",
                _ => "",
            };
            out.push_str(&format!(
                "  {} {} {} {} {:?}: the grammar says {}{}, the implementation {}{} ({}){mark}\n",
                d.id,
                d.revision,
                d.mode,
                d.rule,
                d.input,
                verdict(d.valid),
                offset(d.offset),
                verdict(d.answer),
                offset(d.answer_offset),
                d.source
            ));
        }
        out
    }
}
