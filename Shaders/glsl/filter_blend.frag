#version 300 es
// A group composited through a blend mode (compositingFilter, Renderer+Filters): the group's pixel
// (source, times the quad's alpha) and a copy of what lay beneath it (backdrop), both premultiplied,
// combined as the W3C's Compositing and Blending spec defines source-over with a blend mode B:
//   co = cs·(1 − ab) + cb·(1 − as) + as·ab·B(Cb, Cs),  ao = as + ab·(1 − as)
// The result replaces the target's pixel (blending is off for this draw).
precision highp float;
flat in highp vec4 v_color;   // the alpha in every channel
uniform sampler2D u_texture;
uniform sampler2D u_backdrop;
uniform vec2 u_target;
uniform int u_mode;           // FilterType's raw value − multiplyBlendMode's
out vec4 o_color;

float lum(vec3 c) { return dot(c, vec3(0.3, 0.59, 0.11)); }
vec3 clipColor(vec3 c) {
    float l = lum(c), n = min(c.r, min(c.g, c.b)), x = max(c.r, max(c.g, c.b));
    if (n < 0.0) c = l + (c - l) * l / max(l - n, 1e-6);
    if (x > 1.0) c = l + (c - l) * (1.0 - l) / max(x - l, 1e-6);
    return c;
}
vec3 setLum(vec3 c, float l) { return clipColor(c + (l - lum(c))); }
float sat(vec3 c) { return max(c.r, max(c.g, c.b)) - min(c.r, min(c.g, c.b)); }
vec3 setSat(vec3 c, float s) {
    float mx = max(c.r, max(c.g, c.b)), mn = min(c.r, min(c.g, c.b));
    return mx > mn ? (c - mn) * s / (mx - mn) : vec3(0.0);
}
float hardLight(float b, float s) { return s <= 0.5 ? b * 2.0 * s : 1.0 - (1.0 - b) * (1.0 - (2.0 * s - 1.0)); }
float softLight(float b, float s) {
    float d = b <= 0.25 ? ((16.0 * b - 12.0) * b + 4.0) * b : sqrt(b);
    return s <= 0.5 ? b - (1.0 - 2.0 * s) * b * (1.0 - b) : b + (2.0 * s - 1.0) * (d - b);
}
float dodge(float b, float s) { return b <= 0.0 ? 0.0 : (s >= 1.0 ? 1.0 : min(1.0, b / (1.0 - s))); }
float burn(float b, float s) { return b >= 1.0 ? 1.0 : (s <= 0.0 ? 0.0 : 1.0 - min(1.0, (1.0 - b) / s)); }

vec3 blend(vec3 b, vec3 s) {
    switch (u_mode) {
    case 0: return b * s;                                                       // multiply
    case 1: return b + s - b * s;                                               // screen
    case 2: return vec3(hardLight(s.r, b.r), hardLight(s.g, b.g), hardLight(s.b, b.b));   // overlay: hard light, swapped
    case 3: return min(b, s);                                                   // darken
    case 4: return max(b, s);                                                   // lighten
    case 5: return vec3(dodge(b.r, s.r), dodge(b.g, s.g), dodge(b.b, s.b));     // colour dodge
    case 6: return vec3(burn(b.r, s.r), burn(b.g, s.g), burn(b.b, s.b));        // colour burn
    case 7: return vec3(softLight(b.r, s.r), softLight(b.g, s.g), softLight(b.b, s.b));
    case 8: return vec3(hardLight(b.r, s.r), hardLight(b.g, s.g), hardLight(b.b, s.b));
    case 9: return abs(b - s);                                                  // difference
    case 10: return b + s - 2.0 * b * s;                                        // exclusion
    case 11: return setLum(setSat(s, sat(b)), lum(b));                          // hue
    case 12: return setLum(setSat(b, sat(s)), lum(b));                          // saturation
    case 13: return setLum(s, lum(b));                                          // colour
    default: return setLum(b, lum(s));                                          // luminosity
    }
}

void main() {
    vec2 uv = gl_FragCoord.xy / u_target;
    vec4 s = texture(u_texture, uv) * v_color.a;
    vec4 b = texture(u_backdrop, uv);
    vec3 cs = s.a > 0.0 ? s.rgb / s.a : vec3(0.0);
    vec3 cb = b.a > 0.0 ? b.rgb / b.a : vec3(0.0);
    vec3 mixed = clamp(blend(cb, cs), 0.0, 1.0);
    o_color = vec4(s.rgb * (1.0 - b.a) + b.rgb * (1.0 - s.a) + s.a * b.a * mixed, s.a + b.a * (1.0 - s.a));
}
