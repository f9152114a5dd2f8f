# Sourced by fuzz/campaign.sh, fuzz/hostile.sh and .ci/steps/20-fuzz.sh:
# how each target is built and run. From fuzz/.
#
# The targets are those of Cargo.toml (`cargo fuzz list`): a new target is
# run by CI and the campaign with no change here. A target named in
# fuzz/corpora/ starts from that seed corpus and fuzz/dicts/<target>.dict,
# the others (the grammar's) from fuzz/seeds/ and rfc1738.dict.

# cargo-fuzz needs nightly flags: the nightly toolchain if there is one,
# otherwise stable told to accept them.
toolchain=()
if rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
    toolchain=(+nightly)
else
    export RUSTC_BOOTSTRAP=1
fi

# No sanitizer: the crates forbid unsafe code, so AddressSanitizer would
# only slow the runs (ten times, measured: 430 against 5,200 exec/s for
# parse_any); panics and failed assertions are caught either way.
sanitizer=(--sanitizer none)

fuzz_targets() {
    cargo "${toolchain[@]}" fuzz list
}

# The seed corpus of a target.
fuzz_seeds() {
    if [ -d "corpora/$1" ]; then echo "corpora/$1"; else echo seeds; fi
}

# libFuzzer's options for a target: its dictionary and longest input (a
# file of the readers may be long; a URL or a configuration is short).
fuzz_flags() {
    local dict=rfc1738.dict max_len=1024
    [ -f "dicts/$1.dict" ] && dict="dicts/$1.dict"
    case "$1" in
        lint_* | fix) max_len=16384 ;;
        server) max_len=8192 ;;
        explorer | config | baseline) max_len=4096 ;;
    esac
    echo "-dict=$dict -max_len=$max_len"
}

# The built binary of a target.
fuzz_binary() {
    local triple
    triple="$(rustc -vV | sed -n 's/^host: //p')"
    echo "target/$triple/release/$1"
}
