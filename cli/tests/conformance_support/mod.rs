//! What the harness's tests share: fake implementations and extractors
//! (shell scripts), and reading a run's output.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

pub fn conformance_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../conformance")
}

/// A fake implementation or extractor: a shell script that answers with
/// the lines of `answers`, as `body` says.
pub struct Fake {
    pub dir: tempfile::TempDir,
}

impl Fake {
    pub fn new(answers: &[Value], body: &str) -> Fake {
        let dir = tempfile::tempdir().unwrap();
        let lines: String = answers.iter().map(|a| format!("{a}\n")).collect();
        std::fs::write(dir.path().join("answers"), lines).unwrap();
        std::fs::write(dir.path().join("fake.sh"), body).unwrap();
        Fake { dir }
    }

    /// Answers every request with the next line of the file, in order.
    pub fn replaying(answers: &[Value]) -> Fake {
        Fake::new(
            answers,
            "while IFS= read -r request; do IFS= read -r answer <&3 || exit 3; printf '%s\\n' \"$answer\"; done 3<\"$(dirname \"$0\")/answers\"\n",
        )
    }

    pub fn command(&self) -> Vec<String> {
        vec![
            "sh".into(),
            self.dir.path().join("fake.sh").display().to_string(),
        ]
    }

    /// A file beside the script.
    pub fn path(&self, name: &str) -> String {
        self.dir.path().join(name).display().to_string()
    }
}

/// The JSON report on standard output.
pub fn report(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    })
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Runs `body` as a fake through `harness` with a time-out of half a
/// second: the run must end with exit code 2, no report and within a bound;
/// returns its message.
pub fn fails(harness: fn(&[&str], &[String]) -> Output, body: &str, answers: &[Value]) -> String {
    let fake = Fake::new(answers, body);
    let start = Instant::now();
    let output = harness(&["--timeout", "0.5"], &fake.command());
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "the harness took {:?}",
        start.elapsed()
    );
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(output.stdout.is_empty(), "no report on a failed run");
    stderr(&output)
}

/// What `rfc1738 ARGS` (an `answer` command) says to these request lines.
pub fn answers(args: &[&str], requests: &[String]) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    for request in requests {
        writeln!(stdin, "{request}").unwrap();
    }
    drop(stdin);
    child.wait_with_output().unwrap()
}
