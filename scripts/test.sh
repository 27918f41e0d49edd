#!/usr/bin/env bash
# Installs what is missing, builds everything (the end-to-end tests run the built executables) and runs
# the whole test suite on real EGL/llvmpipe, real sockets and real processes.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build
# Every test process is pinned to the fonts the goldens were made with (Tests/Fonts/fonts.conf) from its
# start: a suite that touched the shared font library before one that pins it (TestFonts) left the whole
# process on the machine's fonts (urw-base35's Nimbus Sans for Helvetica, where apt installed it).
FONTCONFIG_FILE="$PWD/Tests/Fonts/fonts.conf" swift test
# docs/getting-started.md as written: its example package built and run against a headless server.
scripts/check-getting-started.sh
