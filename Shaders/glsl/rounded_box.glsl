// The radius of the corner in p's quadrant (p relative to the centre; +y is down, so p.y < 0 is minY).
float cornerRadius(vec2 p, vec4 radii) {
    return p.x < 0.0 ? (p.y < 0.0 ? radii.x : radii.z) : (p.y < 0.0 ? radii.y : radii.w);
}

// Apple's continuous corner (cornerCurve .continuous) of radius r: the curve UIBezierPath draws, as measured
// (three cubic Béziers reaching 1.52866483 r along each edge; curvature 0 where they meet the edges). Around
// the point a = 1.52866483 r in from both edges, the curve's distance at angle θ from the diagonal is a
// polynomial in θ² fitted to the Béziers (within 0.00044 r of them); the reach is at most the shorter half side,
// the radius shrinking with it. Signed distance: the radial gap scaled to the curve's normal.
float continuousBox(vec2 p, vec2 halfSize, float r) {
    float a = min(1.52866483 * r, min(halfSize.x, halfSize.y));
    float s = a / 1.52866483;
    vec2 q = abs(p) - halfSize + vec2(a);
    if (q.x > 0.0 && q.y > 0.0 && s > 0.0) {
        float th = atan(q.y, q.x) - 0.78539816;
        float u = th * th;
        float rho = s * (((((3.2333932 * u - 5.7509458) * u + 3.1642868) * u + 0.21897489) * u - 0.81216547) * u + 1.7475981);
        float slope = s * ((((16.166966 * u - 23.003783) * u + 9.4928604) * u + 0.43794978) * u - 0.81216547) * 2.0 * th;
        return (length(q) - rho) * rho / sqrt(rho * rho + slope * slope);
    }
    return max(q.x, q.y) - a;
}

// A negative r is a continuous corner of radius −r.
float roundedBox(vec2 p, vec2 halfSize, float r) {
    if (r < 0.0) return continuousBox(p, halfSize, -r);
    vec2 q = abs(p) - halfSize + vec2(r);
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - r;
}
