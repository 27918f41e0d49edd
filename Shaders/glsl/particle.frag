#version 300 es
// An emitter particle's contents (premultiplied) times its colour (straight, so premultiplied here) times
// u_tint: the layer's alpha in a, a replicator copy's tint times that alpha in rgb.
precision highp float;
in highp vec2 v_uv;
flat in highp vec4 v_color;
uniform highp sampler2D u_texture;
uniform highp vec4 u_tint;
out vec4 o_color;

void main() {
    vec4 tint = vec4(v_color.rgb * v_color.a, v_color.a) * u_tint;
    o_color = texture(u_texture, v_uv) * tint;
}
