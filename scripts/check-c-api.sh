#!/usr/bin/env bash
# The C API (docs/c-api.md) from the build tree: its header against the library (scripts/c-api.py), a C
# program built with `pkg-config --cflags --libs strata`, the unit program (tests/c-api/unit.c) and the
# garbage test (tests/c-api/garbage.c: 10,000 random calls per seed, STRATA_GARBAGE_SEED to pick one).
# Expects `swift build` done (the debug libStrataC.so); writes .build/debug/pkgconfig/strata.pc and the
# library's SONAME link beside it.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(swift build --show-bin-path)
lib="$bin/libStrataC.so"
[ -f "$lib" ] || { echo "check-c-api.sh: no $lib (run swift build)" >&2; exit 1; }
scripts/c-api.py check "$lib"
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
trap 'rm -rf "$work"' EXIT
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
for seed in ${STRATA_GARBAGE_SEED:-1 2 3}; do
    timeout 300 "$work/garbage" 10000 "$seed"
done
