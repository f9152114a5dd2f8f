#!/usr/bin/env bash
# The action's first step: puts `rfc1738` on the PATH of the next steps
# ($GITHUB_PATH), in seconds, by downloading a release rather than
# compiling one.
#
# INPUT_VERSION names the release (e.g. 0.1.0); empty means the action's
# own version, the one its source at this ref declares (cli/Cargo.toml).
# The release's shell installer (release/installer.sh) downloads the
# archive of the runner's platform, verifies its SHA-256 checksum and
# unpacks the binary into the runner's tool cache
# ($RUNNER_TOOL_CACHE/rfc1738/VERSION/ARCH, as actions/tool-cache lays it
# out), where later jobs on the same runner find it. RFC1738_DOWNLOAD_URL,
# when set, is where the installer downloads from (the CI test's local
# server).
#
# Only when INPUT_VERSION is empty and the action's own version has no
# release (a ref of the repository between two releases, whose version
# is not published yet) does it build the action's source with cargo, and
# it says so: that takes minutes, not seconds.
set -euo pipefail
action="${GITHUB_ACTION_PATH:?GITHUB_ACTION_PATH is not set: this script is the install step of action.yml}"

own_version="$(sed -n 's/^version = "\(.*\)"$/\1/p' "$action/cli/Cargo.toml" | head -n 1)"
[ -n "$own_version" ] || { echo "::error title=rfc1738 lint::no version in $action/cli/Cargo.toml"; exit 2; }
requested="${INPUT_VERSION:-}"
requested="${requested#v}"
version="${requested:-$own_version}"

case "${RUNNER_ARCH:-$(uname -m)}" in
    X64 | x86_64 | amd64) arch=x64 ;;
    ARM64 | aarch64 | arm64) arch=arm64 ;;
    *) arch="$(printf '%s' "${RUNNER_ARCH:-$(uname -m)}" | tr '[:upper:]' '[:lower:]')" ;;
esac
exe=rfc1738
[ "${RUNNER_OS:-}" != Windows ] || exe=rfc1738.exe
cache="${RUNNER_TOOL_CACHE:-${RUNNER_TEMP:-/tmp}/tool-cache}/rfc1738/$version/$arch"

if [ -f "$cache.complete" ] && [ -x "$cache/$exe" ]; then
    echo "rfc1738 $version: from the runner's tool cache ($cache)"
    bin="$cache"
else
    # A half-done earlier install (no marker) is started over.
    rm -rf "$cache" "$cache.complete"
    status=0
    RFC1738_VERSION="$version" RFC1738_INSTALL_DIR="$cache" sh "$action/release/installer.sh" || status=$?
    if [ "$status" -eq 0 ]; then
        touch "$cache.complete"
        bin="$cache"
    elif [ "$status" -eq 3 ] && [ -z "$requested" ]; then
        echo "::notice title=rfc1738 lint::rfc1738 $version, this action's version, has no release: building the action's source with cargo, which takes minutes (name a released version in the action's \`version\` input to install in seconds)"
        if ! command -v cargo >/dev/null 2>&1; then
            echo "::error title=rfc1738 lint::cargo is not installed, and building the action's source needs it; add a Rust toolchain step (e.g. dtolnay/rust-toolchain@stable) before this action, or name a released version in its \`version\` input"
            exit 2
        fi
        root="${RUNNER_TEMP:-/tmp}/rfc1738-source"
        cargo install --locked --quiet --root "$root" --path "$action/cli"
        bin="$root/bin"
    elif [ "$status" -eq 3 ]; then
        echo "::error title=rfc1738 lint::rfc1738 $version has no release for this runner; see the releases of https://github.com/rfc1738/rfc1738 for the versions"
        exit 2
    else
        echo "::error title=rfc1738 lint::the installer could not install rfc1738 $version (exit $status; its messages are above)"
        exit 2
    fi
fi
echo "$bin" >>"${GITHUB_PATH:?GITHUB_PATH is not set}"
"$bin/$exe" --version
