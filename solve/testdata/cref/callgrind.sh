#!/bin/sh
# Measurement tool for BENCHMARKS.md, not part of grundy's build: counts
# the instructions the C reference (slowexact.c) and grundy (one worker)
# execute on the same box, under valgrind's callgrind. Instruction counts
# do not depend on the machine's load, so two programs, or two versions of
# one, can be compared while other work runs; they are not times (an
# instruction of one program may cost more cycles than one of the other).
#   sh solve/testdata/cref/callgrind.sh 6 30 [GRUNDY_BINARY]
set -e
piles=${1:-6}
max=${2:-30}
here=$(cd "$(dirname "$0")" && pwd)
tmp=${TMPDIR:-/tmp}/grundy-callgrind.$$
mkdir -p "$tmp"
cc -O2 -o "$tmp/slowexact" "$here/slowexact.c"
bin=${3:-}
if [ -z "$bin" ]; then
	(cd "$here/../../.." && go build -o "$tmp/grundy" ./cmd/grundy)
	bin=$tmp/grundy
fi
count() { # count NAME CMD...: instructions executed
	name=$1
	shift
	valgrind --tool=callgrind --callgrind-out-file="$tmp/$name.out" "$@" >"$tmp/$name.txt" 2>&1
	sed -n 's/.*I *refs: *//p' "$tmp/$name.txt" | tr -d ,
}
c=$(count c "$tmp/slowexact" "$piles" "$max" 2)
# One worker, and no asynchronous preemption (its signals upset callgrind).
g=$(GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 count g "$bin" count slow-exact:k=2 --piles "$piles" --max "$max" --json)
set -- $(sed -n 's/^positions \([0-9]*\) P \([0-9]*\) Pm \([0-9]*\).*/\1 \2 \3/p' "$tmp/c.txt")
n=$1
grep -q "\"positions\":$1,\"P\":$2,\"Pm\":$3," "$tmp/g.txt" || { echo "counts differ: C $*, grundy $(cat "$tmp/g.txt")" >&2; exit 1; }
echo "$piles piles ≤ $max: $n positions, P $2, P⁻ $3 (both)"
awk -v c="$c" -v g="$g" -v n="$n" 'BEGIN {
	printf "C reference: %.0f instructions, %.0f a position\n", c, c / n
	printf "grundy:      %.0f instructions, %.0f a position (%.2f× C)\n", g, g / n, g / c
}'
rm -rf "$tmp"
