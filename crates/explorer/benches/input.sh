#!/usr/bin/env bash
# How long `rfc1738 explore` takes to answer a megabyte of input, and the
# server's peak memory (VmHWM) after each kind: one URL that fails at its
# end, 60,000 short lines, one URL that derives as 524,288 path segments,
# one a megabyte of `a` then a `~`, one of a megabyte of `~` (a finding
# each). The release build; three requests each, times from curl.
#   bash crates/explorer/benches/input.sh
set -euo pipefail
cd "$(dirname "$0")/../../.."
cargo build -q --release -p rfc1738-cli
work="$(mktemp -d)"
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
python3 - "$work" <<'PY'
import sys
w = sys.argv[1]
mb = 1 << 20
inputs = {
    "one-url-failing": "http://h.example/" + "ab/" * (mb // 3) + "?q/",
    "60000-lines": "http://h.example/a\nftp://u@h/x\n" * (mb // 31),
    "one-url-deriving": "http://h.example/" + "a/" * (mb // 2),
    "one-url-a-then-tilde": "http://h.example/" + "a" * mb + "~",
    "one-url-of-tildes": "http://h.example/" + "~" * mb,
}
for name, text in inputs.items():
    open(f"{w}/{name}.txt", "w").write(text)
PY
"${CARGO_TARGET_DIR:-target}/release/rfc1738" explore --port 0 > "$work/out" &
server=$!
for _ in $(seq 50); do grep -q http "$work/out" && break; sleep 0.1; done
port="$(grep -o '127.0.0.1:[0-9]*' "$work/out" | cut -d: -f2)"
echo "idle: $(grep VmHWM /proc/$server/status)"
for input in one-url-failing 60000-lines one-url-deriving one-url-a-then-tilde one-url-of-tildes; do
    for _ in 1 2 3; do
        curl -s -o /dev/null -H "Host: 127.0.0.1:$port" --data-binary "@$work/$input.txt" \
            -w "$input ($(stat -c %s "$work/$input.txt") bytes): %{http_code} in %{time_total} s, answer %{size_download} bytes\n" \
            "http://127.0.0.1:$port/api/explain"
    done
    echo "  after it: $(grep VmHWM /proc/$server/status)"
done
