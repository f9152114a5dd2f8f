#!/usr/bin/env python3
"""Runs the composite action of action.yml as a GitHub runner would, on a
pull request of a repository made here, and checks what it does.

The runner's part, as GitHub documents it for composite actions: each
step's `${{ inputs.* }}`, `${{ github.* }}` and `${{ steps.*.outputs.* }}`
expressions are replaced, its `env` is set over the runner's environment
(GITHUB_WORKSPACE, GITHUB_ACTION_PATH, GITHUB_STEP_SUMMARY, GITHUB_PATH,
GITHUB_OUTPUT, GITHUB_EVENT_NAME, GITHUB_EVENT_PATH, RUNNER_TEMP, CI,
GITHUB_ACTIONS), its `run` is executed with `bash --noprofile --norc -eo
pipefail`, the directories a step appends to GITHUB_PATH are on the PATH of
the next steps, and the lines `name=value` it appends to GITHUB_OUTPUT are
its outputs. The first failing step ends the run.

The repository: a base commit with old findings, and a pull request that
adds new ones. The checks: exit status 1; annotations (`::error` and
`::warning` workflow commands) for the new findings only; the step summary
holds the table of findings per code; the action's output `findings`.

Usage: run_action.py ACTION_DIR [--version V]
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml


def git(cwd, *args):
    subprocess.run(
        ["git", "-c", "user.name=CI", "-c", "user.email=ci@example.com", *args],
        cwd=cwd,
        check=True,
        stdout=subprocess.DEVNULL,
    )


def make_repository(root):
    os.makedirs(os.path.join(root, "docs"))
    with open(os.path.join(root, "docs", "guide.md"), "w") as f:
        f.write("Old: http://old.example/~a\n\nKept line.\n")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "base")
    base = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=root, check=True, capture_output=True, text=True
    ).stdout.strip()
    with open(os.path.join(root, "docs", "guide.md"), "a") as f:
        f.write("New: see HTTP://new.example/~b and <http://frag.example/#a b>\n")
    with open(os.path.join(root, "NOTES.txt"), "w") as f:
        f.write("ftp://u:secret@files.example/pub\n")
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "pull request")
    return base


def substitute(text, context):
    def value(match):
        path = match.group(1).strip().split(".")
        node = context
        for key in path:
            node = node.get(key, "") if isinstance(node, dict) else ""
        return "" if node is None else str(node)

    return re.sub(r"\$\{\{\s*([^}]*?)\s*\}\}", value, text)


def run_action(action_dir, workspace, event, inputs, temp):
    with open(os.path.join(action_dir, "action.yml")) as f:
        action = yaml.safe_load(f)
    assert action["runs"]["using"] == "composite", action["runs"]
    declared = action.get("inputs", {})
    for name in inputs:
        assert name in declared, f"input {name!r} is not declared"
    values = {name: spec.get("default", "") for name, spec in declared.items()}
    values.update(inputs)
    event_path = os.path.join(temp, "event.json")
    with open(event_path, "w") as f:
        json.dump(event, f)
    files = {name: os.path.join(temp, name) for name in ["summary.md", "path", "output"]}
    for path in files.values():
        open(path, "w").close()
    env = dict(os.environ)
    env.update(
        {
            "CI": "true",
            "GITHUB_ACTIONS": "true",
            "GITHUB_WORKSPACE": workspace,
            "GITHUB_ACTION_PATH": action_dir,
            "GITHUB_STEP_SUMMARY": files["summary.md"],
            "GITHUB_PATH": files["path"],
            "GITHUB_EVENT_NAME": "pull_request",
            "GITHUB_EVENT_PATH": event_path,
            "RUNNER_TEMP": temp,
        }
    )
    context = {"inputs": values, "github": {"event": event}, "steps": {}}
    stdout = []
    status = 0
    for step in action["runs"]["steps"]:
        step_env = dict(env)
        for key, value in (step.get("env") or {}).items():
            step_env[key] = substitute(str(value), context)
        extra = [line for line in open(files["path"]).read().splitlines() if line]
        step_env["PATH"] = os.pathsep.join(list(reversed(extra)) + [env["PATH"]])
        open(files["output"], "w").close()
        step_env["GITHUB_OUTPUT"] = files["output"]
        assert step.get("shell") == "bash", step
        script = substitute(step["run"], context)
        done = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script],
            cwd=workspace,
            env=step_env,
            capture_output=True,
            text=True,
        )
        print(f"== step {step.get('name')}: exit {done.returncode}", file=sys.stderr)
        sys.stderr.write(done.stderr)
        stdout.append(done.stdout)
        outputs = dict(
            line.split("=", 1) for line in open(files["output"]).read().splitlines() if "=" in line
        )
        if "id" in step:
            context["steps"][step["id"]] = {"outputs": outputs}
        if done.returncode != 0:
            status = done.returncode
            break
    action_outputs = {
        name: substitute(spec["value"], context) for name, spec in action.get("outputs", {}).items()
    }
    return status, "".join(stdout), open(files["summary.md"]).read(), action_outputs


def main():
    action_dir = os.path.abspath(sys.argv[1])
    inputs = {}
    if "--version" in sys.argv:
        inputs["version"] = sys.argv[sys.argv.index("--version") + 1]
    temp = tempfile.mkdtemp(prefix="rfc1738-action-")
    try:
        workspace = os.path.join(temp, "workspace")
        os.makedirs(workspace)
        base = make_repository(workspace)
        event = {"pull_request": {"base": {"sha": base}, "number": 1}}
        status, stdout, summary, outputs = run_action(action_dir, workspace, event, inputs, temp)
        print(stdout)
        print(summary)
        annotations = [line for line in stdout.splitlines() if line.startswith("::")]
        assert status == 1, f"exit status {status}"
        # The new lines' findings, and nothing of the base's line 1.
        assert any("file=docs/guide.md,line=4," in a and "U005" in a for a in annotations), annotations
        assert any("file=docs/guide.md,line=4," in a and "U021" in a for a in annotations), annotations
        assert any(a.startswith("::warning file=NOTES.txt,line=1,") for a in annotations), annotations
        assert not any("line=1," in a and "guide.md" in a for a in annotations), annotations
        assert "| U003 | unsafe-character | 1 |" in summary, summary
        assert "| U021 | fragment-character | 1 |" in summary, summary
        assert f"Lines changed since `{base}`" in summary, summary
        assert outputs["findings"] == str(len(annotations)), (outputs, annotations)
        print(f"the action: exit {status}, {len(annotations)} annotations, summary and outputs as expected")
    finally:
        shutil.rmtree(temp, ignore_errors=True)


if __name__ == "__main__":
    main()
