#!/usr/bin/env bash
# Builds a release's Linux files on this machine, as the release workflow
# (.github/workflows/release.yml) builds them on GitHub's runners, into OUT:
#
#   rfc1738-cli-<target>.tar.gz          the static binary, README, licenses, CHANGELOG
#   rfc1738-cli-<target>.tar.gz.sha256   its SHA-256 (sha256sum's format)
#   rfc1738-<version>-py3-none-manylinux..._<arch>.whl   the same binary as a wheel
#   rfc1738-cli-installer.sh, rfc1738-cli-installer.ps1  the installers, version filled in
#   sha256.sum                           the checksums of all of the above
#
# Usage: release/local.sh [--all | --target TRIPLE ...] OUT
#
# The default target is x86_64-unknown-linux-musl, built natively; --all adds
# aarch64-unknown-linux-musl, cross-compiled with zig (the `ziglang` package
# from PyPI, which maturin drives). The binary is built once per target, by
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
        *) die "$target is not built here: this machine builds the Linux (musl) targets; the release workflow builds the others" ;;
    esac
done

repo="$(cd "$(dirname "$0")/.." && pwd)"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$repo/target}"
case "$CARGO_TARGET_DIR" in /*) ;; *) CARGO_TARGET_DIR="$repo/$CARGO_TARGET_DIR" ;; esac
for tool in cargo rustup python3 tar gzip sha256sum; do
    command -v "$tool" >/dev/null 2>&1 || die "$tool is not installed"
done

version="$(cargo metadata --manifest-path "$repo/Cargo.toml" --no-deps --format-version 1 --locked |
    python3 -c 'import json, sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "rfc1738-cli"))')" ||
    die "could not read rfc1738-cli's version (cargo metadata)"
echo "== rfc1738 $version: ${targets[*]} into $out"

# The tools, pinned, in a virtual environment of their own.
tools="$CARGO_TARGET_DIR/release-tools"
[ -x "$tools/bin/python" ] || python3 -m venv "$tools" || die "could not create the virtual environment $tools (python3 -m venv)"
need=("maturin==$maturin_version")
case " ${targets[*]} " in *aarch64*) need+=("ziglang==$ziglang_version") ;; esac
installed="$("$tools/bin/python" -m pip freeze 2>/dev/null)"
missing=()
for requirement in "${need[@]}"; do
    grep -qixF "$requirement" <<<"$installed" || missing+=("$requirement")
done
if [ "${#missing[@]}" -gt 0 ]; then
    echo "== installing ${missing[*]} into $tools"
    timeout 600 "$tools/bin/python" -m pip install --quiet --disable-pip-version-check "${missing[@]}" ||
        die "could not install ${missing[*]} from PyPI"
fi

installed_targets="$(rustup target list --installed)"
# The archives' timestamps: the commit's, so that two builds of one commit
# make the same archive.
epoch="$(git -C "$repo" log -1 --format=%ct 2>/dev/null || date +%s)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Only what an earlier run wrote here goes, so that OUT never holds two
# versions' files side by side.
rm -f "$out"/rfc1738-cli-*.tar.gz "$out"/rfc1738-cli-*.tar.gz.sha256 "$out"/rfc1738-*.whl \
    "$out"/rfc1738-cli-installer.sh "$out"/rfc1738-cli-installer.ps1 "$out"/sha256.sum

for target in "${targets[@]}"; do
    arch="${target%%-*}"
    grep -qxF "$target" <<<"$installed_targets" || rustup target add "$target" ||
        die "could not add the Rust target $target (rustup target add $target)"
    zig=()
    [ "$arch" = "$(uname -m)" ] || zig=(--zig)
    echo "== $target: maturin build ${zig[*]}"
    start=$(date +%s)
    # `--compatibility` with two tags: the binary is static, so one wheel
    # serves glibc (manylinux) and musl (musllinux) systems, and maturin
    # audits it for both.
    (cd "$repo" && "$tools/bin/maturin" build --release --locked --target "$target" "${zig[@]}" \
        --compatibility manylinux_2_17 musllinux_1_1 --out "$work/wheels-$target") ||
        die "maturin could not build $target"
    echo "   built in $(($(date +%s) - start)) s"
    wheels=("$work/wheels-$target"/rfc1738-"$version"-*.whl)
    [ "${#wheels[@]}" -eq 1 ] && [ -f "${wheels[0]}" ] || die "maturin wrote no rfc1738 $version wheel for $target"
    wheel="${wheels[0]}"

    name="rfc1738-cli-$target"
    mkdir "$work/$name"
    python3 - "$wheel" "$work/$name/rfc1738" <<'PY' || die "no rfc1738 binary in $(basename "$wheel")"
import sys, zipfile
wheel, dest = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(wheel) as z:
    (member,) = [n for n in z.namelist() if n.endswith(".data/scripts/rfc1738")]
    with open(dest, "wb") as f:
        f.write(z.read(member))
PY
    chmod 755 "$work/$name/rfc1738"
    # Static, or it is not the binary the installer promises every Linux.
    if command -v readelf >/dev/null 2>&1 && readelf -l "$work/$name/rfc1738" | grep -q 'Requesting program interpreter'; then
        die "$target's binary is dynamically linked"
    fi
    if [ "$arch" = "$(uname -m)" ]; then
        said="$("$work/$name/rfc1738" --version)" || die "$target's binary does not run here"
        [ "$said" = "rfc1738 $version" ] || die "$target's binary says '$said', not 'rfc1738 $version'"
    fi
    cp "$repo/README.md" "$repo/LICENSE-MIT" "$repo/LICENSE-APACHE" "$repo/CHANGELOG.md" "$work/$name/"
    tar --sort=name --mtime="@$epoch" --owner=0 --group=0 --numeric-owner -C "$work" -cf - "$name" |
        gzip -9 -n >"$out/$name.tar.gz"
    (cd "$out" && sha256sum "$name.tar.gz" >"$name.tar.gz.sha256")
    cp "$wheel" "$out/"
done

for kind in sh ps1; do
    sed "s/@RFC1738_VERSION@/$version/g" "$repo/release/installer.$kind" >"$out/rfc1738-cli-installer.$kind"
done
chmod 755 "$out/rfc1738-cli-installer.sh"
(cd "$out" && sha256sum rfc1738-cli-*.tar.gz rfc1738-*.whl rfc1738-cli-installer.* >sha256.sum)

echo "== $out"
(cd "$out" && ls -l rfc1738-cli-*.tar.gz* rfc1738-*.whl rfc1738-cli-installer.* sha256.sum | awk '{ printf "%10s  %s\n", $5, $9 }')
