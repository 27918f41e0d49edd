#!/usr/bin/env bash
# The main job: build, start strata-server headless, run the demo client against it over the Unix
# socket, and write the server's composited frame to strata-demo.png.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build -c release --product strata-server
# The server lays clients' text out in strata-text-worker, run from beside its executable.
swift build -c release --product strata-text-worker
swift build -c release --product strata-demo
bin="$(swift build -c release --show-bin-path)"
export STRATA_SOCKET="${TMPDIR:-/tmp}/strata-demo-$$.sock"
# --config /dev/null: the demo ignores any /etc/strata/strata.conf on this machine.
"$bin/strata-server" --config /dev/null --backend headless --size 640x480 &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true' EXIT
for _ in $(seq 50); do [ -S "$STRATA_SOCKET" ] && break; sleep 0.1; done
"$bin/strata-demo" "$PWD/strata-demo.png"
echo "open $PWD/strata-demo.png"
