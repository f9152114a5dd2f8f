// lint against `rfc1738 lint --format json`: the same findings, field for
// field, on the repository's Markdown, HTML and text files and on the
// fixtures here (front matter, suppression comments, CRLF, a byte-order
// mark). Bytes that are not UTF-8 are the one difference: the CLI reads a
// file in its own encoding (a declared charset, a detector), the package
// reads UTF-8 only (JavaScript's strings are Unicode; docs/javascript.md),
// so such a file gets one U018 here.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { lint } from "rfc1738";

import { cli, files, repo } from "./support.mjs";

function cliFindings(args) {
  const { status, stdout, stderr } = cli(["lint", "--format", "json", "--isolated", ...args]);
  assert.ok(status === 0 || status === 1, `exit ${status}: ${stderr}`);
  return stdout.split("\n").filter(Boolean).map((line) => JSON.parse(line));
}

const corpus = [
  ...files("cli/tests/fixtures/readmes", [".md"]),
  ...files("cli/tests/fixtures/server/docs", [".md", ".html", ".txt"]),
  ...files("npm/test/fixtures", [".md", ".html", ".txt"]),
  ...files("tests/fixtures/seeds", [".txt"]),
  "README.md",
  "grammar/README.md",
];

test("lint gives the CLI's findings on each file, by its name's format", () => {
  let total = 0;
  for (const file of corpus) {
    const bytes = readFileSync(join(repo, file));
    const text = bytes.toString("utf8");
    if (!Buffer.from(text, "utf8").equals(bytes)) {
      const codes = lint(bytes, { path: file }).map((finding) => finding.code);
      assert.equal(codes.filter((code) => code === "U018").length, 1, file);
      continue;
    }
    const expected = cliFindings([file]);
    assert.deepEqual(lint(bytes, { path: file }), expected, file);
    // As a string: the same.
    assert.deepEqual(lint(text, { path: file }), expected, file);
    total += expected.length;
  }
  assert.ok(total > 50, `${total} findings`);
});

test("format reads a file as another type, as --stdin-filename does", () => {
  const file = "cli/tests/fixtures/readmes/edge.md";
  const text = readFileSync(join(repo, file), "utf8");
  for (const [format, name] of [["text", "x.txt"], ["html", "x.html"], ["markdown", "x.md"]]) {
    assert.deepEqual(lint(text, { path: name }), cliStdin(name, text), format);
    assert.deepEqual(lint(text, { path: name, format }), lint(text, { path: name }), format);
  }
  assert.throws(() => lint("x", { format: "rst" }), RangeError);
});

function cliStdin(name, text) {
  const named = name === null ? [] : ["--stdin-filename", name];
  const { status, stdout, stderr } = cli(["lint", "--format", "json", "--isolated", ...named, "-"], { input: text });
  assert.ok(status === 0 || status === 1, `exit ${status}: ${stderr}`);
  return stdout.split("\n").filter(Boolean).map((line) => JSON.parse(line));
}

test("without a path, text is read as the CLI reads standard input", () => {
  const text = "see http://a b/ and <http://h/%zz> and ftp://h/x;type=q\n";
  assert.deepEqual(lint(text), cliStdin(null, text));
});
