#version 300 es
// CoverageFill, pass 1: the signed area of this pixel lying to the right of the edge, within the edge's
// rows, added (blend ONE, ONE) into a one-channel float target. Summed over a closed polygon's edges this
// is the pixel's area-weighted winding number: ±1 inside, 0 outside, the covered share along edges.
precision highp float;
flat in highp vec4 v_edge;   // x0, y0, x1, y1; + for an edge going up, − going down
out vec4 o_area;

// The mean of clamp(f, 0, 1) along a segment over which f runs linearly from fa to fb. This is
// (G(fb) − G(fa)) / (fb − fa) for G(t) = 0 (t < 0), t²/2 (0 ≤ t ≤ 1), t − 1/2 (t > 1), evaluated by
// splitting the segment where f crosses 0 and 1, so no difference of near-equal numbers is divided by a
// small one: the share with f ≥ 1 counts whole, the share with 0 ≤ f ≤ 1 at its mean (f is linear there).
float meanClamped(float fa, float fb) {
    float lo = min(fa, fb), hi = max(fa, fb), d = hi - lo;
    if (d < 1e-6) return clamp(0.5 * (lo + hi), 0.0, 1.0);
    float s0 = clamp(-lo / d, 0.0, 1.0);          // share of the segment where f ≤ 0
    float s1 = clamp((1.0 - lo) / d, 0.0, 1.0);   // share where f ≤ 1
    return (s1 - s0) * 0.5 * (clamp(lo, 0.0, 1.0) + clamp(hi, 0.0, 1.0)) + (1.0 - s1);
}

void main() {
    vec2 pixel = floor(gl_FragCoord.xy);
    bool up = v_edge.y < v_edge.w;
    vec2 lo = up ? v_edge.xy : v_edge.zw, hi = up ? v_edge.zw : v_edge.xy;
    // The edge clipped to this pixel's row.
    float ya = max(pixel.y, lo.y), yb = min(pixel.y + 1.0, hi.y);
    if (yb <= ya) discard;
    // x along the edge as lo.x + run · t (not mix): a vertical edge keeps its x exactly.
    float run = hi.x - lo.x, dy = hi.y - lo.y;
    float xa = lo.x + run * ((ya - lo.y) / dy), xb = lo.x + run * ((yb - lo.y) / dy);
    // f(y) = px + 1 − x(y): how much of the pixel's width lies right of the edge at height y.
    float right = pixel.x + 1.0;
    float area = (yb - ya) * meanClamped(right - xa, right - xb);
    o_area = vec4(up ? area : -area, 0.0, 0.0, 0.0);
}
