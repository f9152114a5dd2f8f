#!/usr/bin/env python3
"""The ecosystem check: `rfc1738 lint` on real documentation, its findings
counted per code and a sample of them listed, against the summary kept in
this folder (summary.md). A change to URL extraction or to the rules that
changes what the linter reports on real text shows here, in review: the
check fails until the summary is written again and committed.

    python3 ecosystem/check.py CORPUS            # compare with summary.md (exit 1 on a difference)
    python3 ecosystem/check.py CORPUS --write    # write summary.md

CORPUS holds one folder per documentation set (../shared/ecosystem: the
Rust book, cargo's doc/). RFC1738 names the binary (default: rfc1738 on
the PATH).
"""

import difflib
import hashlib
import json
import os
import subprocess
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
SUMMARY = os.path.join(HERE, "summary.md")
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
        "# Ecosystem check: the linter on real documentation",
        "",
        "`rfc1738 lint --isolated` on the documentation sets of `../shared/ecosystem`",
        "(one folder a set), written by `python3 ecosystem/check.py CORPUS --write`",
        "and compared by CI (`.ci/steps/70-ecosystem.sh`): a change to what the",
        "linter finds on this text fails the check until this file is written again.",
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
    out += ["", f"## Every error and warning ({len(listed)})", ""]
    for finding in sorted(listed, key=lambda f: (f["set"], f["file"], f["line"], f["column"])):
        out.append(describe(finding))
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


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(args) != 1:
        sys.exit(__doc__)
    corpus = os.path.abspath(args[0])
    binary = os.environ.get("RFC1738", "rfc1738")
    text = summary(binary, corpus)
    if "--write" in sys.argv:
        with open(SUMMARY, "w") as f:
            f.write(text)
        print(f"wrote {SUMMARY}")
        return
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
