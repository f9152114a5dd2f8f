#!/usr/bin/env bash
# The library with no optional feature and with each feature alone: it
# builds, passes clippy, and passes the tests that feature has (the test
# command of the README runs them all with every feature on); and its
# rust-version holds for what it builds on (.ci/rust_version.py). Without
# its default feature `std`, it builds for targets that have no standard
# library: a microcontroller's and WebAssembly's, with every feature that
# needs only `alloc`.
set -euo pipefail
cd "$(dirname "$0")/../.."

cargo metadata --format-version 1 --locked --all-features | python3 .ci/rust_version.py

for target in thumbv7em-none-eabihf wasm32-unknown-unknown; do
    rustup target list --installed | grep -qx "$target" || rustup target add "$target"
    echo "== no std, $target"
    cargo check --lib -p rfc1738 --no-default-features --target "$target"
    cargo clippy --lib -p rfc1738 --no-default-features --features dialect,lint,serde --target "$target" -- -D warnings
done

cargo clippy -p rfc1738 --no-default-features --all-targets -- -D warnings
cargo test -p rfc1738 --no-default-features
for feature in dialect lint serde arbitrary; do
    echo "== feature $feature alone"
    cargo clippy -p rfc1738 --no-default-features --features "$feature" --all-targets -- -D warnings
    cargo test -p rfc1738 --no-default-features --features "$feature"
done
