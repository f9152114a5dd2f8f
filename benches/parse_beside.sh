#!/usr/bin/env bash
# This tree's `parse` beside an older commit's, and fluent-uri's, in one
# process, round by round (benches/support/parse_beside.rs): a change's gain or loss
# in time, as the median of the ratios of the rounds with its quartiles.
#
#   benches/parse_beside.sh OLD                 # 31 rounds, every list
#   benches/parse_beside.sh OLD 101 telnet      # the lists named *telnet*
#
# Both trees are built with one codegen unit each: with the default 16,
# the functions fall into units by their names' hashes, the two copies of
# one commit are compiled apart differently, and the same commit beside
# itself gave up to 1.25 (telnet) and 1.38 (prospero) (BENCHMARKS.md, "A change beside
# the commit before it"). CODEGEN_UNITS=16 measures the default build.
#
# OLD is exported (`git archive`) to target/parse-beside/old and renamed
# `rfc1738_old`; the harness is a crate of its own in
# target/parse-beside/harness, whose lists are read from benches/data.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
old_commit=${1:?the older commit to compare with}
rounds=${2:-31}
filter=${3:-}
beside=$root/target/parse-beside
rm -rf "$beside/old" "$beside/harness"
mkdir -p "$beside/old" "$beside/harness/src"
git archive "$old_commit" | tar -x -C "$beside/old"
sed -i '0,/^name = "rfc1738"$/s//name = "rfc1738_old"/' "$beside/old/Cargo.toml"
cp benches/support/parse_beside.rs "$beside/harness/src/main.rs"
cp benches/support/corpus.rs benches/support/turns.rs "$beside/harness/src/"
fluent=$(awk '/^name = "fluent-uri"$/ { getline; print $3 }' Cargo.lock | tr -d '"')
cat > "$beside/harness/Cargo.toml" <<TOML
[package]
name = "parse-beside"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
rfc1738 = { path = "$root" }
rfc1738_old = { path = "$beside/old" }
fluent-uri = "=$fluent"

# Not a member of the repository's workspace.
[workspace]

[profile.release]
debug = true
TOML
cd "$beside/harness"
export RUSTFLAGS="${RUSTFLAGS:-} -C codegen-units=${CODEGEN_UNITS:-1}"
CARGO_TARGET_DIR=$beside/target cargo run --quiet --release -- "$rounds" "$filter"
