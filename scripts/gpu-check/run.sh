#!/usr/bin/env bash
# Builds anim_check and runs it over a fixture: scripts/gpu-check/run.sh FIXTURE_DIR [OUT_DIR].
# The fixture comes from `STRATA_GPU_CHECK_DIR=DIR swift test --filter GPUCheckFixture`; the shaders are
# expanded here (#include) so the harness needs no Swift.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
fixture=$1
out=${2:-$fixture}
glsl=$root/Shaders/glsl
python3 - "$glsl" "$out" <<'PY'
import re, sys
glsl, out = sys.argv[1], sys.argv[2]
def expand(name):
    text = open(f"{glsl}/{name}").read()
    return re.sub(r'^#include "([^"]+)"$', lambda m: expand(m.group(1)), text, flags=re.M)
for name in ["animation_eval.vert", "animation_eval.frag"]:
    open(f"{out}/{name}", "w").write(expand(name))
PY
if [ ! -x "$out/anim_check" ]; then
    cc -O2 -o "$out/anim_check" "$here/anim_check.c" ${GPU_CHECK_CFLAGS:-} -lEGL -lGLESv2 -lm
fi
"$out/anim_check" "$out/animation_eval.vert" "$out/animation_eval.frag" "$fixture"
