#!/usr/bin/env bash
# The library with no optional feature and with each feature alone: it
# builds, passes clippy, and passes the tests that feature has (the test
# command of the README runs them all with every feature on); and its
# rust-version holds for what it builds on (.ci/rust_version.py).
set -euo pipefail
cd "$(dirname "$0")/../.."

cargo metadata --format-version 1 --locked --all-features | python3 .ci/rust_version.py

cargo clippy -p rfc1738 --no-default-features --all-targets -- -D warnings
cargo test -p rfc1738 --no-default-features
for feature in dialect lint serde arbitrary; do
    echo "== feature $feature alone"
    cargo clippy -p rfc1738 --no-default-features --features "$feature" --all-targets -- -D warnings
    cargo test -p rfc1738 --no-default-features --features "$feature"
done
