#!/usr/bin/env bash
# Builds the Temporal CLI (whose `temporal server start-dev` is the dev
# server the cluster end-to-end test and scripts/cluster-dev.sh use) from
# the Go module proxy at a pinned version, once, into a cache CI can keep:
#   $GRUNDY_CACHE (default $HOME/.cache/grundy)/temporal-$VERSION/temporal
# and prints the binary's path.
#
# Why v1.5.1: it is the newest CLI release that `go install …@version`
# builds; v1.9.1 has a replace directive in its go.mod, which go install
# refuses. v1.5.1 builds with Go 1.26 (Server 1.29.1) in about 6 minutes on
# two loaded cores, and is a 250 MB binary.
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
echo "building temporal CLI $VERSION into $DIR (several minutes)" >&2
# Built outside any module so that the CLI's own go.mod decides versions.
(cd "$DIR" && GOBIN="$DIR" GOFLAGS=-buildvcs=false nice -n 10 \
  go install "github.com/temporalio/cli/cmd/temporal@$VERSION") >&2
"$BIN" --version >&2
echo "$BIN"
