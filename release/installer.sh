#!/bin/sh
# Installs `rfc1738`, the command-line tool of rfc1738 (https://github.com/rfc1738/rfc1738),
# from a release's prebuilt archive:
#
#     curl --proto '=https' --tlsv1.2 -LsSf https://github.com/rfc1738/rfc1738/releases/download/v0.1.0/rfc1738-cli-installer.sh | sh
#
# It picks the archive of this machine (Linux x86_64 or aarch64, static;
# macOS x86_64 or arm64; Windows x86_64 under Git Bash or MSYS2), downloads
# it with its SHA-256 checksum, refuses it unless the checksum matches, and
# copies the binary into the install directory. It changes no shell profile:
# if the directory is not on your PATH it says what to add.
#
# Environment:
#   RFC1738_INSTALL_DIR   where the binary goes
#                         (default: $XDG_BIN_HOME, else $HOME/.local/bin)
#   RFC1738_DOWNLOAD_URL  where the archive and its .sha256 are fetched from
#                         (default: the GitHub release of the version below);
#                         https://, http:// and file:// URLs are accepted
#   RFC1738_VERSION       the version to install (default: the release this
#                         installer was published with)
#   RFC1738_TARGET        the target triple to install, instead of this machine's
#
# Exit status: 0 installed; 1 failed (nothing installed); 3 the release or
# its archive for this platform does not exist at the URL (HTTP 404), which
# the GitHub Action takes as "no release: build from source".
set -eu

# release/local.sh writes the version here; the copy in the repository has
# none, and needs RFC1738_VERSION.
published_version="@RFC1738_VERSION@"
repository="https://github.com/rfc1738/rfc1738"

say() { printf 'rfc1738-installer: %s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }

usage() {
    sed -n '2,/^set -eu/p' "$0" 2>/dev/null | sed -e '/^set -eu/d' -e 's/^# \{0,1\}//'
}

case "${1:-}" in
    -h | --help) usage; exit 0 ;;
    "") ;;
    *) die "unknown argument '$1' (this installer is configured by environment variables: --help)" ;;
esac

version="${RFC1738_VERSION:-$published_version}"
version="${version#v}"
case "$version" in
    @*@ | "") die "no version: this copy of the installer was not published with a release; set RFC1738_VERSION" ;;
esac

detect_target() {
    os="$(uname -s)"
    arch="$(uname -m)"
    case "$arch" in
        x86_64 | amd64) arch=x86_64 ;;
        aarch64 | arm64) arch=aarch64 ;;
        *) die "no prebuilt binary for the processor '$arch'; build from source: cargo install --locked rfc1738-cli" ;;
    esac
    case "$os" in
        Linux)
            # The Linux binaries are static (musl): one for every distribution.
            echo "$arch-unknown-linux-musl" ;;
        Darwin)
            # A shell under Rosetta says x86_64 on an Apple processor: the
            # native binary is the better one there.
            if [ "$arch" = x86_64 ] && [ "$(sysctl -n sysctl.proc_translated 2>/dev/null || echo 0)" = 1 ]; then
                arch=aarch64
            fi
            echo "$arch-apple-darwin" ;;
        MINGW* | MSYS* | CYGWIN* | Windows_NT)
            # Windows on ARM runs the x86_64 binary under emulation.
            echo "x86_64-pc-windows-msvc" ;;
        *) die "no prebuilt binary for the system '$os'; build from source: cargo install --locked rfc1738-cli" ;;
    esac
}

target="${RFC1738_TARGET:-$(detect_target)}"
case "$target" in
    *-windows-*) archive_ext=zip; exe=rfc1738.exe ;;
    *) archive_ext=tar.gz; exe=rfc1738 ;;
esac
name="rfc1738-cli-$target"
archive="$name.$archive_ext"
base_url="${RFC1738_DOWNLOAD_URL:-$repository/releases/download/v$version}"
base_url="${base_url%/}"
install_dir="${RFC1738_INSTALL_DIR:-${XDG_BIN_HOME:-${HOME:?neither RFC1738_INSTALL_DIR nor HOME is set}/.local/bin}}"

# Fetches URL into FILE; returns 3 on HTTP 404 (or a missing file:// file),
# 1 on any other failure, with the reason on standard error.
fetch() {
    fetch_url="$1"
    fetch_file="$2"
    if command -v curl >/dev/null 2>&1; then
        fetch_code="$(curl --location --silent --show-error --retry 3 --connect-timeout 20 \
            --output "$fetch_file" --write-out '%{http_code}' "$fetch_url")" || {
            case "$fetch_url" in file://*) [ -e "${fetch_url#file://}" ] || return 3 ;; esac
            say "could not download $fetch_url"
            return 1
        }
        case "$fetch_code" in
            2?? | 000) return 0 ;; # 000: a file:// URL
            404) return 3 ;;
            *) say "$fetch_url answered HTTP $fetch_code"; return 1 ;;
        esac
    elif command -v wget >/dev/null 2>&1; then
        case "$fetch_url" in
            file://*)
                [ -e "${fetch_url#file://}" ] || return 3
                cp "${fetch_url#file://}" "$fetch_file"
                return 0 ;;
        esac
        if wget --quiet --tries=3 --timeout=20 --output-document="$fetch_file" "$fetch_url"; then
            return 0
        else
            fetch_status=$?
            # wget's exit 8 is an HTTP error; its headers say which.
            if [ "$fetch_status" -eq 8 ] && wget --spider --server-response "$fetch_url" 2>&1 | grep -q ' 404'; then
                return 3
            fi
            say "could not download $fetch_url (wget exit $fetch_status)"
            return 1
        fi
    else
        die "neither curl nor wget is installed: one of them is needed to download the release"
    fi
}

sha256_of() {
    if command -v sha256sum >/dev/null 2>&1; then
        sha256sum "$1" | cut -d ' ' -f 1
    elif command -v shasum >/dev/null 2>&1; then
        shasum -a 256 "$1" | cut -d ' ' -f 1
    elif command -v openssl >/dev/null 2>&1; then
        openssl dgst -sha256 -r "$1" | cut -d ' ' -f 1
    else
        die "none of sha256sum, shasum or openssl is installed: the archive's checksum cannot be verified"
    fi
}

tmp="$(mktemp -d 2>/dev/null || mktemp -d -t rfc1738)"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

say "installing rfc1738 $version ($target) from $base_url"
for file in "$archive.sha256" "$archive"; do
    status=0
    fetch "$base_url/$file" "$tmp/$file" || status=$?
    if [ "$status" -eq 3 ]; then
        say "error: $base_url/$file does not exist: no release $version for $target there"
        exit 3
    elif [ "$status" -ne 0 ]; then
        die "the download failed; nothing was installed"
    fi
done

# The checksum file holds "HASH  NAME" (sha256sum's format) or the hash alone.
expected="$(tr -d '\r' <"$tmp/$archive.sha256" | awk 'NR == 1 { print tolower($1) }')"
case "$expected" in
    *[!0-9a-f]* | "") die "$archive.sha256 holds no SHA-256 checksum; nothing was installed" ;;
esac
[ "${#expected}" -eq 64 ] || die "$archive.sha256 holds no SHA-256 checksum; nothing was installed"
actual="$(sha256_of "$tmp/$archive")"
if [ "$actual" != "$expected" ]; then
    say "error: checksum mismatch for $archive"
    say "  expected (from $archive.sha256): $expected"
    say "  downloaded archive:              $actual"
    die "the archive is corrupt or was tampered with; nothing was installed"
fi

mkdir "$tmp/unpacked"
case "$archive_ext" in
    zip)
        command -v unzip >/dev/null 2>&1 || die "unzip is not installed: it is needed to unpack $archive"
        unzip -q "$tmp/$archive" -d "$tmp/unpacked" || die "could not unpack $archive; nothing was installed" ;;
    *)
        tar -xzf "$tmp/$archive" -C "$tmp/unpacked" || die "could not unpack $archive; nothing was installed" ;;
esac
binary="$tmp/unpacked/$name/$exe"
[ -f "$binary" ] || die "$archive holds no $name/$exe; nothing was installed"

mkdir -p "$install_dir" || die "could not create the install directory $install_dir"
# Copied beside its final name, then renamed: a running rfc1738 or a failed
# copy never leaves a half-written binary under the real name.
cp "$binary" "$install_dir/.$exe.partial.$$" || die "could not write into $install_dir"
chmod 755 "$install_dir/.$exe.partial.$$"
mv -f "$install_dir/.$exe.partial.$$" "$install_dir/$exe" || {
    rm -f "$install_dir/.$exe.partial.$$"
    die "could not install $install_dir/$exe"
}

# The one line on standard output: where the binary is.
echo "installed rfc1738 $version to $install_dir/$exe"
case ":${PATH:-}:" in
    *":$install_dir:"*) ;;
    *) say "$install_dir is not on your PATH; add it, e.g. in your shell's profile: export PATH=\"$install_dir:\$PATH\"" ;;
esac
