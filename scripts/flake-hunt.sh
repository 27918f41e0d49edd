#!/usr/bin/env bash
# Hunts flaky tests: runs scripts/test.sh N times, each in a fresh clone of this checkout's HEAD (a clean
# build, as CI has), and prints every test that failed with how many runs it failed in.
#
#   scripts/flake-hunt.sh [--hog] N
#
#   --hog   while the runs go, keep every core busy with a loop at nice 0 (a loaded CI machine)
#   FLAKE_HUNT_DIR  where clones and logs go (default: a new directory under ${TMPDIR:-/tmp}); each run's
#                   clone is removed after it, its log kept as run-I.log
# Exits 0 when every run passed, 1 otherwise.
set -euo pipefail
hog=0
if [ "${1:-}" = "--hog" ]; then hog=1; shift; fi
runs=${1:-}
case "$runs" in ''|*[!0-9]*) echo "usage: scripts/flake-hunt.sh [--hog] N" >&2; exit 64 ;; esac
repo=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
work=${FLAKE_HUNT_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/strata-flake-hunt.XXXXXX")}
mkdir -p "$work"
hogs=()
stop_hogs() { for pid in "${hogs[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap stop_hogs EXIT
if [ "$hog" = 1 ]; then
    for _ in $(seq "$(nproc)"); do nice -n 0 bash -c 'while :; do :; done' & hogs+=($!); done
    echo "flake-hunt: $(nproc) busy loops at nice 0"
fi

failed_runs=0
: > "$work/failures.txt"
for i in $(seq "$runs"); do
    clone="$work/run-$i"
    rm -rf "$clone"
    git clone -q "$repo" "$clone"
    start=$(date +%s)
    if (cd "$clone" && scripts/test.sh) > "$work/run-$i.log" 2>&1; then result=passed; else result=failed; failed_runs=$((failed_runs + 1)); fi
    # swift-testing: "✘ Test name() failed" / "✘ Test name() recorded an issue"; XCTest: "Test Case 'X.y' failed".
    { grep -aoE "✘ Test [^ ]+ (failed|recorded an issue)" "$work/run-$i.log" | awk '{print $3}' | sort -u
      grep -aoE "Test Case '[^']+' failed" "$work/run-$i.log" | sed -E "s/Test Case '([^']+)' failed/\1/" | sort -u
    } >> "$work/failures.txt" || true
    echo "flake-hunt: run $i of $runs $result in $(( $(date +%s) - start )) s (log: $work/run-$i.log)"
    rm -rf "$clone"
done

echo "flake-hunt: $failed_runs of $runs runs failed$([ "$hog" = 1 ] && echo ", with every core busy")"
if [ -s "$work/failures.txt" ]; then
    echo "runs  test"
    sort "$work/failures.txt" | uniq -c | sort -rn
fi
[ "$failed_runs" -eq 0 ]
