// Anti-aliased coverage of a rounded rectangle (needs rounded_box.glsl): per-axis for square corners
// (exact on pixel-aligned edges), by signed distance for rounded ones; edges left out of the mask cut off
// at pixel centres.
float coverage(float d, bool smooth_) {
    float w = max(fwidth(d), 1e-4);
    return smooth_ ? clamp(0.5 - d / w, 0.0, 1.0) : (d <= 0.0 ? 1.0 : 0.0);
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
    vec2 cut = vec2(lessThanEqual(d, vec2(0.0)));
    return (smooth_.x ? ramp.x : cut.x) * (smooth_.y ? ramp.y : cut.y);
}

float shapeCoverage(vec2 p, vec2 halfSize, float r, bvec2 smooth_) {
    return r > 0.0 ? coverage(roundedBox(p, halfSize, r), any(smooth_)) : boxCoverage(p, halfSize, smooth_);
}
