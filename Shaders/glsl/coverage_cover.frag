#version 300 es
// CoverageFill, pass 2: this pixel's accumulated area-weighted winding number A (pass 1) becomes its
// coverage by the fill rule, and the premultiplied colour times the coverage is composited over the
// framebuffer (ONE, ONE_MINUS_SRC_ALPHA). The sign of A is the polygons' orientation, so only |A| counts.
precision highp float;
uniform highp sampler2D u_accumulation;   // same size as the framebuffer: read texel for texel
uniform vec4 u_color;                     // premultiplied
uniform int u_evenOdd;                    // 1: even-odd rule; 0: non-zero
flat in highp vec4 v_tint;                // the motion slots' alphas, times a colour they animate (1 on the CPU)
out vec4 o_color;

void main() {
    float a = abs(texelFetch(u_accumulation, ivec2(gl_FragCoord.xy), 0).r);
    // Non-zero: any winding counts once. Even-odd: a triangle wave, 1 at odd windings, 0 at even ones,
    // linear in between (a pixel half covered by a second layer is half filled).
    float c = u_evenOdd == 1 ? 1.0 - abs(1.0 - mod(a, 2.0)) : min(a, 1.0);
    if (c <= 0.0) discard; // untouched pixels stay bit-for-bit as they were
    o_color = u_color * v_tint * c;
}
