#version 300 es
// A rounded rectangle's fill, or its border ring, with anti-aliased edges: the coverage of each
// pixel comes from the signed distance to the shape, measured in screen pixels with fwidth. Edges
// left out of the anti-aliasing mask (v_params.w) cut off at pixel centres instead.
precision highp float;
in highp vec2 v_local;
flat in highp vec2 v_size;    // the rectangle's size (layer units)
flat in highp vec4 v_radii;   // corner radii (minX-minY, maxX-minY, minX-maxY, maxX-maxY), each ≤ half the shorter side;
                              // negative: a continuous corner (rounded_box.glsl)
flat in highp vec4 v_params;  // y: 0 fills the shape; > 0 draws only the ring this wide inside its edge;
                              // w: anti-aliased edges (1 minX, 2 maxX, 4 minY, 8 maxY)
flat in highp vec4 v_color;   // premultiplied
out vec4 o_color;

#include "rounded_box.glsl"

#include "shape_coverage.glsl"

void main() {
    vec2 half_ = v_size * 0.5;
    vec2 p = v_local - half_;
    float r = cornerRadius(p, v_radii);
    float c = shapeCoverage(p, half_, r, smoothEdges(p, int(v_params.w + 0.5)));
    float border = v_params.y;
    if (border > 0.0) {
        vec2 innerHalf = max(half_ - vec2(border), vec2(0.0));
        float inner = (innerHalf.x > 0.0 && innerHalf.y > 0.0)
            ? shapeCoverage(p, innerHalf, sign(r) * max(abs(r) - border, 0.0), bvec2(true)) : 0.0;
        c = max(c - inner, 0.0);
    }
    o_color = v_color * c;
}
