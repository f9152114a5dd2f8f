// parse, tree and revisions against `rfc1738 tree` and `rfc1738
// revisions --format json`.
import assert from "node:assert/strict";
import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";

import { check, parse, revisionNames, revisions, tree } from "rfc1738";

import { cli, examples, kasztp, mutations, random } from "./support.mjs";

const base = [...new Set([...examples().map((e) => e.url), ...kasztp(60)])];
const urls = [...new Set([...base, ...mutations(base, random(43), 1)])]
  .filter((url) => /^[\x20-\x7e]*$/.test(url) && url.length > 0 && !url.startsWith("-"));

// A derivation in the text `rfc1738 tree` prints: a node a line, indented
// two spaces a level, its text quoted (printable ASCII here, where Rust's
// and JSON's quoting agree).
function render(node, depth = 0) {
  const line = `${"  ".repeat(depth)}${node.name} ${node.start}..${node.end} ${JSON.stringify(node.text)}\n`;
  return line + node.children.map((child) => render(child, depth + 1)).join("");
}

test("tree gives the derivation of rfc1738 tree, or its error, in each revision", () => {
  let derived = 0;
  for (const revision of revisionNames) {
    for (const url of urls.slice(0, 120)) {
      const { status, stdout, stderr } = cli(["tree", "--dialect", revision, url]);
      const answer = tree(url, { revision });
      assert.equal(answer.ok, status === 0, `${revision} ${url}: ${stderr}`);
      if (answer.ok) {
        assert.equal(render(answer.tree), stdout, `${revision} ${url}`);
        derived++;
      } else {
        assert.equal(`error: ${answer.error.message}\n`, stderr, `${revision} ${url}`);
      }
    }
  }
  assert.ok(derived > 100, `${derived} derivations`);
});

test("tree derives from another production with rule", () => {
  const { stdout } = cli(["tree", "--rule", "hostport", "example.com:80"]);
  const answer = tree("example.com:80", { rule: "hostport" });
  assert.equal(render(answer.tree), stdout);
  assert.throws(() => tree("x", { rule: "nothing" }), RangeError);
});

test("parse: the typed tree with spans in bytes, or the error of rfc1738 tree", () => {
  const parsed = parse("http://example.com:80/a/b?q");
  assert.equal(parsed.ok, true);
  const http = parsed.url.Http;
  assert.deepEqual(http.span, { start: 0, end: 27 });
  assert.equal(http.hostport.host.Hostname.text, "example.com");
  assert.deepEqual(http.hostport.port.span, { start: 19, end: 21 });
  assert.deepEqual(http.search.span, { start: 26, end: 27 });
  assert.equal(parse("FTP://h/").ok, true);
  assert.equal(parse("FTP://h/", { strict: true }).ok, false);
  // A URL of a known scheme that only otherurl accepts: check says yes,
  // parse (as tree and describe) says why its scheme's production does not.
  const underscore = "http://a_b.example/";
  assert.equal(check("url", underscore).ok, true);
  const failed = parse(underscore);
  assert.equal(failed.ok, false);
  assert.equal(`error: ${failed.error.message}\n`, cli(["tree", underscore]).stderr);
  for (const url of urls.slice(0, 200)) {
    const { status, stderr } = cli(["tree", url]);
    const answer = parse(url);
    assert.equal(answer.ok, status === 0, url);
    if (!answer.ok) assert.equal(`error: ${answer.error.message}\n`, stderr, url);
  }
});

test("revisions gives the lines of rfc1738 revisions --format json", () => {
  const dir = mkdtempSync(join(tmpdir(), "rfc1738-revisions-"));
  const batch = join(dir, "urls.txt");
  const lines = [...urls, "http://h/é", "URL:http://h/", "http://h/a#b"];
  writeFileSync(batch, lines.join("\n") + "\n");
  for (const strict of [false, true]) {
    const { stdout } = cli(["revisions", "--format", "json", "--batch", batch, ...(strict ? ["--strict"] : [])]);
    const expected = stdout.split("\n").filter(Boolean).map((line) => JSON.parse(line));
    assert.equal(expected.length, lines.length);
    lines.forEach((url, i) => assert.deepEqual(revisions(url, { strict }), expected[i], url));
  }
});
