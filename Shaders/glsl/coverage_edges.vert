#version 300 es
// CoverageFill, pass 1: one instance per polygon edge (already clipped to the region on the CPU). The
// quad covers every pixel the edge can add area to: its rows, from its leftmost column to the region's
// right edge (a pixel right of an edge gets the whole row's share), clamped to the region.
layout(location = 0) in highp vec4 a_edge;   // x0, y0, x1, y1 in window pixels (y up); direction = sign
uniform highp vec2 u_viewport;               // the framebuffer's size in pixels
uniform highp vec4 u_region;                 // x0, y0, x1, y1: the pixels this fill may touch
flat out highp vec4 v_edge;

#include "coverage_quad.glsl"

void main() {
    v_edge = a_edge;
    vec2 lo = min(a_edge.xy, a_edge.zw), hi = max(a_edge.xy, a_edge.zw);
    vec4 rect = vec4(max(floor(lo), u_region.xy), u_region.z, min(ceil(hi.y), u_region.w));
    rect.zw = max(rect.zw, rect.xy); // an edge outside the region becomes an empty quad, not an inverted one
    gl_Position = windowQuad(rect, u_viewport);
}
