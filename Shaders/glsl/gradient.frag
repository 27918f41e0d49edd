#version 300 es
// A CAGradientLayer's gradient over its (rounded) bounds, computed per pixel: the position along the
// gradient (axial: projected on start → end; radial: on the ellipse around start reaching end's distance
// along each axis; conic: the angle around start from the direction of end, turning clockwise on a y-down
// screen), looked up in the stops (straight colours blended linearly, clamped to the first and last stop),
// premultiplied, dithered by a fixed noise of ±half a level so 8-bit output shows no bands, and cut by the
// layer's rounded shape with anti-aliased edges.
precision highp float;
in highp vec2 v_local;
flat in highp vec2 v_size;    // the bounds' size (layer units)
flat in highp vec4 v_radii;   // corner radii (minX-minY, maxX-minY, minX-maxY, maxX-maxY)
flat in highp vec4 v_params;  // w: anti-aliased edges (1 minX, 2 maxX, 4 minY, 8 maxY)
flat in highp vec4 v_color;   // the alpha in every channel
flat in highp vec4 v_extra;   // start (xy) and end (zw) in unit coordinates of the bounds
flat in highp vec4 v_extra2;  // with u_slotLocations: the locations, in the order of the stops' colours
uniform highp sampler2D u_stops;  // row 0: straight RGBA colours; row 1: locations (red); `u_count` wide
uniform int u_count;
uniform int u_type;               // 0 axial, 1 radial, 2 conic
uniform int u_slotLocations;      // 1: the locations are v_extra2's (animated; up to four), not the texture's
out vec4 o_color;

#include "rounded_box.glsl"

#include "shape_coverage.glsl"

float gradientPosition(vec2 p) {
    // In layer units from the bounds' origin: the bounds may animate.
    vec2 s = v_extra.xy * v_size, d = v_extra.zw * v_size - s;
    if (u_type == 1) {
        vec2 r = abs(d);
        if (r.x <= 0.0) r.x = r.y;
        if (r.y <= 0.0) r.y = r.x;
        return r.x > 0.0 ? length((p - s) / r) : 1.0;
    }
    if (u_type == 2) {
        float turn = (atan(p.y - s.y, p.x - s.x) - atan(d.y, d.x)) / 6.283185307179586;
        return fract(turn);
    }
    float len2 = dot(d, d);
    return len2 > 0.0 ? dot(p - s, d) / len2 : 0.0;
}

vec4 ramp(float t) {
    if (t <= texelFetch(u_stops, ivec2(0, 1), 0).r) return texelFetch(u_stops, ivec2(0, 0), 0);
    for (int i = 1; i < u_count; i++) {
        float location = texelFetch(u_stops, ivec2(i, 1), 0).r;
        if (t <= location) {
            float previous = texelFetch(u_stops, ivec2(i - 1, 1), 0).r;
            float f = location > previous ? (t - previous) / (location - previous) : 1.0;
            return mix(texelFetch(u_stops, ivec2(i - 1, 0), 0), texelFetch(u_stops, ivec2(i, 0), 0), f);
        }
    }
    return texelFetch(u_stops, ivec2(u_count - 1, 0), 0);
}

// The same with the locations a motion slot animates (`u_count` ≤ 4, the colours in the layer's order):
// the stops are ordered here by location, then by index (GradientLayerContent.stops's order on the CPU).
vec4 slotRamp(float t) {
    float loc[4];
    int idx[4];
    loc[0] = v_extra2.x; loc[1] = v_extra2.y; loc[2] = v_extra2.z; loc[3] = v_extra2.w;
    idx[0] = 0; idx[1] = 1; idx[2] = 2; idx[3] = 3;
    int n = min(u_count, 4);
    for (int i = 1; i < n; i++) {
        // Insertion sort, stable: equal locations keep their order.
        for (int j = i; j > 0; j--) {
            if (loc[j] >= loc[j - 1]) break;
            float l = loc[j]; loc[j] = loc[j - 1]; loc[j - 1] = l;
            int k = idx[j]; idx[j] = idx[j - 1]; idx[j - 1] = k;
        }
    }
    if (t <= loc[0]) return texelFetch(u_stops, ivec2(idx[0], 0), 0);
    for (int i = 1; i < n; i++) {
        if (t <= loc[i]) {
            float f = loc[i] > loc[i - 1] ? (t - loc[i - 1]) / (loc[i] - loc[i - 1]) : 1.0;
            return mix(texelFetch(u_stops, ivec2(idx[i - 1], 0), 0), texelFetch(u_stops, ivec2(idx[i], 0), 0), f);
        }
    }
    return texelFetch(u_stops, ivec2(idx[n - 1], 0), 0);
}

// Interleaved gradient noise (Jimenez 2014) in −0.5…0.5: a fixed pattern, so frames repeat exactly.
float noise(vec2 pixel) {
    return fract(52.9829189 * fract(dot(pixel, vec2(0.06711056, 0.00583715)))) - 0.5;
}

void main() {
    vec2 half_ = v_size * 0.5;
    vec2 q = v_local - half_;
    float c = shapeCoverage(q, half_, cornerRadius(q, v_radii), smoothEdges(q, int(v_params.w + 0.5)));
    float position = gradientPosition(v_local);
    vec4 straight = u_slotLocations == 1 ? slotRamp(position) : ramp(position);
    vec4 color = vec4(straight.rgb * straight.a, straight.a) * (v_color.a * c);
    color.rgb = clamp(color.rgb + noise(gl_FragCoord.xy) / 255.0, 0.0, color.a);
    o_color = color;
}
