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

The install step downloads the release (the release's installer, from
RFC1738_DOWNLOAD_URL: a local server of release/local.sh's files) into the
runner's tool cache in at most 10 s; a second job on the same runner takes
it from the tool cache; a ref whose version has no release builds the
source with cargo (a stand-in cargo here, which records its arguments) and
says so; a named version with no release fails with an error and builds
nothing.

Usage: RFC1738_DOWNLOAD_URL=URL run_action.py ACTION_DIR
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import yaml

# The budget for the install step: a download, not a build.
INSTALL_BUDGET_SECONDS = 10


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


def run_action(action_dir, workspace, event, inputs, temp, runner_env):
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
            "RUNNER_OS": "Linux",
            "RUNNER_ARCH": "X64",
        }
    )
    env.update(runner_env)
    context = {"inputs": values, "github": {"event": event}, "steps": {}}
    stdout = []
    steps = []
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
        start = time.monotonic()
        done = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script],
            cwd=workspace,
            env=step_env,
            capture_output=True,
            text=True,
        )
        seconds = time.monotonic() - start
        steps.append(
            {"name": step.get("name"), "status": done.returncode, "seconds": seconds,
             "stdout": done.stdout, "stderr": done.stderr}
        )
        print(f"== step {step.get('name')}: exit {done.returncode}, {seconds:.2f} s", file=sys.stderr)
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
    return status, "".join(stdout), open(files["summary.md"]).read(), action_outputs, steps


def run_on_new_repository(action_dir, temp, name, inputs, runner_env):
    """The action on a pull request of a repository made for the run, in a
    runner temp directory of its own."""
    run_temp = os.path.join(temp, name)
    workspace = os.path.join(run_temp, "workspace")
    os.makedirs(workspace)
    base = make_repository(workspace)
    event = {"pull_request": {"base": {"sha": base}, "number": 1}}
    print(f"=== {name}", file=sys.stderr)
    status, stdout, summary, outputs, steps = run_action(
        action_dir, workspace, event, inputs, run_temp, runner_env
    )
    return base, status, stdout, summary, outputs, steps


def check_lint(base, status, stdout, summary, outputs):
    print(stdout)
    print(summary)
    annotations = [line for line in stdout.splitlines() if line.startswith("::error") or line.startswith("::warning")]
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
    return annotations


def own_version(action_dir):
    with open(os.path.join(action_dir, "cli", "Cargo.toml")) as f:
        return re.search(r'^version = "([^"]+)"$', f.read(), re.M).group(1)


def main():
    action_dir = os.path.abspath(sys.argv[1])
    download_url = os.environ.get("RFC1738_DOWNLOAD_URL", "")
    assert download_url, "RFC1738_DOWNLOAD_URL must name a server of release/local.sh's files (.ci/steps/60-action.sh)"
    version = own_version(action_dir)
    temp = tempfile.mkdtemp(prefix="rfc1738-action-")
    try:
        tool_cache = os.path.join(temp, "tool-cache")
        runner = {"RUNNER_TOOL_CACHE": tool_cache}

        # A fresh runner: the release's installer downloads the binary.
        *lint, steps = run_on_new_repository(action_dir, temp, "a fresh runner", {}, runner)
        annotations = check_lint(*lint)
        install = steps[0]
        assert install["status"] == 0, install
        assert f"installing rfc1738 {version} (x86_64-unknown-linux-musl) from {download_url}" in install["stderr"], install
        installed = os.path.join(tool_cache, "rfc1738", version, "x64", "rfc1738")
        assert f"installed rfc1738 {version} to {installed}" in install["stdout"], install
        assert os.path.isfile(tool_cache + f"/rfc1738/{version}/x64.complete"), "no tool-cache marker"
        assert f"rfc1738 {version}" in install["stdout"], install
        assert install["seconds"] <= INSTALL_BUDGET_SECONDS, f"the install step took {install['seconds']:.1f} s"
        print(f"the action: exit 1, {len(annotations)} annotations, summary and outputs as expected; "
              f"installed the release in {install['seconds']:.2f} s")

        # A second job on the same runner: the tool cache, no download.
        *lint, steps = run_on_new_repository(action_dir, temp, "the same runner again", {}, runner)
        check_lint(*lint)
        assert f"rfc1738 {version}: from the runner's tool cache" in steps[0]["stdout"], steps[0]
        assert "installing" not in steps[0]["stderr"], steps[0]
        print(f"the second job: from the tool cache in {steps[0]['seconds']:.2f} s")

        # A ref whose version has no release: the source is built, and the
        # action says so. The stand-in cargo records its arguments and
        # installs the binary the first job downloaded.
        stub = os.path.join(temp, "stub-bin")
        os.makedirs(stub)
        record = os.path.join(temp, "cargo-args")
        with open(os.path.join(stub, "cargo"), "w") as f:
            f.write(
                "#!/bin/sh\n"
                f'printf "%s\\n" "$*" > "{record}"\n'
                'while [ $# -gt 0 ]; do [ "$1" = --root ] && root="$2"; shift; done\n'
                'mkdir -p "$root/bin"\n'
                f'cp "{installed}" "$root/bin/rfc1738"\n'
            )
        os.chmod(os.path.join(stub, "cargo"), 0o755)
        no_release = {
            "RUNNER_TOOL_CACHE": os.path.join(temp, "empty-tool-cache"),
            "RFC1738_DOWNLOAD_URL": download_url.rstrip("/") + "/no-such-release",
            "PATH": stub + os.pathsep + os.environ["PATH"],
        }
        *lint, steps = run_on_new_repository(action_dir, temp, "a ref with no release", {}, no_release)
        check_lint(*lint)
        notice = f"::notice title=rfc1738 lint::rfc1738 {version}, this action's version, has no release: building the action's source with cargo"
        assert notice in steps[0]["stdout"], steps[0]
        args = open(record).read().split()
        assert args[:3] == ["install", "--locked", "--quiet"] and args[-2:] == ["--path", action_dir + "/cli"], args
        print("a ref with no release: built from source (cargo install --path), with a notice")

        # A named version with no release: an error, and no build.
        os.remove(record)
        status, stdout, _, _, steps = run_on_new_repository(
            action_dir, temp, "a named version with no release", {"version": "0.0.0-none"}, no_release
        )[1:]
        assert status == 2, status
        assert "::error title=rfc1738 lint::rfc1738 0.0.0-none has no release" in stdout, stdout
        assert not os.path.exists(record), "cargo ran for a named version"
        assert len(steps) == 1, "the lint step ran after a failed install"
        print("a named version with no release: exit 2 with an error, nothing built")
    finally:
        shutil.rmtree(temp, ignore_errors=True)


if __name__ == "__main__":
    main()
