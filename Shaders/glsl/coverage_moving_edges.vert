#version 300 es
// A MovingShapeDraw's coverage, pass 1 (as coverage_edges.vert): instance i is the edge from point i to
// point i + 1 as coverage_moving_outline.vert placed them this frame, within point i's region; none where
// its contour is not drawn or point i closes its contour (the next point begins another).
layout(location = 0) in highp vec4 a_from;     // x, y in window pixels (y up), drawn, closes its contour
layout(location = 1) in highp vec4 a_region;   // x0, y0, x1, y1
layout(location = 2) in highp vec4 a_to;
uniform highp vec2 u_viewport;
flat out highp vec4 v_edge;

#include "coverage_quad.glsl"

void main() {
    v_edge = vec4(a_from.xy, a_to.xy);
    vec2 lo = min(a_from.xy, a_to.xy), hi = max(a_from.xy, a_to.xy);
    vec4 rect = vec4(max(floor(lo), a_region.xy), a_region.z, min(ceil(hi.y), a_region.w));
    rect.zw = max(rect.zw, rect.xy);
    if (a_from.z == 0.0 || a_from.w == 1.0 || a_from.y == a_to.y) rect = vec4(0.0);
    gl_Position = windowQuad(rect, u_viewport);
}
