#version 300 es
// An outline glyph from the glyph atlas (R8 coverage) in the run's premultiplied colour.
precision highp float;
in highp vec2 v_uv;
flat in highp vec4 v_color;
uniform sampler2D u_texture;
out vec4 o_color;

void main() {
    o_color = v_color * texture(u_texture, v_uv).r;
}
