#!/usr/bin/env python3
"""The ecosystem check: `rfc1738 lint` on real repositories, its findings
counted per code, every error and warning listed with its judgement, and a
sample of the information, against the summary kept in this folder
(summary.md). A change to URL extraction or to the rules that changes what
the linter reports on real files shows here, in review: the check fails
until the summary is written again and committed.

Every error and warning must be judged in judgements.tsv (true or false by
RFC 1738's text, and why); the check fails on one that is not, and on one
judged false (the linter must not report it).

    python3 ecosystem/check.py CORPUS              # compare with summary.md (exit 1 on a difference)
    python3 ecosystem/check.py CORPUS --write      # write summary.md
    python3 ecosystem/check.py CORPUS --fix-check  # --fix on a copy: bytes and code unbroken

The fix check copies CORPUS, runs `rfc1738 lint --fix` on the copy, and
checks that no byte changed outside the URLs the linter offered a fix for,
that none changed in a URL whose fix is unsafe (a program's string literal,
a data file's value: `"applicability": "unsafe"` in the JSON output), and
that every Python file and every JavaScript file `node --check` accepted
before it still compiles after; then does the same with `--fix
--unsafe-fixes` on a fresh copy, where the unsafe fixes may change their
URLs and nothing else.

CORPUS holds one folder per repository (../shared/ecosystem). RFC1738
names the binary (default: rfc1738 on the PATH).
"""

import difflib
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
SUMMARY = os.path.join(HERE, "summary.md")
JUDGEMENTS = os.path.join(HERE, "judgements.tsv")
# What the summary's run found wrong: an error or warning not judged, or
# judged false.
COMPLAINTS = []


def judgements():
    """`set/file:line:column code` -> (verdict, why), from judgements.tsv."""
    judged = {}
    with open(JUDGEMENTS) as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            place, verdict, why = line.rstrip("\n").split("\t", 2)
            if verdict not in ("true", "false"):
                sys.exit(f"judgements.tsv: {place}: the verdict is true or false, not {verdict!r}")
            judged[place] = (verdict, why)
    return judged


def judgement_key(finding):
    return f"{finding['set']}/{finding['file']}:{finding['line']}:{finding['column']} {finding['code']}"
# How many findings of each code below warning are listed.
SAMPLE = 3


def lint(binary, root, args):
    done = subprocess.run(
        [binary, "lint", "--isolated", "--exit-zero", *args, "."],
        cwd=root,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        sys.exit(f"rfc1738 lint failed in {root}: {done.stderr}")
    return done.stdout


def place_key(finding):
    text = f"{finding['file']}:{finding['line']}:{finding['column']}:{finding['code']}"
    return hashlib.sha256(text.encode()).hexdigest()


def summary(binary, corpus):
    sets = sorted(
        name for name in os.listdir(corpus) if os.path.isdir(os.path.join(corpus, name))
    )
    per_code = {}
    names = {}
    totals = []
    listed = []
    below = []
    for name in sets:
        root = os.path.join(corpus, name)
        findings = [json.loads(line) for line in lint(binary, root, ["--format", "json"]).splitlines()]
        urls = lint(binary, root, ["--format", "urls"]).splitlines()
        files = len({line.split(":", 1)[0] for line in urls})
        fragments = sum(1 for line in urls if "#" in line.split(": ", 1)[1])
        totals.append((name, files, len(urls), fragments, len(findings)))
        for finding in findings:
            finding["set"] = name
            per_code.setdefault(finding["code"], Counter())[name] += 1
            names[finding["code"]] = (finding["name"], finding["severity"])
            if finding["severity"] in ("error", "warning"):
                listed.append(finding)
            else:
                below.append(finding)
    out = [
        "# Ecosystem check: the linter on real repositories",
        "",
        "`rfc1738 lint --isolated` on the repositories of `../shared/ecosystem`",
        "(one folder a set: two documentation sets, and code repositories in",
        "Python, JavaScript, Go, Ruby, Perl, PHP, Kotlin and Java, Lua with nginx's",
        "tests, C with autoconf and man pages, Helm's templates and package",
        "manifests), written by `python3 ecosystem/check.py",
        "CORPUS --write` and compared by CI (`.ci/steps/70-ecosystem.sh`): a change",
        "to what the linter finds on these files fails the check until this file is",
        "written again. Every error and warning carries its judgement from",
        "`ecosystem/judgements.tsv`: true or false by RFC 1738's text, and why.",
        "",
        "| set | files with URLs | URLs | of them with a fragment | findings |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for name, files, urls, fragments, count in totals:
        out.append(f"| {name} | {files} | {urls} | {fragments} | {count} |")
    out += ["", "## Findings per code", ""]
    out.append("| code | name | severity | " + " | ".join(sets) + " | all |")
    out.append("| --- | --- | --- | " + " | ".join("---:" for _ in sets) + " | ---: |")
    for code in sorted(per_code):
        counts = per_code[code]
        name, severity = names[code]
        cells = " | ".join(str(counts[s]) for s in sets)
        out.append(f"| {code} | {name} | {severity} | {cells} | {sum(counts.values())} |")
    judged = judgements()
    unjudged = []
    false = []
    out += ["", f"## Every error and warning ({len(listed)}), judged", ""]
    for finding in sorted(listed, key=lambda f: (f["set"], f["file"], f["line"], f["column"])):
        verdict = judged.get(judgement_key(finding))
        if verdict is None:
            unjudged.append(judgement_key(finding))
            out.append(describe(finding) + " **not judged**")
            continue
        if verdict[0] == "false":
            false.append(judgement_key(finding))
        out.append(describe(finding) + f" **{verdict[0]}**: {verdict[1]}")
    for key in unjudged:
        COMPLAINTS.append(f"not judged in ecosystem/judgements.tsv: {key}")
    for key in false:
        COMPLAINTS.append(f"judged false but still reported: {key}")
    out += [
        "",
        f"## A sample of the information ({SAMPLE} of each code at most, the first by a hash of their place)",
        "",
    ]
    for code in sorted({f["code"] for f in below}):
        of_code = sorted((f for f in below if f["code"] == code), key=place_key)
        for finding in of_code[:SAMPLE]:
            out.append(describe(finding))
    return "\n".join(out) + "\n"


def describe(finding):
    url = finding["url"] or ""
    if finding.get("fragment") is not None:
        url += "#" + finding["fragment"]
    return (
        f"- `{finding['set']}/{finding['file']}:{finding['line']}:{finding['column']}` "
        f"{finding['code']} {finding['severity']}: {finding['message']} (in `{url}`)"
    )


def compiles(path):
    """Whether a Python or JavaScript file compiles (None: not checked)."""
    if path.endswith(".py"):
        with open(path, "rb") as f:
            source = f.read()
        try:
            compile(source, path, "exec", dont_inherit=True)
            return True
        except (SyntaxError, ValueError):
            return False
    if path.endswith((".js", ".mjs", ".cjs")) and shutil.which("node"):
        done = subprocess.run(["node", "--check", path], capture_output=True)
        return done.returncode == 0
    return None


def changed_bytes(old, new):
    """The byte ranges of `old` that differ in `new`: lines compared first,
    then the bytes of each changed run of lines (a byte-wise comparison of
    a whole large file would take minutes)."""
    old_lines = old.splitlines(keepends=True)
    new_lines = new.splitlines(keepends=True)
    old_starts = [0]
    for line in old_lines:
        old_starts.append(old_starts[-1] + len(line))
    new_starts = [0]
    for line in new_lines:
        new_starts.append(new_starts[-1] + len(line))
    lines = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
    for tag, i1, i2, j1, j2 in lines.get_opcodes():
        if tag == "equal":
            continue
        base = old_starts[i1]
        before = old[base:old_starts[i2]]
        after = new[new_starts[j1]:new_starts[j2]]
        matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
        for op, b1, b2, _, _ in matcher.get_opcodes():
            if op != "equal":
                yield base + b1, base + b2


def fix_check(binary, corpus):
    """--fix on a copy of the corpus, then --fix --unsafe-fixes on another:
    bytes outside the fixed URLs and code that compiled are unchanged, and
    --fix alone rewrites no URL whose fix is unsafe (a program's string
    literal, a data file's value). Returns the problems found."""
    problems = []
    for extra in ([], ["--unsafe-fixes"]):
        problems += fix_pass(binary, corpus, extra)
    return problems


def fix_pass(binary, corpus, extra):
    """`rfc1738 lint --fix` with `extra` on a copy of the corpus; the
    problems found."""
    problems = []
    changed_files = 0
    with_unsafe = "--unsafe-fixes" in extra
    with tempfile.TemporaryDirectory() as scratch:
        copy = os.path.join(scratch, "corpus")
        shutil.copytree(corpus, copy)
        for root, dirs, files in os.walk(copy):
            os.chmod(root, 0o755)
            for name in files:
                os.chmod(os.path.join(root, name), 0o644)
        sets = sorted(n for n in os.listdir(copy) if os.path.isdir(os.path.join(copy, n)))
        for name in sets:
            root = os.path.join(copy, name)
            findings = [json.loads(l) for l in lint(binary, root, ["--format", "json"]).splitlines()]
            # Each fixed URL's bytes, and whether its fix is unsafe (as the
            # JSON output says: the fix's applicability).
            fixable = {}
            for finding in findings:
                fix = finding.get("fix")
                if fix is None:
                    continue
                end = finding["fragment_byte_end"] or finding["url_byte_end"]
                unsafe = fix.get("applicability") == "unsafe"
                fixable.setdefault(finding["file"], []).append((finding["url_byte_start"], end, unsafe))
            before = {}
            for path in fixable:
                full = os.path.join(root, path)
                with open(full, "rb") as f:
                    before[path] = (f.read(), compiles(full))
            lint(binary, root, ["--fix"] + extra)
            for path, (old, compiled) in before.items():
                full = os.path.join(root, path)
                with open(full, "rb") as f:
                    new = f.read()
                if new == old:
                    continue
                changed_files += 1
                spans = fixable[path]
                for i1, i2 in changed_bytes(old, new):
                    inside = [unsafe for start, end, unsafe in spans if start <= i1 and i2 <= end]
                    if not inside:
                        problems.append(f"{name}/{path}: bytes {i1}..{i2} changed outside a fixed URL")
                    elif all(inside) and not with_unsafe:
                        problems.append(
                            f"{name}/{path}: bytes {i1}..{i2} changed in a URL whose fix is unsafe "
                            "(a string literal or a data value) without --unsafe-fixes"
                        )
                if compiled and not compiles(full):
                    problems.append(f"{name}/{path}: compiled before --fix, not after")
    print(f"{' '.join(['--fix'] + extra)} changed {changed_files} files of the corpus; {len(problems)} problems")
    return problems


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(args) != 1:
        sys.exit(__doc__)
    corpus = os.path.abspath(args[0])
    binary = os.environ.get("RFC1738", "rfc1738")
    if "--fix-check" in sys.argv:
        problems = fix_check(binary, corpus)
        for problem in problems:
            print(problem, file=sys.stderr)
        sys.exit(1 if problems else 0)
    text = summary(binary, corpus)
    for complaint in COMPLAINTS:
        print(complaint, file=sys.stderr)
    if "--write" in sys.argv:
        with open(SUMMARY, "w") as f:
            f.write(text)
        print(f"wrote {SUMMARY}")
        sys.exit(1 if COMPLAINTS else 0)
    if COMPLAINTS:
        sys.exit("every error and warning must be judged, and none judged false may be reported")
    with open(SUMMARY) as f:
        kept = f.read()
    if kept != text:
        sys.stdout.writelines(
            difflib.unified_diff(
                kept.splitlines(True), text.splitlines(True), "ecosystem/summary.md", "this run"
            )
        )
        sys.exit(
            "the linter's findings on the ecosystem corpus changed: review the difference, "
            "then run `python3 ecosystem/check.py CORPUS --write` and commit summary.md"
        )
    print("the linter's findings on the ecosystem corpus are those of ecosystem/summary.md")


if __name__ == "__main__":
    main()
