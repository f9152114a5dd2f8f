#!/usr/bin/env bash
# A fuzzing campaign: every target of fuzz/ (`cargo fuzz list`) for SECONDS
# each, from its seed corpus and dictionary (fuzz/options.sh), then the
# inputs of deep repetition (fuzz/hostile.sh); writes fuzz/CAMPAIGN.md (or
# $CAMPAIGN_MD): a table of target, executions, seconds, crashes, with the
# total and the commit (CAMPAIGN_HOSTILE_LOG: the output of a hostile.sh
# run already). A campaign may take several sittings: each appends its
# runs to fuzz/campaign.tsv (or $CAMPAIGN_LEDGER), and the table sums the
# sittings at the commit checked out (the corpora in fuzz/corpus/ carry
# over from one sitting to the next). A crash's input is left in fuzz/artifacts/<target>/;
# once fixed it belongs in tests/fixtures/fuzz/<target>/. Exits non-zero
# when a target crashed or an input of deep repetition failed.
#
# Usage, from anywhere: fuzz/campaign.sh SECONDS [TARGET...]
# (nice it on a shared machine: nice -n 19 fuzz/campaign.sh 60; several
# targets at a time: CAMPAIGN_JOBS=2), or fuzz/campaign.sh --table: the
# table of the sittings so far, and the inputs of deep repetition.
set -euo pipefail
cd "$(dirname "$0")"
source ./options.sh

# `--table`: no sitting, only the table of the sittings so far.
table_only=
if [ "${1:-}" = --table ]; then
    table_only=1
else
    seconds="${1:?usage: fuzz/campaign.sh SECONDS [TARGET...] | --table}"
fi
shift
out="${CAMPAIGN_MD:-CAMPAIGN.md}"

if [ -z "$table_only" ]; then
    cargo "${toolchain[@]}" fuzz build "${sanitizer[@]}"
    if [ "$#" -gt 0 ]; then
        targets=("$@")
    else
        mapfile -t targets < <(fuzz_targets)
    fi
fi

commit="$(git rev-parse --short=12 HEAD)"
# Changes to the campaign's own scripts and records change nothing the
# targets build: a sitting run with a newer script adds to the same commit.
git diff --quiet HEAD -- .. ':!campaign.sh' ':!hostile.sh' ':!CAMPAIGN.md' ':!campaign.tsv' \
    2>/dev/null || commit="$commit (with uncommitted changes)"
# One target's run: its executions, seconds and crashes, in
# $rows_dir/<target>.count.
run_target() {
    local target="$1" before log started took runs crashes
    echo "== fuzz $target (${seconds}s)"
    mkdir -p "corpus/$target" "artifacts/$target"
    before="$(find "artifacts/$target" -type f | wc -l)"
    log="$(mktemp)"
    started="$(date +%s)"
    # shellcheck disable=SC2046
    timeout "$((seconds + 300))" \
        "$(fuzz_binary "$target")" "corpus/$target" "$(fuzz_seeds "$target")" \
            $(fuzz_flags "$target") \
            -max_total_time="$seconds" \
            -timeout=10 \
            -artifact_prefix="artifacts/$target/" \
            -print_final_stats=1 >"$log" 2>&1 || true
    took=$(($(date +%s) - started))
    grep -v '^#[0-9]' "$log" | tail -n 20
    runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)"
    runs="${runs:-0}"
    crashes=$(($(find "artifacts/$target" -type f | wc -l) - before))
    rm -f "$log"
    echo "$runs $took $crashes" >"$rows_dir/$target.count"
}

# CAMPAIGN_JOBS targets at a time (default 1): on a machine of N cores, N
# lanes each take every Nth target, one after another.
jobs="${CAMPAIGN_JOBS:-1}"
ledger="${CAMPAIGN_LEDGER:-campaign.tsv}"
[ -s "$ledger" ] || printf 'commit\ttarget\texecutions\tseconds\tcrashes\tdate\n' >"$ledger"
if [ -z "$table_only" ]; then
    rows_dir="$(mktemp -d)"
    for ((lane = 0; lane < jobs; lane++)); do
        (
            for ((i = lane; i < ${#targets[@]}; i += jobs)); do
                run_target "${targets[$i]}"
            done
        ) &
    done
    wait
    # This sitting's runs, onto the ledger (a row a target, the date of
    # the sitting); the table sums the sittings at this commit.
    sitting="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
    for target in "${targets[@]}"; do
        read -r runs took crashes <"$rows_dir/$target.count"
        printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$commit" "$target" "$runs" "$took" "$crashes" \
            "$sitting" >>"$ledger"
    done
    rm -rf "$rows_dir"
fi
last_sitting="$(awk -F '\t' -v commit="$commit" 'NR > 1 && $1 == commit && $6 > last { last = $6 } END { print last }' "$ledger")"
mapfile -t rows < <(awk -F '\t' -v commit="$commit" '
    NR > 1 && $1 == commit {
        if (!($2 in runs)) order[++n] = $2
        runs[$2] += $3; seconds[$2] += $4; crashes[$2] += $5; sittings[$2]++
    }
    END {
        for (i = 1; i <= n; i++) {
            t = order[i]
            printf "| `%s` | %d | %d | %d | %d | %d |\n", t, runs[t], seconds[t],
                runs[t] / (seconds[t] > 0 ? seconds[t] : 1), sittings[t], crashes[t]
        }
    }' "$ledger" | sort)
total_runs=0
total_seconds=0
total_crashes=0
for row in "${rows[@]}"; do
    IFS='|' read -r _ _ runs took _ _ crashes _ <<<"$row"
    total_runs=$((total_runs + runs))
    total_seconds=$((total_seconds + took))
    total_crashes=$((total_crashes + crashes))
done

echo "== inputs of deep repetition"
hostile_log="$(mktemp)"
hostile=passed
if [ -n "${CAMPAIGN_HOSTILE_LOG:-}" ]; then
    # Run already (CI runs them first, to share out the time left).
    cp "$CAMPAIGN_HOSTILE_LOG" "$hostile_log"
    grep -qE '^FAIL ' "$hostile_log" && hostile=failed
else
    ./hostile.sh >"$hostile_log" 2>&1 || hostile=failed
fi
cat "$hostile_log"
hostile_count="$(grep -cE '^(ok|FAIL|SLOW) ' "$hostile_log" || true)"
hostile_slow="$(grep -cE '^SLOW ' "$hostile_log" || true)"
hostile_list="$(awk '$1 == "SLOW" || $1 == "FAIL" { printf "%s- %s `%s` `%s`: %s s, %s MB (%s)\n", "", $1, $2, $3, $(NF-3), $(NF-1), $(NF-4) }' "$hostile_log")"
# The budget's measure is each line's last: the CLI's, or the target's.
hostile_worst="$(awk '$1 ~ /^(ok|FAIL|SLOW)$/ { if ($(NF-3) > t) t = $(NF-3); if ($(NF-1) > m) m = $(NF-1) } END { printf "%.2f s, %.1f MB", t, m }' "$hostile_log")"
hostile_target_worst="$(awk '$1 ~ /^(ok|FAIL|SLOW)$/ { for (i = 1; i < NF; i++) if ($i == "target") { if ($(i+1) > t) t = $(i+1); if ($(i+3) > m) m = $(i+3) } } END { printf "%.2f s, %.1f MB", t, m }' "$hostile_log")"
rm -f "$hostile_log"

{
    echo "# Fuzzing campaign"
    echo
    if [ "$total_runs" -lt 100000000 ]; then
        echo "**Short of the campaign's hundred million executions** ($total_runs in all"
        echo "so far): run more sittings at this commit (\`nice -n 19 fuzz/campaign.sh SECONDS\`)."
        echo
    fi
    echo "The sittings of \`fuzz/campaign.sh\` at commit \`$commit\` (\`fuzz/campaign.tsv\`:"
    echo "a row a target a sitting; the last ended $last_sitting), on a machine of"
    echo "$(nproc) cores, each running its targets for the seconds it was given,"
    echo "\`CAMPAIGN_JOBS\` at a time, at the lowest priority. Each target starts from its seed corpus"
    echo "(\`fuzz/corpora/<target>/\`, else \`fuzz/seeds/\`) and what the sittings before"
    echo "added (\`fuzz/corpus/<target>/\`), with its dictionary (\`fuzz/options.sh\`);"
    echo "crashes are the inputs it left in \`fuzz/artifacts/<target>/\`."
    echo
    echo "| target | executions | seconds | exec/s | sittings | crashes |"
    echo "| --- | ---: | ---: | ---: | ---: | ---: |"
    printf '%s\n' "${rows[@]}"
    echo "| **total** | **$total_runs** | **$total_seconds** | | | **$total_crashes** |"
    echo
    echo "Inputs of deep repetition (\`fuzz/hostile.sh\`, a megabyte each, the server's"
    echo "64 KB): $hostile_count inputs, $hostile. Each is run once through its"
    echo "target, instrumented and checking its properties (a failure fails them or"
    echo "goes past 10 s or 512 MB; the slowest and the largest: $hostile_target_worst)."
    echo "The budget of a hostile input, 1 s of processor time and 64 MB of the whole process, is"
    echo "what a user meets: measured on the release CLI for the readers (\`rfc1738"
    echo "lint\` on the input named as its reader's file), \`--fix\`, the"
    echo "configuration, the baseline, the language server (an editor opening the"
    echo "input) and the explorer's server (a browser's request). $hostile_slow over"
    echo "it; the slowest and the largest: $hostile_worst."
    if [ -n "$hostile_list" ]; then
        echo
        echo "$hostile_list"
    fi
} >"$out"
cat "$out"
[ "$total_crashes" -eq 0 ] && [ "$hostile" = passed ]
