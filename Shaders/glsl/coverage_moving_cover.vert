#version 300 es
// A MovingShapeDraw's region this frame (coverage_moving.glsl) grown by u_grow pixels more: one quad,
// to clear the accumulation target there (u_grow 1, so it takes in every pixel the edges may add to
// whatever the rounding) or to turn the sums into colour (u_grow 0, coverage_cover.frag) times the slots' alphas.
uniform highp float u_grow;
uniform int u_alphaFrom;   // the slots whose alphas multiply the colour: from this one up to, not including,
uniform int u_alphaStop;   // this one (MotionRef)
uniform int u_colorState;  // the slot's state texel holding the colour to cover in (STATE_FILL_COLOR, STATE_STROKE_COLOR), or −1
flat out highp vec4 v_tint;

#include "coverage_moving.glsl"
#include "coverage_quad.glsl"

void main() {
    highp float alpha = 1.0;
    int slot = u_alphaFrom;
    for (int depth = 0; depth < MAX_SLOT_DEPTH && slot >= 0 && slot != u_alphaStop; depth++) {
        highp vec4 alphaParent = slotState(slot, STATE_ALPHA_PARENT);
        alpha *= alphaParent.x;
        slot = int(alphaParent.y);
    }
    v_tint = vec4(alpha);
    if (u_colorState >= 0) {
        // The shape's own slot animates the colour (straight RGBA): premultiplied, over u_color's white.
        highp vec4 c = slotState(u_slot, u_colorState);
        v_tint *= vec4(c.rgb * c.a, c.a);
    }
    gl_Position = windowQuad(movingRegion(placement(), 1.0 + u_grow), u_viewport);
}
