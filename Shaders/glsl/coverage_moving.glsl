// Where a MovingShapeDraw's outline lands this frame: u_inner (layer → its slot's space, or target pixels
// when u_slot < 0), the chain of slots up from u_slot, u_projection, then window pixels of the
// framebuffer (y up, as gl_FragCoord). Its trim (read only by a trimmable stroke, which is made only
// where the slot animates it): the slot's animated stroke start and end. The region its passes touch: u_bounds (layer units, everything the outline can
// reach) placed so, grown by whole pixels and cut to u_scissor.
uniform highp sampler2D u_motion;
uniform highp mat4 u_inner;
uniform highp mat4 u_projection;
uniform int u_slot;
uniform int u_shadowOffset;     // 1: moved by the slot's animated shadow offset first (a shadow's shape)
uniform highp vec2 u_viewport;
uniform highp vec4 u_bounds;    // x0, y0, x1, y1
uniform highp vec4 u_scissor;   // x0, y0, x1, y1 in window pixels

#include "motion_state.glsl"

// The row-vector translation T(x, y, 0), rows as columns.
highp mat4 offsetBy(highp vec2 v) { return mat4(vec4(1, 0, 0, 0), vec4(0, 1, 0, 0), vec4(0, 0, 1, 0), vec4(v, 0.0, 1.0)); }

highp mat4 placement() {
    if (u_slot < 0) return u_projection * u_inner;
    return u_projection * slotChain(u_slot, u_shadowOffset == 1 ? offsetBy(slotState(u_slot, STATE_SHADOW).xy) : mat4(1.0)) * u_inner;
}

highp vec2 currentTrim() { return u_slot >= 0 ? slotState(u_slot, STATE_SHAPE).zw : vec2(0.0, 1.0); }

highp vec2 toWindow(highp mat4 toClip, highp vec2 p) {
    highp vec4 c = toClip * vec4(p, 0.0, 1.0);
    return (c.xy / c.w + 1.0) * 0.5 * u_viewport;
}

highp vec4 movingRegion(highp mat4 toClip, highp float grow) {
    highp vec2 a = toWindow(toClip, u_bounds.xy), b = toWindow(toClip, u_bounds.zy);
    highp vec2 c = toWindow(toClip, u_bounds.xw), d = toWindow(toClip, u_bounds.zw);
    highp vec2 lo = floor(min(min(a, b), min(c, d))) - grow, hi = ceil(max(max(a, b), max(c, d))) + grow;
    highp vec4 r = vec4(max(lo, u_scissor.xy), min(hi, u_scissor.zw));
    r.zw = max(r.zw, r.xy);
    return r;
}
