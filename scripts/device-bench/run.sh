#!/usr/bin/env bash
# Inside an unpacked bundle (bundle.sh): `run.sh bench ARGS…` runs strata-bench with the bundled libraries,
# through the bundled glibc when the machine's own is too old for it.
here=$(cd "$(dirname "$0")" && pwd)
export LD_LIBRARY_PATH=$here/lib
bench() {
    if "$here/bin/strata-bench" --layers 1 --frames 1 >/dev/null 2>&1; then "$here/bin/strata-bench" "$@"
    else "$here/glibc/ld-linux-x86-64.so.2" --library-path "$here/glibc:$here/lib:/usr/lib/x86_64-linux-gnu:/lib/x86_64-linux-gnu" \
        "$here/bin/strata-bench" "$@"; fi
}
"$@"
