#!/usr/bin/env bash
# Builds the Temporal CLI (whose `temporal server start-dev` is the dev
# server the cluster end-to-end test and scripts/cluster-dev.sh use) from
# the Go module proxy at a pinned version, once, into a cache CI can keep:
#   $GRUNDY_CACHE (default $HOME/.cache/grundy)/temporal-$VERSION/temporal
# and prints the binary's path.
#
# Why v1.5.1: it is the newest CLI release that `go install …@version`
# builds; v1.9.1 has a replace directive in its go.mod, which go install
# refuses. v1.5.1 (Server 1.29.1, Web UI 2.42.1) is a 250 MB binary, and
# its build is long on the 2-core development machine: 2,848 s (47 min)
# measured with an empty module and build cache at load 20–36 (other
# builds and tests sharing the cores); an earlier session measured 532 s
# with the modules already downloaded, and 30+ min at load 20 (issue 38).
# The time goes mostly to compiling the server, and grows with the load. Start it early, in the
# background; once built it is cached and this script returns at once.
set -euo pipefail
VERSION="${TEMPORAL_CLI_VERSION:-v1.5.1}"
CACHE="${GRUNDY_CACHE:-$HOME/.cache/grundy}"
DIR="$CACHE/temporal-$VERSION"
BIN="$DIR/temporal"
if [ -x "$BIN" ] && "$BIN" --version >/dev/null 2>&1; then
  echo "$BIN"
  exit 0
fi
mkdir -p "$DIR"
echo "building temporal CLI $VERSION into $DIR (9 min warm to 47 min cold on 2 loaded cores; cached after)" >&2
# Built outside any module so that the CLI's own go.mod decides versions.
(cd "$DIR" && GOBIN="$DIR" GOFLAGS=-buildvcs=false nice -n 10 \
  go install "github.com/temporalio/cli/cmd/temporal@$VERSION") >&2
"$BIN" --version >&2
echo "$BIN"
