#!/usr/bin/env bash
# The action's first step: installs `rfc1738` (the rfc1738-cli crate) into
# $RUNNER_TEMP/rfc1738 and puts it on the PATH of the next steps
# ($GITHUB_PATH). INPUT_VERSION names a version from crates.io; empty
# builds the action's own source ($GITHUB_ACTION_PATH).
set -euo pipefail
root="${RUNNER_TEMP:-/tmp}/rfc1738"
if ! command -v cargo >/dev/null 2>&1; then
    echo "::error title=rfc1738 lint::cargo is not installed; add a Rust toolchain step (e.g. dtolnay/rust-toolchain@stable) before this action"
    exit 2
fi
if [ -n "${INPUT_VERSION:-}" ]; then
    cargo install --locked --quiet --root "$root" rfc1738-cli --version "$INPUT_VERSION"
else
    cargo install --locked --quiet --root "$root" --path "$GITHUB_ACTION_PATH/cli"
fi
echo "$root/bin" >> "$GITHUB_PATH"
"$root/bin/rfc1738" --version
