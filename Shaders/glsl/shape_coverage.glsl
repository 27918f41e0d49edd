// Anti-aliased coverage of a rounded rectangle (needs rounded_box.glsl): per-axis for square corners
// (exact on pixel-aligned edges), by signed distance for rounded ones; edges left out of the mask cut off
// at pixel centres (edge_cut.glsl).
#include "edge_cut.glsl"

float coverage(float d, bool smooth_, bool minSide) {
    float w = max(fwidth(d), 1e-4);
    return smooth_ ? clamp(0.5 - d / w, 0.0, 1.0) : edgeCut(d, w, minSide);
}

// Whether the edges nearest p (relative to the centre) along x and along y are anti-aliased.
bvec2 smoothEdges(vec2 p, int edges) {
    return bvec2((edges & (p.x < 0.0 ? 1 : 2)) != 0, (edges & (p.y < 0.0 ? 4 : 8)) != 0);
}

// Coverage of a rectangle (radius 0) as the product of the coverage along each axis: exact for
// pixel-aligned edges and corners, a one-pixel ramp along each edge otherwise.
float boxCoverage(vec2 p, vec2 halfSize, bvec2 smooth_) {
    vec2 d = abs(p) - halfSize;
    vec2 w = max(fwidth(p), vec2(1e-4));
    vec2 ramp = clamp(0.5 - d / w, 0.0, 1.0);
    vec2 cut = edgeCuts(p, d, w);
    return (smooth_.x ? ramp.x : cut.x) * (smooth_.y ? ramp.y : cut.y);
}

float shapeCoverage(vec2 p, vec2 halfSize, float r, bvec2 smooth_) {
    // An aliased rounded shape cuts its straight parts by the rule of the edge nearest p.
    vec2 d = abs(p) - halfSize;
    bool minSide = d.x > d.y ? p.x < 0.0 : p.y < 0.0;
    return r != 0.0 ? coverage(roundedBox(p, halfSize, r), any(smooth_), minSide) : boxCoverage(p, halfSize, smooth_);
}
