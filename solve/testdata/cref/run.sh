#!/bin/sh
# Measurement tool for BENCHMARKS.md, not part of grundy's build: times the
# tight C reference solver (slowexact.c) and grundy on the same box.
#   sh solve/testdata/cref/run.sh 6 40
set -e
piles=${1:-6}
max=${2:-40}
here=$(dirname "$0")
tmp=${TMPDIR:-/tmp}/grundy-cref.$$
mkdir -p "$tmp"
cc -O2 -o "$tmp/slowexact" "$here/slowexact.c"
(cd "$here/../../.." && go build -o "$tmp/grundy" ./cmd/grundy)
echo "uptime: $(uptime)"
/usr/bin/time -f "C reference: %e s wall, %M KiB max RSS" "$tmp/slowexact" "$piles" "$max" 2
/usr/bin/time -f "grundy count: %e s wall, %M KiB max RSS" "$tmp/grundy" count slow-exact:k=2 --piles "$piles" --max "$max" --json
echo
rm -rf "$tmp"
