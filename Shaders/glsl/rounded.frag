#version 300 es
// A rounded rectangle's fill, or its border ring, with anti-aliased edges: the coverage of each
// pixel comes from the signed distance to the shape, measured in screen pixels with fwidth.
precision highp float;
in highp vec2 v_local;
flat in highp vec2 v_size;    // the rectangle's size (layer units)
flat in highp vec4 v_radii;   // corner radii (minX-minY, maxX-minY, minX-maxY, maxX-maxY), each ≤ half the shorter side
flat in highp vec4 v_params;  // y: 0 fills the shape; > 0 draws only the ring this wide inside its edge
flat in highp vec4 v_color;   // premultiplied
out vec4 o_color;

// The radius of the corner in p's quadrant (p relative to the centre; +y is down, so p.y < 0 is minY).
float cornerRadius(vec2 p, vec4 radii) {
    return p.x < 0.0 ? (p.y < 0.0 ? radii.x : radii.z) : (p.y < 0.0 ? radii.y : radii.w);
}

float roundedBox(vec2 p, vec2 halfSize, float r) {
    vec2 q = abs(p) - halfSize + vec2(r);
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - r;
}

float coverage(float d) {
    float w = max(fwidth(d), 1e-4);
    return clamp(0.5 - d / w, 0.0, 1.0);
}

// Coverage of a rectangle (radius 0) as the product of the coverage along each axis: exact for
// pixel-aligned edges and corners, a one-pixel ramp along each edge otherwise.
float boxCoverage(vec2 p, vec2 halfSize) {
    vec2 d = abs(p) - halfSize;
    vec2 w = max(fwidth(p), vec2(1e-4));
    vec2 c = clamp(0.5 - d / w, 0.0, 1.0);
    return c.x * c.y;
}

float shapeCoverage(vec2 p, vec2 halfSize, float r) {
    return r > 0.0 ? coverage(roundedBox(p, halfSize, r)) : boxCoverage(p, halfSize);
}

void main() {
    vec2 half_ = v_size * 0.5;
    vec2 p = v_local - half_;
    float r = cornerRadius(p, v_radii);
    float c = shapeCoverage(p, half_, r);
    float border = v_params.y;
    if (border > 0.0) {
        vec2 innerHalf = max(half_ - vec2(border), vec2(0.0));
        float inner = (innerHalf.x > 0.0 && innerHalf.y > 0.0)
            ? shapeCoverage(p, innerHalf, max(r - border, 0.0)) : 0.0;
        c = max(c - inner, 0.0);
    }
    o_color = v_color * c;
}
