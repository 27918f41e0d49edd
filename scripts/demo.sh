#!/usr/bin/env bash
# The main job: build Strata, run its demo app (a café kiosk screen, Sources/strata-demo) on strata-server,
# tap its Pay button twice with `strata input tap` and record what the server shows.
#
#   scripts/demo.sh                   headless: writes strata-demo-animated.png (an animated PNG, 5 s at 20 fps:
#                                     browsers play it) and strata-demo.png (one still frame) here
#   scripts/demo.sh --out DIR         the same, written to DIR
#   scripts/demo.sh --backend kms     the same app live on the display (a kiosk with a DRM card); touch the
#                                     button yourself; Ctrl-C ends it. Nothing is recorded
set -euo pipefail
cd "$(dirname "$0")/.."
backend=headless
out="$PWD"
while (($#)); do
    case "$1" in
        --backend) backend="${2:-}"; shift 2 ;;
        --out) out="${2:-}"; shift 2 ;;
        -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "demo.sh: unknown argument $1 (try --help)" >&2; exit 64 ;;
    esac
done
case "$backend" in headless|kms) ;; *) echo "demo.sh: --backend takes headless or kms" >&2; exit 64 ;; esac
mkdir -p "$out"
out="$(cd "$out" && pwd)"

scripts/install-deps.sh
# The server lays clients' text out in strata-text-worker, run from beside its executable; `strata` injects the taps.
for product in strata-server strata-text-worker strata strata-demo; do
    swift build -c release --product "$product"
done
bin="$(swift build -c release --show-bin-path)"

work="$(mktemp -d "${TMPDIR:-/tmp}/strata-demo.XXXXXX")"
export STRATA_SOCKET="$work/strata.sock"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

wait_for_socket() {
    for _ in $(seq 100); do [ -S "$STRATA_SOCKET" ] && return 0; sleep 0.1; done
    echo "demo.sh: strata-server did not start (no socket at $STRATA_SOCKET)" >&2
    exit 1
}

# --config /dev/null: the demo ignores any /etc/strata/strata.conf on this machine.
if [ "$backend" = kms ]; then
    "$bin/strata-server" --config /dev/null --backend kms &
    pids+=($!)
    wait_for_socket
    echo "demo.sh: the café screen is on the display; touch Pay. Ctrl-C ends it."
    "$bin/strata-demo"
    exit 0
fi

# Headless, the server writing each frame it presents, with the time it was drawn for, to $work/frames. On
# llvmpipe a frame of this screen takes 100-250 ms (drawing, and the PNG written on the frame thread), too
# slow to record at 20 fps in real time. So the app runs in slow motion (its root layer's speed is 0.2) on a
# server refreshing at 4 Hz: one frame every 250 ms, 50 ms of the app's time apart, each drawn exactly as
# it would be at full speed; `strata-demo animate` plays them back at real speed (20 fps).
loop=5
speed=0.2
real() { awk -v s="$1" -v k="$speed" 'BEGIN { printf "%.3f", s / k }'; }
"$bin/strata-server" --config /dev/null --backend headless --size 800x480 --refresh 4 \
    --record-frames "$work/frames" --record-frames-limit 1000 --log-level warning &
pids+=($!)
server=$!
wait_for_socket

# The app prints "start T": the media time, a second ahead, its ring and spinner start from (so the text is
# laid out by then). The animation is the $loop seconds (screen time) from T; its cycles fit it exactly.
"$bin/strata-demo" --lead 1 --loop "$loop" --speed "$speed" --seconds "$(real "$loop.1")" > "$work/app.out" &
app=$!
pids+=($app)
for _ in $(seq 100); do grep -q '^start ' "$work/app.out" && break; sleep 0.05; done
start="$(sed -n 's/^start //p' "$work/app.out")"
[ -n "$start" ] || { echo "demo.sh: strata-demo did not start" >&2; exit 1; }

# Two taps on the Pay button (its centre, 644,408), 1 s and 3 s into the animation: the server hit-tests them
# and sends them to the app, which bounces the button with a spring and swaps the order card's page.
echo "demo.sh: recording $loop s of the café screen in slow motion ($(real "$loop") s)"
sleep "$(awk -v a="$(real 1)" 'BEGIN { print 1 + a - 0.05 }')"
"$bin/strata" input tap 644 408
sleep "$(real 2)"
"$bin/strata" input tap 644 408
wait "$app"
kill "$server"
wait "$server" 2>/dev/null || true

"$bin/strata-demo" animate "$work/frames" --from "$start" --duration "$loop" --speed "$speed" --fps 20 \
    --out "$out/strata-demo-animated.png" --still "$out/strata-demo.png" --still-at 0.9
echo "open $out/strata-demo-animated.png (an animated PNG: browsers play it) and $out/strata-demo.png"
