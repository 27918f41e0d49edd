#!/usr/bin/env bash
# Packs a release strata-bench with everything it loads except the GPU's own EGL/GLES driver, so it runs
# on a machine with a GPU and no Swift (docs/performance.md, "On a real GPU"):
#   swift build -c release --product strata-bench && scripts/device-bench/bundle.sh OUT.tar.xz
# There: mkdir b && tar xJf OUT.tar.xz -C b && STRATA_EGL_PLATFORM=device b/run.sh bench --layers 10000
# The Swift runtime and system libraries go in lib/ (with libglvnd's libEGL/libGLESv2/libGLdispatch, which
# dispatch to the machine's vendor driver), glibc in glibc/ (used only where the machine's is older).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=$(realpath -m "${1:?usage: bundle.sh OUT.tar.xz}")
bin=$root/.build/release/strata-bench
[ -x "$bin" ] || { echo "no $bin: swift build -c release --product strata-bench first" >&2; exit 1; }
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/bin" "$stage/lib" "$stage/glibc"
cp "$bin" "$stage/bin/" && strip "$stage/bin/strata-bench"
cp -r "$root/.build/release/Strata_StrataShaders.resources" "$stage/bin/"
for lib in $(ldd "$bin" | awk '$3 ~ /^\// {print $3}'); do
    case $(basename "$lib") in
        libc.so.6|libm.so.6|libstdc++.so.6|libgcc_s.so.1) cp -L "$lib" "$stage/glibc/" ;;
        *) cp -L "$lib" "$stage/lib/" ;;
    esac
done
cp -L /lib64/ld-linux-x86-64.so.2 "$stage/glibc/"
cp "$root/scripts/device-bench/run.sh" "$stage/"
tar cJf "$out" -C "$stage" .
echo "$out: $(du -h "$out" | cut -f1)"
