#!/usr/bin/env bash
# The Qt Quick peer (issue 14): measures Qt Quick rendering the `spin` scene (spin.qml) beside Strata's
# `strata-bench --scenario spin`, on the same machine in the same run, and prints a Markdown table.
#
#   scripts/qt-peer/run.sh [--layers "1000 5000 10000"] [--strata-bench PATH|none] [--runs K]
#                          [--render-loop threaded|basic] [--animators] [--aliased] [--no-install]
#
# Method (the issue's): 320×240, N layers each animating position, opacity and rotation; whole-process CPU
# (user + system, every thread: llvmpipe's too) per frame, by differencing a 100- and a 400-frame run, so
# start-up, scene building and tear-down cancel: (cpu400 − cpu100) / 300. Frames per second likewise:
# 300 / (wall400 − wall100). Both programs render on Mesa's llvmpipe (LIBGL_ALWAYS_SOFTWARE=1). Qt runs
# as an ordinary xcb client of a private Xvfb (Qt Quick's OpenGL path needs a window system here); the
# CPU Xvfb spends taking Qt's frames is reported in its own column and not counted in Qt's figure, as
# strata-bench presents nothing.
#
# Installs Qt's packages when missing (Debian 12: Qt 6.4); the test suite never needs them.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

layers="1000 5000 10000"
strata="$root/.build/release/strata-bench"
runs=1
loop=threaded
animators=""
aliased=""
install=1
frames_short=100
frames_long=400
while (($#)); do
    case $1 in
        --layers) layers=$2; shift 2 ;;
        --strata-bench) strata=$2; shift 2 ;;
        --runs) runs=$2; shift 2 ;;
        --render-loop) loop=$2; shift 2 ;;
        --animators) animators=animators; shift ;;
        --aliased) aliased=aliased; shift ;;
        --no-install) install=0; shift ;;
        -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done
case $loop in threaded|basic) ;; *) echo "--render-loop must be threaded or basic" >&2; exit 2 ;; esac
if [ "$strata" != none ] && [ ! -x "$strata" ]; then
    echo "note: no strata-bench at $strata (build it with 'swift build -c release --product strata-bench' or pass --strata-bench PATH); measuring Qt only" >&2
    strata=none
fi

# Qt 6 Quick with its `qml` runner, the xcb platform plugin, Mesa's llvmpipe, Xvfb, and GNU time.
packages=(qml-qt6 qml6-module-qtquick qml6-module-qtquick-window qml6-module-qtqml-workerscript qt6-qpa-plugins
          libgl1-mesa-dri libglx-mesa0 xvfb time)
if ((install)); then
    missing=()
    for p in "${packages[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    if ((${#missing[@]})); then
        sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        echo "installing ${missing[*]}" >&2
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
    fi
fi
qml=/usr/lib/qt6/bin/qml
[ -x "$qml" ] || { echo "no $qml (package qml-qt6)" >&2; exit 1; }
qt_version=$(dpkg-query -W -f='${Version}' libqt6quick6 2>/dev/null || echo unknown)

work=$(mktemp -d)
xvfb_pid=""
cleanup() {
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

# A private X server; -displayfd picks a free display number and writes it once the server is ready.
Xvfb -displayfd 3 -screen 0 640x480x24 -nolisten tcp 3>"$work/display" >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.1; done
[ -s "$work/display" ] || { echo "Xvfb did not start:" >&2; cat "$work/xvfb.log" >&2; exit 1; }
display=":$(head -1 "$work/display")"

export LIBGL_ALWAYS_SOFTWARE=1
ticks=$(getconf CLK_TCK)
# CPU seconds (user + system) Xvfb has used so far.
xvfb_cpu() { awk -v t="$ticks" '{ sub(/^.*\) /, ""); printf "%.3f\n", ($12 + $13) / t }' "/proc/$xvfb_pid/stat"; }

# qt_run N F: prints "cpu wall xvfb_cpu loop paced" for one run of the Qt scene.
qt_run() {
    local n=$1 f=$2 log="$work/qt-$1-$2.log" before after
    before=$(xvfb_cpu)
    if ! DISPLAY=$display QT_QPA_PLATFORM=xcb QSG_RHI_BACKEND=opengl QSG_RENDER_LOOP=$loop QSG_INFO=1 vblank_mode=0 \
        /usr/bin/time -f "%U %S %e" -o "$work/time" "$qml" "$here/spin.qml" -- "$n" "$f" $animators $aliased >"$log" 2>&1; then
        echo "qml failed (N=$n, F=$f):" >&2; tail -20 "$log" >&2; exit 1
    fi
    after=$(xvfb_cpu)
    grep -q "qt-peer: layers=$n frames=$f " "$log" || { echo "Qt did not report $f frames (N=$n):" >&2; tail -20 "$log" >&2; exit 1; }
    local used_loop paced=vsync-step
    used_loop=$(grep -oE "(threaded|basic) render loop" "$log" | head -1 | cut -d' ' -f1)
    # The threaded loop advances animations once per frame unless it decides vsync is broken (frames
    # faster than half a 60 Hz interval); then a 16 ms system timer drives them and frames are capped at 60/s.
    if grep -q "broken vsync" "$log"; then paced=timer; fi
    [ "$used_loop" = basic ] && paced=timer
    read -r u s e <"$work/time"
    echo "$(awk -v u="$u" -v s="$s" 'BEGIN { print u + s }') $e $(awk -v a="$after" -v b="$before" 'BEGIN { print a - b }') ${used_loop:-?} $paced"
}

# strata_run N F: prints "cpu wall" for one strata-bench run.
strata_run() {
    local n=$1 f=$2
    if ! /usr/bin/time -f "%U %S %e" -o "$work/time" "$strata" --layers "$n" --frames "$f" --size 320x240 >"$work/strata-$n-$f.json" 2>"$work/strata.err"; then
        echo "strata-bench failed (N=$n, F=$f):" >&2; tail -20 "$work/strata.err" >&2; exit 1
    fi
    read -r u s e <"$work/time"
    echo "$(awk -v u="$u" -v s="$s" 'BEGIN { print u + s }') $e"
}

per_frame() { awk -v a="$1" -v b="$2" -v d=$((frames_long - frames_short)) 'BEGIN { printf "%.1f", (b - a) * 1000 / d }'; }
fps() { awk -v a="$1" -v b="$2" -v d=$((frames_long - frames_short)) 'BEGIN { if (b > a) printf "%.0f", d / (b - a); else print "—" }'; }
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.1f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

variant="$loop render loop, ${animators:-NumberAnimation}, ${aliased:-antialiased}"
echo "Qt $qt_version (qml, $variant), $(nproc) CPUs" >&2
join() { echo "$1" | sed 's/^ //; s/ / \/ /g'; }
rows=() notes=()
for n in $layers; do
    qt_ms="" qt_fps="" x_ms="" st_ms="" st_fps=""
    for r in $(seq "$runs"); do
        qt_run "$n" $frames_short >"$work/r"; read -r qc1 qw1 qx1 ql qp1 <"$work/r"
        qt_run "$n" $frames_long >"$work/r"; read -r qc2 qw2 qx2 ql qp2 <"$work/r"
        qm=$(per_frame "$qc1" "$qc2")
        qt_ms+=" $qm"; qt_fps+=" $(fps "$qw1" "$qw2")"; x_ms+=" $(per_frame "$qx1" "$qx2")"
        if [ "$qp1" = timer ] || [ "$qp2" = timer ]; then
            notes+=("N=$n run $r: Qt's animations were paced by its 16 ms system timer (at most 60 frames/s; the CPU per frame stays valid)")
        fi
        line="N=$n run $r: Qt ${qm} ms/frame (cpu $qc1 s / $qc2 s, wall $qw1 s / $qw2 s, $ql loop)"
        if [ "$strata" != none ]; then
            strata_run "$n" $frames_short >"$work/r"; read -r sc1 sw1 <"$work/r"
            strata_run "$n" $frames_long >"$work/r"; read -r sc2 sw2 <"$work/r"
            sm=$(per_frame "$sc1" "$sc2")
            st_ms+=" $sm"; st_fps+=" $(fps "$sw1" "$sw2")"
            line+="; Strata ${sm} ms/frame (cpu $sc1 s / $sc2 s, wall $sw1 s / $sw2 s)"
        fi
        echo "$line" >&2
    done
    qmed=$(echo "$qt_ms" | median)
    row="| $n | $(join "$qt_ms") | $(join "$qt_fps") | $(join "$x_ms")"
    if [ "$strata" != none ]; then
        smed=$(echo "$st_ms" | median)
        ratio=$(awk -v s="$smed" -v q="$qmed" 'BEGIN { if (q > 0) printf "%.2f", s / q; else print "—" }')
        row+=" | $(join "$st_ms") | $(join "$st_fps") | $ratio"
    fi
    rows+=("$row |")
done

echo
if [ "$strata" != none ]; then
    echo "| layers | Qt Quick CPU ms/frame | Qt fps | Xvfb CPU ms/frame (Qt's presentation) | Strata CPU ms/frame | Strata fps | Strata / Qt |"
    echo "| --- | --- | --- | --- | --- | --- | --- |"
else
    echo "| layers | Qt Quick CPU ms/frame | Qt fps | Xvfb CPU ms/frame (Qt's presentation) |"
    echo "| --- | --- | --- | --- |"
fi
printf '%s\n' "${rows[@]}"
echo
renderer=$(sed -n 's/.*RENDERER: \(.*\) VERSION: \(.*\)$/\1, \2/p' "$work"/qt-*.log | head -1)
((${#notes[@]})) && printf -- '- %s\n' "${notes[@]}" && echo
echo "Whole-process CPU (user + system, all threads) per frame = (cpu($frames_long frames) − cpu($frames_short frames)) / $((frames_long - frames_short)); fps = $((frames_long - frames_short)) / (wall($frames_long) − wall($frames_short)); $runs run(s) each, ' / ' separates runs, the ratio is of the medians. Qt $qt_version, $variant; $renderer; $(nproc) CPUs."
