#!/usr/bin/env bash
# The conformance suite (conformance/README.md) beyond cargo's tests, which
# already regenerate, replay and validate the vectors and test the harness
# with fake implementations:
# 1. the project's own adapter through `rfc1738 conformance run` on every
#    case of the four revisions, derived and read from the checked-in
#    files: full agreement (exit 0);
# 2. every other adapter of conformance/adapters/ through the harness on
#    the RFC 1738 cases: each must speak the protocol (the comparison
#    script stops at an exit code 2). What they need is installed here:
#    Debian's Perl modules, rfc3986 from PyPI, and the Rust adapter's
#    crates (its own workspace, built into target/conformance-adapters).
set -euo pipefail
cd "$(dirname "$0")/../.."

timeout 1200 cargo build -p rfc1738-cli
export RFC1738="$PWD/target/debug/rfc1738"

echo "== the project's own adapter, every revision and mode"
timeout 600 "$RFC1738" conformance run -- conformance/adapters/rfc1738/adapter.sh | grep -E '^[a-z0-9-]+: '
timeout 600 "$RFC1738" conformance run --suite conformance -- conformance/adapters/rfc1738/adapter.sh | grep -E '^[a-z0-9-]+: '

echo "== what the other adapters need"
if ! perl -MRegexp::Common -MURI -MJSON::PP -e 1 2>/dev/null; then
    timeout 300 apt-get update -qq
    DEBIAN_FRONTEND=noninteractive timeout 600 apt-get install -y -qq libregexp-common-perl liburi-perl
fi
if ! python3 -c 'import rfc3986' 2>/dev/null; then
    timeout 300 python3 -m pip install -q rfc3986==2.0.0
fi

echo "== every adapter through the harness (the comparison, not written)"
comparison="$(mktemp)"
timeout 1200 python3 conformance/adapters/compare.py --dry-run > "$comparison"
sed -n '1,9p' "$comparison"
rm -f "$comparison"
