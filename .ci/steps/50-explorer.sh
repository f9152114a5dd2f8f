#!/usr/bin/env bash
# `rfc1738 explore` in a real browser (crates/explorer/tests/browser/):
# Debian's Chromium, driven by playwright-core from the npm registry, types
# URLs into the page and checks its verdicts, boxes and marked failures
# against `rfc1738 revisions`, `check` and `tree`, clicks a box, follows
# the link to the view in a fresh context, and checks the static export.
# The screenshots it takes are kept in target/explorer-screenshots/.
# The server's own behaviour (bad and huge requests) is tested by cargo
# (crates/explorer/tests/explorer/server.rs). Each part is bounded in time.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$PWD"

if ! command -v chromium >/dev/null 2>&1; then
    timeout 300 apt-get update -qq
    DEBIAN_FRONTEND=noninteractive timeout 900 apt-get install -y -qq --no-install-recommends chromium
fi
chromium --version

cd crates/explorer/tests/browser
timeout 300 npm ci --no-audit --no-fund --loglevel=error
cd "$repo"

timeout 1200 cargo build -p rfc1738-cli --bin rfc1738
echo "== the page in Chromium"
RFC1738_BIN="$repo/target/debug/rfc1738" SCREENSHOTS="$repo/target/explorer-screenshots" \
    CHROMIUM=/usr/bin/chromium timeout 600 node --test crates/explorer/tests/browser/
echo "== screenshots: $(ls target/explorer-screenshots/*.png | wc -l) in target/explorer-screenshots/"
