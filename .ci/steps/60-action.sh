#!/usr/bin/env bash
# The GitHub Action of action.yml, run as a runner runs a composite action
# (.ci/action/run_action.py: the steps with their inputs, expressions and
# the environment GitHub sets), install step included (cargo install of
# the action's own source), on a pull request of a repository made for the
# run: annotations for the changed lines only, the step summary per code,
# the action's output. PyYAML (to read action.yml) comes from PyPI when
# missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
python3 -c 'import yaml' 2>/dev/null || timeout 300 python3 -m pip install -q pyyaml==6.0.2
# The install step's build goes to this target directory: the next runs
# reuse it (RUNNER_TEMP is the script's own).
export CARGO_TARGET_DIR="$PWD/target/action"
timeout 1200 python3 .ci/action/run_action.py .
