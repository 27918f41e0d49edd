// The radius of the corner in p's quadrant (p relative to the centre; +y is down, so p.y < 0 is minY).
float cornerRadius(vec2 p, vec4 radii) {
    return p.x < 0.0 ? (p.y < 0.0 ? radii.x : radii.z) : (p.y < 0.0 ? radii.y : radii.w);
}

float roundedBox(vec2 p, vec2 halfSize, float r) {
    vec2 q = abs(p) - halfSize + vec2(r);
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - r;
}
