#!/usr/bin/env bash
# The C API (docs/c-api.md) from the build tree: its header against the library (scripts/c-api.py), then a
# C program built with `pkg-config --cflags --libs strata` and run. Expects `swift build` done (the debug
# libStrataC.so); writes .build/debug/pkgconfig/strata.pc and the library's SONAME link beside it.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(swift build --show-bin-path)
lib="$bin/libStrataC.so"
[ -f "$lib" ] || { echo "check-c-api.sh: no $lib (run swift build)" >&2; exit 1; }
scripts/c-api.py check "$lib"
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
