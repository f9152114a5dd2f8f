//! Running the commands, with a deadline, and the files they read.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The repository's root folder.
pub fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the crate is in the repository")
        .to_owned()
}

/// The shipped sample, `datafusion/data/urls.parquet`.
pub fn sample_parquet() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data/urls.parquet")
}

/// What a command did.
#[derive(Debug)]
pub struct Output {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl Output {
    /// The output of a run that must succeed.
    pub fn ok(self) -> Output {
        assert_eq!(self.code, Some(0), "failed: {self:?}");
        self
    }

    /// The message of a run that must fail with exit code 2.
    pub fn usage_error(self) -> String {
        assert_eq!(self.code, Some(2), "did not fail with 2: {self:?}");
        assert!(self.stdout.is_empty(), "wrote {:?}", self.stdout);
        assert!(!self.stderr.contains("panicked"), "{}", self.stderr);
        self.stderr
    }
}

/// `rfc1738-sql ARGS`, run in the repository's root with `stdin`, killed
/// after two minutes.
pub fn sql(args: &[&str], stdin: Option<&str>) -> Output {
    run(
        Command::new(env!("CARGO_BIN_EXE_rfc1738-sql"))
            .args(args)
            .current_dir(repository()),
        stdin,
        Duration::from_secs(120),
    )
}

/// Runs a command to its end or its deadline (then it is killed and the
/// test fails).
pub fn run(command: &mut Command, stdin: Option<&str>, deadline: Duration) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the command starts");
    let input = stdin.unwrap_or_default().to_owned();
    let mut pipe = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(input.as_bytes());
    });
    let reader = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = Vec::new();
            let _ = pipe.read_to_end(&mut text);
            String::from_utf8_lossy(&text).into_owned()
        })
    };
    let stdout = reader(Box::new(child.stdout.take().expect("stdout")));
    let stderr = reader(Box::new(child.stderr.take().expect("stderr")));
    let code = wait(&mut child, deadline);
    writer.join().expect("stdin written");
    Output {
        code,
        stdout: stdout.join().expect("stdout read"),
        stderr: stderr.join().expect("stderr read"),
    }
}

/// The exit code, or a failed test when the deadline passes first.
fn wait(child: &mut Child, deadline: Duration) -> Option<i32> {
    let end = Instant::now() + deadline;
    loop {
        if let Some(status) = child.try_wait().expect("waited") {
            return status.code();
        }
        if Instant::now() > end {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the command ran past {deadline:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}
