#version 300 es
// A MovingShapeDraw's outline this frame, one vertex per outline point captured by transform feedback
// (nothing is rasterised): the point trimmed (coverage_trim.glsl) and placed in window pixels
// (coverage_moving.glsl), whether its contour is drawn and whether it closes it, and the region the edge
// pass may touch. Worked out once per point here rather than at each corner of the quads of the two
// edges it ends: the edge pass (coverage_moving_edges.vert) reads consecutive points.
out highp vec4 v_point;    // x, y in window pixels; 1 when its contour is drawn; 1 when no edge leaves it
out highp vec4 v_region;   // x0, y0, x1, y1

#include "coverage_moving.glsl"
#include "coverage_trim.glsl"

void main() {
    highp vec4 t2 = outlinePointTexel(gl_VertexID, 2);
    highp vec2 p;
    bool drawn = outlinePoint(gl_VertexID, t2, currentTrim(), p);
    highp mat4 toClip = placement();
    v_point = vec4(toWindow(toClip, p), drawn ? 1.0 : 0.0, t2.z);
    v_region = drawn ? movingRegion(toClip, 1.0) : vec4(0.0);
    gl_Position = vec4(0.0);
}
