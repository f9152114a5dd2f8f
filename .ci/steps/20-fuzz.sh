#!/usr/bin/env bash
# Fuzzing: builds the cargo-fuzz targets of fuzz/ and runs every one (the
# grammar's, the linter's readers, --fix, the language server, the
# explorer's server, the configuration and the baseline: `cargo fuzz list`)
# for a bounded time from its seed corpus with its dictionary
# (fuzz/options.sh), after the inputs of deep repetition (fuzz/hostile.sh,
# a quarter of a megabyte each here: one that fails its properties or
# takes 10 s fails the step). A crash, a failed property or a timeout
# fails the step; the input is left in fuzz/artifacts/<target>/
# and belongs, once fixed, in tests/fixtures/fuzz/<target>/ (replayed by
# tests/library/fuzz_regressions.rs and cli/tests/fuzz_replay.rs).
#
# The whole step stays within FUZZ_BUDGET seconds (720), the build and
# the inputs of deep repetition included: each target gets FUZZ_SECONDS
# (60) or its share of what they left, less FUZZ_RESERVE (90) for each
# run's start and the table.
set -euo pipefail
cd "$(dirname "$0")/../.."

started="$(date +%s)"
budget="${FUZZ_BUDGET:-720}"
reserve="${FUZZ_RESERVE:-90}"

if ! command -v cargo-fuzz >/dev/null 2>&1; then
    cargo install cargo-fuzz --locked
fi

cd fuzz
source ./options.sh
cargo "${toolchain[@]}" fuzz build "${sanitizer[@]}"
mapfile -t targets < <(fuzz_targets)

# At a quarter of a megabyte here (FUZZ_HOSTILE_BYTES), to leave the
# targets their time: a reader gone quadratic still passes 10 s; the
# campaign runs them at a megabyte.
echo "== inputs of deep repetition"
hostile_log="$(mktemp)"
HOSTILE_CLI=skip ./hostile.sh "${FUZZ_HOSTILE_BYTES:-262144}" | tee "$hostile_log" ||
    { echo "an input of deep repetition failed"; exit 1; }

left=$((budget - ($(date +%s) - started) - reserve))
share=$((left / ${#targets[@]}))
seconds="${FUZZ_SECONDS:-60}"
[ "$share" -lt "$seconds" ] && seconds="$share"
if [ "$share" -lt 5 ]; then
    # A slow build (a busy machine) is no failure of the code: each target
    # still runs, for the least time that says anything, and the step says
    # it went over its budget.
    echo "the build and the inputs of deep repetition took $(($(date +%s) - started))s" \
        "of the ${budget}s: each target runs 5s, over the budget"
    seconds=5
fi
echo "== ${#targets[@]} targets, ${seconds}s each"

# The table goes to the log, not into the clone.
CAMPAIGN_MD="$(mktemp)" CAMPAIGN_LEDGER="$(mktemp)" CAMPAIGN_HOSTILE_LOG="$hostile_log" ./campaign.sh "$seconds" "${targets[@]}" ||
    { echo "fuzzing failed: see fuzz/artifacts/"; exit 1; }
echo "== the fuzz step took $(($(date +%s) - started))s"
