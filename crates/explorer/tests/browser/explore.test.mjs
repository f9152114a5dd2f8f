// `rfc1738 explore` in a real browser: Debian's Chromium driven by
// playwright-core. The page is typed into as a person would, and what it
// shows is checked against the command line's own output: the verdicts of
// `rfc1738 revisions --format json`, the line of `rfc1738 check`, the
// boxes of `rfc1738 tree` (name, span, depth and characters of each), and
// the failure `rfc1738 tree` reports (message, offset, marked character).
// Then a box is clicked (its diagram, the path marked), and the link to the
// view is followed in a fresh browser context. Screenshots are kept in
// $SCREENSHOTS (default target/explorer-screenshots).
//
// Run by .ci/steps/50-explorer.sh; by hand:
//   cargo build -p rfc1738-cli && cd crates/explorer/tests/browser && npm ci &&
//   RFC1738_BIN=$PWD/../../../../target/debug/rfc1738 node --test

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFileSync, spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../../../..");
const BIN = process.env.RFC1738_BIN || join(root, "target/debug/rfc1738");
const SHOTS = process.env.SCREENSHOTS || join(root, "target/explorer-screenshots");
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";

// The flags Chromium needs on a machine without a network: no sandbox as
// root, no GPU, no background connections. playwright-core gives it a new,
// empty profile directory of its own.
const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const URLS = [
  "ftp://joe:pw@ftp.x.org:21/pub/f;type=a",
  "HTTP://host:80x/~a",
  "gopher://g.h/1/x%20y",
  "http://h.x/a#b",
  "http://h/\u00e9x",
  "mailto:a@b.c",
];

let server;
let base;
let browser;

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = spawn(BIN, ["explore", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  base = await new Promise((done, fail) => {
    let seen = "";
    server.stdout.on("data", (chunk) => {
      seen += chunk;
      const found = seen.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (found) done(found[0]);
    });
    server.on("exit", (code) => fail(new Error("rfc1738 explore exited with " + code)));
    setTimeout(() => fail(new Error("no address printed: " + seen)), 20000);
  });
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.kill();
});

// ---- the command line's answers ----------------------------------------------

function cli(args) {
  const run = spawnSync(BIN, args, { encoding: "utf8" });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

// `rfc1738 tree` as nodes: depth, name, start, end, text; or its error.
function cliTree(url, revision, strict, rule = "url") {
  const args = ["tree", "--dialect", revision, "--rule", rule];
  if (strict) args.push("--strict");
  const run = cli([...args, "--", url]);
  if (run.code !== 0) return { error: run.stderr.trim().replace(/^error: /, "") };
  const nodes = run.stdout.trimEnd().split("\n").map((line) => {
    const found = line.match(/^( *)(\S+) (\d+)\.\.(\d+) (".*")$/);
    assert.ok(found, "a tree line: " + line);
    return {
      depth: found[1].length / 2,
      name: found[2],
      start: Number(found[3]),
      end: Number(found[4]),
      text: JSON.parse(found[5]),
    };
  });
  return { nodes };
}

function cliRevisions(url, strict) {
  const args = ["revisions", "--format", "json"];
  if (strict) args.push("--strict");
  // Exit 1 when no revision accepts the URL: the verdicts are printed all the same.
  const out = cli([...args, "--", url]).stdout.trim();
  return JSON.parse(out).verdicts;
}

// ---- what the page shows --------------------------------------------------

async function open(page, urls, revision = "rfc1738", mode = "default") {
  await page.goto(base);
  await page.selectOption("#revision", revision);
  await page.selectOption("#mode", mode);
  await page.click("#urls");
  await page.keyboard.type(urls.join("\n"), { delay: 2 });
  await page.waitForFunction((count) => document.querySelectorAll(".url-card").length === count
    && document.querySelector("#status").textContent.includes("read"), urls.length);
}

// The boxes of a card, in document order, as the tree's nodes.
async function boxes(card) {
  return card.$$eval(".box", (all) => all.map((box) => {
    let depth = 0;
    for (let up = box.parentElement; up; up = up.parentElement) if (up.classList.contains("box")) depth++;
    const text = [...box.querySelectorAll(".chars")].map((c) => c.textContent).join("");
    return {
      depth,
      name: box.dataset.name,
      start: Number(box.dataset.start),
      end: Number(box.dataset.end),
      text,
    };
  }));
}

async function checkAgainstCli(page, urls, revision, strict) {
  const cards = await page.$$(".url-card");
  assert.equal(cards.length, urls.length);
  for (const [index, url] of urls.entries()) {
    const card = cards[index];
    assert.equal(await card.$eval(".url-text", (e) => e.textContent), url);
    // The verdicts of `rfc1738 revisions`.
    for (const verdict of cliRevisions(url, strict)) {
      const shown = await card.$eval(`.verdict[data-revision="${verdict.dialect}"]`, (e) => e.dataset.accepted);
      assert.equal(shown, String(verdict.accepted_as !== null), `${url}: ${verdict.dialect}`);
    }
    // The line of `rfc1738 check`.
    const args = ["check", "--dialect", revision, ...(strict ? ["--strict"] : []), "url", "--", url];
    const check = cli(args).stdout.trim();
    const shownCheck = await card.$eval(".check", (e) => e.textContent);
    assert.ok(shownCheck.endsWith(check), `${url}: ${shownCheck} against ${check}`);
    // The boxes of `rfc1738 tree`, or its failure.
    const tree = cliTree(url, revision, strict);
    if (tree.nodes) {
      assert.equal(await card.$(".failure"), null);
      assert.deepEqual(await boxes(card), tree.nodes, `${revision}: ${url}`);
    } else {
      assert.equal((await boxes(card)).length, 0);
      const message = await card.$eval(".failure .message", (e) => e.textContent);
      assert.ok(message.endsWith("error: " + tree.error), `${url}: ${message} against ${tree.error}`);
      // `1:15: ...`: the column, in characters, of the one line.
      const column = Number(tree.error.match(/^1:(\d+):/)[1]);
      const read = await card.$eval(".failure-string .read", (e) => e.textContent);
      assert.equal([...read].length, column - 1, `${url}: the characters before the marked one`);
      const marked = await card.$eval(".failure-string .marker", (e) => e.textContent);
      const atEnd = column - 1 === [...url].length;
      assert.equal(marked, atEnd ? "end" : [...url][column - 1], `${url}: the marked character`);
      const found = tree.error.match(/found (".*?"|end of input|U\+[0-9A-F]+)/)[1];
      assert.equal(await card.$eval(".failure .found", (e) => e.textContent), found);
    }
  }
}

test("the page's verdicts, boxes and failures are those of the command line", async () => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await open(page, URLS);
  await page.screenshot({ path: join(SHOTS, "1-rfc1738.png"), fullPage: true });
  await checkAgainstCli(page, URLS, "rfc1738", false);
  // The same URLs by the oldest draft, chosen on the page.
  await page.selectOption("#revision", "draft-jul93");
  await page.waitForFunction(() => document.querySelector("#status").textContent.includes("by draft-jul93"));
  await page.screenshot({ path: join(SHOTS, "2-draft-jul93.png"), fullPage: true });
  await checkAgainstCli(page, URLS, "draft-jul93", false);
  // Its `url` rejects `http://h.x/a#b`, its `fragmentaddress` takes it:
  // the page offers that derivation, and shows the boxes of
  // `rfc1738 tree --dialect draft-jul93 --rule fragmentaddress`.
  const fragment = (await page.$$(".url-card"))[3];
  await (await fragment.$('.derive-as[data-rule="fragmentaddress"]')).click();
  await page.waitForFunction(() => document.querySelector("#status").textContent.includes("as fragmentaddress"));
  const derived = (await page.$$(".url-card"))[3];
  assert.deepEqual(await boxes(derived), cliTree(URLS[3], "draft-jul93", false, "fragmentaddress").nodes);
  assert.equal(await page.inputValue("#rule"), "fragmentaddress");
  await page.fill("#rule", "url");
  await page.dispatchEvent("#rule", "change");
  await page.waitForFunction(() => document.querySelector("#status").textContent.includes("as url"));
  // And by the letter of the BNF: `HTTP` is no scheme keyword.
  await page.selectOption("#revision", "draft-03");
  await page.selectOption("#mode", "strict");
  await page.waitForFunction(() => document.querySelector("#status").textContent.includes("by draft-03 (strict)"));
  await checkAgainstCli(page, URLS, "draft-03", true);
  await page.close();
});

test("a click on a box shows its diagram with the path marked, and the link reproduces the view", async () => {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  await open(page, URLS.slice(0, 2));
  const card = (await page.$$(".url-card"))[0];
  const hostport = await card.$('.box[data-name="hostport"]');
  await hostport.click({ position: { x: 4, y: 4 } });
  await page.waitForFunction(() => document.querySelector("#diagram").dataset.production === "hostport"
    && document.querySelector("#diagram svg"));
  assert.ok(await hostport.evaluate((e) => e.classList.contains("selected")));
  assert.equal(await page.textContent("#diagram-title"), "hostport (rfc1738)");
  assert.match(await page.textContent("#bnf"), /^hostport\s+= host \[ ":" port \]/);
  // host [ ":" port ], taken whole by "ftp.x.org:21": the three boxes.
  const taken = await page.$$eval("#diagram g.taken", (all) => all.map((g) => g.dataset.leaf));
  assert.deepEqual(taken, ["0", "1", "2"]);
  await page.screenshot({ path: join(SHOTS, "3-clicked-hostport.png"), fullPage: true });
  const hash = await page.evaluate(() => location.hash);
  const path = await hostport.getAttribute("data-path");
  assert.ok(hash.includes("select=0%3A" + path), hash);

  // The link to this view, in a fresh context (no state, no cache).
  const link = await page.getAttribute("#share", "href");
  assert.ok(link.startsWith(base + "#"), link);
  const fresh = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const shared = await fresh.newPage();
  await shared.goto(link);
  await shared.waitForFunction(() => document.querySelectorAll(".url-card").length === 2
    && document.querySelector("#diagram g.taken"));
  assert.equal(await shared.inputValue("#urls"), URLS.slice(0, 2).join("\n"));
  assert.equal(await shared.inputValue("#revision"), "rfc1738");
  const selected = await shared.$$eval(".box.selected", (all) => all.map((e) => [e.dataset.name, e.dataset.start, e.dataset.end]));
  assert.deepEqual(selected, [["hostport", "13", "25"]]);
  assert.deepEqual(await shared.$$eval("#diagram g.taken", (all) => all.map((g) => g.dataset.leaf)), ["0", "1", "2"]);
  await shared.screenshot({ path: join(SHOTS, "4-shared-link.png"), fullPage: true });

  // A production's box in the diagram leads to that production.
  await shared.click('#diagram g[data-name="port"]');
  await shared.waitForFunction(() => document.querySelector("#diagram").dataset.production === "port");
  assert.match(shared.url(), /production=port/);

  // A failure's open production: its diagram, the inner production marked.
  const failed = (await shared.$$(".url-card"))[1];
  await (await failed.$('.open-production[data-name="url"]')).click();
  await shared.waitForFunction(() => document.querySelector("#diagram").dataset.production === "url"
    && document.querySelector("#diagram g.open"));
  assert.deepEqual(await shared.$$eval("#diagram g.open", (all) => all.map((g) => g.dataset.name)), ["httpurl"]);
  await shared.screenshot({ path: join(SHOTS, "5-failure-open-production.png"), fullPage: true });
  await fresh.close();
  await context.close();
});

test("the static export has every production's diagram of every revision", async () => {
  const dir = join(SHOTS, "export");
  execFileSync(BIN, ["explore", "--export", dir]);
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  for (const revision of ["draft-jul93", "draft-oct93", "draft-03", "rfc1738"]) {
    // The productions the server names for the revision.
    const grammar = await (await fetch(base + "api/grammar?revision=" + revision)).json();
    const names = grammar.productions.map((p) => p.name);
    await page.goto("file://" + join(dir, revision + ".html"));
    const sections = await page.$$eval("section", (all) => all.map((s) => ({
      name: s.querySelector("h2").textContent,
      svg: s.querySelectorAll("svg").length,
      bnf: s.querySelector("pre").textContent,
    })));
    assert.deepEqual(sections.map((s) => s.name), names, revision);
    for (const [i, section] of sections.entries()) {
      assert.equal(section.svg, 1, `${revision}: ${section.name}`);
      assert.equal(section.bnf, grammar.productions[i].bnf, `${revision}: ${section.name}`);
    }
    if (revision === "rfc1738") await page.screenshot({ path: join(SHOTS, "6-export-rfc1738.png") });
  }
  await page.close();
});
