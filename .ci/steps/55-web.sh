#!/usr/bin/env bash
# The npm package `rfc1738` (npm/): the library and linter in WebAssembly,
# the markdownlint rule, and the explorer as a static page. Builds the
# package with its own `npm run build` (cargo for wasm32-unknown-unknown,
# binaryen's wasm-opt from npm), checks the module's size, runs its tests in
# Node against the CLI (node --test: check, checkMany, tree, parse,
# revisions, lint, and the rule in markdownlint-cli2), packs it and uses the
# tarball from an empty project, then exports the static explorer
# (`rfc1738 explore --export`) and drives it in Debian's Chromium over a
# plain static server. The export it writes, target/web-site/, is what
# GitHub Pages publishes (docs/javascript.md). Each part is bounded in time.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$PWD"

if ! command -v chromium >/dev/null 2>&1; then
    timeout 300 apt-get update -qq
    DEBIAN_FRONTEND=noninteractive timeout 900 apt-get install -y -qq --no-install-recommends chromium
fi

cd npm
timeout 300 npm ci --no-audit --no-fund --loglevel=error
echo "== npm run build"
timeout 1200 npm run build
# The goal of issue 50: the package's module under 300 KB compressed.
node -e '
const fs = require("fs"), zlib = require("zlib");
const size = zlib.gzipSync(fs.readFileSync("dist/rfc1738.wasm"), { level: 9 }).length;
console.log("dist/rfc1738.wasm: " + size + " bytes gzip -9");
if (size >= 300000) { console.error("the module is 300 KB or more compressed"); process.exit(1); }'
cd "$repo"

timeout 1200 cargo build -p rfc1738-cli --bin rfc1738
export RFC1738_BIN="$repo/target/debug/rfc1738"

echo "== the package's tests in Node, against the CLI"
(cd npm && timeout 600 node --test test/)

echo "== the packed package, installed into an empty project"
pack="$(mktemp -d)"
(cd npm && npm pack --silent --pack-destination "$pack" >/dev/null)
tarball="$(ls "$pack"/rfc1738-*.tgz)"
echo "$(basename "$tarball"): $(wc -c <"$tarball") bytes"
project="$(mktemp -d)"
(cd "$project" && npm init -y >/dev/null && timeout 300 npm install --no-audit --no-fund --loglevel=error "$tarball")
cat >"$project/smoke.mjs" <<'JS'
import assert from "node:assert/strict";
import { check, checkMany, lint, revisions } from "rfc1738";
import rule from "rfc1738/markdownlint";
assert.deepEqual(check("url", "http://h/"), { ok: true });
assert.equal(check("url", "http://h/%zz").error.offset, 10);
assert.equal(checkMany("hostport", ["h:80", "h:x"])[1].ok, false);
assert.equal(revisions("http://h/a#b").verdicts.length, 4);
assert.equal(lint("<http://a b/>", { path: "a.md" })[0].code, "U003");
assert.equal(typeof rule.function, "function");
console.log("the installed package answers");
JS
(cd "$project" && node smoke.mjs)

# The package says Node 18 and later (package.json's engines): its tests and
# the installed package again in Node 18 (npm's `node@18`), with
# markdownlint-cli2 0.17, the last that runs there (markdownlint 0.37,
# which places no finding in front matter: the rule reports none there).
echo "== the package in Node 18"
old_node="$(mktemp -d)"
(cd "$old_node" && timeout 300 npm install --no-audit --no-fund --loglevel=error \
    node@18 markdownlint-cli2@0.17.2)
node18="$old_node/node_modules/.bin/node"
"$node18" --version
(cd npm && RFC1738_MARKDOWNLINT_CLI2="$old_node/node_modules/markdownlint-cli2/markdownlint-cli2-bin.mjs" \
    timeout 600 "$node18" --test test/)
(cd "$project" && "$node18" smoke.mjs)

echo "== the static explorer in Chromium"
RFC1738_BIN="$RFC1738_BIN" CHROMIUM=/usr/bin/chromium SCREENSHOTS="$repo/target/web-screenshots" \
    timeout 600 node --test npm/test-browser/
rm -rf target/web-site
"$RFC1738_BIN" explore --export target/web-site --wasm npm/explorer
echo "== target/web-site: $(du -sh target/web-site | cut -f1), ready to publish"
