#version 300 es
// One pass of a separable Gaussian blur of a texture's alpha (a layer's shadow shape), sampled at
// texel centres on each side of v_uv; the result is u_tint (a premultiplied colour) times the blurred
// alpha, times v_color (1, or the alphas of the motion slots the shadow's layer moves with, and the
// shadow opacity and colour its slot animates). The first pass tints with white, the second with the
// shadow colour. The kernel is ShadowKernel's: given (u_weights, u_taps, u_step = u_texel × its stride),
// or, where the slot animates the radius (v_params.w ≥ 0: σ in texels), made here the same way.
precision highp float;
in highp vec2 v_uv;
flat in highp vec4 v_color;
flat in highp vec4 v_params;
uniform sampler2D u_texture;
uniform vec2 u_step;
uniform vec2 u_texel;          // one texel along the pass's direction
uniform int u_taps;            // samples on each side of the centre (≤ 64)
uniform float u_weights[65];   // u_weights[0] is the centre's; they sum to 1 over both sides
uniform vec4 u_tint;
out vec4 o_color;

void main() {
    float a;
    float sigma = v_params.w;
    if (sigma >= 0.0) {
        // ShadowKernel(sigma:): taps reaching ⌈3σ⌉ texels, at most 64 a side, normalised over both sides.
        a = texture(u_texture, v_uv).a;
        if (sigma > 0.0) {
            float reach = ceil(min(3.0 * sigma, 1e6));
            int taps = int(min(reach, 64.0));
            float stride = reach / float(max(taps, 1));
            float total = 1.0;
            for (int i = 1; i <= taps; i++) {
                float x = float(i) * stride;
                float w = exp(-x * x / (2.0 * sigma * sigma));
                vec2 d = u_texel * x;
                a += (texture(u_texture, v_uv + d).a + texture(u_texture, v_uv - d).a) * w;
                total += 2.0 * w;
            }
            a /= total;
        }
    } else {
        a = texture(u_texture, v_uv).a * u_weights[0];
        for (int i = 1; i <= u_taps; i++) {
            vec2 d = u_step * float(i);
            a += (texture(u_texture, v_uv + d).a + texture(u_texture, v_uv - d).a) * u_weights[i];
        }
    }
    o_color = u_tint * v_color * a;
}
