#!/usr/bin/env bash
# The DataFusion and Ballista crate (datafusion/): a workspace of its own,
# with its own Cargo.lock, so that the repository's test command does not
# build DataFusion. Here: its formatting, clippy and tests (one integration
# binary, which starts a Ballista scheduler and two executors), built into
# datafusion/target (about 6 GB at the end). Each command is bounded.
set -euo pipefail
cd "$(dirname "$0")/../../datafusion"

cargo fmt -- --check
timeout 3600 cargo clippy --locked --all-targets --all-features -- -D warnings
timeout 3600 cargo test --locked --all-features
echo "-- disk after the DataFusion crate: datafusion/target $(du -sh target | cut -f1)"
