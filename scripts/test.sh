#!/usr/bin/env bash
# Installs what is missing, builds everything (the end-to-end tests run the built executables) and runs
# the whole test suite on real EGL/llvmpipe, real sockets and real processes.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
# docs/architecture.md's module table is the map of the package: it must name every dependency and import.
scripts/check-module-edges.py
# Sources build without warnings: a fresh clone (CI) compiles every file, so a new warning fails here.
build_log=$(mktemp)
swift build 2>&1 | tee "$build_log"
if grep -E "^$PWD/Sources/.*: warning:" "$build_log"; then
    echo "scripts/test.sh: the warnings above come from Sources/: fix them" >&2
    exit 1
fi
rm -f "$build_log"
# Every test process is pinned to the fonts the goldens were made with (Tests/Fonts/fonts.conf) from its
# start: a suite that touched the shared font library before one that pins it (TestFonts) left the whole
# process on the machine's fonts (urw-base35's Nimbus Sans for Helvetica, where apt installed it).
FONTCONFIG_FILE="$PWD/Tests/Fonts/fonts.conf" swift test
# The C API from the build tree: its header against libStrataC.so, and a C program built with pkg-config.
scripts/check-c-api.sh
# docs/getting-started.md as written: its example package built and run against a headless server.
scripts/check-getting-started.sh
