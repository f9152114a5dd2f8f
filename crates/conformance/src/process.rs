//! The conversation with an implementation under test, for both harnesses
//! (`run` and `run --extract`): COMMAND is started once, a thread writes
//! one request a line to its standard input, another reads its standard
//! output, and the answers are taken in order, each within the time-out.
//! No answer in time, a closed output, an answer out of protocol, an answer
//! too many or a failing exit status end the conversation with a message
//! that says which case it was. Nothing waits on the child without a
//! time-out, so the harness never hangs.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// What one conversation needs besides the command.
pub(crate) struct Protocol<'a, A> {
    /// One JSON object a line, in the order of the cases.
    pub(crate) requests: Vec<String>,
    /// How a message names case `index`.
    pub(crate) describe: &'a dyn Fn(usize) -> String,
    /// Reads an answer, or says why it is out of protocol.
    pub(crate) parse: &'a dyn Fn(&str) -> Result<A, String>,
    /// What an answer looks like, for the message about one that is not.
    pub(crate) expected: &'a str,
    /// The longest answer read: a child that writes without end must not
    /// take the harness's memory.
    pub(crate) line_limit: u64,
    pub(crate) timeout: Duration,
}

/// What the reader thread hands over: a line, or why there is none.
type Line = Result<String, String>;

/// Starts COMMAND, asks every case and collects the answers.
pub(crate) fn converse<A>(
    command: &[String],
    mut protocol: Protocol<'_, A>,
) -> Result<Vec<A>, String> {
    let (program, arguments) = command.split_first().ok_or("no command")?;
    let mut child = Command::new(program)
        .args(arguments)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|error| format!("cannot start it: {error}"))?;
    let count = protocol.requests.len();
    let requests = std::mem::take(&mut protocol.requests);
    let mut stdin = child.stdin.take().ok_or("no standard input")?;
    // Writes until done or until the child stops reading (a broken pipe).
    std::thread::spawn(move || {
        for request in requests {
            if writeln!(stdin, "{request}").is_err() {
                return;
            }
        }
    });
    let lines = read_lines(
        child.stdout.take().ok_or("no standard output")?,
        protocol.line_limit,
    );
    let stderr = keep_tail(child.stderr.take());
    let timeout = protocol.timeout;
    let result = collect(&mut child, count, &lines, &protocol);
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
fn collect<A>(
    child: &mut Child,
    count: usize,
    lines: &Receiver<Line>,
    protocol: &Protocol<'_, A>,
) -> Result<Vec<A>, String> {
    let timeout = protocol.timeout;
    let mut answers = Vec::with_capacity(count);
    for index in 0..count {
        let which = || {
            format!(
                "case {} of {count} ({})",
                index + 1,
                (protocol.describe)(index)
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
                    "closed its output after {index} of {count} answers, before answering {}; it {status}",
                    which()
                ));
            }
        };
        let answer = (protocol.parse)(&line).map_err(|why| {
            format!(
                "out of protocol: the answer to {} is {line:?}: {why} (expected {})",
                which(),
                protocol.expected
            )
        })?;
        answers.push(answer);
    }
    match lines.recv_timeout(timeout) {
        Ok(Ok(line)) => Err(format!(
            "out of protocol: an answer more than the {count} cases asked: {line:?}"
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
fn read_lines(stdout: ChildStdout, limit: u64) -> Receiver<Line> {
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let mut reader = BufReader::new(stdout);
        loop {
            let line = match bounded_line(&mut reader, limit) {
                Ok(None) => return,
                Ok(Some((bytes, false))) => {
                    String::from_utf8(bytes).map_err(|_| "the answer is not UTF-8".to_string())
                }
                Ok(Some((_, true))) => Err(format!("an answer longer than {limit} bytes")),
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

/// The next line without its end, and whether it was cut at `limit`;
/// `None` at the end of the output.
fn bounded_line(reader: &mut impl BufRead, limit: u64) -> std::io::Result<Option<(Vec<u8>, bool)>> {
    let mut bytes = Vec::new();
    let read = reader.by_ref().take(limit).read_until(b'\n', &mut bytes)?;
    if read == 0 {
        return Ok(None);
    }
    let ended = bytes.last() == Some(&b'\n');
    while bytes.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
        bytes.pop();
    }
    Ok(Some((bytes, !ended && read as u64 == limit)))
}

/// The longest line kept of the child's standard error.
const STDERR_LINE: u64 = 1 << 12;

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
            while let Ok(Some((bytes, cut))) = bounded_line(&mut reader, STDERR_LINE) {
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
