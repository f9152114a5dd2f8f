// `npm run bench`: checkMany against Node's own URL (ada, C++) and the
// WHATWG reference implementation in JavaScript (whatwg-url), side by side
// in one Node process, on the real URLs of benches/data/kasztp.txt (48,009
// lines, https rewritten to http as the Rust benches do, so that RFC 1738's
// httpurl reads them); then the sizes of the module. BENCHMARKS.md has the
// figures ("Issue 50: the package in Node").
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

import { checkMany } from "rfc1738";
import whatwg from "whatwg-url";

const here = dirname(fileURLToPath(import.meta.url));
const text = readFileSync(join(here, "..", "..", "benches", "data", "kasztp.txt"), "utf8").replace(/^\uFEFF/, "");
const urls = text.split("\n").filter(Boolean).map((line) => line.replace(/^https:\/\//, "http://"));
const rounds = Number(process.env.ROUNDS || 15);

let sink = 0;
const candidates = {
  "rfc1738 checkMany(\"url\", urls)": () => {
    for (const result of checkMany("url", urls)) sink += result.ok ? 1 : 0;
  },
  "Node new URL(url) (ada)": () => {
    for (const url of urls) {
      try {
        new URL(url);
        sink++;
      } catch {
        // rejected
      }
    }
  },
  "Node URL.canParse(url) (ada, no object)": () => {
    for (const url of urls) sink += URL.canParse(url) ? 1 : 0;
  },
};

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

// The candidates take turns in each round, so that a change of the
// machine's load falls on all of them alike.
const times = Object.fromEntries(Object.keys(candidates).map((name) => [name, []]));
for (const run of Object.values(candidates)) run(); // warm up
for (let i = 0; i < rounds; i++) {
  for (const [name, run] of Object.entries(candidates)) {
    const start = process.hrtime.bigint();
    run();
    times[name].push(Number(process.hrtime.bigint() - start) / urls.length);
  }
}
// whatwg-url takes some 100 times as long: three rounds of it, after.
const slow = {
  "whatwg-url new URL(url)": () => {
    for (const url of urls) {
      try {
        new whatwg.URL(url);
        sink++;
      } catch {
        // rejected
      }
    }
  },
};
for (const [name, run] of Object.entries(slow)) {
  times[name] = [];
  for (let i = 0; i < 3; i++) {
    const start = process.hrtime.bigint();
    run();
    times[name].push(Number(process.hrtime.bigint() - start) / urls.length);
  }
}
const results = Object.fromEntries(Object.entries(times).map(([name, list]) => [name, median(list)]));
const best = Object.fromEntries(Object.entries(times).map(([name, list]) => [name, Math.min(...list)]));
const accepted = checkMany("url", urls).filter((result) => result.ok).length;
const ada = results["Node new URL(url) (ada)"];
const adaBest = best["Node new URL(url) (ada)"];
console.log(`${urls.length} URLs (${accepted} match url), ${rounds} rounds, Node ${process.version}`);
console.log("| | median ns per URL | against new URL | fastest round, ns | against new URL |");
console.log("| --- | ---: | ---: | ---: | ---: |");
for (const [name, ns] of Object.entries(results)) {
  console.log(`| ${name} | ${ns.toFixed(0)} | ${(ada / ns).toFixed(2)}x | ${best[name].toFixed(0)} | ${(adaBest / best[name]).toFixed(2)}x |`);
}
const wasm = readFileSync(join(here, "..", "dist", "rfc1738.wasm"));
const gzip = gzipSync(wasm, { level: 9 }).length;
const brotli = brotliCompressSync(wasm, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
console.log(`dist/rfc1738.wasm: ${wasm.length} bytes, gzip -9 ${gzip}, brotli -q 11 ${brotli}`);
if (sink < 0) console.log(sink);
