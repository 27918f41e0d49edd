#version 300 es
// CoverageFill, pass 2: one quad over the region whose accumulated areas are turned into colour.
uniform highp vec2 u_viewport;   // the framebuffer's size in pixels
uniform highp vec4 u_region;     // x0, y0, x1, y1 in window pixels
flat out highp vec4 v_tint;     // multiplies the colour (1: the fill's colour is its own)

#include "coverage_quad.glsl"

void main() {
    v_tint = vec4(1.0);
    gl_Position = windowQuad(u_region, u_viewport);
}
