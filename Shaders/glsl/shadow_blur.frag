#version 300 es
// One pass of a separable Gaussian blur of a texture's alpha (a layer's shadow shape), sampled at
// texel centres u_step apart on each side of v_uv; the result is u_tint (a premultiplied colour)
// times the blurred alpha, times v_color's alpha (1, or the alphas of the motion slots the shadow's
// layer moves with). The first pass tints with white, the second with the shadow colour.
precision highp float;
in highp vec2 v_uv;
flat in highp vec4 v_color;
uniform sampler2D u_texture;
uniform vec2 u_step;
uniform int u_taps;            // samples on each side of the centre (≤ 64)
uniform float u_weights[65];   // u_weights[0] is the centre's; they sum to 1 over both sides
uniform vec4 u_tint;
out vec4 o_color;

void main() {
    float a = texture(u_texture, v_uv).a * u_weights[0];
    for (int i = 1; i <= u_taps; i++) {
        vec2 d = u_step * float(i);
        a += (texture(u_texture, v_uv + d).a + texture(u_texture, v_uv - d).a) * u_weights[i];
    }
    o_color = u_tint * (a * v_color.a);
}
