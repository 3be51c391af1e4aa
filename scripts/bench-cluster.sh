#!/usr/bin/env bash
# Side by side in one run on this machine: `grundy count` of a box (the
# local baseline) and the same box through Temporal with WORKERS workers
# (scripts/cluster-dev.sh: dev server, in-memory S3 fake), printing each
# wall time, the processes' CPU, the bytes each worker fetched from the
# store and the load average before and after (BENCHMARKS.md, "Cluster").
#   scripts/bench-cluster.sh GAME PILES MAX [WORKERS [SOLVE FLAGS...]]
# e.g. scripts/bench-cluster.sh slow-exact:k=2 7 50 2 --parallel 4
# Memory is bounded (ulimit -v) for every process it starts; everything
# is stopped at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
game="$1" piles="$2" max="$3" n="${4:-2}"
shift $(( $# < 4 ? $# : 4 ))
export GRUNDY_DEV_DIR="${GRUNDY_DEV_DIR:-/tmp/grundy-bench}"
export TEMPORAL_PORT="${TEMPORAL_PORT:-17233}" S3_ADDR="${S3_ADDR:-127.0.0.1:19000}"
export AWS_ACCESS_KEY_ID=grundy AWS_SECRET_ACCESS_KEY=grundy AWS_EC2_METADATA_DISABLED=true
ulimit -v 6000000
dir="$GRUNDY_DEV_DIR"
rm -rf "$dir"
trap 'bash scripts/cluster-dev.sh stop' EXIT
bash scripts/cluster-dev.sh start "$n" >/dev/null
sleep 3
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
/usr/bin/time -o "$dir/local.time" -f "%e s wall, %U s user + %S s sys CPU" \
  "$dir/bin/grundy" count "$game" --piles "$piles" --max "$max" --json >"$dir/local.json" 2>/dev/null
echo "local:       $(cat "$dir/local.time") (grundy count)"
store="s3://grundy?endpoint=http://$S3_ADDR&use_path_style=true&region=us-east-1&prefix=bench/"
t0=$(date +%s.%N)
/usr/bin/time -o "$dir/coordinator.time" -f "%U s user + %S s sys" "$dir/bin/grundy-worker" solve "$game" --piles "$piles" --max "$max" --address "127.0.0.1:$TEMPORAL_PORT" \
  --store "$store" --json "$@" >"$dir/temporal.json" 2>"$dir/coordinator.log"
t1=$(date +%s.%N)
echo "temporal:    $(echo "$t1 - $t0" | bc) s wall ($n workers; solve flags: ${*:-none})"
echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg)"
if cmp -s "$dir/local.json" "$dir/temporal.json"; then
  echo "same JSON (counts and checksum): $(grep -o '"checksum":"[0-9a-f]*"' "$dir/local.json")"
else
  echo "DIFFERENT results:"; cat "$dir/local.json" "$dir/temporal.json"; exit 1
fi
i=0
echo "CPU coordinator (grundy-worker solve): $(cat "$dir/coordinator.time")"
tick=$(getconf CLK_TCK)
while read -r pid; do
  name=$(ps -o comm= -p "$pid" || true)
  # utime and stime, fields 14 and 15 of /proc/PID/stat, in clock ticks.
  cpu=$(awk -v t="$tick" '{printf "%.2f", ($14 + $15) / t}' "/proc/$pid/stat")
  echo "CPU $name ($pid): $cpu s"
done <"$dir/pids"
for i in $(seq 1 "$n"); do
  f=$( (grep -o 'fetched_bytes=[0-9]*' "$dir/worker-$i.log" || true) | cut -d= -f2 | sort -n | tail -1)
  a=$(grep -c ' INFO end ' "$dir/worker-$i.log" || true)
  echo "worker $i: ${f:-0} bytes fetched, $a activities"
done
