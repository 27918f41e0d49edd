#version 300 es
// One layer quad per instance. Corners come from a unit square; the instance's rectangle places it in
// layer-local space and a_mvp maps layer-local space to clip space (row-vector matrix, uploaded as-is
// so its rows arrive as the GLSL matrix's columns). params.x grows the quad by that many layer units
// on every side, so the fragment shaders can fade the rectangle's edges out over a pixel
// (anti-aliasing); positions inside the rectangle, and their texture coordinates, do not change.
layout(location = 0) in vec2 a_unit;
layout(location = 1) in highp mat4 a_mvp;      // locations 1–4
layout(location = 5) in highp vec4 a_rect;     // x, y, width, height in layer-local coordinates
layout(location = 6) in highp vec4 a_uvRect;   // u, v, du, dv texture coordinates across the rectangle
layout(location = 7) in highp vec4 a_color;    // premultiplied colour (textures: the alpha in every channel)
layout(location = 8) in highp vec4 a_radii;    // corner radii (shape shaders)
layout(location = 9) in highp vec4 a_params;   // x: anti-aliasing reach, y: border width, z: 1 = fade edges
out highp vec2 v_uv;
out highp vec2 v_local;       // position relative to the rectangle's top-left corner (shape shaders)
flat out highp vec2 v_size;   // the rectangle's size (absolute)
flat out highp vec4 v_color;
flat out highp vec4 v_radii;
flat out highp vec4 v_params;

void main() {
    highp float expand = a_params.x;
    highp vec2 size = a_rect.zw + vec2(2.0 * expand);
    highp vec2 p = a_rect.xy - vec2(expand) + a_unit * size;
    v_local = p - a_rect.xy;
    v_uv = a_uvRect.xy + (v_local / max(abs(a_rect.zw), vec2(1e-6)) * sign(a_rect.zw)) * a_uvRect.zw;
    v_size = abs(a_rect.zw);
    v_color = a_color;
    v_radii = a_radii;
    v_params = a_params;
    gl_Position = a_mvp * vec4(p, 0.0, 1.0);
}
