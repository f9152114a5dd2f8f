#!/usr/bin/env bash
# The ecosystem check (ecosystem/check.py): `rfc1738 lint` on the real
# repositories of ../shared/ecosystem (the Rust book, cargo's doc/, and the
# code of flask, axios, cobra and jekyll), its findings per code, every
# error and warning with its judgement (ecosystem/judgements.tsv: none
# unjudged, none judged false) and a sample compared with the checked-in
# ecosystem/summary.md. A change to extraction or rules that changes what
# the linter reports on real files fails here until the summary is written
# again (`python3 ecosystem/check.py ../shared/ecosystem --write`). Then
# `--fix` on a copy of every file: no byte changes outside the URLs fixed,
# and every Python and JavaScript file that compiled still does.
set -euo pipefail
cd "$(dirname "$0")/../.."
corpus=../shared/ecosystem
if [ ! -d "$corpus" ]; then
    # A runner that cannot have the corpus (GitHub's: it is copies of other
    # projects, kept beside the repository, not in it) says why in
    # RFC1738_NO_ECOSYSTEM, and the step says it did not run; anywhere
    # else a missing corpus fails the step.
    if [ -n "${RFC1738_NO_ECOSYSTEM:-}" ]; then
        echo "::warning::the ecosystem check did not run: $RFC1738_NO_ECOSYSTEM"
        exit 0
    fi
    echo "no $corpus beside the repository: the ecosystem check needs it"
    exit 1
fi
timeout 1200 cargo build -p rfc1738-cli
RFC1738="$PWD/target/debug/rfc1738" timeout 600 python3 ecosystem/check.py "$corpus"
RFC1738="$PWD/target/debug/rfc1738" timeout 600 python3 ecosystem/check.py "$corpus" --fix-check
