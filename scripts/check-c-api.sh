#!/usr/bin/env bash
# The C API (docs/c-api.md) from the build tree: its header against the library (scripts/c-api.py), a C
# program built with `pkg-config --cflags --libs strata`, the unit program (tests/c-api/unit.c), then over a
# headless server on the virtual clock: tests/c-api/show.c (its own poll loop, pixels checked) and the
# garbage test (tests/c-api/garbage.c: 10,000 random calls per seed, STRATA_GARBAGE_SEED to pick seeds).
# Then the Python package (python/): its generated bindings and version checked, installed with pip into a fresh
# virtual environment (Debian's python3, offline), and its tests run (the example over a server among them).
# Expects `swift build` done (the debug libStrataC.so, strata-server, strata); writes
# .build/debug/pkgconfig/strata.pc and the library's SONAME link beside it.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(swift build --show-bin-path)
lib="$bin/libStrataC.so"
[ -f "$lib" ] || { echo "check-c-api.sh: no $lib (run swift build)" >&2; exit 1; }
scripts/c-api.py check "$lib"
scripts/c-api.py check-python
scripts/c-api.py check-symbols
[ "$(sed -n 's/^version = "\(.*\)"/\1/p' python/pyproject.toml)" = "$(sed -n '1s/.*(\(.*\)).*/\1/p' debian/changelog)" ] ||
    { echo "check-c-api.sh: python/pyproject.toml's version is not debian/changelog's" >&2; exit 1; }
# Errors are returned, never trapped: no force-unwrap, try! or as! in the C layer.
if grep -nE '[A-Za-z0-9_)\]]!([^=]|$)|try!|as!' Sources/StrataCAPI/*.swift; then
    echo "check-c-api.sh: a force-unwrap, try! or as! in Sources/StrataCAPI (above)" >&2
    exit 1
fi
# The SONAME the linker records (libstrata.so.0) and the name -lstrata finds.
ln -sf libStrataC.so "$bin/libstrata.so.0"
ln -sf libStrataC.so "$bin/libstrata.so"
mkdir -p "$bin/pkgconfig"
cat > "$bin/pkgconfig/strata.pc" <<PC
includedir=$PWD/include
libdir=$bin

Name: strata
Description: Strata's client library for C (the build tree's)
Version: $(sed -n '1s/.*(\(.*\)).*/\1/p' debian/changelog)
Cflags: -I\${includedir}
Libs: -L\${libdir} -Wl,-rpath,\${libdir} -lstrata
PC
work=$(mktemp -d)
server=""
app=""
cleanup() {
    [ -n "$app" ] && kill "$app" 2>/dev/null && wait "$app" 2>/dev/null || true
    [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "check-c-api.sh: $*" >&2; exit 1; }
cat > "$work/version.c" <<'C'
#include <stdio.h>
#include <strata/strata.h>

int main(void) {
    if (strata_abi_version() != STRATA_ABI_VERSION) return 1;
    printf("%s %s\n", strata_status_name(STRATA_INVALID_HANDLE), strata_status_name(-999));
    return strata_last_error_code() == STRATA_OK ? 0 : 1;
}
C
export PKG_CONFIG_PATH="$bin/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
# shellcheck disable=SC2046
cc -std=c11 -Wall -Wextra -Werror -o "$work/version" "$work/version.c" $(pkg-config --cflags --libs strata)
out=$("$work/version")
[ "$out" = "STRATA_INVALID_HANDLE STRATA_UNKNOWN_STATUS" ] || { echo "check-c-api.sh: the C program printed '$out'" >&2; exit 1; }
echo "check-c-api.sh: a C program built with pkg-config strata runs: $out"

# The unit program and the garbage test, built as apps build (-Wall -Wextra -Werror).
# shellcheck disable=SC2046
cc -std=c11 -Wall -Wextra -Werror -g -o "$work/unit" tests/c-api/unit.c $(pkg-config --cflags --libs strata) -lpthread -lm
timeout 120 "$work/unit"
scripts/c-api.py garbage "$work/garbage_calls.h"
# shellcheck disable=SC2046
cc -std=c11 -Wall -Wextra -Werror -g -I "$work" -o "$work/garbage" tests/c-api/garbage.c $(pkg-config --cflags --libs strata) -lpthread -lm
for program in tests/c-api/show.c tests/c-api/animate.c tests/c-api/particles.c examples/c-api/tap_to_grow.c; do
    # shellcheck disable=SC2046
    cc -std=c11 -Wall -Wextra -Werror -g -o "$work/$(basename "$program" .c)" "$program" $(pkg-config --cflags --libs strata)
done

# Over a real server: headless, 320x240, on the virtual clock (frames are drawn only when a step asks).
for tool in strata-server strata-text-worker strata; do [ -x "$bin/$tool" ] || fail "build the root package first (no $bin/$tool)"; done
export STRATA_SOCKET="$work/strata.sock"
start_server() { # CLOCK: a fresh headless server on STRATA_SOCKET, in place of the one running
    [ -z "$server" ] || { kill "$server" && wait "$server" 2>/dev/null || true; }
    rm -f "$STRATA_SOCKET"
    "$bin/strata-server" --config /dev/null --backend headless --size 320x240 --clock "$1" > "$work/server.log" 2>&1 &
    server=$!
    for _ in $(seq 300); do [ -S "$STRATA_SOCKET" ] && break; sleep 0.1; done # a bound on a slow machine
    [ -S "$STRATA_SOCKET" ] || fail "the server did not start: $(cat "$work/server.log")"
}
start_server virtual
# Starts a built program as the app under test (its lines in app.log), and stops it.
start_app() { stdbuf -oL "$work/$1" > "$work/app.log" 2>&1 & app=$!; }
stop_app() { kill "$app" && wait "$app" 2>/dev/null || true; app=""; }
# Waits for a line the app prints (a bound on a slow machine, not a timing).
wait_for() {
    for _ in $(seq 600); do grep -q "$1" "$work/app.log" && return 0; kill -0 "$app" 2>/dev/null || break; sleep 0.1; done
    fail "the app did not print '$1': $(cat "$work/app.log")"
}
pixel_is() { # FILE X Y "R G B A" WHAT
    got=$(python3 scripts/png_pixel.py "$1" "$2" "$3")
    python3 - "$got" "$4" "$5" <<'PY' || fail "$5 is $got, expected $4"
import sys
got, want = [list(map(int, a.split())) for a in sys.argv[1:3]]
sys.exit(max(abs(g - w) for g, w in zip(got, want)) > 3)
PY
}

# The app in its own poll loop: its first commit shown, then a change made outside any callback shown.
start_app show
wait_for "^ready 320x240"
"$bin/strata" clock advance 0.05 > /dev/null
wait_for "^presented "
"$bin/strata" snapshot --out "$work/first.png" > /dev/null
pixel_is "$work/first.png" 160 120 "0 146 255 255" "the square"
pixel_is "$work/first.png" 5 5 "26 26 26 255" "the root"
wait_for "^changed "
"$bin/strata" clock advance 1 > /dev/null
"$bin/strata" snapshot --out "$work/second.png" > /dev/null
pixel_is "$work/second.png" 160 120 "0 191 64 255" "the square after the change"
stop_app
echo "check-c-api.sh: a C app in its own poll loop was shown, and its change from outside a callback committed"

timeout 120 "$work/unit" # again, with the connection's checks

# Animations: a linear slide with its delegate and transaction completion, then a spring, each checked on
# screen against the formula at the virtual times the app printed (a frame's slack either way).
start_app animate
wait_for "^ready"
advance() { "$bin/strata" clock advance "$1"; }
advance 0.05 > /dev/null
wait_for "^animating "
now=$(advance 0.5)
"$bin/strata" snapshot --out "$work/slide.png" > /dev/null
wait_for "^started"
t0=$(sed -n 's/^animating //p' "$work/app.log")
python3 - "$work/slide.png" "$t0" "$now" <<'PY' || fail "the slide is not where a linear animation puts it"
import sys
sys.path.insert(0, "scripts")
from png_pixel import pixel
shot, t0, now = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
x = lambda t: 60 + 140 * min(max(t - t0, 0), 1)
lo, hi = x(now - 1 / 60), x(now)
blue = lambda p: max(abs(a - b) for a, b in zip(pixel(shot, round(p), 120)[:3], (0, 146, 255))) <= 3
if not (blue((lo + hi) / 2) and not blue(lo - 23) and not blue(hi + 23)):
    sys.exit(f"the square is not centred between {lo:.1f} and {hi:.1f} at {now - t0:.3f} s")
print(f"check-c-api.sh: the slide is at {hi:.1f} after {now - t0:.3f} s")
PY
advance 1 > /dev/null
wait_for "^stopped 1"
wait_for "^completed"
wait_for "^springing "
grep -q "^ticks [1-9]" "$work/app.log" || fail "the display link did not tick: $(cat "$work/app.log")"
now=$(advance 0.1)
"$bin/strata" snapshot --out "$work/spring.png" > /dev/null
t1=$(sed -n 's/^springing //p' "$work/app.log")
python3 - "$work/spring.png" "$t1" "$now" <<'PY' || fail "the spring's width is not the spring formula's"
import sys
sys.path.insert(0, "scripts")
from png_pixel import pixel
from spring import progress
shot, t1, now = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
width = lambda t: 40 + 100 * progress(t - t1, mass=1, stiffness=100, damping=10)  # from 40 to 140
lo, hi = sorted((width(now - 1 / 60), width(now)))
blue = lambda p: max(abs(a - b) for a, b in zip(pixel(shot, round(p), 120)[:3], (0, 146, 255))) <= 3
if not (blue(200 + lo / 2 - 3) and blue(200 - lo / 2 + 3) and not blue(200 + hi / 2 + 3) and not blue(200 - hi / 2 - 3)):
    sys.exit(f"the square is not between {lo:.1f} and {hi:.1f} points wide at {now - t1:.3f} s")
print(f"check-c-api.sh: the spring is {hi:.1f} points wide after {now - t1:.3f} s")
PY
stop_app

# An emitter layer's cell from C: red particles where it emits them.
start_app particles
wait_for "^ready"
advance 0.5 > /dev/null
"$bin/strata" snapshot --out "$work/particles.png" > /dev/null
pixel_is "$work/particles.png" 160 120 "255 0 0 255" "the particles"
pixel_is "$work/particles.png" 40 40 "0 0 0 255" "the screen away from them"
stop_app
echo "check-c-api.sh: an emitter layer's cell made in C drew its particles"

python3 - docs/c-api.md examples/c-api/tap_to_grow.c <<'PY' || fail "docs/c-api.md does not show examples/c-api/tap_to_grow.c as it is"
import sys
page, name = open(sys.argv[1], encoding="utf-8").read(), sys.argv[2]
opening = "```c " + name + "\n"
start = page.index(opening) + len(opening)
sys.exit(page[start:page.index("```", start)] != open(name, encoding="utf-8").read())
PY
# The example docs/c-api.md shows: a tap grows the circle with a spring (damping 12, stiffness 180), checked on
# screen against the spring formula at the virtual times it printed; a second tap shrinks it where it lands.
start_app tap_to_grow
wait_for "^ready 320x240"
advance 0.05 > /dev/null
"$bin/strata" snapshot --out "$work/tap0.png" > /dev/null
pixel_is "$work/tap0.png" 160 120 "0 146 255 255" "the circle"
pixel_is "$work/tap0.png" 200 120 "255 255 255 255" "the screen beside the circle"
"$bin/strata" input tap 160 120 > /dev/null
wait_for "^grew 200 at "
now=$(advance 0.1)
"$bin/strata" snapshot --out "$work/tap1.png" > /dev/null
t2=$(sed -n 's/^grew 200 at //p' "$work/app.log")
python3 - "$work/tap1.png" "$t2" "$now" <<'PY' || fail "the circle's growth is not the spring's"
import sys
sys.path.insert(0, "scripts")
from png_pixel import pixel
from spring import progress
shot, t2, now = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
radius = lambda t: 25 + 75 * progress(t - t2, mass=1, stiffness=180, damping=12)  # from 25 to 100
lo, hi = sorted((radius(now - 1 / 60), radius(now)))
blue = lambda x: max(abs(a - b) for a, b in zip(pixel(shot, round(x), 120)[:3], (0, 146, 255))) <= 3
if not (blue(160 + lo - 3) and blue(160 - lo + 3) and not blue(160 + hi + 4) and not blue(160 - hi - 4)):
    sys.exit(f"the circle's radius is not between {lo:.1f} and {hi:.1f} at {now - t2:.3f} s")
print(f"check-c-api.sh: the tapped circle's radius is {hi:.1f} after {now - t2:.3f} s")
PY
advance 2 > /dev/null
"$bin/strata" snapshot --out "$work/tap2.png" > /dev/null
pixel_is "$work/tap2.png" 250 120 "0 146 255 255" "the grown circle's edge"
"$bin/strata" input tap 80 60 > /dev/null
wait_for "^shrank 50 at "
advance 2 > /dev/null
"$bin/strata" snapshot --out "$work/tap3.png" > /dev/null
pixel_is "$work/tap3.png" 80 60 "0 146 255 255" "the shrunk circle where the second tap landed"
pixel_is "$work/tap3.png" 160 120 "255 255 255 255" "the screen where the circle was"
stop_app
echo "check-c-api.sh: the C example grew with a spring where it was tapped, and shrank where it was tapped again"

# The garbage test against a live server on the wall clock (frames and their events flow, so callbacks run):
# no garbage may reach the wire (the server ends no session).
start_server wall
for seed in ${STRATA_GARBAGE_SEED:-1 2 3}; do
    timeout 300 "$work/garbage" 10000 "$seed"
done
if grep "disconnecting client" "$work/server.log" | grep -vE "reason=(send|receive): "; then fail "the server refused what the garbage test's calls sent (above)"; fi
"$bin/strata" stats > /dev/null || fail "the server does not answer after the garbage test"

# The Python package, as a user installs it: pip into a fresh virtual environment (Debian's python3, whose
# setuptools and wheel build it offline), then its tests against servers of their own.
kill "$server" && wait "$server" 2>/dev/null || true
server=""
/usr/bin/python3 -m venv --system-site-packages "$work/venv"
cp -r python "$work/python-source" # pip builds in the source tree: keep the checkout clean
"$work/venv/bin/pip" install --quiet --no-index --no-build-isolation "$work/python-source"
(cd "$work" && STRATA_BIN="$bin" PYTHONDONTWRITEBYTECODE=1 timeout 600 "$work/venv/bin/python" -m unittest discover -s "$OLDPWD/python/tests" -v 2>&1) |
    tee "$work/python.log" | grep -E "^(test_|Ran|OK|FAILED)" || true
grep -q "^OK" "$work/python.log" || fail "the Python package's tests failed: $(tail -40 "$work/python.log")"
