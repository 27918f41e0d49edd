// Edges left out of the anti-aliasing mask cut at pixel centres by a top-left rule in the layer's own
// axes: a centre on a min edge (minX, minY) is in, one on a max edge is out, so of two layers meeting
// edge to edge exactly one draws the shared column or row (no doubled seam), and a layer n pixels wide
// on half pixels covers n of them. The rule is shifted by 1/64 pixel: each layer's interpolated
// coordinates round differently, and a centre exactly on the shared edge must still go to one side.
// d: signed distance outside the edge in layer units; w: layer units per pixel.
float edgeCut(float d, float w, bool minSide) {
    float s = d / w;
    return (minSide ? s <= 1.0 / 64.0 : s < -1.0 / 64.0) ? 1.0 : 0.0;
}

// Both axes of a rectangle: p relative to its centre, d = |p| − half size, w per axis.
vec2 edgeCuts(vec2 p, vec2 d, vec2 w) {
    return vec2(edgeCut(d.x, w.x, p.x < 0.0), edgeCut(d.y, w.y, p.y < 0.0));
}
