#version 300 es
// One layer quad. Corners come from a unit square; the layer's bounds rectangle places it in
// layer-local space and u_mvp maps layer-local space to clip space (row-vector matrix uploaded as-is).
// u_expand grows the quad by that many layer units on every side, so the fragment shaders can fade
// the rectangle's edges out over a pixel (anti-aliasing); positions inside the rectangle, and their
// texture coordinates, do not change.
layout(location = 0) in vec2 a_unit;
uniform highp mat4 u_mvp;
uniform highp vec4 u_rect;    // x, y, width, height in layer-local coordinates
uniform highp vec4 u_uvRect;  // u, v, du, dv texture coordinates across the rectangle
uniform highp float u_expand;
out highp vec2 v_uv;
out highp vec2 v_local;       // position relative to the rectangle's top-left corner (shape shaders)

void main() {
    highp vec2 size = u_rect.zw + vec2(2.0 * u_expand);
    highp vec2 p = u_rect.xy - vec2(u_expand) + a_unit * size;
    v_local = p - u_rect.xy;
    v_uv = u_uvRect.xy + (v_local / max(abs(u_rect.zw), vec2(1e-6)) * sign(u_rect.zw)) * u_uvRect.zw;
    gl_Position = u_mvp * vec4(p, 0.0, 1.0);
}
