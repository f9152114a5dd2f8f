#!/usr/bin/env bash
# Inputs of deep repetition, a megabyte each (fuzz/make_seeds.py --hostile:
# nested brackets, thousands of openers, a URL of a million findings), run
# once each through its target's binary, built (instrumented for coverage,
# which costs it two to three times the time of a release build): each
# must pass the target's properties, so that a reader stays linear where a
# fuzzer's short inputs cannot tell.
#
# Each is measured against the budget of a hostile input, HOSTILE_SECONDS
# (1) and HOSTILE_MB (64) of peak memory of the whole process: one over it
# is listed as SLOW. One over HOSTILE_HARD_SECONDS (10) or HOSTILE_HARD_MB
# (512), a reader gone quadratic, or one that fails its properties (FAIL),
# fails the script. Usage, from anywhere, after `cargo fuzz build`:
# fuzz/hostile.sh [BYTES]
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

# Runs one input; prints its exit code, seconds and peak memory (MB).
measure() {
    python3 - "$@" <<'PY'
import resource, subprocess, sys, time
start = time.monotonic()
run = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
seconds = time.monotonic() - start
megabytes = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print(run.returncode, "%.2f" % seconds, "%.1f" % megabytes)
if run.returncode:
    sys.stderr.write(run.stderr.decode("utf-8", "replace")[-2000:])
PY
}

failed=0
for target_dir in "$dir"/*/; do
    target="$(basename "$target_dir")"
    binary="$(fuzz_binary "$target")"
    [ -x "$binary" ] || { echo "no built target $target"; exit 1; }
    for input in "$target_dir"*; do
        read -r code took peak < <(measure "$binary" -runs=1 "$input" 2>"$dir/stderr")
        verdict=ok
        if [ "$code" != 0 ]; then
            verdict=FAIL
        elif awk -v t="$took" -v s="$hard_seconds" -v p="$peak" -v m="$hard_megabytes" \
            'BEGIN { exit !(t > s || p > m) }'; then
            verdict=FAIL
        elif awk -v t="$took" -v s="$seconds" -v p="$peak" -v m="$megabytes" \
            'BEGIN { exit !(t > s || p > m) }'; then
            verdict=SLOW
        fi
        printf '%-5s %-14s %-40s %6.2f s %7.1f MB\n' "$verdict" "$target" \
            "$(basename "$input") ($(stat -c %s "$input") B)" "$took" "$peak"
        if [ "$verdict" = FAIL ]; then
            grep -E 'panicked|ERROR|assert' "$dir/stderr" | head -5 || true
            failed=1
        fi
    done
done
exit "$failed"
