//! `rfc1738 conformance run ... -- COMMAND [ARGS...]`: runs an
//! implementation against the vectors over JSON Lines and reports where it
//! agrees with the grammar.
//!
//! COMMAND is started once. A thread writes one request a line to its
//! standard input, another reads its standard output, and the answers are
//! taken in order, each within the time-out: no answer in time, a closed
//! output, an answer that is not `{"valid": true|false}` (optionally with
//! `"offset": N`), an answer too many or a failing exit status end the run
//! with exit code 2 and a message that says which case it was. Nothing
//! waits on the child without a time-out, so the harness never hangs.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdout, Command, ExitCode, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use clap::Args;
use rfc1738::dialect::Dialect;
use serde::Serialize;
use serde_json::{json, Value};

use super::generate;
use super::suite::{Case, Mode, Suite};

#[derive(Args)]
pub(crate) struct RunArgs {
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
    format: String,
    /// Seconds to wait for each answer before COMMAND is taken to hang.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    timeout: f64,
    /// Read the vectors from DIR/<revision>.json instead of deriving them
    /// from the grammars (the same cases, when the files are current).
    #[arg(long, value_name = "DIR")]
    suite: Option<PathBuf>,
    /// The implementation to run, and its arguments.
    #[arg(last = true, required = true, value_name = "COMMAND")]
    command: Vec<String>,
}

/// A case and the revision it belongs to.
struct Asked {
    revision: Dialect,
    case: Case,
}

pub(crate) fn run(args: &RunArgs, out: &mut impl Write) -> ExitCode {
    let asked = match select(args) {
        Ok(asked) => asked,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let timeout = match Duration::try_from_secs_f64(args.timeout) {
        Ok(timeout) if !timeout.is_zero() => timeout,
        _ => {
            eprintln!("error: --timeout must be a positive number of seconds");
            return ExitCode::from(2);
        }
    };
    let answers = match converse(&args.command, &asked, timeout) {
        Ok(answers) => answers,
        Err(message) => {
            eprintln!("error: {}: {message}", args.command.join(" "));
            return ExitCode::from(2);
        }
    };
    let report = Report::of(&asked, &answers);
    let _ = match args.format.as_str() {
        "json" => writeln!(out, "{}", report.to_json(&args.command)),
        _ => write!(out, "{}", report.to_human(&args.command)),
    };
    match report.disagreeing_verdicts() {
        0 => ExitCode::SUCCESS,
        _ => ExitCode::from(1),
    }
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
        asked.extend(
            suite
                .cases
                .into_iter()
                .filter(|case| mode.is_none_or(|mode| case.mode == mode))
                .filter(|case| args.rules.is_empty() || args.rules.contains(&case.rule))
                .map(|case| Asked {
                    revision: dialect,
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

/// What the reader thread hands over: a line, or why there is none.
type Line = Result<String, String>;

/// Starts COMMAND, asks every case and collects the answers.
fn converse(command: &[String], asked: &[Asked], timeout: Duration) -> Result<Vec<Answer>, String> {
    let (program, arguments) = command.split_first().ok_or("no command")?;
    let mut child = Command::new(program)
        .args(arguments)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|error| format!("cannot start it: {error}"))?;
    let requests: Vec<String> = asked
        .iter()
        .map(|a| {
            json!({
                "rule": a.case.rule,
                "input": a.case.input,
                "mode": a.case.mode,
                "revision": a.revision.name(),
            })
            .to_string()
        })
        .collect();
    let mut stdin = child.stdin.take().ok_or("no standard input")?;
    // Writes until done or until the child stops reading (a broken pipe).
    std::thread::spawn(move || {
        for request in requests {
            if writeln!(stdin, "{request}").is_err() {
                return;
            }
        }
    });
    let lines = read_lines(child.stdout.take().ok_or("no standard output")?);
    let stderr = keep_tail(child.stderr.take());
    let result = collect(&mut child, asked, &lines, timeout);
    match &result {
        Ok(_) => match wait(&mut child, timeout) {
            Some(status) if !status.success() => {
                return Err(with_stderr(
                    format!("answered every case, then exited with {status}"),
                    &stderr,
                ))
            }
            _ => {}
        },
        Err(_) => {
            let _ = child.kill();
        }
    }
    result.map_err(|message| with_stderr(message, &stderr))
}

/// Takes the answers in order, each within the time-out; then expects the
/// output to end.
fn collect(
    child: &mut Child,
    asked: &[Asked],
    lines: &Receiver<Line>,
    timeout: Duration,
) -> Result<Vec<Answer>, String> {
    let mut answers = Vec::with_capacity(asked.len());
    for (index, a) in asked.iter().enumerate() {
        let which = || {
            format!(
                "case {} of {} ({} {} {} {:?})",
                index + 1,
                asked.len(),
                a.revision,
                a.case.mode.name(),
                a.case.rule,
                a.case.input
            )
        };
        let line = match lines.recv_timeout(timeout) {
            Ok(Ok(line)) => line,
            Ok(Err(error)) => return Err(format!("cannot read its answer to {}: {error}", which())),
            Err(RecvTimeoutError::Timeout) => {
                return Err(format!(
                    "no answer to {} within {:?}: it hangs, or does not flush its output after each line",
                    which(),
                    timeout
                ))
            }
            Err(RecvTimeoutError::Disconnected) => {
                let status = wait(child, timeout)
                    .map_or_else(|| "is still running".to_string(), |s| format!("exited with {s}"));
                return Err(format!(
                    "closed its output after {index} of {} answers, before answering {}; it {status}",
                    asked.len(),
                    which()
                ));
            }
        };
        let answer = Answer::parse(&line).map_err(|why| {
            format!(
                "out of protocol: the answer to {} is {line:?}: {why} (expected {{\"valid\": true}} or {{\"valid\": false, \"offset\": N}})",
                which()
            )
        })?;
        answers.push(answer);
    }
    match lines.recv_timeout(timeout) {
        Ok(Ok(line)) => Err(format!(
            "out of protocol: an answer more than the {} cases asked: {line:?}",
            asked.len()
        )),
        // The output ended, or the child keeps it open: every case is answered.
        _ => Ok(answers),
    }
}

/// The child's exit status within the time-out, or `None` (then it is
/// killed).
fn wait(child: &mut Child, timeout: Duration) -> Option<std::process::ExitStatus> {
    let step = Duration::from_millis(10);
    let mut waited = Duration::ZERO;
    while waited < timeout {
        if let Ok(Some(status)) = child.try_wait() {
            return Some(status);
        }
        std::thread::sleep(step);
        waited += step;
    }
    let _ = child.kill();
    None
}

/// The lines of the child's output, from a thread, as they come.
fn read_lines(stdout: ChildStdout) -> Receiver<Line> {
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let mut reader = BufReader::new(stdout);
        loop {
            let line = match bounded_line(&mut reader) {
                Ok(None) => return,
                Ok(Some((bytes, false))) => {
                    String::from_utf8(bytes).map_err(|_| "the answer is not UTF-8".to_string())
                }
                Ok(Some((_, true))) => Err(format!("an answer longer than {LINE_LIMIT} bytes")),
                Err(error) => Err(error.to_string()),
            };
            let last = line.is_err();
            if sender.send(line).is_err() || last {
                return;
            }
        }
    });
    receiver
}

/// The longest line read from the child: an answer is a few bytes, and a
/// child that writes without end must not take the harness's memory.
const LINE_LIMIT: u64 = 1 << 16;

/// The next line without its end, and whether it was cut at
/// [`LINE_LIMIT`]; `None` at the end of the output.
fn bounded_line(reader: &mut impl BufRead) -> std::io::Result<Option<(Vec<u8>, bool)>> {
    let mut bytes = Vec::new();
    let read = reader
        .by_ref()
        .take(LINE_LIMIT)
        .read_until(b'\n', &mut bytes)?;
    if read == 0 {
        return Ok(None);
    }
    let ended = bytes.last() == Some(&b'\n');
    while bytes.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
        bytes.pop();
    }
    Ok(Some((bytes, !ended && read as u64 == LINE_LIMIT)))
}

/// The last lines the child wrote to its standard error, kept by a
/// thread so that the child never blocks on a full pipe.
struct StderrTail {
    lines: Arc<Mutex<Vec<String>>>,
    /// Closed when the child's standard error ends.
    done: Receiver<()>,
}

fn keep_tail(stderr: Option<impl Read + Send + 'static>) -> StderrTail {
    let lines = Arc::new(Mutex::new(Vec::new()));
    let (finished, done) = mpsc::channel();
    if let Some(stderr) = stderr {
        let kept = Arc::clone(&lines);
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stderr);
            while let Ok(Some((bytes, cut))) = bounded_line(&mut reader) {
                let mut line = String::from_utf8_lossy(&bytes).into_owned();
                if cut {
                    // The rest of a long line comes as further lines.
                    line.push_str(" ...");
                }
                if let Ok(mut kept) = kept.lock() {
                    kept.push(line);
                    if kept.len() > 10 {
                        kept.remove(0);
                    }
                }
            }
            drop(finished);
        });
    }
    StderrTail { lines, done }
}

fn with_stderr(message: String, stderr: &StderrTail) -> String {
    // The child's last words, once its standard error ends (a grandchild
    // may keep it open: a second at most).
    let _ = stderr.done.recv_timeout(Duration::from_secs(1));
    match stderr.lines.lock() {
        Ok(lines) if !lines.is_empty() => {
            format!(
                "{message}\nits standard error ended with:\n  {}",
                lines.join("\n  ")
            )
        }
        _ => message,
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
        let mut tallies: Vec<(Dialect, Vec<(&'a str, Tally)>)> = Vec::new();
        let mut index: BTreeMap<(Dialect, &str), (usize, usize)> = BTreeMap::new();
        let mut disagreements = Vec::new();
        for (a, answer) in asked.iter().zip(answers) {
            let case = &a.case;
            if tallies.last().is_none_or(|(d, _)| *d != a.revision) {
                tallies.push((a.revision, Vec::new()));
            }
            let revision = tallies.len() - 1;
            let (r, p) = *index
                .entry((a.revision, case.rule.as_str()))
                .or_insert_with(|| {
                    tallies[revision]
                        .1
                        .push((case.rule.as_str(), Tally::default()));
                    (revision, tallies[revision].1.len() - 1)
                });
            let tally = &mut tallies[r].1[p].1;
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
            tallies,
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

    fn to_human(&self, command: &[String]) -> String {
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
            out.push_str(&format!(
                "  {} {} {} {:?}: the grammar says {}{}, the implementation {}{} ({})\n",
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
