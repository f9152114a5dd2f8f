#!/usr/bin/env python3
"""Runs every adapter of conformance/adapters/ through `rfc1738 conformance
run` on the RFC 1738 vectors and writes the comparison into
conformance/README.md, between its `BEGIN comparison` and `END comparison`
markers.

    python3 conformance/adapters/compare.py            # from the repository root
    python3 conformance/adapters/compare.py --dry-run  # print the section, write nothing

Needs: cargo; perl with libregexp-common-perl and liburi-perl (Debian);
python3 with rfc3986 (PyPI). It builds the project's CLI and the Rust
adapter (conformance/adapters/rust, its own workspace) itself.
"""

import json
import os
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ADAPTERS = ROOT / "conformance" / "adapters"
README = ROOT / "conformance" / "README.md"
RUST_TARGET = ROOT / "target" / "conformance-adapters"

# The productions a whole-URL parser is asked: url and its alternatives.
WHOLE = [
    "url", "genericurl", "otherurl", "httpurl", "ftpurl", "fileurl",
    "gopherurl", "mailtourl", "newsurl", "nntpurl", "telneturl", "waisurl",
    "waisdatabase", "waisindex", "waisdoc", "prosperourl",
]


def output(*command):
    return subprocess.run(
        command, cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.strip()


def build():
    subprocess.run(["cargo", "build", "-q", "-p", "rfc1738-cli"], cwd=ROOT, check=True)
    subprocess.run(
        ["cargo", "build", "-q", "--locked",
         "--manifest-path", str(ADAPTERS / "rust" / "Cargo.toml"),
         "--target-dir", str(RUST_TARGET)],
        cwd=ROOT, check=True,
    )


def adapters():
    """(name, version, mode, rules, command) of every parser compared."""
    rust = str(RUST_TARGET / "debug" / "rfc1738-conformance-rust-adapters")
    perl = ["perl", str(ADAPTERS / "perl" / "regexp_common.pl")]
    python = ["python3", str(ADAPTERS / "python" / "adapter.py")]
    regexp_rules = output(*perl, "--rules").split()
    lock = (ADAPTERS / "rust" / "Cargo.lock").read_text()

    def crate(name):
        match = re.search(r'name = "%s"\nversion = "([^"]+)"' % re.escape(name), lock)
        return match.group(1)

    return [
        ("rfc1738 (this project)", "rfc1738 " + output("target/debug/rfc1738", "--version").split()[-1],
         "strict", None, [str(ADAPTERS / "rfc1738" / "adapter.sh")]),
        ("Regexp::Common::URI::RFC1738 (Perl)",
         "Regexp::Common " + output("perl", "-MRegexp::Common", "-e", "print $Regexp::Common::VERSION"),
         "strict", regexp_rules, perl),
        ("URI (Perl)", "URI " + output("perl", "-MURI", "-e", "print $URI::VERSION"),
         "default", WHOLE, ["perl", str(ADAPTERS / "perl" / "uri.pl")]),
        ("urllib.parse (Python)", "Python " + output("python3", "-c", "import platform; print(platform.python_version())"),
         "default", WHOLE, python + ["urllib"]),
        ("rfc3986 (Python)", "rfc3986 " + output("python3", "-c", "import rfc3986; print(rfc3986.__version__)"),
         "default", WHOLE, python + ["rfc3986"]),
        ("url (Rust)", "url " + crate("url"), "default", WHOLE, [rust, "url"]),
        ("fluent-uri (Rust)", "fluent-uri " + crate("fluent-uri"), "default", WHOLE, [rust, "fluent-uri"]),
    ]


def run(mode, rules, command):
    arguments = ["target/debug/rfc1738", "conformance", "run", "--revision", "rfc1738",
                 "--mode", mode, "--format", "json"]
    for rule in rules or []:
        arguments += ["--rule", rule]
    done = subprocess.run(arguments + ["--"] + command, cwd=ROOT,
                          capture_output=True, text=True,
                          env={**os.environ, "RFC1738": str(ROOT / "target" / "debug" / "rfc1738")})
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(command)}: exit {done.returncode}\n{done.stderr}")
    return json.loads(done.stdout)


# What a disagreeing case exercises, from its source; first match wins.
CATEGORIES = [
    (r"^example: ", "an example of the seed documents"),
    (r"^decision: ", None),
    (r"U\+00E9|U\+212A|non-ASCII", "a non-ASCII character"),
    (r"U\+00[01][0-9A-F]|U\+007F|control|line break|a tab|DEL", "a control character"),
    (r"broken escape|\"%\" of|\"%g4\"|escape without", "a broken escape"),
    (r"keyword .* (in upper case|capitalized)", "a scheme name in upper or mixed case"),
    (r"cut short", "a scheme name or literal cut short"),
    (r"non-member \" \"|space", "a space"),
    (r'non-member ("(?:[^"\\]|\\.)*"|\S+)|("(?:[^"\\]|\\.)*") instead of',
     "the character {} where the production does not allow it"),
    (r"angle brackets|fragment sign", "a character the production does not allow there"),
    (r"member", "a character of a class"),
    (r": alternative ", "an alternative"),
    (r": optional .* present", "an optional part present"),
    (r": optional .* absent", "an optional part absent"),
    (r": repetition .* (empty|one short)", "a repetition empty"),
    (r": repetition ", "a repetition once or many times"),
    (r": without ", "a part left out"),
    (r"shortest", "the shortest string of the production"),
    (r"varied", "a derivation varied at random"),
]


def category(source):
    for pattern, name in CATEGORIES:
        found = re.search(pattern, source)
        if found:
            if name is None:
                return source.split(": ", 1)[1]
            groups = [g for g in found.groups() if g] if found.groups() else []
            return name.format(*groups[:1]) if groups else name
    return source


def cell(agree, total):
    return f"{agree}/{total}" if total else "—"


def markdown(results):
    out = ["| parser | version | mode | productions | valid cases it accepts | invalid cases it rejects |",
           "|---|---|---|---|---|---|"]
    for name, version, mode, report in results:
        rows = report["revisions"][0]["productions"]
        valid = sum(r["valid"] for r in rows)
        valid_agree = sum(r["valid_agree"] for r in rows)
        invalid = sum(r["invalid"] for r in rows)
        invalid_agree = sum(r["invalid_agree"] for r in rows)
        out.append(f"| {name} | {version} | {mode} | {len(rows)} | "
                   f"{cell(valid_agree, valid)} ({100 * valid_agree / valid:.0f}%) | "
                   f"{cell(invalid_agree, invalid)} ({100 * invalid_agree / invalid:.0f}%) |")
    # Per production: the whole-URL productions, side by side.
    out += ["", "Per production (valid cases accepted, invalid cases rejected):", ""]
    out.append("| production | " + " | ".join(name for name, *_ in results) + " |")
    out.append("|---|" + "---|" * len(results))
    order = [r["rule"] for r in results[0][3]["revisions"][0]["productions"]]
    for rule in order:
        cells = []
        for _, _, _, report in results:
            row = next((r for r in report["revisions"][0]["productions"] if r["rule"] == rule), None)
            cells.append("—" if row is None else
                         f"{cell(row['valid_agree'], row['valid'])}, {cell(row['invalid_agree'], row['invalid'])}")
        if any(c != "—" for c in cells[1:]):
            out.append(f"| `{rule}` | " + " | ".join(cells) + " |")
    # Kinds of disagreement, with an example each.
    for name, _, _, report in results:
        kinds = defaultdict(list)
        for d in report["disagreements"]:
            if d["kind"] != "verdict":
                continue
            direction = "accepts" if d["answer"] else "rejects"
            kinds[(direction, category(d["source"]))].append(d)
        if not kinds:
            continue
        out += ["", f"**{name}**: the kinds of disagreement (cases, and one of them):", ""]
        out += ["| it | what the case exercises | cases | example |", "|---|---|---|---|"]
        ranked = sorted(kinds.items(), key=lambda item: (-len(item[1]), item[0]))
        for (direction, what), cases in ranked[:12]:
            example = cases[0]
            text = json.dumps(example["input"], ensure_ascii=True)[1:-1].replace("|", "\\|").replace("`", "\\`")
            out.append(f"| {direction} | {what} | {len(cases)} | `{example['rule']}` `{text}` |")
        if len(ranked) > 12:
            rest = sum(len(cases) for _, cases in ranked[12:])
            out.append(f"| | {len(ranked) - 12} more kinds | {rest} | |")
    return "\n".join(out) + "\n"


def main():
    dry_run = "--dry-run" in sys.argv[1:]
    build()
    results = []
    for name, version, mode, rules, command in adapters():
        results.append((name, version, mode, run(mode, rules, command)))
    table = markdown(results)
    print(table)
    if dry_run:
        return
    text = README.read_text()
    begin, end = "<!-- BEGIN comparison: generated by conformance/adapters/compare.py -->\n", "<!-- END comparison -->"
    start, stop = text.index(begin) + len(begin), text.index(end)
    README.write_text(text[:start] + table + text[stop:])


if __name__ == "__main__":
    main()
