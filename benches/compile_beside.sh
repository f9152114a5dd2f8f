#!/usr/bin/env bash
# The crate's release build and the one-production downstream program's
# beside those of an older commit, in one run: the two trees take turns,
# so a change in the shared machine's load falls on both alike. Each
# figure the median of RUNS builds (default 3) after `cargo clean -p` of
# the package, its dependencies built: wall and CPU (user + system)
# seconds.
#
#   benches/compile_beside.sh OLD          # e.g. the commit before a change
#   RUNS=5 benches/compile_beside.sh OLD
#
# OLD is exported (`git archive`) to target/compile-beside/old; each tree
# builds in a target folder of its own, and the downstream programs
# (benches/compile/) of each depend on their tree by path.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
old_commit=${1:?the older commit to compare with}
runs=${RUNS:-3}
beside=$root/target/compile-beside
rm -rf "$beside/old"
mkdir -p "$beside/old"
git archive "$old_commit" | tar -x -C "$beside/old"

# tree name: the downstream programs of the tree at $1, in $beside/$2.
downstream() {
    local tree=$1 name=$2
    rm -rf "$beside/downstream-$name"
    mkdir -p "$beside/downstream-$name"
    cp -r "$tree/benches/compile/." "$beside/downstream-$name/"
    sed -i "s|@ROOT@|$tree|" "$beside/downstream-$name/Cargo.toml"
    # Generated, as benches/compile.sh does (not in git).
    mkdir -p "$beside/downstream-$name/every_production/src"
    python3 "$beside/downstream-$name/every_production.py" > "$beside/downstream-$name/every_production/src/main.rs"
}
downstream "$root" new
downstream "$beside/old" old

# dir target package cargo-flags...: one timed build after a clean of the
# package, "wall cpu".
timed() {
    local dir=$1 target=$2 package=$3; shift 3
    (
        cd "$dir"
        export CARGO_TARGET_DIR=$target
        cargo clean -q -p "$package" --release
        /usr/bin/time -o "$beside/time" -f "%e %U %S" cargo build -q --release -p "$package" "$@"
    )
    read -r wall user system < "$beside/time"
    printf '%s %.2f\n' "$wall" "$(echo "$user + $system" | bc)"
}

declare -A walls cpus
measure() { # key dir target package flags...
    local key=$1; shift
    local wall cpu
    read -r wall cpu < <(timed "$@")
    walls[$key]+="$wall "
    cpus[$key]+="$cpu "
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; $(rustc --version)"
echo "old: $(git rev-parse --short "$old_commit"); new: $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src Cargo.toml || echo ' with changes')"
# The dependencies of each, once, untimed.
for tree in "$root:$beside/target-new:new" "$beside/old:$beside/target-old:old"; do
    IFS=: read -r dir target name <<<"$tree"
    (cd "$dir" && CARGO_TARGET_DIR=$target cargo build -q --release -p rfc1738 --all-features)
    (cd "$beside/downstream-$name" && CARGO_TARGET_DIR=$target/downstream cargo build -q --release -p one_production)
done
for _ in $(seq "$runs"); do
    for name in old new; do
        case $name in
            new) dir=$root ;;
            old) dir=$beside/old ;;
        esac
        target=$beside/target-$name
        measure "crate-default-$name" "$dir" "$target" rfc1738
        measure "crate-all-$name" "$dir" "$target" rfc1738 --all-features
        measure "one-$name" "$beside/downstream-$name" "$target/downstream" one_production
    done
done

median() { printf '%s\n' $1 | sort -n | sed -n "$(( (runs + 1) / 2 ))p"; }
echo
echo "| build | old wall | new wall | old CPU | new CPU | new / old (CPU) |"
echo "| --- | ---: | ---: | ---: | ---: | ---: |"
for key in crate-default crate-all one; do
    case $key in
        crate-default) label="rfc1738, release, default features" ;;
        crate-all) label="rfc1738, release, all features" ;;
        one) label="one_production (its own crate, release)" ;;
    esac
    ow=$(median "${walls[$key-old]}"); nw=$(median "${walls[$key-new]}")
    oc=$(median "${cpus[$key-old]}"); nc=$(median "${cpus[$key-new]}")
    printf '| %s | %s s | %s s | %s s | %s s | %.2f |\n' "$label" "$ow" "$nw" "$oc" "$nc" "$(echo "$nc / $oc" | bc -l)"
done
echo
echo "every run, wall (CPU):"
for key in crate-default crate-all one; do
    for name in old new; do
        echo "  $key $name: ${walls[$key-$name]}(${cpus[$key-$name]})"
    done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
