#!/usr/bin/env bash
# Builds a release's files on this machine into OUT, as the release workflow
# (.github/workflows/release.yml) builds them on GitHub's runners with this
# same script:
#
#   rfc1738-cli-<target>.tar.gz          the binary, README, licenses, CHANGELOG
#                                        (.zip for Windows)
#   rfc1738-cli-<target>.tar.gz.sha256   its SHA-256 (sha256sum's format)
#   rfc1738-<version>-py3-none-<platform>.whl   the same binary as a wheel
#   rfc1738-cli-installer.sh, rfc1738-cli-installer.ps1  the installers, version filled in
#   sha256.sum                           the checksums of all of the above
#
# Usage: release/local.sh [--all | --target TRIPLE ...] OUT
#
# The default target is x86_64-unknown-linux-musl, built natively; --all adds
# aarch64-unknown-linux-musl, cross-compiled with zig (the `ziglang` package
# from PyPI, which maturin drives). On macOS and Windows runners --target
# names theirs (x86_64-apple-darwin, aarch64-apple-darwin,
# x86_64-pc-windows-msvc). The binary is built once per target, by
# maturin, and the archive holds the wheel's binary: the two ship the same
# bytes. The Linux binaries are static (musl) and the wheels carry both the
# manylinux and the musllinux tags, so one file serves glibc and musl systems.
#
# maturin (and ziglang) are installed, pinned, into a virtual environment
# under the target directory ($CARGO_TARGET_DIR, else ./target), which the
# build shares with the rest of the repository's builds.
set -euo pipefail

usage() { sed -n '2,/^set -euo/p' "$0" | sed -e '/^set -euo/d' -e 's/^# \{0,1\}//'; }
die() { echo "release/local.sh: error: $*" >&2; exit 1; }

maturin_version=1.16.0
ziglang_version=0.15.2

targets=()
out=""
while [ $# -gt 0 ]; do
    case "$1" in
        -h | --help) usage; exit 0 ;;
        --all) targets+=(x86_64-unknown-linux-musl aarch64-unknown-linux-musl) ;;
        --target)
            [ $# -ge 2 ] || die "--target needs a target triple"
            targets+=("$2")
            shift ;;
        -*) die "unknown option $1 (--help)" ;;
        *)
            [ -z "$out" ] || die "one output directory only (--help)"
            out="$1" ;;
    esac
    shift
done
[ -n "$out" ] || { usage >&2; die "no output directory"; }
[ "${#targets[@]}" -gt 0 ] || targets=(x86_64-unknown-linux-musl)
for target in "${targets[@]}"; do
    case "$target" in
        x86_64-unknown-linux-musl | aarch64-unknown-linux-musl) ;;
        *-apple-darwin) [ "$(uname -s)" = Darwin ] || die "$target is built on macOS only (the release workflow's macOS runner)" ;;
        x86_64-pc-windows-msvc)
            case "$(uname -s)" in MINGW* | MSYS* | CYGWIN*) ;; *) die "$target is built on Windows only (the release workflow's Windows runner)" ;; esac ;;
        *) die "$target is not a release target (--help)" ;;
    esac
done

# On Windows (Git Bash) `pwd -W` gives C:/... paths, which cargo, maturin
# and Python take as they are; elsewhere it fails and `pwd` answers.
abspath() { (cd "$1" && { pwd -W 2>/dev/null || pwd; }); }
repo="$(abspath "$(dirname "$0")/..")"
mkdir -p "$out"
out="$(abspath "$out")"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$repo/target}"
case "$CARGO_TARGET_DIR" in /*) ;; *) CARGO_TARGET_DIR="$repo/$CARGO_TARGET_DIR" ;; esac
for tool in cargo rustup; do
    command -v "$tool" >/dev/null 2>&1 || die "$tool is not installed"
done
# Windows' Python is `python` (a `python3` there may be the Store's stub).
case "$(uname -s)" in
    MINGW* | MSYS* | CYGWIN*) python="$(command -v python)" || die "python is not installed" ;;
    *) python="$(command -v python3 || command -v python)" || die "python3 is not installed" ;;
esac
"$python" -c 'import sys; sys.exit(sys.version_info < (3, 8))' 2>/dev/null || die "$python is not Python 3.8 or later"

version="$(cargo metadata --manifest-path "$repo/Cargo.toml" --no-deps --format-version 1 --locked |
    "$python" -c 'import json, sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "rfc1738-cli"))')" ||
    die "could not read rfc1738-cli's version (cargo metadata)"
echo "== rfc1738 $version: ${targets[*]} into $out"

# The tools, pinned, in a virtual environment of their own.
tools="$CARGO_TARGET_DIR/release-tools"
[ -d "$tools" ] || "$python" -m venv "$tools" || die "could not create the virtual environment $tools ($python -m venv)"
bin="$tools/bin"
[ -d "$bin" ] || bin="$tools/Scripts" # Windows' layout
[ -d "$bin" ] || die "$tools is not a virtual environment; remove it"
need=("maturin==$maturin_version")
case " ${targets[*]} " in *aarch64-unknown-linux*) need+=("ziglang==$ziglang_version") ;; esac
installed="$("$bin/python" -m pip freeze 2>/dev/null)"
missing=()
for requirement in "${need[@]}"; do
    grep -qixF "$requirement" <<<"$installed" || missing+=("$requirement")
done
if [ "${#missing[@]}" -gt 0 ]; then
    echo "== installing ${missing[*]} into $tools"
    timeout 600 "$bin/python" -m pip install --quiet --disable-pip-version-check "${missing[@]}" ||
        die "could not install ${missing[*]} from PyPI"
fi

installed_targets="$(rustup target list --installed)"
host="$(rustc -vV | sed -n 's/^host: //p')"
# The archives' timestamps: the commit's, so that two builds of one commit
# make the same archive.
epoch="$(git -C "$repo" log -1 --format=%ct 2>/dev/null || date +%s)"
export SOURCE_DATE_EPOCH="$epoch" # maturin dates the wheel's entries by it
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Only what an earlier run wrote here goes, so that OUT never holds two
# versions' files side by side.
rm -f "$out"/rfc1738-cli-*.tar.gz "$out"/rfc1738-cli-*.zip "$out"/rfc1738-cli-*.sha256 "$out"/rfc1738-*.whl \
    "$out"/rfc1738-cli-installer.sh "$out"/rfc1738-cli-installer.ps1 "$out"/sha256.sum

for target in "${targets[@]}"; do
    arch="${target%%-*}"
    grep -qxF "$target" <<<"$installed_targets" || rustup target add "$target" ||
        die "could not add the Rust target $target (rustup target add $target)"
    maturin_args=(--release --locked --target "$target")
    case "$target" in
        *-linux-musl)
            # The binary is static, so one wheel serves glibc (manylinux)
            # and musl (musllinux) systems, and maturin audits it for both.
            maturin_args+=(--compatibility manylinux_2_17 musllinux_1_1)
            [ "$arch" = "${host%%-*}" ] || maturin_args+=(--zig) ;;
    esac
    echo "== $target: maturin build ${maturin_args[*]}"
    start=$(date +%s)
    # The tools' environment first on the PATH: maturin runs zig as
    # `python -m ziglang`, with the first python it finds.
    (cd "$repo" && PATH="$bin:$PATH" "$bin/maturin" build "${maturin_args[@]}" --out "$work/wheels-$target") ||
        die "maturin could not build $target"
    echo "   built in $(($(date +%s) - start)) s"
    wheels=("$work/wheels-$target/rfc1738-$version-"*.whl)
    [ "${#wheels[@]}" -eq 1 ] && [ -f "${wheels[0]}" ] || die "maturin wrote no rfc1738 $version wheel for $target"
    wheel="${wheels[0]}"

    name="rfc1738-cli-$target"
    exe=rfc1738
    extension=tar.gz
    case "$target" in *-windows-*) exe=rfc1738.exe extension=zip ;; esac
    mkdir "$work/$name"
    "$python" "$repo/release/package.py" binary "$wheel" "$work/$name/$exe"
    # Static, or it is not the binary the installer promises every Linux.
    if [ "${target#*-linux-}" != "$target" ] && command -v readelf >/dev/null 2>&1 &&
        readelf -l "$work/$name/$exe" | grep -q 'Requesting program interpreter'; then
        die "$target's binary is dynamically linked"
    fi
    # It runs here when the machine is of its processor and system.
    if [ "$arch" = "${host%%-*}" ] && [ "$(cut -d- -f3 <<<"$target")" = "$(cut -d- -f3 <<<"$host")" ]; then
        said="$("$work/$name/$exe" --version | tr -d '\r')" || die "$target's binary does not run here"
        [ "$said" = "rfc1738 $version" ] || die "$target's binary says '$said', not 'rfc1738 $version'"
    fi
    cp "$repo/README.md" "$repo/LICENSE-MIT" "$repo/LICENSE-APACHE" "$repo/CHANGELOG.md" "$work/$name/"
    "$python" "$repo/release/package.py" archive "$epoch" "$work/$name" "$out/$name.$extension"
    cp "$wheel" "$out/"
done

for kind in sh ps1; do
    sed "s/@RFC1738_VERSION@/$version/g" "$repo/release/installer.$kind" >"$out/rfc1738-cli-installer.$kind"
done
chmod 755 "$out/rfc1738-cli-installer.sh"
shopt -s nullglob
(cd "$out" && files=(rfc1738-cli-*.tar.gz rfc1738-cli-*.zip rfc1738-*.whl rfc1738-cli-installer.*) &&
    "$python" "$repo/release/package.py" sums . "${files[@]}")

echo "== $out"
(cd "$out" && ls -l rfc1738-* sha256.sum | awk '{ printf "%10s  %s\n", $5, $9 }')
