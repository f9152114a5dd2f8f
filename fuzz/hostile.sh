#!/usr/bin/env bash
# Inputs of deep repetition, a megabyte each (fuzz/make_seeds.py --hostile:
# nested brackets, thousands of openers, a URL of a million findings), run
# once each through its target's binary, built (instrumented for coverage,
# which costs it two to three times the time of a release build, and
# checking the target's properties on each): each must pass them, so that
# a reader stays linear where a fuzzer's short inputs cannot tell.
#
# The budget of a hostile input, HOSTILE_SECONDS (1) of processor time and
# HOSTILE_MB (64) of peak memory of the whole process, is what a user meets: it is measured on
# the release CLI (HOSTILE_CLI, else built) for the readers (`rfc1738 lint`
# on the input named as its reader's file), `--fix`, the configuration
# (`rfc1738.toml`), the baseline (`--baseline`), the language server
# (`rfc1738 server`, an editor opening the input) and the explorer's
# server (`rfc1738 explore`, a browser's request), and on the targets
# with HOSTILE_CLI=skip (CI's fuzz step, which has no release build). One over it is listed as SLOW. A target over
# HOSTILE_HARD_SECONDS (10) or HOSTILE_HARD_MB (512), a reader gone
# quadratic, or one that fails its properties (FAIL), fails the script.
# Usage, from anywhere, after `cargo fuzz build`: fuzz/hostile.sh [BYTES]
set -euo pipefail
cd "$(dirname "$0")"
source ./options.sh

size="${1:-1048576}"
seconds="${HOSTILE_SECONDS:-1}"
megabytes="${HOSTILE_MB:-64}"
hard_seconds="${HOSTILE_HARD_SECONDS:-10}"
hard_megabytes="${HOSTILE_HARD_MB:-512}"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
python3 make_seeds.py --hostile "$dir" "$size"

# Runs one input; prints its exit code, seconds of processor time and peak
# memory (MB).
measure() {
    python3 - "$@" <<'PY'
import resource, subprocess, sys, time
limit = float(sys.argv[1])
start = time.monotonic()
try:
    run = subprocess.run(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         timeout=limit)
except subprocess.TimeoutExpired as expired:
    run = subprocess.CompletedProcess(expired.cmd, 124, b"", b"ERROR: killed after %.0f s" % limit)
# Processor time, not the wall's: the same on an idle machine, and a
# campaign's targets beside it (at the lowest priority) do not count.
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
seconds = usage.ru_utime + usage.ru_stime if run.returncode != 124 else time.monotonic() - start
megabytes = usage.ru_maxrss / 1024
print(run.returncode, "%.2f" % seconds, "%.1f" % megabytes)
if run.returncode:
    sys.stderr.write(run.stderr.decode("utf-8", "replace")[-2000:])
PY
}

cli="${HOSTILE_CLI:-}"
if [ -z "$cli" ]; then
    (cd .. && cargo build --release -q -p rfc1738-cli)
    cli="$(cd .. && pwd)/target/release/rfc1738"
fi

# The extension of the file a reader's input is named as.
extension() {
    case "$1" in
        lint_markdown*) echo md ;;
        lint_html*) echo html ;;
        lint_python*) echo py ;;
        lint_javascript*) echo js ;;
        lint_roff*) echo 1 ;;
        lint_rst*) echo rst ;;
        lint_asciidoc*) echo adoc ;;
        *) echo txt ;;
    esac
}

# The CLI on one input of a target it reads from a file: its exit code,
# seconds and peak memory; nothing for the other targets.
measure_cli() {
    local target="$1" input="$2" work="$dir/cli" file
    [ "$cli" = skip ] && return 0
    rm -rf "$work"
    mkdir -p "$work"
    case "$target" in
        lint_*)
            file="input.$(extension "$target")"
            cp "$input" "$work/$file"
            (cd "$work" && measure 30 "$cli" lint --isolated "$file")
            ;;
        fix)
            # Named for the reader it fixes (`lint_markdown-angles`).
            file="input.$(extension "$(basename "$input")")"
            cp "$input" "$work/$file"
            (cd "$work" && measure 30 "$cli" lint --fix --isolated "$file")
            ;;
        config)
            cp "$input" "$work/rfc1738.toml"
            echo "http://a.b/~" >"$work/a.txt"
            (cd "$work" && measure 30 "$cli" lint a.txt)
            ;;
        baseline)
            cp "$input" "$work/baseline.toml"
            echo "http://a.b/~" >"$work/a.txt"
            (cd "$work" && measure 30 "$cli" lint --baseline baseline.toml a.txt)
            ;;
        explorer)
            # A browser's request to `rfc1738 explore` (its Host naming the
            # port the server took): the server's processor time and peak
            # memory until it has answered.
            python3 - "$cli" "$input" <<'PY'
import os, re, signal, socket, subprocess, sys
server = subprocess.Popen([sys.argv[1], "explore", "--port", "0"],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
port = int(re.search(rb"127\.0\.0\.1:(\d+)", server.stdout.readline()).group(1))
request = open(sys.argv[2], "rb").read().replace(b"127.0.0.1:1738", b"127.0.0.1:%d" % port)
with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
    connection.sendall(request)
    connection.shutdown(socket.SHUT_WR)
    while connection.recv(1 << 16):
        pass
server.send_signal(signal.SIGTERM)
_, status, usage = os.wait4(server.pid, 0)
print(0, "%.2f" % (usage.ru_utime + usage.ru_stime), "%.1f" % (usage.ru_maxrss / 1024))
PY
            ;;
        server)
            # An editor opening the target's document (a session's first
            # text: fuzz/src/server.rs), changing it and asking for its
            # fixes, then shutting down.
            python3 - "$input" "$work" "$(extension "$(basename "$input")")" <<'PY'
import json, struct, sys
data = open(sys.argv[1], "rb").read()
# The flag of UTF-8, the operation and document, then the text's length.
assert data[3] == 0xFF, "a session opening a long text first"
length = struct.unpack("<H", data[4:6])[0]
text = data[6:6 + length].decode("utf-8", "replace")
work, extension = sys.argv[2], sys.argv[3]
language = {"md": "markdown", "html": "html"}.get(extension, "plaintext")
uri = "file://%s/input.%s" % (work, extension)
messages = [
    {"jsonrpc": "2.0", "id": 1, "method": "initialize",
     "params": {"processId": None, "rootUri": "file://" + work, "capabilities": {}}},
    {"jsonrpc": "2.0", "method": "initialized", "params": {}},
    {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": language, "version": 1, "text": text}}},
    {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": uri, "version": 2},
        "contentChanges": [{"range": {"start": {"line": 0, "character": 3},
                                      "end": {"line": 0, "character": 3}}, "text": "~"}]}},
    {"jsonrpc": "2.0", "id": 2, "method": "textDocument/codeAction", "params": {
        "textDocument": {"uri": uri},
        "range": {"start": {"line": 0, "character": 0}, "end": {"line": 255, "character": 255}},
        "context": {"diagnostics": []}}},
    {"jsonrpc": "2.0", "id": 3, "method": "shutdown"},
    {"jsonrpc": "2.0", "method": "exit"},
]
with open(work + "/session", "wb") as out:
    for message in messages:
        body = json.dumps(message).encode()
        out.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
PY
            (cd "$work" && measure 30 "$cli" server <session)
            ;;
    esac
}

failed=0
for target_dir in "$dir"/*/; do
    target="$(basename "$target_dir")"
    binary="$(fuzz_binary "$target")"
    [ -x "$binary" ] || { echo "no built target $target"; exit 1; }
    for input in "$target_dir"*; do
        read -r code took peak < <(measure "$((hard_seconds * 3))" "$binary" -runs=1 "$input" \
            2>"$dir/stderr")
        verdict=ok
        # The budget's measure: the CLI's where it reads the input.
        by=target
        budget_took="$took"
        budget_peak="$peak"
        if read -r _ cli_took cli_peak < <(measure_cli "$target" "$input" 2>/dev/null) &&
            [ -n "$cli_took" ]; then
            by=cli
            budget_took="$cli_took"
            budget_peak="$cli_peak"
        fi
        if [ "$code" != 0 ]; then
            verdict=FAIL
        elif awk -v t="$took" -v s="$hard_seconds" -v p="$peak" -v m="$hard_megabytes" \
            'BEGIN { exit !(t > s || p > m) }'; then
            verdict=FAIL
        elif awk -v t="$budget_took" -v s="$seconds" -v p="$budget_peak" -v m="$megabytes" \
            'BEGIN { exit !(t > s || p > m) }'; then
            verdict=SLOW
        fi
        printf '%-5s %-14s %-40s target %6.2f s %7.1f MB, %-6s %6.2f s %7.1f MB\n' "$verdict" \
            "$target" "$(basename "$input") ($(stat -c %s "$input") B)" "$took" "$peak" \
            "$by" "$budget_took" "$budget_peak"
        if [ "$verdict" = FAIL ]; then
            grep -E 'panicked|ERROR|assert' "$dir/stderr" | head -5 || true
            failed=1
        fi
    done
done
exit "$failed"
