//! The GitHub Action's lint step (`action/lint.sh`) with the environment a
//! runner gives it (GITHUB_WORKSPACE, GITHUB_STEP_SUMMARY, GITHUB_OUTPUT,
//! a pull request's base), on a real git repository: annotations for the
//! lines the pull request changes, the summary per code, the output, the
//! exit status. `.ci/action/run_action.py` runs the whole action, install
//! step included.

use std::path::{Path, PathBuf};
use std::process::Command;

fn git(dir: &Path, args: &[&str]) -> String {
    let output = Command::new("git")
        .current_dir(dir)
        .args(["-c", "user.name=T", "-c", "user.email=t@example.com"])
        .args(args)
        .output()
        .expect("git runs");
    assert!(output.status.success(), "git {args:?}");
    String::from_utf8(output.stdout).unwrap().trim().to_owned()
}

struct Step {
    status: Option<i32>,
    stdout: String,
    summary: String,
    output: String,
}

fn lint_step(workspace: &Path, env: &[(&str, &str)]) -> Step {
    let temp = tempfile::tempdir().unwrap();
    let summary = temp.path().join("summary.md");
    let output = temp.path().join("output");
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_rfc1738"));
    let path = format!(
        "{}:{}",
        binary.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../action/lint.sh");
    let done = Command::new("bash")
        .args(["--noprofile", "--norc", "-eo", "pipefail"])
        .arg(script)
        .env("PATH", path)
        .env("GITHUB_WORKSPACE", workspace)
        .env("GITHUB_STEP_SUMMARY", &summary)
        .env("GITHUB_OUTPUT", &output)
        .envs(env.iter().copied())
        .output()
        .expect("bash runs");
    Step {
        status: done.status.code(),
        stdout: String::from_utf8(done.stdout).unwrap(),
        summary: std::fs::read_to_string(summary).unwrap_or_default(),
        output: std::fs::read_to_string(output).unwrap_or_default(),
    }
}

#[test]
fn on_a_pull_request_only_its_lines_are_annotated_and_summarised() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    git(root, &["init", "-q", "-b", "main"]);
    std::fs::write(root.join("a.md"), "old http://a.b/~x\n").unwrap();
    git(root, &["add", "."]);
    git(root, &["commit", "-q", "-m", "base"]);
    let base = git(root, &["rev-parse", "HEAD"]);
    std::fs::write(root.join("a.md"), "old http://a.b/~x\nnew HTTP://c.d/~y\n").unwrap();
    git(root, &["commit", "-q", "-am", "change"]);

    let step = lint_step(root, &[("PULL_REQUEST_BASE", &base)]);
    assert_eq!(step.status, Some(1), "{}", step.stdout);
    assert_eq!(
        step.stdout,
        "::warning file=a.md,line=2,col=5,endLine=2,endColumn=9,title=U005 scheme-case::scheme \"HTTP\" is not in lower case; write \"http\" [U005]\n\
         ::error file=a.md,line=2,col=16,endLine=2,endColumn=17,title=U003 unsafe-character::\"~\" is unsafe and not encoded; write %257E [U003]\n"
    );
    assert!(
        step.summary
            .contains(&format!("Lines changed since `{base}`")),
        "{}",
        step.summary
    );
    assert!(
        step.summary
            .contains("| U003 | unsafe-character | 1 |\n| U005 | scheme-case | 1 |\n"),
        "{}",
        step.summary
    );
    assert!(
        step.summary.contains("2 findings in all"),
        "{}",
        step.summary
    );
    assert_eq!(step.output, "findings=2\n");

    // `changed-since: none` judges every line; inputs pass arguments.
    let step = lint_step(
        root,
        &[
            ("PULL_REQUEST_BASE", &base),
            ("INPUT_CHANGED_SINCE", "none"),
            ("INPUT_ARGS", "--select U003"),
            ("INPUT_PATHS", "a.md"),
        ],
    );
    assert_eq!(step.status, Some(1));
    assert_eq!(step.stdout.lines().count(), 2, "{}", step.stdout);
    assert!(
        step.summary.contains("All lines of `a.md`"),
        "{}",
        step.summary
    );
    assert_eq!(step.output, "findings=2\n");

    // A clean change: exit 0, "No finding."
    std::fs::write(root.join("a.md"), "old http://a.b/~x\nnew http://c.d/y\n").unwrap();
    git(root, &["commit", "-q", "-am", "fixed"]);
    let step = lint_step(root, &[("PULL_REQUEST_BASE", &base)]);
    assert_eq!((step.status, step.stdout.as_str()), (Some(0), ""));
    assert!(step.summary.contains("No finding."), "{}", step.summary);
    assert_eq!(step.output, "findings=0\n");
}

#[test]
fn the_action_declares_the_inputs_its_steps_use() {
    let action =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../action.yml"))
            .unwrap();
    for input in ["paths", "args", "version", "changed-since"] {
        assert!(action.contains(&format!("\n  {input}:\n")), "input {input}");
        assert!(
            action.contains(&format!("${{{{ inputs.{input} }}}}")),
            "input {input} used"
        );
    }
    for script in ["action/install.sh", "action/lint.sh"] {
        assert!(
            action.contains(&format!("\"$GITHUB_ACTION_PATH/{script}\"")),
            "{script}"
        );
        assert!(Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("..")
            .join(script)
            .is_file());
    }
}
