// What the tests share: the CLI they compare the package with, and the
// strings and files they compare it on (all in this repository).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const npm = join(dirname(fileURLToPath(import.meta.url)), "..");
export const repo = join(npm, "..");

/** The `rfc1738` binary: $RFC1738_BIN, else the workspace's debug build. */
export const bin = process.env.RFC1738_BIN || join(repo, "target", "debug", "rfc1738");
if (!existsSync(bin)) {
  throw new Error(`no rfc1738 binary at ${bin}: cargo build -p rfc1738-cli, or set RFC1738_BIN`);
}

/** Runs the CLI in the repository: its status and output. */
export function cli(args, options = {}) {
  const result = spawnSync(bin, args, { cwd: repo, encoding: "utf8", maxBuffer: 256 << 20, ...options });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export { execFileSync };

/** A generator of the same pseudo-random numbers on every run. */
export function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function unescape(field) {
  return field.replace(/\\(n|t|\\)/g, (_, c) => (c === "n" ? "\n" : c === "t" ? "\t" : "\\"));
}

/** The URLs of the seed documents (crates/conformance/src/examples.tsv), with the production each is an example of. */
export function examples() {
  const lines = readFileSync(join(repo, "crates/conformance/src/examples.tsv"), "utf8").split("\n");
  const rows = lines.filter((line) => line && !line.startsWith("#"));
  const header = rows.shift().split("\t");
  const url = header.indexOf("url");
  const production = header.indexOf("production");
  return rows.map((row) => {
    const fields = row.split("\t");
    return { url: unescape(fields[url]), production: fields[production] };
  });
}

/** The first `count` lines of kasztp.txt (benches/data), https rewritten to http as the benches do. */
export function kasztp(count = Infinity) {
  const text = readFileSync(join(repo, "benches/data/kasztp.txt"), "utf8").replace(/^\uFEFF/, "");
  const lines = text.split("\n").filter((line) => line.length > 0);
  return lines.slice(0, count).map((line) => line.replace(/^https:\/\//, "http://"));
}

/** Strings near the URLs given: a character inserted, deleted or replaced somewhere, chosen by `rand`. */
export function mutations(urls, rand, perUrl = 2) {
  const alphabet = [" ", "%", "%4", "%zz", "#", "~", "\\", "\"", "<", "é", "😀", ":", "@", "/", "?", ";", "=", "&", "+", "-", ".", "0", "9", "A", "z", "[", "]", "|", "^", "{"];
  const out = [];
  for (const url of urls) {
    const chars = [...url];
    for (let i = 0; i < perUrl; i++) {
      const at = Math.floor(rand() * (chars.length + 1));
      const what = alphabet[Math.floor(rand() * alphabet.length)];
      const copy = chars.slice();
      const kind = rand();
      if (kind < 0.5) copy.splice(at, 0, what);
      else if (kind < 0.75) copy.splice(at, 1);
      else copy.splice(at, 1, what);
      out.push(copy.join(""));
    }
  }
  return out;
}

/** The files of `dir` (relative to the repository), recursively, whose names end in one of `extensions`. */
export function files(dir, extensions) {
  const out = [];
  const walk = (at) => {
    for (const entry of readdirSync(join(repo, at), { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (extensions.some((extension) => entry.name.endsWith(extension))) out.push(relative(repo, join(repo, path)));
    }
  };
  walk(dir);
  return out.sort();
}
