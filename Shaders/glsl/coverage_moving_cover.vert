#version 300 es
// A MovingShapeDraw's region this frame (coverage_moving.glsl) grown by u_grow pixels more: one quad,
// to clear the accumulation target there (u_grow 1, so it takes in every pixel the edges may add to
// whatever the rounding) or to turn the sums into colour (u_grow 0, coverage_cover.frag) times the slots' alphas.
uniform highp float u_grow;
uniform int u_alphaFrom;   // the slots whose alphas multiply the colour: from this one up to, not including,
uniform int u_alphaStop;   // this one (MotionRef)
flat out highp float v_alpha;

#include "coverage_moving.glsl"
#include "coverage_quad.glsl"

void main() {
    v_alpha = 1.0;
    int slot = u_alphaFrom;
    for (int depth = 0; depth < 32 && slot >= 0 && slot != u_alphaStop; depth++) {
        highp vec4 alphaParent = slotState(slot, 4);
        v_alpha *= alphaParent.x;
        slot = int(alphaParent.y);
    }
    gl_Position = windowQuad(movingRegion(placement(), 1.0 + u_grow), u_viewport);
}
