#!/usr/bin/env bash
# The GitHub Action of action.yml, run as a runner runs a composite action
# (.ci/action/run_action.py: the steps with their inputs, expressions and
# the environment GitHub sets), on a pull request of a repository made for
# the run: annotations for the changed lines only, the step summary per
# code, the action's output. Its install step downloads a release, as on
# GitHub, but from a static server on 127.0.0.1 (RFC1738_DOWNLOAD_URL) of
# the files release/local.sh builds (the static x86_64 Linux archive, its
# checksum, the installer): at most 10 s, then the tool cache; the source
# build of a ref with no release, and the error for a named version with
# none. PyYAML (to read action.yml) comes from PyPI when missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$PWD"
python3 -c 'import yaml' 2>/dev/null || timeout 300 python3 -m pip install -q pyyaml==6.0.2
# The release build goes to the repository's target directory, where
# .ci/steps/80-release.sh finds it done.
export CARGO_TARGET_DIR="$repo/target"
out="$repo/target/release-local"
timeout 1800 release/local.sh "$out"

source .ci/lib/serve.sh
serve "$out"
RFC1738_DOWNLOAD_URL="$url" timeout 600 python3 .ci/action/run_action.py .
