#version 300 es
// A premultiplied texture scaled by an alpha (layer contents, and offscreen groups composited with
// their group opacity).
precision highp float;
in highp vec2 v_uv;
uniform sampler2D u_texture;
uniform float u_alpha;
out vec4 o_color;

void main() {
    o_color = texture(u_texture, v_uv) * u_alpha;
}
