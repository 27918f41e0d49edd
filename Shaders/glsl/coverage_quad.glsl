// Corner gl_VertexID (0–3 of a triangle strip, counter-clockwise) of `rect` (x0, y0, x1, y1 in window
// pixels, y up as gl_FragCoord) in clip space, for a viewport of `viewport` pixels. The coverage passes
// draw rectangles of whole pixels this way, with no vertex buffer for the corners.
vec4 windowQuad(vec4 rect, vec2 viewport) {
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
    vec2 p = mix(rect.xy, rect.zw, corner);
    return vec4(p / viewport * 2.0 - 1.0, 0.0, 1.0);
}
