#!/usr/bin/env bash
# Before/after figures for a change to the frame path (issue 51, docs/performance.md): builds strata-bench
# and strata-server in release at two commits (each in a worktree with its own build directory), then runs
# the same scenarios RUNS times each, before and after taking turns, and prints each run's headline figures
# so that the spread shows. A benchmark: tests never run it. Run it on a quiet machine.
#
#   scripts/bench-compare.sh BEFORE AFTER [RUNS]      (RUNS: 3 by default)
#
#   BENCH_COMPARE_DIR  where worktrees, builds and each run's JSON go (default: a new temporary directory)
#   BENCH_SCENARIOS    which to run, space separated (default: all five below)
set -euo pipefail
before=${1:?usage: scripts/bench-compare.sh BEFORE AFTER [RUNS]}
after=${2:?usage: scripts/bench-compare.sh BEFORE AFTER [RUNS]}
runs=${3:-3}
repo=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
work=${BENCH_COMPARE_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/strata-bench-compare.XXXXXX")}
mkdir -p "$work"

# name | where the compositor runs | strata-bench arguments | the figure printed (a key path into its JSON)
# "in-process" scenarios drive the bench's own compositor: each side runs its own bench. "server" ones run a
# real strata-server beside the bench: both sides run AFTER's bench (its client, the kiosk screen) with
# their own server and text worker, so that only the server's code differs.
scenarios=(
    "spin-1000|in-process|--scenario spin --layers 1000 --frames 300|frame_ms.p50"
    "spin-10000|in-process|--scenario spin --layers 10000 --frames 60|frame_ms.p50"
    "kiosk|server|--scenario kiosk --taps 30|ring.server_cpu_ms_per_frame.p50"
    "text-attack-all|server|--scenario text-attack --attack all --seconds 10|good_client_frame_interval_ms.p99"
    "emitter-100000|in-process|--scenario emitter --particles 100000 --frames 120|frame_ms.p50"
)
wanted=${BENCH_SCENARIOS:-}

build() {
    local name=$1 commit=$2 tree="$work/$1"
    if [ ! -d "$tree" ]; then git -C "$repo" worktree add --detach -q "$tree" "$commit"; fi
    (cd "$tree" && swift build -c release --product strata-bench >/dev/null && swift build -c release --product strata-server >/dev/null \
        && swift build -c release --product strata-text-worker >/dev/null)
    echo "$tree/.build/release"
}

echo "bench-compare: building $before and $after in release under $work"
bin_before=$(build before "$before")
bin_after=$(build after "$after")
# AFTER's bench beside BEFORE's server and text worker (the bench starts the server found beside it).
mixed="$work/before-server"
mkdir -p "$mixed"
ln -sf "$bin_after/strata-bench" "$mixed/strata-bench"
ln -sf "$bin_before/strata-server" "$mixed/strata-server"
ln -sf "$bin_before/strata-text-worker" "$mixed/strata-text-worker"

figure() { python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
for k in sys.argv[2].split("."): d=d.get(k,{}) if isinstance(d,dict) else {}
print(d if d!={} else "n/a")' "$1" "$2"; }

printf "%-18s %-7s %s\n" scenario side "figure of each run"
for entry in "${scenarios[@]}"; do
    IFS='|' read -r name where args key <<< "$entry"
    if [ -n "$wanted" ] && [[ " $wanted " != *" $name "* ]]; then continue; fi
    for side in before after; do : > "$work/$name.$side.figures"; done
    for i in $(seq "$runs"); do
        for side in before after; do
            bin=$bin_after
            if [ "$side" = before ]; then bin=$([ "$where" = server ] && echo "$mixed" || echo "$bin_before"); fi
            out="$work/$name.$side.$i.json"
            # The scenarios on a real server start the strata-server beside the bench (and it its text worker).
            # shellcheck disable=SC2086
            "$bin/strata-bench" $args > "$out"
            figure "$out" "$key" >> "$work/$name.$side.figures"
        done
    done
    for side in before after; do
        printf "%-18s %-7s %s (%s)\n" "$name" "$side" "$(paste -sd' ' "$work/$name.$side.figures")" "$key"
    done
done
echo "bench-compare: each run's JSON is in $work; remove the worktrees with: git worktree remove $work/before; git worktree remove $work/after"
