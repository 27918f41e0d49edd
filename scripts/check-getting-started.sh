#!/usr/bin/env bash
# Tests docs/getting-started.md as written: its code blocks must be the files of examples/getting-started/
# byte for byte; that package must build in Swift 6 language mode with no warning in its own code; and
# the app, run against a headless server, must show what the page says after a synthetic tap; and the
# example's own test (StrataTesting, on the virtual clock) must pass against its reference images.
# Expects the root package built in debug (scripts/test.sh runs `swift build` first): strata-server,
# strata-text-worker and strata come from there. Only the example package builds here, in its own
# .build (its path dependency compiles the Strata library and what it needs, not the server).
set -euo pipefail
cd "$(dirname "$0")/.."
page=docs/getting-started.md
example=examples/getting-started
work="$(mktemp -d "${TMPDIR:-/tmp}/strata-getting-started.XXXXXX")"
server=""
app=""
cleanup() {
    [ -n "$app" ] && kill "$app" 2>/dev/null && wait "$app" 2>/dev/null || true
    [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "check-getting-started: $*" >&2; exit 1; }

# 1. The page's files are the example's: every block opened with ```LANG FILE (FILE under examples/getting-started/).
python3 - "$page" "$example" <<'PY'
import os, sys
page, root = sys.argv[1], sys.argv[2]
blocks, current, name = {}, None, None
for line in open(page, encoding="utf-8").read().split("\n"):
    if current is None and line.startswith("```"):
        words = line[3:].split()
        if len(words) == 2 and words[1].startswith(root + "/"):
            name, current = words[1], []
    elif current is not None and line.startswith("```"):
        blocks[name] = "\n".join(current) + "\n"
        current = None
    elif current is not None:
        current.append(line)
files = set()
for dirpath, dirnames, filenames in os.walk(root):
    dirnames[:] = [d for d in dirnames if not d.startswith(".")]
    # Reference images are the test's data, not the page's text.
    files.update(os.path.join(dirpath, f) for f in filenames
                 if not f.startswith(".") and f != "Package.resolved" and not f.endswith(".png"))
if set(blocks) != files:
    sys.exit(f"the page shows {sorted(blocks)} but {root} holds {sorted(files)}")
for name, text in blocks.items():
    if open(name, encoding="utf-8").read() != text:
        sys.exit(f"{name} differs from its block in {page}")
print(f"check-getting-started: {len(blocks)} files match {page}")
PY

# 2. Build the example as a user would (Swift 6 language mode: tools version 6.0). -warnings-as-errors
#    would apply to the Strata dependency's modules too, so warnings are counted in the example's own code.
swift build --package-path "$example" 2>&1 | tee "$work/build.log" | tail -3
if grep -E "$example/Sources/.*(warning|error):" "$work/build.log"; then fail "the example's code has warnings"; fi
kiosk="$(swift build --package-path "$example" --show-bin-path)/Kiosk"
[ -x "$kiosk" ] || fail "no $kiosk"

# 3. Run it against a headless server, tap the button, and look at the screen.
bin="$(swift build --show-bin-path)"
for tool in strata-server strata-text-worker strata; do [ -x "$bin/$tool" ] || fail "build the root package first (no $bin/$tool)"; done
export STRATA_SOCKET="$work/strata.sock"
"$bin/strata-server" --config /dev/null --backend headless --size 800x480 > "$work/server.log" 2>&1 &
server=$!
for _ in $(seq 100); do [ -S "$STRATA_SOCKET" ] && break; sleep 0.1; done
[ -S "$STRATA_SOCKET" ] || fail "the server did not start: $(cat "$work/server.log")"
stdbuf -oL "$kiosk" > "$work/app.log" 2>&1 &
app=$!
wait_for() {
    for _ in $(seq 100); do grep -q "$1" "$work/app.log" && return 0; sleep 0.1; done
    fail "the app did not print '$1': $(cat "$work/app.log")"
}
wait_for "^ready 800x480 at scale 1"
sleep 0.5
"$bin/strata" snapshot --out "$work/before.png" > /dev/null
"$bin/strata" input tap 400 240 > /dev/null
wait_for "^spun 1"
sleep 0.3
"$bin/strata" snapshot --out "$work/after.png" > /dev/null
[ -z "${GETTING_STARTED_SNAPSHOT:-}" ] || cp "$work/after.png" "$GETTING_STARTED_SNAPSHOT"

# The pixels the page names: the root's colour in the corner, the button blue at its centre before the
# tap and green after it.
python3 - "$work/before.png" "$work/after.png" <<'PY'
import sys
sys.path.insert(0, "scripts")
from png_pixel import pixel
def near(got, want, what):
    if max(abs(g - w) for g, w in zip(got, want)) > 6:
        sys.exit(f"check-getting-started: {what} is {got}, the page says {want}")
before, after = sys.argv[1], sys.argv[2]
near(pixel(before, 10, 10), (26, 31, 41), "the corner")
near(pixel(before, 400, 180), (51, 115, 242), "the button before the tap")
near(pixel(after, 400, 180), (38, 179, 89), "the button after the tap")
print("check-getting-started: the app drew what the page says, and took the tap")
PY

# 4. The example's test, as the page runs it: its own server on the virtual clock, its references.
kill "$app" 2>/dev/null && wait "$app" 2>/dev/null || true
app=""
STRATA_SERVER="$bin/strata-server" FONTCONFIG_FILE="$PWD/Tests/Fonts/fonts.conf" \
    swift test --package-path "$example" 2>&1 | tee "$work/test.log" | grep -E "^(✔|✘)|error:" || true
grep -q "Test run with 1 test.* passed" "$work/test.log" || fail "the example's test failed: $(tail -30 "$work/test.log")"
echo "check-getting-started: the example's test passed"
