#version 300 es
// A MovingShapeDraw's coverage, pass 1 (as coverage_edges.vert): one instance per outline point, the edge
// from it to the next point of its contour, both placed this frame (coverage_moving.glsl) and trimmed
// (coverage_trim.glsl). An edge whose contour this trim does not draw becomes an empty quad.
flat out highp vec4 v_edge;

#include "coverage_moving.glsl"
#include "coverage_trim.glsl"
#include "coverage_quad.glsl"

void main() {
    int i = gl_InstanceID;
    int next = int(outlinePointTexel(i, 2).z);
    highp vec2 trim = currentTrim();
    highp vec2 p, q;
    bool drawn = outlinePoint(i, trim, p);
    drawn = outlinePoint(next, trim, q) && drawn;
    highp mat4 toClip = placement();
    highp vec4 region = movingRegion(toClip, 1.0);
    p = toWindow(toClip, p);
    q = toWindow(toClip, q);
    v_edge = vec4(p, q);
    highp vec2 lo = min(p, q), hi = max(p, q);
    highp vec4 rect = vec4(max(floor(lo), region.xy), region.z, min(ceil(hi.y), region.w));
    rect.zw = max(rect.zw, rect.xy);
    if (!drawn || p.y == q.y) rect = vec4(0.0);
    gl_Position = windowQuad(rect, u_viewport);
}
