#version 300 es
// One layer quad. Corners come from a unit square; the layer's bounds rectangle places it in
// layer-local space and u_mvp maps layer-local space to clip space (row-vector matrix uploaded as-is).
layout(location = 0) in vec2 a_unit;
uniform highp mat4 u_mvp;
uniform highp vec4 u_rect;    // x, y, width, height in layer-local coordinates
uniform highp vec4 u_uvRect;  // u, v, du, dv texture coordinates across the quad
out highp vec2 v_uv;
out highp vec2 v_local;       // position inside the rectangle, from its top-left corner (shape shaders)

void main() {
    highp vec2 p = u_rect.xy + a_unit * u_rect.zw;
    v_uv = u_uvRect.xy + a_unit * u_uvRect.zw;
    v_local = a_unit * u_rect.zw;
    gl_Position = u_mvp * vec4(p, 0.0, 1.0);
}
