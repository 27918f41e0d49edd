#version 300 es
// One pass of a layer filter's blur (Renderer+Filters): a separable Gaussian of a premultiplied texture
// along u_step (ShadowKernel's weights, u_taps on each side), or with no taps a resample: halving (the
// destination pixel's centre falls between four source texels, which the linear sampler averages) or
// doubling (bilinear). u_dstToSrc maps a destination pixel (gl_FragCoord) to source texture coordinates;
// every sample is clamped to u_bounds (the source's written texels' centres: beyond them it holds another
// group's pixels), which repeats the edge as a texture's clamp to its edge does.
precision highp float;
uniform sampler2D u_texture;
uniform vec2 u_dstToSrc;
uniform vec2 u_step;
uniform int u_taps;            // samples on each side of the centre (≤ 64)
uniform float u_weights[65];   // u_weights[0] is the centre's; they sum to 1 over both sides
uniform vec4 u_bounds;         // min u, min v, max u, max v
uniform bool u_recolor;        // the last pass of a blur a colour matrix follows: applied here (ColorMatrix.apply)
uniform mat4 u_matrix;
uniform vec4 u_bias;
out vec4 o_color;

void main() {
    vec2 uv = gl_FragCoord.xy * u_dstToSrc;
    vec4 c = texture(u_texture, clamp(uv, u_bounds.xy, u_bounds.zw)) * u_weights[0];
    for (int i = 1; i <= u_taps; i++) {
        vec2 d = u_step * float(i);
        c += (texture(u_texture, clamp(uv + d, u_bounds.xy, u_bounds.zw)) + texture(u_texture, clamp(uv - d, u_bounds.xy, u_bounds.zw))) * u_weights[i];
    }
    if (u_recolor) {
        vec4 u = c.a > 0.0 ? vec4(c.rgb / c.a, c.a) : vec4(0.0);
        u = clamp(u_matrix * u + u_bias, 0.0, 1.0);
        c = vec4(u.rgb * u.a, u.a);
    }
    o_color = c;
}
