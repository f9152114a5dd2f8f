#!/usr/bin/env bash
# Fuzzing: builds the cargo-fuzz targets of fuzz/ and runs each for a bounded
# time (FUZZ_SECONDS, default 60) from the seed corpus with the grammar's
# dictionary. A crash, a failed property or a timeout fails the step; the
# input is left in fuzz/artifacts/<target>/ and belongs, once fixed, in
# tests/fixtures/fuzz/<target>/ (replayed by tests/library/fuzz_regressions.rs).
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds="${FUZZ_SECONDS:-60}"

if ! command -v cargo-fuzz >/dev/null 2>&1; then
    cargo install cargo-fuzz --locked
fi

# cargo-fuzz needs nightly flags: the nightly toolchain if there is one,
# otherwise stable told to accept them.
toolchain=()
if rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
    toolchain=(+nightly)
else
    export RUSTC_BOOTSTRAP=1
fi

# No sanitizer: the library forbids unsafe code, so AddressSanitizer would
# only slow the runs (ten times, measured: 430 against 5,200 exec/s for
# parse_any); panics and failed assertions are caught either way.
sanitizer=(--sanitizer none)

cd fuzz
cargo "${toolchain[@]}" fuzz build "${sanitizer[@]}"

for target in parse_any roundtrip differential dialects; do
    echo "== fuzz $target (${seconds}s)"
    mkdir -p "corpus/$target"
    timeout "$((seconds + 300))" \
        cargo "${toolchain[@]}" fuzz run "${sanitizer[@]}" "$target" "corpus/$target" seeds -- \
        -dict=rfc1738.dict \
        -max_total_time="$seconds" \
        -max_len=1024 \
        -timeout=10 \
        -print_final_stats=1 2>&1 |
        grep -v '^#[0-9]' || { echo "fuzz target $target failed"; exit 1; }
done
