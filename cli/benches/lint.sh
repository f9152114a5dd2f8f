#!/bin/sh
# Throughput and peak memory of `rfc1738 lint`, per file and format
# (BENCHMARKS.md, "Linting files"). From the repository root:
#
#     cli/benches/lint.sh [MB] [RUNS]
#
# Generates the files (cli/examples/lint_bench_data.rs, MB each, default
# 20) in target/lint-bench, then runs the release binary on each, RUNS
# times (default 3), printing the best wall time (in ms, from `date
# +%s%N`) as MB/s and the largest peak resident set (GNU time's %M). One
# process at a time: one core.
set -eu
MB=${1:-20}
RUNS=${2:-3}
DIR=target/lint-bench
cargo build -q --release -p rfc1738-cli --bin rfc1738 --example lint_bench_data
target/release/examples/lint_bench_data "$DIR" "$MB" > /dev/null
BIN=target/release/rfc1738
printf '%-14s %-7s %10s %9s %10s %9s\n' file format "size MB" seconds "MB/s" "peak MB"
for file in prose.txt dense.txt dense.md long-line.txt; do
    size=$(wc -c < "$DIR/$file")
    for format in short human json sarif github urls; do
        best=""
        peak=0
        run=0
        while [ "$run" -lt "$RUNS" ]; do
            start=$(date +%s%N)
            /usr/bin/time -f '%M' -o "$DIR/time" "$BIN" lint --isolated --format "$format" "$DIR/$file" > /dev/null || true
            end=$(date +%s%N)
            seconds=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')
            best=$(awk -v a="$seconds" -v b="$best" 'BEGIN { print (b == "" || a < b) ? a : b }')
            kb=$(tail -n 1 "$DIR/time")
            peak=$(( kb > peak ? kb : peak ))
            run=$((run + 1))
        done
        awk -v f="$file" -v fmt="$format" -v size="$size" -v s="$best" -v kb="$peak" 'BEGIN {
            t = (s > 0) ? s : 0.001
            printf "%-14s %-7s %10.2f %9.3f %10.1f %9.1f\n", f, fmt, size / 1e6, s, size / 1e6 / t, kb / 1024
        }'
    done
done
