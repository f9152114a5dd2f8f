// check and checkMany against `rfc1738 check`: the same verdicts, and for
// a string that does not match, the same message (which holds the line
// and column) and an offset, line and column that name the same place.
import assert from "node:assert/strict";
import { test } from "node:test";

import { check, checkMany, revisionNames } from "rfc1738";

import { cli, examples, kasztp, mutations, random } from "./support.mjs";

const rand = random(1738);
const urls = [...new Set([
  ...examples().map((example) => example.url),
  ...kasztp(400),
  "", "http:", "http://", "HTTP://Example.COM/", "ftp://user:pass@host:21/a/b;type=d",
  "gopher://h/1a%09b", "mailto:a@b", "news:*", "nntp://h/g/12", "telnet://u:p@h:23/",
  "wais://h/db?q", "file://localhost/etc/motd", "prospero://h/a;b=c", "x-y+z.1://a",
  "http://é.example/", "http://h/😀", "http://h/a b", "http://h/%4", "http://[::1]/",
])];
const strings = [...new Set([...urls, ...mutations(urls, rand, 2)])].filter((s) => !/[\r\n]/.test(s));

// The CLI's verdict lines for `strings` (`STRING: matches NAME` or
// `STRING: does not match NAME: MESSAGE`), a chunk of strings a run.
function cliVerdicts(rule, revision, strict, texts) {
  const out = [];
  for (let at = 0; at < texts.length; at += 400) {
    const chunk = texts.slice(at, at + 400);
    const args = ["check", "--dialect", revision, "--rule", rule, ...(strict ? ["--strict"] : []), "--", ...chunk];
    const { status, stdout, stderr } = cli(args);
    assert.ok(status === 0 || status === 1, `rfc1738 ${args.slice(0, 6).join(" ")}: exit ${status}: ${stderr}`);
    const lines = stdout.split("\n");
    chunk.forEach((text, i) => {
      const line = lines[i];
      const prefix = text + ": ";
      assert.ok(line.startsWith(prefix), `line ${i} of ${rule}: ${line}`);
      const rest = line.slice(prefix.length);
      if (rest.startsWith("matches ")) out.push({ ok: true });
      else {
        const match = /^does not match [^:]+: (.*)$/.exec(rest);
        assert.ok(match, rest);
        out.push({ ok: false, message: match[1] });
      }
    });
  }
  return out;
}

// The byte offset of line `line`, column `column` (characters) of `text`.
function byteOffset(text, line, column) {
  const lines = text.split("\n");
  let offset = 0;
  for (let i = 0; i < line - 1; i++) offset += Buffer.byteLength(lines[i]) + 1;
  return offset + Buffer.byteLength([...lines[line - 1]].slice(0, column - 1).join(""));
}

function agree(rule, revision, strict, texts) {
  const options = { revision, strict };
  const expected = cliVerdicts(rule, revision, strict, texts);
  const many = checkMany(rule, texts, options);
  assert.equal(many.length, texts.length);
  let failures = 0;
  texts.forEach((text, i) => {
    const one = check(rule, text, options);
    assert.deepEqual(many[i], one, `checkMany and check on ${JSON.stringify(text)}`);
    assert.equal(one.ok, expected[i].ok, `${revision} ${rule} ${JSON.stringify(text)}`);
    if (one.ok) return;
    failures++;
    const { error } = one;
    assert.equal(error.message, expected[i].message, `${revision} ${rule} ${JSON.stringify(text)}`);
    assert.ok(error.message.startsWith(`${error.line}:${error.column}: `), error.message);
    assert.equal(error.offset, byteOffset(text, error.line, error.column), JSON.stringify(text));
    assert.ok(Array.isArray(error.expected) && Array.isArray(error.stack));
    assert.equal(typeof error.found, "string");
  });
  return failures;
}

// The productions of a revision, as the CLI lists them on an unknown one.
function productions(revision) {
  const { status, stderr } = cli(["check", "--dialect", revision, "--rule", "no-such-production", "x"]);
  assert.equal(status, 2);
  const list = /(?:its productions are|the rules are): (.*)$/m.exec(stderr);
  assert.ok(list, stderr);
  return list[1].split(", ");
}

test("url in the four revisions, default and strict, as rfc1738 check says", () => {
  for (const revision of revisionNames) {
    for (const strict of [false, true]) {
      const failures = agree("url", revision, strict, strings);
      assert.ok(failures > 100 && failures < strings.length - 100, `${revision}: ${failures} of ${strings.length} fail`);
    }
  }
});

test("every production of every revision on the URLs and their parts", () => {
  const parts = new Set();
  for (const url of urls.slice(0, 200)) {
    const [, rest = ""] = url.split("://");
    const [host = ""] = rest.split("/");
    parts.add(host);
    parts.add(host.split("@").pop());
    parts.add(host.split(":")[0]);
    parts.add(rest.slice(host.length + 1));
    parts.add(url.split(":")[0]);
  }
  const texts = [...parts, ...mutations([...parts].slice(0, 60), rand, 1), "80", "1.2.3.4", "a-b.c", "user:pw"]
    .filter((s) => !/[\r\n]/.test(s));
  for (const revision of revisionNames) {
    for (const rule of productions(revision)) agree(rule, revision, false, texts);
  }
});

test("an unknown production or revision is a RangeError with the CLI's words", () => {
  const { stderr } = cli(["check", "--rule", "nothing", "x"]);
  assert.throws(() => check("nothing", "x"), (error) => error instanceof RangeError && stderr.includes(error.message));
  assert.throws(() => checkMany("nothing", ["x"]), RangeError);
  assert.throws(() => check("url", "x", { revision: "draft-04" }), RangeError);
  assert.throws(() => check("url", 42), TypeError);
});

test("checkMany on texts beyond ASCII measures each in bytes", () => {
  const texts = ["http://h/é", "http://h/a", "ftp://😀/", "http://h/%41", "news:é"];
  assert.deepEqual(checkMany("url", texts), texts.map((text) => check("url", text)));
  assert.equal(check("url", "ftp://😀/").error.offset, 6);
  assert.deepEqual(checkMany("url", []), []);
});

