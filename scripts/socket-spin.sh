#!/usr/bin/env bash
# Issue 14's "over the socket" figure: a real strata-server (headless, 320x240, 60 Hz) showing the bench's
# spin scene (N layers, each moving, fading and turning forever) that `strata play` pushed over the socket.
# Prints the frames per second the server drew over WINDOW seconds once it was running, and its CPU per
# frame (from /proc). A benchmark: tests never run it.
#   swift build -c release && scripts/socket-spin.sh [LAYERS=1000] [WINDOW=10]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
layers=${1:-1000}
window=${2:-10}
bin=$root/.build/release
work=$(mktemp -d)
trap 'kill $server $player 2>/dev/null || true; rm -rf "$work"' EXIT
python3 - "$layers" > "$work/spin.json" <<'PY'
import json, math, sys
n = int(sys.argv[1]); w, h = 320, 240
columns = max(1, math.ceil(math.sqrt(n)))
layers = []
for i in range(n):
    x = (i % columns) / columns * w; y = (i // columns) / columns * h
    hue = (i % 7) / 7
    timing = {"duration": 1 + (i % 5) * 0.1, "repeatCount": "infinity", "autoreverses": True}
    layers.append({"id": f"l{i}", "bounds": [0, 0, 12, 12], "position": [x, y],
                   "backgroundColor": "#%02X%02X80" % (round(hue * 255), round((1 - hue) * 255)),
                   "animations": {
                       "position": dict(type="basic", keyPath="position", byValue=[20, 10], **timing),
                       "opacity": dict(type="basic", keyPath="opacity", fromValue=1, toValue=0.3, timingFunction="easeInEaseOut", **timing),
                       "rotation": dict(type="basic", keyPath="transform.rotation.z", fromValue=0, toValue=3, **timing)}})
print(json.dumps({"strata": 1, "size": [w, h], "layers": layers}))
PY
export STRATA_SOCKET=$work/strata.sock
"$bin/strata-server" --backend headless --size 320x240 --refresh 60 --socket "$STRATA_SOCKET" > "$work/server.log" 2>&1 &
server=$!
for _ in $(seq 200); do [ -S "$STRATA_SOCKET" ] && break; sleep 0.05; done
"$bin/strata" play "$work/spin.json" --duration $((window + 10)) > "$work/play.log" 2>&1 &
player=$!
sleep 4
ticks=$(getconf CLK_TCK)
frames() { "$bin/strata" stats | python3 -c 'import json,sys; print(json.load(sys.stdin)["frames_rendered"])'; }
cpu() { awk '{print $14 + $15}' "/proc/$server/stat"; }
f0=$(frames); c0=$(cpu); t0=$(date +%s.%N)
sleep "$window"
f1=$(frames); c1=$(cpu); t1=$(date +%s.%N)
python3 -c "
f0, f1, c0, c1, t0, t1, ticks = $f0, $f1, $c0, $c1, $t0, $t1, $ticks
frames = f1 - f0
print('{\"layers\": $layers, \"seconds\": %.2f, \"frames\": %d, \"fps\": %.1f, \"server_process_cpu_ms_per_frame\": %.2f}' % (t1 - t0, frames, frames / (t1 - t0), (c1 - c0) / ticks * 1000 / max(frames, 1)))"
"$bin/strata" stats | python3 -c 'import json,sys; d=json.load(sys.stdin); print(json.dumps({k: d[k] for k in ("server_cpu_ms_per_frame", "frame_ms", "phase_p50_ms")}))'
