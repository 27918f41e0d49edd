#!/usr/bin/env bash
# Installs what is missing, builds everything (the end-to-end tests run the built executables) and runs
# the whole test suite on real EGL/llvmpipe, real sockets and real processes.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build
swift test
# docs/getting-started.md as written: its example package built and run against a headless server.
scripts/check-getting-started.sh
