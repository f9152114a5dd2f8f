#!/usr/bin/env python3
"""Runs every adapter of conformance/adapters/ through `rfc1738 conformance
run` (the parsers on the grammar cases, the extractors with `--extract` on
extract.json), writes conformance/RESULTS.md, and keeps one expected-failures
file per adapter in conformance/adapters/expected-failures/.

    python3 conformance/adapters/compare.py           # from the repository root: write both
    python3 conformance/adapters/compare.py --check   # write nothing: each adapter against its
                                                      # expected failures, as CI runs it

--check exits non-zero when an adapter cannot be run or leaves the protocol
(the harness's exit 2), and when the project's own adapters (grammar and
extraction) do not match their expected-failures files exactly; for the
other adapters it reports the cases that fail unlisted and the stale
entries (a parser's new version may change them) without failing.

Needs what .ci/steps/30-conformance.sh installs: perl with
libregexp-common-perl and liburi-perl, php-cli, ruby, golang-go,
libcurl4-openssl-dev and a C compiler (Debian); python3 with rfc3986 and
urlextract (PyPI); node with linkify-it (npm, conformance/adapters/node);
the JDK's java. It builds the project's CLI, the Rust adapter (its own
workspace), the C and the Go adapter itself, into target/.
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
EXPECTED = ADAPTERS / "expected-failures"
RESULTS = ROOT / "conformance" / "RESULTS.md"
BUILT = ROOT / "target" / "conformance-adapters"
RFC1738 = ROOT / "target" / "debug" / "rfc1738"
REVISIONS = ["draft-jul93", "draft-oct93", "draft-03", "rfc1738"]

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
         "--target-dir", str(BUILT)],
        cwd=ROOT, check=True,
    )
    BUILT.mkdir(parents=True, exist_ok=True)
    subprocess.run(["cc", "-O2", "-Wall", "-o", str(BUILT / "curl_url"),
                    str(ADAPTERS / "c" / "curl_url.c"), "-lcurl"], cwd=ROOT, check=True)
    subprocess.run(["go", "build", "-o", str(BUILT / "neturl"), "neturl.go"],
                   cwd=ADAPTERS / "go", check=True,
                   env={**os.environ, "GO111MODULE": "off", "GOCACHE": str(BUILT / "go-cache")})


def here(path):
    """A path as the commands name it: from the repository's root, where they
    run (the expected-failures files quote the command)."""
    return str(path.relative_to(ROOT))


def parsers():
    """(key, name, version, mode, revisions, rules, command) of every parser compared."""
    rust = here(BUILT / "debug" / "rfc1738-conformance-rust-adapters")
    perl = ["perl", here(ADAPTERS / "perl" / "regexp_common.pl")]
    python = ["python3", here(ADAPTERS / "python" / "adapter.py")]
    regexp_rules = output(*perl, "--rules").split()
    lock = (ADAPTERS / "rust" / "Cargo.lock").read_text()

    def crate(name):
        match = re.search(r'name = "%s"\nversion = "([^"]+)"' % re.escape(name), lock)
        return match.group(1)

    java_version = subprocess.run(["java", "-version"], capture_output=True, text=True).stderr.split('"')[1]
    return [
        ("rfc1738", "rfc1738 (this project)", "rfc1738 " + output(str(RFC1738), "--version").split()[-1],
         None, REVISIONS, None, [here(ADAPTERS / "rfc1738" / "adapter.sh")]),
        ("regexp-common", "Regexp::Common::URI::RFC1738 (Perl)",
         "Regexp::Common " + output("perl", "-MRegexp::Common", "-e", "print $Regexp::Common::VERSION"),
         "strict", ["rfc1738"], regexp_rules, perl),
        ("perl-uri", "URI (Perl)", "URI " + output("perl", "-MURI", "-e", "print $URI::VERSION"),
         "default", ["rfc1738"], WHOLE, ["perl", here(ADAPTERS / "perl" / "uri.pl")]),
        ("urllib", "urllib.parse (Python)",
         "Python " + output("python3", "-c", "import platform; print(platform.python_version())"),
         "default", ["rfc1738"], WHOLE, python + ["urllib"]),
        ("rfc3986", "rfc3986 (Python)", "rfc3986 " + output("python3", "-c", "import rfc3986; print(rfc3986.__version__)"),
         "default", ["rfc1738"], WHOLE, python + ["rfc3986"]),
        ("url", "url (Rust)", "url " + crate("url"), "default", ["rfc1738"], WHOLE, [rust, "url"]),
        ("fluent-uri", "fluent-uri (Rust)", "fluent-uri " + crate("fluent-uri"), "default", ["rfc1738"], WHOLE,
         [rust, "fluent-uri"]),
        ("whatwg-url-node", "URL (Node, WHATWG)", "Node " + output("node", "--version").lstrip("v"),
         "default", ["rfc1738"], WHOLE, ["node", here(ADAPTERS / "node" / "whatwg_url.js")]),
        ("java-net-uri", "java.net.URI (Java)", "OpenJDK " + java_version,
         "default", ["rfc1738"], WHOLE, ["java", here(ADAPTERS / "java" / "UriAdapter.java")]),
        ("libcurl", "curl_url_set (libcurl)", "libcurl " + output("curl-config", "--version").split()[-1],
         "default", ["rfc1738"], WHOLE, [here(BUILT / "curl_url")]),
        ("go-net-url", "net/url (Go)", output("go", "version").split()[2].replace("go", "Go ", 1),
         "default", ["rfc1738"], WHOLE, [here(BUILT / "neturl")]),
        ("php-parse-url", "parse_url (PHP)", "PHP " + output("php", "-r", "echo PHP_VERSION;"),
         "default", ["rfc1738"], WHOLE, ["php", here(ADAPTERS / "php" / "parse_url.php")]),
        ("ruby-uri", "URI (Ruby)", "Ruby " + output("ruby", "-e", "print RUBY_VERSION"),
         "default", ["rfc1738"], WHOLE, ["ruby", here(ADAPTERS / "ruby" / "uri.rb")]),
    ]


def extractors():
    """(key, name, version, command) of every extractor compared."""
    linkify = json.loads((ADAPTERS / "node" / "node_modules" / "linkify-it" / "package.json").read_text())
    return [
        ("extract-rfc1738", "rfc1738 lint's extraction (this project)",
         "rfc1738 " + output(str(RFC1738), "--version").split()[-1],
         [here(ADAPTERS / "rfc1738" / "extract.sh")]),
        ("extract-reference", "reference extractor (written apart, Python)", "—",
         ["python3", here(ADAPTERS / "python" / "extract_reference.py")]),
        ("extract-linkify-it", "linkify-it (JavaScript)", "linkify-it " + linkify["version"],
         ["node", here(ADAPTERS / "node" / "linkify.js")]),
        ("extract-urlextract", "urlextract (Python)",
         "urlextract " + output("python3", "-c", "import importlib.metadata as m; print(m.version('urlextract'))"),
         ["python3", here(ADAPTERS / "python" / "extract.py")]),
    ]


# The adapters whose expected failures must hold exactly in --check: the
# project's own, and the reference extractor, which must agree with every
# extraction case (its list is empty).
OWN = {"rfc1738", "extract-rfc1738", "extract-reference"}


def harness(arguments, key, check):
    """The JSON report of a run, against (check) or writing the adapter's list."""
    expected = EXPECTED / f"{key}.txt"
    if check:
        arguments = arguments[:2] + (["--expected-failures", str(expected)] if expected.exists() else []) \
            + arguments[2:]
    else:
        arguments = arguments[:2] + ["--write-expected-failures", str(expected)] + arguments[2:]
    done = subprocess.run([str(RFC1738)] + arguments, cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "RFC1738": str(RFC1738)})
    if done.returncode not in (0, 1):
        sys.exit(f"{key}: exit {done.returncode}\n{done.stderr}")
    report = json.loads(done.stdout)
    report["exit"] = done.returncode
    return report


def run_parser(key, mode, revisions, rules, command, check):
    arguments = ["conformance", "run", "--suite", "conformance", "--format", "json"]
    for revision in revisions:
        arguments += ["--revision", revision]
    if mode:
        arguments += ["--mode", mode]
    for rule in rules or []:
        arguments += ["--rule", rule]
    return harness(arguments + ["--"] + command, key, check)


def run_extractor(key, command, check):
    return harness(["conformance", "run", "--extract", "--suite", "conformance", "--format", "json", "--"]
                   + command, key, check)


def listed(key):
    path = EXPECTED / f"{key}.txt"
    if not path.exists():
        return 0
    return sum(1 for line in path.read_text().splitlines() if line.split("#")[0].strip())


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


def percent(agree, total):
    return f"{cell(agree, total)} ({100 * agree / total:.0f}%)" if total else "—"


def revision_rows(report, revision):
    for entry in report["revisions"]:
        if entry["revision"] == revision:
            return entry["productions"]
    return []


def grammar_tables(results):
    out = ["## Parsers on the grammar cases", "",
           "Valid cases accepted and invalid cases rejected, per parser and revision; "
           "`expected failures` is the length of the parser's list in "
           "[`adapters/expected-failures/`](adapters/expected-failures/) (every verdict it gets wrong).", "",
           "| parser | version | mode | revision | productions | valid cases it accepts | "
           "invalid cases it rejects | expected failures |",
           "|---|---|---|---|---|---|---|---|"]
    for key, name, version, mode, revisions, report in results:
        for revision in revisions:
            rows = revision_rows(report, revision)
            valid = sum(r["valid"] for r in rows)
            valid_agree = sum(r["valid_agree"] for r in rows)
            invalid = sum(r["invalid"] for r in rows)
            invalid_agree = sum(r["invalid_agree"] for r in rows)
            failing = sum(1 for d in report["disagreements"]
                          if d["kind"] == "verdict" and d["revision"] == revision)
            out.append(f"| {name} | {version} | {mode or 'both'} | {revision} | {len(rows)} | "
                       f"{percent(valid_agree, valid)} | {percent(invalid_agree, invalid)} | {failing} |")
    out += ["", "### RFC 1738, per production", "",
            "Valid cases accepted, invalid cases rejected (the project's own in both modes):", ""]
    out.append("| production | " + " | ".join(r[1] for r in results) + " |")
    out.append("|---|" + "---|" * len(results))
    order = [r["rule"] for r in revision_rows(results[0][5], "rfc1738")]
    for rule in order:
        cells = []
        for *_, report in results:
            row = next((r for r in revision_rows(report, "rfc1738") if r["rule"] == rule), None)
            cells.append("—" if row is None else
                         f"{cell(row['valid_agree'], row['valid'])}, {cell(row['invalid_agree'], row['invalid'])}")
        if any(c != "—" for c in cells[1:]):
            out.append(f"| `{rule}` | " + " | ".join(cells) + " |")
    own = results[0]
    for revision in REVISIONS[:-1]:
        out += ["", f"### {revision}, per production ({own[1]}, the one parser of the drafts' grammars)", "",
                "| production | valid | invalid |", "|---|---|---|"]
        for row in revision_rows(own[5], revision):
            out.append(f"| `{row['rule']}` | {cell(row['valid_agree'], row['valid'])} | "
                       f"{cell(row['invalid_agree'], row['invalid'])} |")
    for key, name, _, _, _, report in results:
        kinds = defaultdict(list)
        for d in report["disagreements"]:
            if d["kind"] != "verdict":
                continue
            direction = "accepts" if d["answer"] else "rejects"
            kinds[(direction, category(d["source"]))].append(d)
        if not kinds:
            continue
        out += ["", f"### {name}: the kinds of disagreement", "",
                "| it | what the case exercises | cases | example |", "|---|---|---|---|"]
        ranked = sorted(kinds.items(), key=lambda item: (-len(item[1]), item[0]))
        for (direction, what), cases in ranked[:12]:
            example = cases[0]
            text = json.dumps(example["input"], ensure_ascii=True)[1:-1].replace("|", "\\|").replace("`", "\\`")
            out.append(f"| {direction} | {what} | {len(cases)} | `{example['rule']}` `{text}` |")
        if len(ranked) > 12:
            rest = sum(len(cases) for _, cases in ranked[12:])
            out.append(f"| | {len(ranked) - 12} more kinds | {rest} | |")
    return out


def totals(report, kind):
    rows = next((k["features"] for k in report["kinds"] if k["kind"] == kind), [])
    return {field: sum(r[field] for r in rows) for field in
            ("cases", "cases_agree", "urls", "urls_found", "urls_extra")}


def extraction_tables(results):
    out = ["## Extractors on the extraction cases", "",
           "Cases whose URLs the extractor finds exactly (strings, spans and fragments), per kind of text; "
           "the URLs of the cases it finds exactly, and those it finds that the cases do not have.", "",
           "| extractor | version | plain text: cases | Markdown: cases | URLs found | URLs more | "
           "expected failures |", "|---|---|---|---|---|---|---|"]
    for key, name, version, report in results:
        plain, markdown = totals(report, "plain"), totals(report, "markdown")
        urls = plain["urls"] + markdown["urls"]
        found = plain["urls_found"] + markdown["urls_found"]
        out.append(f"| {name} | {version} | {percent(plain['cases_agree'], plain['cases'])} | "
                   f"{percent(markdown['cases_agree'], markdown['cases'])} | {percent(found, urls)} | "
                   f"{plain['urls_extra'] + markdown['urls_extra']} | {len(report['disagreements'])} |")
    out += ["", "Per feature (cases agreeing):", "",
            "| kind | feature | " + " | ".join(r[1] for r in results) + " |",
            "|---|---|" + "---|" * len(results)]
    first = results[0][3]
    for kind in first["kinds"]:
        for row in kind["features"]:
            cells = []
            for *_, report in results:
                theirs = next((k for k in report["kinds"] if k["kind"] == kind["kind"]), {"features": []})
                match = next((r for r in theirs["features"] if r["feature"] == row["feature"]), None)
                cells.append("—" if match is None else cell(match["cases_agree"], match["cases"]))
            out.append(f"| {kind['kind']} | {row['feature']} | " + " | ".join(cells) + " |")
    own = results[0]
    if own[3]["disagreements"]:
        out += ["", f"### Where {own[1]} differs from the cases", "",
                "| case | kind | feature | the case's URLs | its answer |", "|---|---|---|---|---|"]

        def shown(urls):
            items = []
            for u in urls:
                fragment = f" #{u['fragment'][0]}..{u['fragment'][1]}" if u.get("fragment") else ""
                items.append(f"`{u['url']}` {u['span'][0]}..{u['span'][1]}{fragment}")
            return ", ".join(items) or "none"

        for d in own[3]["disagreements"]:
            out.append(f"| `{d['id']}` | {d['kind']} | {d['feature']} | {shown(d['expected'])} | "
                       f"{shown(d['answer'])} |")
    return out


def results_page(version, grammar, extraction):
    out = ["# Conformance results", "",
           "Written by `python3 conformance/adapters/compare.py` (do not edit by hand) on the "
           f"suite version {version}, with the versions of each table. The adapters, what each counts as "
           "accepting, and how to run them: [README.md](README.md#adapters).", ""]
    out += grammar_tables(grammar)
    out += [""] + extraction_tables(extraction)
    return "\n".join(out) + "\n"


def summary(key, report):
    outcome = report.get("expected_failures")
    if outcome is None:
        return f"{key}: exit {report['exit']}, no expected-failures file"
    return (f"{key}: exit {report['exit']}: {outcome['listed']} listed, {outcome['failing_as_listed']} fail as listed, "
            f"{len(outcome['unlisted'])} fail unlisted, {len(outcome['stale'])} stale, {len(outcome['unknown'])} unknown")


def main():
    check = "--check" in sys.argv[1:]
    build()
    EXPECTED.mkdir(exist_ok=True)
    grammar, extraction, failed = [], [], []
    for key, name, version, mode, revisions, rules, command in parsers():
        report = run_parser(key, mode, revisions, rules, command, check)
        grammar.append((key, name, version, mode, revisions, report))
        if check:
            print(summary(key, report), flush=True)
            if key in OWN and report["exit"] != 0:
                failed.append(key)
    for key, name, version, command in extractors():
        report = run_extractor(key, command, check)
        extraction.append((key, name, version, report))
        if check:
            print(summary(key, report), flush=True)
            if key in OWN and report["exit"] != 0:
                failed.append(key)
    suite = json.loads((ROOT / "conformance" / "extract.json").read_text())["suite_version"]
    page = results_page(suite, grammar, extraction)
    if check:
        if failed:
            sys.exit(f"the project's own adapters do not match their expected failures: {', '.join(failed)}")
        return
    RESULTS.write_text(page)
    print(f"wrote {RESULTS.relative_to(ROOT)} and {len(grammar) + len(extraction)} lists in "
          f"{EXPECTED.relative_to(ROOT)}/")


if __name__ == "__main__":
    main()
