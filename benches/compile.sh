#!/usr/bin/env bash
# How long the crate takes to build, and what it adds to the builds of the
# programs that use it, beside its peers' builds in the same run: each
# figure the median of RUNS builds (default 3) of the crate alone, every
# dependency built already (as a user's clean build of their own crate
# after `cargo build` once), wall clock and CPU (user + system) seconds,
# and the peak resident memory of the build's largest process (rustc).
#
#   benches/compile.sh            # every table, into target/compile-bench/
#   RUNS=5 benches/compile.sh
#
# The peers (url, fluent-uri, nom) and the downstream programs are built
# in target/compile-bench/, outside the workspace; the downstream programs
# (benches/compile/) depend on this checkout by path. Nothing here is
# asserted: the figures go to BENCHMARKS.md, with the machine's load.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
runs=${RUNS:-3}
bench=$root/target/compile-bench
mkdir -p "$bench"

# median wall and CPU seconds and peak MB of `cargo build` of package $1 after
# `cargo clean -p $1`, in the current directory; the rest: cargo's flags
# (`--release` the profile of both).
time_build() {
    local package=$1; shift
    local profile=()
    for flag in "$@"; do [ "$flag" = --release ] && profile=(--release); done
    local walls=() cpus=() peaks=()
    cargo build -q "$@"
    for _ in $(seq "$runs"); do
        cargo clean -q -p "$package" "${profile[@]}"
        /usr/bin/time -o "$bench/time" -f "%e %U %S %M" cargo build -q "$@"
        read -r wall user system peak < "$bench/time"
        walls+=("$wall")
        cpus+=("$(printf '%.2f' "$(echo "$user + $system" | bc)")")
        peaks+=("$((peak / 1024))")
    done
    median() { printf '%s\n' "$@" | sort -n | sed -n "$(( (runs + 1) / 2 ))p"; }
    printf '%s %s %s\n' "$(median "${walls[@]}")" "$(median "${cpus[@]}")" "$(median "${peaks[@]}")"
}

row() { # label wall cpu peak
    printf '| %s | %s s | %s s | %s MB |\n' "$1" "$2" "$3" "$4"
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; $(rustc --version)"
echo
echo "| build (the crate alone, dependencies built) | wall | CPU | peak memory |"
echo "| --- | ---: | ---: | ---: |"
for features in "" "--features dialect" "--features lint" "--features serde" "--features arbitrary" "--all-features"; do
    read -r wall cpu peak < <(time_build rfc1738 --release -p rfc1738 $features)
    row "rfc1738, release, ${features:-default features}" "$wall" "$cpu" "$peak"
done
for features in "" "--all-features"; do
    read -r wall cpu peak < <(time_build rfc1738 -p rfc1738 $features)
    row "rfc1738, debug, ${features:-default features}" "$wall" "$cpu" "$peak"
done

# The peers, in a workspace of their own.
peers=$bench/peers
mkdir -p "$peers/src"
cat > "$peers/Cargo.toml" <<'TOML'
[package]
name = "peers"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
url = "2.5"
fluent-uri = "0.4"
nom = "8"

[workspace]
TOML
echo 'fn main() {}' > "$peers/src/main.rs"
(
    cd "$peers"
    for package in url fluent-uri nom; do
        read -r wall cpu peak < <(time_build "$package" --release -p "$package")
        row "$package, release ($(cargo pkgid -p "$package" 2>/dev/null | sed 's/.*[@#]//'))" "$wall" "$cpu" "$peak"
    done
)

# The downstream programs: each built alone, after its dependencies.
echo
echo "| downstream program (its own crate, release) | wall | CPU | peak memory |"
echo "| --- | ---: | ---: | ---: |"
downstream=$bench/downstream
mkdir -p "$downstream"
cp -r "$root/benches/compile/." "$downstream/"
sed -i "s|@ROOT@|$root|" "$downstream/Cargo.toml"
(
    cd "$downstream"
    # Generated: the folder is not in git (a fresh clone has none).
    mkdir -p "$downstream/every_production/src"
    python3 "$downstream/every_production.py" > "$downstream/every_production/src/main.rs"
    for program in nom_only one_production parse_only no_call every_production; do
        read -r wall cpu peak < <(time_build "$program" --release -p "$program")
        row "$program" "$wall" "$cpu" "$peak"
    done
)
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
