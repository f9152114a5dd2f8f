#!/bin/sh
# Output in time linear in the findings (BENCHMARKS.md, "Output linear in
# the findings"): one URL of N `~` (N findings, one line) in every format,
# and with --fix and --diff. From the repository root:
#
#     cli/benches/findings.sh [BIN]
#
# Prints the best of three runs' CPU time (user + system, GNU time) and
# wall time for N = 20,000 and 100,000: CPU time, because the wall time
# of a shared machine moves with its load. Linear output takes about five
# times as long for the second as for the first.
set -eu
BIN=${1:-target/release/rfc1738}
if [ "$#" -eq 0 ]; then
    cargo build -q --release -p rfc1738-cli --bin rfc1738
fi
DIR=target/findings-bench
mkdir -p "$DIR"
for n in 20000 100000; do
    { printf 'http://a.b/'; head -c "$n" /dev/zero | tr '\0' '~'; echo; } > "$DIR/tilde-$n.txt"
done
# The best of three runs of "$@", as "cpu wall".
best() {
    b=""
    for _ in 1 2 3; do
        /usr/bin/time -f '%U %S %e' -o "$DIR/time" "$@" > /dev/null 2>&1 || true
        t=$(tail -n 1 "$DIR/time" | awk '{ printf "%.2f %.2f", $1 + $2, $3 }')
        b=$(echo "$t|$b" | awk -F'|' '{ split($1, a, " "); split($2, c, " ");
            print ($2 == "" || a[1] < c[1]) ? $1 : $2 }')
    done
    echo "$b"
}
printf '%-8s %12s %12s %12s %12s\n' format "20k cpu s" "20k wall s" "100k cpu s" "100k wall s"
for format in human short json sarif github rdjson junit urls fix diff; do
    line=$(printf '%-8s' "$format")
    for n in 20000 100000; do
        file="$DIR/tilde-$n.txt"
        case $format in
        fix)
            cp "$file" "$DIR/fix.txt"
            r=$(best sh -c "cp '$file' '$DIR/fix.txt' && '$BIN' lint --isolated --fix '$DIR/fix.txt'")
            ;;
        diff) r=$(best "$BIN" lint --isolated --diff "$file") ;;
        *) r=$(best "$BIN" lint --isolated --format "$format" "$file") ;;
        esac
        line="$line $(echo "$r" | awk '{ printf "%12s %12s", $1, $2 }')"
    done
    echo "$line"
done
