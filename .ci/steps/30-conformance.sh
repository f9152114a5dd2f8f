#!/usr/bin/env bash
# The conformance suite (conformance/README.md) beyond cargo's tests, which
# already regenerate, replay and validate the vectors and test both
# harnesses with fake implementations and extractors:
# 1. the project's own adapter through `rfc1738 conformance run` on every
#    case of the four revisions, derived and read from the checked-in
#    files: full agreement (exit 0);
# 2. every adapter of conformance/adapters/, parsers and extractors,
#    through the harness with its expected-failures file
#    (conformance/adapters/compare.py --check): each must speak the
#    protocol, and the project's own two (grammar and extraction) must fail
#    exactly the cases their files list. What the adapters need is
#    installed here when missing: Debian's Perl modules, PHP, Ruby, Go,
#    libcurl's headers; rfc3986 and urlextract from PyPI; linkify-it from
#    the npm registry (conformance/adapters/node, its lock file); the
#    Rust, C and Go adapters are built into target/conformance-adapters.
set -euo pipefail
cd "$(dirname "$0")/../.."

timeout 1200 cargo build -p rfc1738-cli
export RFC1738="$PWD/target/debug/rfc1738"

echo "== the project's own adapter, every revision and mode"
timeout 600 "$RFC1738" conformance run -- conformance/adapters/rfc1738/adapter.sh | grep -E '^[a-z0-9-]+: '
timeout 600 "$RFC1738" conformance run --suite conformance -- conformance/adapters/rfc1738/adapter.sh | grep -E '^[a-z0-9-]+: '

echo "== what the other adapters need"
missing=()
perl -MRegexp::Common -MURI -MJSON::PP -e 1 2>/dev/null || missing+=(libregexp-common-perl liburi-perl)
command -v php >/dev/null || missing+=(php-cli)
command -v ruby >/dev/null || missing+=(ruby)
command -v go >/dev/null || missing+=(golang-go)
command -v curl-config >/dev/null || missing+=(libcurl4-openssl-dev)
command -v cc >/dev/null || missing+=(gcc)
command -v javac >/dev/null || missing+=(default-jdk-headless)
command -v node >/dev/null || missing+=(nodejs npm)
if [ "${#missing[@]}" -gt 0 ]; then
    timeout 300 apt-get update -qq
    DEBIAN_FRONTEND=noninteractive timeout 900 apt-get install -y -qq "${missing[@]}" >/dev/null
fi
python3 -c 'import rfc3986' 2>/dev/null || timeout 300 python3 -m pip install -q rfc3986==2.0.0
python3 -c 'import urlextract' 2>/dev/null || timeout 300 python3 -m pip install -q urlextract==1.9.0
if [ ! -e conformance/adapters/node/node_modules/linkify-it/package.json ]; then
    (cd conformance/adapters/node && timeout 300 npm ci --no-audit --no-fund --loglevel=error)
fi

echo "== every adapter through the harness, against its expected failures"
timeout 1200 python3 conformance/adapters/compare.py --check
