// The two screenshots the README shows (crates/explorer/screenshots/):
// a derivation with a box clicked, and a failure with its open production.
// Not a test: run by hand after a change to the page, and look at them.
//   RFC1738_BIN=target/debug/rfc1738 node crates/explorer/tests/browser/readme-shots.mjs
import { spawn } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");
const BIN = process.env.RFC1738_BIN || join(root, "target/debug/rfc1738");
const out = join(root, "crates/explorer/screenshots");
const server = spawn(BIN, ["explore", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
const base = await new Promise((done) => {
  let seen = "";
  server.stdout.on("data", (chunk) => {
    seen += chunk;
    const found = seen.match(/http:\/\/127\.0\.0\.1:\d+\//);
    if (found) done(found[0]);
  });
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const page = await browser.newPage({ viewport: { width: 1180, height: 560 } });
const view = (urls, select) => base + "#" + new URLSearchParams({
  urls, revision: "rfc1738", mode: "default", rule: "url", select,
});
await page.goto(view("ftp://joe@ftp.isi.edu:21/in-notes/rfc1738.txt;type=a", "0:r.0.1.1"));
await page.waitForSelector("#diagram g.taken");
await page.screenshot({ path: join(out, "derivation.png") });
await page.goto(view("http://user@www.example.com:80x/~a", "0:open:0"));
await page.waitForSelector("#diagram svg");
await page.screenshot({ path: join(out, "failure.png") });
await browser.close();
server.kill();
