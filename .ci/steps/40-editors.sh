#!/usr/bin/env bash
# The linter where people write, end to end:
# - `rfc1738 server` driven over stdio by pytest-lsp with the capabilities
#   of VS Code and Neovim (cli/tests/lsp/);
# - the pre-commit hook (.pre-commit-hooks.yaml) installed by pre-commit
#   itself into a fresh git repository with a bad URL (`try-repo` fails and
#   shows the finding), then with the URL fixed (passes).
# pytest-lsp and pre-commit come from PyPI (cli/tests/lsp/requirements.txt)
# into a virtual environment under target/. Each part is bounded in time.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$PWD"

venv="$repo/target/editors-venv"
if [ ! -x "$venv/bin/python" ]; then
    # Debian's python3 comes without venv; it is a package of its own.
    if ! python3 -m venv "$venv"; then
        rm -rf "$venv"
        timeout 600 apt-get install -y --no-install-recommends python3 python3-venv
        python3 -m venv "$venv"
    fi
fi
timeout 600 "$venv/bin/pip" install --quiet --disable-pip-version-check \
    -r cli/tests/lsp/requirements.txt

cargo build -p rfc1738-cli --bin rfc1738
echo "== pytest-lsp: cli/tests/lsp"
PYTHONDONTWRITEBYTECODE=1 RFC1738_BIN="$repo/target/debug/rfc1738" timeout 300 \
    "$venv/bin/python" -m pytest -q cli/tests/lsp

echo "== pre-commit try-repo: the hook rfc1738-lint"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The hook builds the tool with pip and maturin; here into this checkout's
# target directory with the dev profile, so that the build reuses what the
# test suite compiled (a user's install builds the release profile).
export PRE_COMMIT_HOME="$work/cache" CARGO_TARGET_DIR="$repo/target"
export MATURIN_PEP517_ARGS="--profile dev"
export GIT_AUTHOR_NAME=ci GIT_AUTHOR_EMAIL=ci@example.invalid
export GIT_COMMITTER_NAME=ci GIT_COMMITTER_EMAIL=ci@example.invalid
mkdir "$work/project"
cd "$work/project"
git init --quiet .
printf 'See <URL:http://example.com/~joe> for details.\n' > notes.txt
git add notes.txt

try_repo() {
    timeout 900 "$venv/bin/pre-commit" try-repo "$repo" rfc1738-lint --all-files > "$work/out" 2>&1
}

if try_repo; then
    cat "$work/out"
    echo "the hook passed a file with a bad URL"
    exit 1
fi
cat "$work/out"
grep -q 'error\[U003 unsafe-character\]' "$work/out" || {
    echo "the hook failed without showing the finding"
    exit 1
}
grep -q 'notes.txt:1:29' "$work/out" || {
    echo "the hook did not say where the finding is"
    exit 1
}

sed -i 's/~/%7E/' notes.txt
git add notes.txt
if ! try_repo; then
    cat "$work/out"
    echo "the hook failed on a file with no finding"
    exit 1
fi
cat "$work/out"
echo "== editors: ok"
