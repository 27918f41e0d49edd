#version 300 es
// A transition's warped composite: Apple's private effects as Strata draws them. StrataCore's
// TransitionWarp defines them (taps(at:pixel:)); this is the same rule with the same numbers (u_a, u_b),
// per fragment: the fragment's point of the layer's plane, which appearance it shows, sampled where,
// shaded how, then composited over one another (curl, suck) or summed (ripple, iris).
precision highp float;
precision highp int;
flat in highp vec4 v_color;     // the composite's alpha in every channel
uniform highp sampler2D u_old;  // unit 0: the old appearance's group (texels are window pixels)
uniform highp sampler2D u_new;  // unit 1: the new appearance's
uniform highp mat3 u_toLocal;   // window pixels → the layer's plane, homogeneous (TransitionComposite.windowMaps)
uniform highp mat3 u_toWindow;  // and back
uniform highp vec4 u_oldBox;    // the texels each group was drawn over: x0, y0, x1, y1, half-open; others are stale
uniform highp vec4 u_newBox;
uniform int u_effect;           // TransitionWarp.Effect: 0 curl, 1 ripple, 2 suck, 3 iris
uniform ivec2 u_sources;        // primary, secondary: 0 old, 1 new, −1 nothing
uniform highp vec4 u_a;         // TransitionWarp.a and .b
uniform highp vec4 u_b;
out vec4 o_color;

const float PI = 3.141592653589793;
// TransitionWarp.backColor, backLight, cylinderShade.
const float BACK_COLOR = 0.35;
const float BACK_LIGHT = 0.55;
const float CYLINDER_SHADE = 0.25;

vec4 texel(int source, ivec2 t) {
    vec4 box = source == 0 ? u_oldBox : u_newBox;
    vec2 f = vec2(t);
    if (f.x < box.x || f.y < box.y || f.x >= box.z || f.y >= box.w) return vec4(0.0);
    return source == 0 ? texelFetch(u_old, t, 0) : texelFetch(u_new, t, 0);
}

// An appearance at point p of the layer's plane, filtered bilinearly (the group textures are NEAREST).
vec4 sampleAt(int source, vec2 p) {
    if (source < 0) return vec4(0.0);
    vec3 w = u_toWindow * vec3(p, 1.0);
    if (w.z <= 0.0) return vec4(0.0);
    vec2 t = clamp(w.xy / w.z - 0.5, vec2(-4.0), vec2(65536.0));
    vec2 i = floor(t), f = t - i;
    ivec2 k = ivec2(i);
    return mix(mix(texel(source, k), texel(source, k + ivec2(1, 0)), f.x),
               mix(texel(source, k + ivec2(0, 1)), texel(source, k + ivec2(1, 1)), f.x), f.y);
}

// A tap (TransitionWarp.Tap): the sample, the back of a page lightened, shaded, weighted.
vec4 tap(int source, vec2 p, float weight, float shade, bool back) {
    vec4 c = sampleAt(source, p);
    if (back) c.rgb = c.rgb * BACK_COLOR + vec3(c.a * BACK_LIGHT);
    c.rgb *= shade;
    return c * weight;
}

void add(inout vec4 result, vec4 c, bool sums) {
    result = sums ? result + c : c + result * (1.0 - c.a);
}

// TransitionWarp.coverage: the part of a pixel inside an edge `d` away.
float coverage(float d, float pixel) {
    return pixel > 0.0 ? clamp(d / pixel + 0.5, 0.0, 1.0) : (d > 0.0 ? 1.0 : 0.0);
}

float hexagonDistance(vec2 v, float rotation) {
    float most = -1e30;
    for (int k = 0; k < 6; k++) {
        float angle = rotation + float(k) * PI / 3.0;
        most = max(most, v.x * cos(angle) + v.y * sin(angle));
    }
    return most;
}

void main() {
    vec3 h = u_toLocal * vec3(gl_FragCoord.xy, 1.0);
    vec2 x = h.xy / h.z;
    // One window pixel's length in layer units, over which outlines fade (derivatives before any branch).
    float pixel = max(length(dFdx(x)), length(dFdy(x)));
    if (h.z <= 0.0) { o_color = vec4(0.0); return; }
    int primary = u_sources.x, secondary = u_sources.y;
    bool sums = u_effect == 1 || u_effect == 3;
    vec4 result = vec4(0.0);
    if (u_effect == 0) {
        // Curl: u runs from the starting edge along the travel; the cylinder touches the page at c.
        vec2 edge = u_a.xy, travel = u_a.zw;
        float c = u_b.x, r = u_b.y, extent = u_b.z;
        float u = dot(x - edge, travel);
        add(result, tap(secondary, x, 1.0, 1.0, false), sums);
        float kept = coverage(extent - u, pixel);
        if (u >= c) {
            add(result, tap(primary, x, 1.0, 1.0, false), sums);
            if (kept > 0.0) add(result, tap(primary, x + (2.0 * c - PI * r - 2.0 * u) * travel, kept, 1.0, true), sums);
        } else if (r > 0.0 && kept > 0.0) {
            float silhouette = coverage(u - (c - r), pixel);
            if (silhouette > 0.0) {
                float sine = min(1.0, (c - u) / r), angle = asin(sine);
                add(result, tap(primary, x + (c - r * angle - u) * travel, kept * silhouette, 1.0 - CYLINDER_SHADE * sine, false), sums);
                add(result, tap(primary, x + (c - r * (PI - angle) - u) * travel, kept * silhouette, 1.0, true), sums);
            }
        }
    } else if (u_effect == 1) {
        // Ripple: refraction along the radius, a crossfade of the two appearances.
        vec2 offset = x - u_a.xy;
        float dist = length(offset);
        vec2 source = x;
        if (dist > 0.0) source = x + offset / dist * (u_a.z * sin(2.0 * PI * (dist - u_b.x) / u_a.w));
        add(result, tap(0, source, 1.0 - u_b.y, 1.0, false), sums);
        add(result, tap(1, source, u_b.y, 1.0, false), sums);
    } else if (u_effect == 2) {
        // Suck: squashed towards the sink by k, pinched by a funnel of depth q.
        vec2 sink = u_a.xy;
        float k = u_a.z, q = u_a.w, height = u_b.x;
        add(result, tap(secondary, x, 1.0, 1.0, false), sums);
        float above = sink.y - x.y;
        float t = height > 0.0 ? clamp(above / height, 0.0, 1.0) : (above > 0.0 ? 1.0 : 0.0);
        float width = 1.0 - q + q * (1.0 - (1.0 - t) * (1.0 - t));
        if (k > 0.0 && width > 0.0) add(result, tap(primary, vec2(sink.x + (x.x - sink.x) / width, sink.y - above / k), 1.0, 1.0, false), sums);
    } else {
        // Iris: a turning hexagonal aperture.
        float inside = coverage(u_a.z - hexagonDistance(x - u_a.xy, u_a.w), pixel);
        if (secondary >= 0) add(result, tap(secondary, x, 1.0 - inside, 1.0, false), sums);
        add(result, tap(primary, x, inside, 1.0, false), sums);
    }
    o_color = result * v_color;
}
