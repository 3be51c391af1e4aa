#!/usr/bin/env bash
# A Temporal cluster on this machine, for trying grundy-worker:
#   scripts/cluster-dev.sh start [WORKERS]   dev server (with its Web UI), S3 fake, WORKERS (3) workers
#   scripts/cluster-dev.sh stop              stop what start started
# Everything listens on loopback; state, logs and pids are in
# $GRUNDY_DEV_DIR (default /tmp/grundy-cluster). start prints how to solve.
set -euo pipefail
cd "$(dirname "$0")/.."
DIR="${GRUNDY_DEV_DIR:-/tmp/grundy-cluster}"
PORT="${TEMPORAL_PORT:-7233}"
S3="${S3_ADDR:-127.0.0.1:9000}"
UI_PORT="${TEMPORAL_UI_PORT:-8233}"
METRICS_PORT="${METRICS_PORT:-9090}" # worker i serves METRICS_PORT + i
case "${1:-}" in
start)
  n="${2:-3}"
  mkdir -p "$DIR/bin"
  temporal="$(bash scripts/build-temporal.sh)"
  go build -o "$DIR/bin/" ./cmd/grundy ./cmd/grundy-worker ./deploy/s3fake
  : > "$DIR/pids"
  # Temporal holds back a Continue-As-New run's first task until a second
  # after the previous run began (history.workflowIdReuseMinimalInterval):
  # a second lost per run of small tiers. Off here, as in the tests.
  # The Temporal Web UI is served by the dev server unless --headless;
  # a CLI built without it has no --ui-port.
  ui=(--headless)
  ui_msg="no Temporal Web UI in this build of the dev server"
  # (The help is read whole first: grep -q would stop reading early, and
  # pipefail then counts the CLI's broken pipe as a failure.)
  help="$("$temporal" server start-dev --help 2>&1 || true)"
  if grep -q -- '--ui-port' <<<"$help"; then
    ui=(--ui-port "$UI_PORT")
    ui_msg="Temporal Web UI on http://127.0.0.1:$UI_PORT"
  fi
  "$temporal" server start-dev "${ui[@]}" --ip 127.0.0.1 --port "$PORT" --log-level error \
    --dynamic-config-value 'history.workflowIdReuseMinimalInterval="0s"' \
    >"$DIR/server.log" 2>&1 & echo $! >>"$DIR/pids"
  "$DIR/bin/s3fake" --addr "$S3" --access-key grundy >"$DIR/s3fake.log" 2>&1 & echo $! >>"$DIR/pids"
  export AWS_ACCESS_KEY_ID=grundy AWS_SECRET_ACCESS_KEY=grundy AWS_EC2_METADATA_DISABLED=true
  for i in $(seq 1 "$n"); do
    "$DIR/bin/grundy-worker" run --address "127.0.0.1:$PORT" --cache "$DIR/cache-$i" \
      --metrics-address "127.0.0.1:$((METRICS_PORT + i))" \
      >"$DIR/worker-$i.log" 2>&1 & echo $! >>"$DIR/pids"
  done
  cat <<MSG
Temporal dev server on 127.0.0.1:$PORT, S3 fake on http://$S3, $n workers; logs in $DIR.
$ui_msg; worker metrics on http://127.0.0.1:$((METRICS_PORT + 1))/metrics …
  export AWS_ACCESS_KEY_ID=grundy AWS_SECRET_ACCESS_KEY=grundy
  $DIR/bin/grundy solve slow-exact:k=2 --piles 5 --max 20 --engine temporal \\
    --temporal-address 127.0.0.1:$PORT \\
    --store 's3://grundy?endpoint=http://$S3&use_path_style=true&region=us-east-1&prefix=se2-5x20/'
  $temporal workflow list --address 127.0.0.1:$PORT          # the solve's workflow, then
  $temporal workflow describe --address 127.0.0.1:$PORT -w ID # its pending activities and failures
  curl -s http://127.0.0.1:$((METRICS_PORT + 1))/metrics | grep '^grundy_'
  scripts/cluster-dev.sh stop
MSG
  ;;
stop)
  if [ -f "$DIR/pids" ]; then
    while read -r pid; do kill "$pid" 2>/dev/null || true; done <"$DIR/pids"
    rm -f "$DIR/pids"
  fi
  ;;
*)
  echo "usage: $0 start [WORKERS] | stop" >&2
  exit 2
  ;;
esac
