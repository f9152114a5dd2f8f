#!/usr/bin/env bash
# Instruction counts of the benchmark workloads, with callgrind: stable on a
# busy machine, where times are not. Counts only `instructions::measure`
# (the loop over the inputs), not the loading of the corpora.
#
#   benches/callgrind.sh                      # the default table
#   benches/callgrind.sh parse kasztp_http_accepted   # one workload
#   BRANCHES=1 benches/callgrind.sh parse generated   # and the conditional
#       branches callgrind's simple predictor mispredicts, per input (a
#       model, not the machine's predictor: a hint at where time goes)
#   BY_FUNCTION=1 BRANCHES=1 benches/callgrind.sh parse generated   # and
#       where: each function's own instructions (and mispredictions) per
#       input, the functions inlined into it counted in it
set -euo pipefail
cd "$(dirname "$0")/.."
binary=$(cargo bench -p rfc1738 --features dialect,lint --bench instructions --no-run --message-format=json 2>/dev/null \
    | grep -o '"executable":"[^"]*instructions[^"]*"' | tail -1 | cut -d'"' -f4)
[ -x "$binary" ] || { echo "no instructions binary" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

branch_sim=()
[ -n "${BRANCHES:-}" ] && branch_sim=(--branch-sim=yes)

count() { # workload corpus -> "Ir inputs bytes accepted", and mispredicted branches
    local stats
    stats=$(valgrind --tool=callgrind --callgrind-out-file="$out/cg" "${branch_sim[@]}" \
        --toggle-collect='instructions::measure' "$binary" "$1" "$2" 2>/dev/null)
    # summary: Ir, and with the branch model Bc Bcm Bi Bim.
    local ir mispredicted
    read -r ir mispredicted < <(grep '^summary:' "$out/cg" | awk '{print $2, $4}')
    echo "$ir $stats ${mispredicted:-0}"
    if [ -n "${BY_FUNCTION:-}" ]; then
        by_function "${stats%% *}" >&2
    fi
}

by_function() { # "inputs=N": the top functions of $out/cg, their own cost per input
    local inputs=${1#inputs=} events=Ir
    [ -n "${BRANCHES:-}" ] && events=Ir,Bcm
    callgrind_annotate --inclusive=no --show="$events" --threshold=100 --auto=no "$out/cg" 2>/dev/null |
        grep -E '^ *[0-9,]+ \([ 0-9.]+%\) ' | grep -v 'PROGRAM TOTALS\|events annotated\|x)' |
        sed -E 's/^ *([0-9,]+) \([^)]*\)( +([0-9,.]+)( \([^)]*\))?)? +[^ ]*:(rfc1738::)?([^ ]+).*/\1 \3 \6/' |
        awk -v n="$inputs" -v branches="${BRANCHES:-}" '{ir=$1; b=$2; name=$3; if (name == "") {name=b; b=0}
                             gsub(",", "", ir); gsub(",", "", b); if (b == ".") b = 0;
                             S[name] += ir; B[name] += b}
                            END {for (f in S) {
                                     printf "%10.1f Ir/input", S[f]/n
                                     if (branches != "") printf " %6.2f mispredicted/input", B[f]/n
                                     printf "  %s\n", f }}' |
        sort -rn | head -8
}

row() { # workload corpus: instructions per input and per byte
    local ir inputs bytes accepted mispredicted
    read -r ir inputs bytes accepted mispredicted <<<"$(count "$1" "$2")"
    inputs=${inputs#inputs=}; bytes=${bytes#bytes=}; accepted=${accepted#accepted=}
    awk -v w="$1" -v c="$2" -v ir="$ir" -v n="$inputs" -v b="$bytes" -v a="$accepted" \
        -v m="$mispredicted" -v branches="${BRANCHES:-}" \
        'BEGIN { printf "%-22s %-40s %14.0f Ir  %9.1f Ir/input  %7.2f Ir/byte  (%d of %d accepted)", w, c, ir, ir/n, ir/b, a, n;
                 if (branches != "") printf "  %5.2f mispredicted/input", m/n;
                 printf "\n" }'
}

if [ $# -eq 2 ]; then
    row "$1" "$2"
    exit
fi

for corpus in kasztp_http_accepted node_files_accepted kasztp_https_accepted generated kasztp_http_all node_files_all generated_near_misses kasztp_http_near_misses; do
    for workload in parse check_url url fluent_uri floor; do
        row "$workload" "$corpus"
    done
done
for input in long_path many_labels escapes fails_at_end labels_fail_at_end digits_fail_at_end; do
    for size in 1024 102400 10485760; do
        for workload in parse check_url floor; do
            row "$workload" "adversarial:$input:$size"
        done
    done
done
row floor prose
row scan prose
row lint_text prose
