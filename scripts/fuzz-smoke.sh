#!/usr/bin/env bash
# A short, bounded fuzzing run (docs/fuzzing.md): the process-level fuzzer against a real strata-server for
# FUZZ_INPUTS inputs (default 100000), then libFuzzer on the decoders for FUZZ_DECODER_SECONDS (default 60)
# and on text layout for FUZZ_TEXT_SECONDS (default 30; 0 skips it).
# Exits non-zero on a server crash, hang or freeze, a text worker failure, a decoder crash, or a text layout
# crash or broken layout invariant; reproducers go to $FUZZ_OUT.
#
#   FUZZ_AVOID      families left out (default: none; `known-crashers` names the four families that
#                   crashed or froze the server before issue 11's fixes)
#   FUZZ_SEED       the process fuzzer's seed (default: from the clock; printed in its summary)
#   FUZZ_OUT        where summaries, corpora and reproducers go (default .build/fuzz-smoke)
#   FUZZ_SKIP_LIBFUZZER=1  skips both libFuzzer runs (their instrumented builds take a few minutes the first time)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh

inputs=${FUZZ_INPUTS:-100000}
decoder_seconds=${FUZZ_DECODER_SECONDS:-60}
text_seconds=${FUZZ_TEXT_SECONDS:-30}
avoid=${FUZZ_AVOID-}
out=${FUZZ_OUT:-.build/fuzz-smoke}
mkdir -p "$out"

# 1. Process level: debug builds (what `swift build` makes anyway) of the server, its text worker (which
#    the server runs from beside its executable) and the fuzzer.
swift build --product strata-server
swift build --product strata-text-worker
swift build --product strata-fuzz
bin=$(swift build --show-bin-path)
seed_args=()
[ -n "${FUZZ_SEED:-}" ] && seed_args=(--seed "$FUZZ_SEED")
status=0
"$bin/strata-fuzz" --server "$bin/strata-server" --inputs "$inputs" --seconds 600 --clients 4 \
    ${avoid:+--avoid "$avoid"} --crashes "$out/crashes" "${seed_args[@]}" > "$out/process-summary.json" || status=$?
cat "$out/process-summary.json"
[ "$status" -eq 0 ] || echo "fuzz-smoke: the process-level fuzzer failed (exit $status); reproducer under $out/crashes" >&2

# 2. In process: libFuzzer on the message and value decoders, in a scratch path of its own so the
#    instrumented objects never mix with the normal build.
if [ "${FUZZ_SKIP_LIBFUZZER:-0}" != 1 ]; then
    swift build -c release --product strata-fuzz-decoders --sanitize=fuzzer -Xswiftc -DSTRATA_LIBFUZZER --scratch-path .build/libfuzzer
    swift build --product strata-fuzz-decoders
    "$bin/strata-fuzz-decoders" --write-seeds "$out/decoder-seeds"
    mkdir -p "$out/decoder-corpus" "$out/decoder-crashes"
    # Swift's own backtracer would catch the crash first; libFuzzer must, to save the input.
    SWIFT_BACKTRACE=enable=no .build/libfuzzer/release/strata-fuzz-decoders "$out/decoder-corpus" "$out/decoder-seeds" \
        -max_total_time="$decoder_seconds" -artifact_prefix="$out/decoder-crashes/" -print_final_stats=1 \
        > "$out/decoder.log" 2>&1 || { status=1; echo "fuzz-smoke: the decoder fuzzer found a crash (input under $out/decoder-crashes)" >&2; }
    grep -E "^#[0-9]+.*DONE|stat::number_of_executed_units|stat::average_exec_per_sec" "$out/decoder.log" || true
    tail -n 40 "$out/decoder.log" | grep -E "ERROR|Fatal|violated|crash-" || true

    # 3. In process: libFuzzer on TextLayout.layout (the same scheme), on the fonts of Tests/Fonts/fonts.conf.
    if [ "$text_seconds" != 0 ]; then
        swift build -c release --product strata-fuzz-text --sanitize=fuzzer -Xswiftc -DSTRATA_LIBFUZZER --scratch-path .build/libfuzzer
        swift build --product strata-fuzz-text
        "$bin/strata-fuzz-text" --write-seeds "$out/text-seeds"
        mkdir -p "$out/text-corpus" "$out/text-crashes"
        export FONTCONFIG_FILE="${FONTCONFIG_FILE:-$PWD/Tests/Fonts/fonts.conf}"
        # A library that corrupts the heap can leave libFuzzer's crash handler stuck in malloc: bound the run.
        SWIFT_BACKTRACE=enable=no timeout -k 10 $((text_seconds + 120)) \
            .build/libfuzzer/release/strata-fuzz-text "$out/text-corpus" "$out/text-seeds" \
            -max_total_time="$text_seconds" -timeout=20 -artifact_prefix="$out/text-crashes/" -print_final_stats=1 \
            > "$out/text.log" 2>&1 || { status=1; echo "fuzz-smoke: the text layout fuzzer found a crash or a broken invariant (input under $out/text-crashes; replay with $bin/strata-fuzz-text FILE)" >&2; }
        grep -E "^#[0-9]+.*DONE|stat::number_of_executed_units|stat::average_exec_per_sec" "$out/text.log" || true
        tail -n 60 "$out/text.log" | grep -E "ERROR|Fatal|invariant|crash-|SUMMARY" || true
    fi
fi
exit "$status"
