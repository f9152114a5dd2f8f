// The static explorer (`rfc1738 explore --export DIR`, index.html on the
// WebAssembly module) served by a plain static server (Python's
// http.server: no rfc1738 process runs), in Debian's Chromium driven by
// playwright-core. URLs are typed in as a person would; the page's
// verdicts are those of `rfc1738 revisions`, its check line that of
// `rfc1738 check`, its boxes those of `rfc1738 tree`, its failures marked
// where `tree` says; describe and the findings (those the served explorer
// gives, asked from the test) are shown; a box opens its
// diagram with the path marked; the view's address reproduces it in a
// fresh context; no request leaves the static server.
//
// Run by .ci/steps/55-web.sh; by hand, after `npm run build`:
//   node --test test-browser/
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";

import { chromium } from "playwright-core";

import { bin, cli, npm, repo } from "../test/support.mjs";

const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const SHOTS = process.env.SCREENSHOTS || join(repo, "target", "web-screenshots");
const FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];

const URLS = [
  "ftp://joe:pw@ftp.x.org:21/pub/f;type=a",
  "HTTP://host:80x/~a",
  "gopher://g.h/1/x%20y",
  "http://h.x/a#b",
  "http://h/\u00e9x",
  "mailto:a@b.c",
  "URL:http://h/",
];

let server;
let base;
// The served explorer, as the reference for the findings only.
let explorer;
let reference;
let browser;
let site;

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  site = mkdtempSync(join(tmpdir(), "rfc1738-site-"));
  const exported = cli(["explore", "--export", site, "--wasm", join(npm, "explorer")]);
  assert.equal(exported.status, 0, exported.stderr);
  assert.match(exported.stdout, /the explorer on the module of/);
  server = spawn("python3", ["-u", "-m", "http.server", "--bind", "127.0.0.1", "0", "--directory", site],
    { stdio: ["ignore", "pipe", "pipe"] });
  base = await new Promise((done, fail) => {
    let seen = "";
    server.stdout.on("data", (chunk) => {
      seen += chunk;
      const found = seen.match(/port (\d+)/);
      if (found) done(`http://127.0.0.1:${found[1]}/`);
    });
    server.on("exit", (code) => fail(new Error("the static server exited with " + code)));
    setTimeout(() => fail(new Error("no port printed: " + seen)), 20000);
  });
  explorer = spawn(bin, ["explore", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  reference = await new Promise((done, fail) => {
    let seen = "";
    explorer.stdout.on("data", (chunk) => {
      seen += chunk;
      const found = seen.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (found) done(found[0]);
    });
    setTimeout(() => fail(new Error("no address printed: " + seen)), 20000);
  });
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.kill();
  if (explorer) explorer.kill();
});

function cliTree(url, revision, rule = "url") {
  const run = cli(["tree", "--dialect", revision, "--rule", rule, "--", url]);
  if (run.status !== 0) return { error: run.stderr.trim().replace(/^error: /, "") };
  return {
    nodes: run.stdout.trimEnd().split("\n").map((line) => {
      const found = line.match(/^( *)(\S+) (\d+)\.\.(\d+) (".*")$/);
      return { depth: found[1].length / 2, name: found[2], start: Number(found[3]), end: Number(found[4]) };
    }),
  };
}

async function boxes(card) {
  return card.$$eval(".box", (all) => all.map((box) => {
    let depth = 0;
    for (let up = box.parentElement; up; up = up.parentElement) if (up.classList.contains("box")) depth++;
    return { depth, name: box.dataset.name, start: Number(box.dataset.start), end: Number(box.dataset.end) };
  }));
}

function watch(page) {
  const requests = [];
  page.on("request", (request) => requests.push(request.url()));
  return requests;
}

async function checkAgainstCli(page, revision) {
  const query = new URLSearchParams({ revision, rule: "url", mode: "default" });
  const served = await (await fetch(reference + "api/explain?" + query, { method: "POST", body: URLS.join("\n") })).json();
  const cards = await page.$$(".url-card");
  assert.equal(cards.length, URLS.length);
  for (const [index, url] of URLS.entries()) {
    const card = cards[index];
    assert.equal(await card.$eval(".url-text", (e) => e.textContent), url);
    const report = JSON.parse(cli(["revisions", "--format", "json", "--", url]).stdout);
    for (const verdict of report.verdicts) {
      const shown = await card.$eval(`.verdict[data-revision="${verdict.dialect}"]`, (e) => e.dataset.accepted);
      assert.equal(shown, String(verdict.accepted_as !== null), `${url}: ${verdict.dialect}`);
    }
    const check = cli(["check", "--dialect", revision, "url", "--", url]).stdout.trim();
    assert.ok((await card.$eval(".check", (e) => e.textContent)).endsWith(check), url);
    const tree = cliTree(url, revision);
    if (tree.nodes) {
      assert.deepEqual(await boxes(card), tree.nodes, `${revision}: ${url}`);
    } else {
      const message = await card.$eval(".failure .message", (e) => e.textContent);
      assert.ok(message.endsWith("error: " + tree.error), `${url}: ${message}`);
      const column = Number(tree.error.match(/^1:(\d+):/)[1]);
      const read = await card.$eval(".failure-string .read", (e) => e.textContent);
      assert.equal([...read].length, column - 1, url);
    }
    // The findings: those the served explorer gives (its /api/explain,
    // asked from here, never by the page).
    const findings = await card.$$eval(".finding", (all) => all.map((f) => f.dataset.code));
    const linted = served.urls[index].findings.map((finding) => finding.code);
    assert.deepEqual(findings, linted, `${url}: findings`);
  }
}

test("the exported page answers as the CLI, from a static server", async () => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const requests = watch(page);
  await page.goto(base);
  await page.click("#urls");
  await page.keyboard.type(URLS.join("\n"), { delay: 2 });
  await page.waitForFunction((count) => document.querySelectorAll(".url-card").length === count
    && document.querySelector("#status").textContent.includes("read"), URLS.length);
  await page.screenshot({ path: join(SHOTS, "static-1-rfc1738.png"), fullPage: true });
  await checkAgainstCli(page, "rfc1738");
  // What it means: describe's text for a URL RFC 1738 parses.
  const described = await (await page.$$(".url-card"))[0].$eval(".describe pre", (e) => e.textContent);
  assert.ok(described.includes("ftp.x.org"), described);
  // Another revision, chosen on the page.
  await page.selectOption("#revision", "draft-jul93");
  await page.waitForFunction(() => document.querySelector("#status").textContent.includes("by draft-jul93"));
  await checkAgainstCli(page, "draft-jul93");
  // A box: its production's diagram, from the exported files, the path marked.
  await page.selectOption("#revision", "rfc1738");
  await page.waitForFunction(() => document.querySelector("#status").textContent.includes("by rfc1738"));
  await page.click('.url-card[data-index="0"] .box[data-name="login"] > .label');
  await page.waitForFunction(() => document.querySelector("#diagram").dataset.production === "login"
    && document.querySelector("#diagram svg") && document.querySelector("#diagram g.taken"));
  assert.match(await page.textContent("#bnf"), /login\s+=/);
  await page.screenshot({ path: join(SHOTS, "static-2-diagram.png"), fullPage: true });
  // The view in the address, opened in a fresh context.
  const address = page.url();
  assert.match(address, /#urls=.*select=0%3Ar/);
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const fresh = await context.newPage();
  watch(fresh);
  await fresh.goto(address);
  await fresh.waitForFunction(() => document.querySelector("#diagram").dataset.production === "login"
    && document.querySelector(".box.selected"));
  assert.equal(await fresh.$eval(".box.selected", (e) => e.dataset.name), "login");
  await context.close();
  // Every request went to the static server, none to an API.
  for (const url of requests) {
    assert.ok(url.startsWith(base), url);
    assert.ok(!url.includes("/api/"), url);
  }
  assert.ok(requests.some((url) => url.endsWith("rfc1738.wasm")));
  await page.close();
});

test("an unknown production is refused on the page, as the server refuses it", async () => {
  const page = await browser.newPage();
  await page.goto(base + "#urls=http%3A%2F%2Fh%2F&revision=rfc1738&mode=default&rule=nothing");
  await page.waitForFunction(() => document.querySelector("#status").classList.contains("error"));
  assert.match(await page.textContent("#status"), /has no production "nothing"/);
  await page.close();
});
