#!/bin/sh
# Two builds of `rfc1738` side by side, on a repository and on the
# generated files of lint.sh: each linting run of one binary is followed by
# the same run of the other, RUNS times, and the median wall time of each
# is printed with the ratio NEW/OLD, and the peak memory (maximum resident
# set) of one run of each. One process at a time: one core.
#
#     cli/benches/compare.sh OLD_BINARY NEW_BINARY [RUNS] [DIR...]
#
# DIR defaults to ../shared/ecosystem (the Rust book and cargo's doc/) and
# target/lint-bench (lint.sh's files, made if missing).
set -eu
OLD=$1
NEW=$2
RUNS=${3:-11}
shift 2
[ $# -gt 0 ] && shift
if [ ! -e target/lint-bench/dense.md ]; then
    cargo build -q --release -p rfc1738-cli --example lint_bench_data
    target/release/examples/lint_bench_data target/lint-bench 20 > /dev/null
fi
if [ $# -eq 0 ]; then
    set -- ../shared/ecosystem target/lint-bench/prose.txt target/lint-bench/dense.txt target/lint-bench/dense.md
fi
median() {
    sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}
printf '%-40s %10s %10s %7s %9s %9s\n' input "old ms" "new ms" ratio "old MB" "new MB"
peak() {
    /usr/bin/time -f %M "$1" lint --isolated --format short --exit-zero "$2" 2>&1 >/dev/null | tail -1
}
for input in "$@"; do
    : > /tmp/compare.old
    : > /tmp/compare.new
    run=0
    while [ "$run" -lt "$RUNS" ]; do
        for which in old new; do
            binary=$OLD
            [ "$which" = new ] && binary=$NEW
            start=$(date +%s%N)
            "$binary" lint --isolated --format short --exit-zero "$input" > /dev/null 2>&1
            end=$(date +%s%N)
            echo $(( (end - start) / 1000 )) >> "/tmp/compare.$which"
        done
        run=$((run + 1))
    done
    old=$(median < /tmp/compare.old)
    new=$(median < /tmp/compare.new)
    old_kb=$(peak "$OLD" "$input")
    new_kb=$(peak "$NEW" "$input")
    awk -v i="$input" -v o="$old" -v n="$new" -v ok="$old_kb" -v nk="$new_kb" \
        'BEGIN { printf "%-40s %10.1f %10.1f %7.2f %9.1f %9.1f\n", i, o / 1000, n / 1000, n / o, ok / 1024, nk / 1024 }'
done
