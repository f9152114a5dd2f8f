// The markdownlint rule in the real markdownlint-cli2, in a project that
// installs this package (node_modules/rfc1738 linked here) and configures
// `"customRules": ["rfc1738/markdownlint"]`: it reports the errors and
// warnings of `rfc1738 lint` (its default level), line for line, at their
// columns (in UTF-16 units, as markdownlint counts), with the code in the
// detail; `--fix` applies the CLI's safe fixes.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { test } from "node:test";

import { cli, files, npm, repo } from "./support.mjs";

// The package's own markdownlint-cli2 (a dev dependency), or another
// install's: CI runs these tests again in Node 18 with markdownlint-cli2
// 0.17, the last to run there (`.ci/steps/55-web.sh`).
const markdownlint = process.env.RFC1738_MARKDOWNLINT_CLI2
  ?? join(npm, "node_modules", "markdownlint-cli2", "markdownlint-cli2-bin.mjs");
// markdownlint places a finding in front matter from 0.42 on (the rule
// reports none there before).
const markdownlintVersion = JSON.parse(readFileSync(
  join(dirname(markdownlint), "..", "markdownlint", "package.json"), "utf8")).version;
const [, minor] = markdownlintVersion.split(".").map(Number);
const placesFrontMatter = minor >= 42;

function project(sources) {
  const dir = mkdtempSync(join(tmpdir(), "rfc1738-markdownlint-"));
  mkdirSync(join(dir, "node_modules"));
  symlinkSync(npm, join(dir, "node_modules", "rfc1738"), "dir");
  writeFileSync(join(dir, ".markdownlint-cli2.jsonc"), JSON.stringify({
    config: { default: false, rfc1738: true },
    customRules: ["rfc1738/markdownlint"],
  }));
  const names = sources.map((source) => {
    const name = source.replaceAll("/", "--");
    copyFileSync(join(repo, source), join(dir, name));
    return name;
  });
  return { dir, names };
}

function run(dir, args) {
  const result = spawnSync(process.execPath, [markdownlint, ...args], { cwd: dir, encoding: "utf8" });
  if (result.error) throw result.error;
  return result;
}

// The column in UTF-16 units of a column in characters of `line`.
function utf16(line, column) {
  return [...line].slice(0, column - 1).join("").length + 1;
}

const sources = [
  ...files("cli/tests/fixtures/readmes", [".md"]),
  ...files("cli/tests/fixtures/server/docs", [".md"]),
  ...files("npm/test/fixtures", [".md"]),
];

test("markdownlint-cli2 reports the CLI's errors and warnings, line for line", () => {
  const { dir, names } = project(sources);
  const { status, stderr } = run(dir, names);
  const reported = [];
  for (const line of stderr.split("\n")) {
    // (markdownlint-cli2 0.17's formatter writes no severity.)
    const match = /^(.+?):(\d+)(?::(\d+))? (?:error )?rfc1738\/url-rfc1738 .*? \[(U\d{3}) [a-z-]+ \((error|warning)\): /.exec(line);
    if (match) reported.push(`${match[1]}:${match[2]}:${match[3]} ${match[4]} ${match[5]}`);
    else assert.ok(!line.includes("rfc1738/"), `an unread line: ${line}`);
  }
  const expected = [];
  for (const name of names) {
    const lines = readFileSync(join(dir, name), "utf8").replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
    const { stdout } = cli(["lint", "--format", "json", "--isolated", name], { cwd: dir });
    // The YAML front matter's lines (the fixtures' only kind).
    const front = lines[0] === "---" ? lines.indexOf("---", 1) + 1 : 0;
    for (const finding of stdout.split("\n").filter(Boolean).map((text) => JSON.parse(text))) {
      if (finding.severity === "info") continue;
      if (finding.line <= front && !placesFrontMatter) continue;
      const column = utf16(lines[finding.line - 1], finding.column);
      expected.push(`${name}:${finding.line}:${column} ${finding.code} ${finding.severity}`);
    }
  }
  const order = (list) => [...list].sort();
  assert.deepEqual(order(reported), order(expected));
  assert.ok(expected.length > 20, `${expected.length} findings`);
  assert.equal(
    expected.some((line) => line.startsWith("npm--test--fixtures--front-matter.md:4:")),
    placesFrontMatter,
    `a finding in front matter, with markdownlint ${markdownlintVersion}`,
  );
  assert.equal(status, expected.length > 0 ? 1 : 0);
});

test("markdownlint-cli2 --fix applies the CLI's safe fixes", () => {
  const source = "npm/test/fixtures/front-matter.md";
  const { dir, names } = project([source]);
  run(dir, ["--fix", names[0]]);
  const fixed = readFileSync(join(dir, names[0]), "utf8");
  const { stdout } = cli(["lint", "--fix", "--isolated", "--stdin-filename", basename(source), "-"], {
    input: readFileSync(join(repo, source)),
  });
  assert.notEqual(fixed, readFileSync(join(repo, source), "utf8"));
  assert.equal(fixed, stdout);
});
