#version 300 es
// A premultiplied texture times the quad's colour (layer contents and offscreen groups composited
// with their alpha). v_params.z = 1 + an edge mask (1 minX, 2 maxX, 4 minY, 8 maxY): the rectangle's
// edges in the mask fade out over a pixel (anti-aliasing), the others cut off at pixel centres; 0 turns
// edges off (full-target composites). v_params.w biases the level of detail (minificationFilterBias).
precision highp float;
in highp vec2 v_uv;
in highp vec2 v_local;
flat in highp vec2 v_size;
flat in highp vec4 v_color;
flat in highp vec4 v_params;
uniform sampler2D u_texture;
out vec4 o_color;

#include "edge_cut.glsl"

void main() {
    float c = 1.0;
    if (v_params.z > 0.5) {
        int edges = int(v_params.z + 0.5) - 1;
        // Per-axis coverage: exact for pixel-aligned edges, a one-pixel ramp otherwise.
        vec2 p = v_local - v_size * 0.5;
        vec2 d = abs(p) - v_size * 0.5;
        vec2 ramp = clamp(0.5 - d / max(fwidth(p), vec2(1e-4)), 0.0, 1.0);
        vec2 cut = edgeCuts(p, d, max(fwidth(p), vec2(1e-4)));
        bool smoothX = (edges & (p.x < 0.0 ? 1 : 2)) != 0, smoothY = (edges & (p.y < 0.0 ? 4 : 8)) != 0;
        c = (smoothX ? ramp.x : cut.x) * (smoothY ? ramp.y : cut.y);
    }
    o_color = texture(u_texture, v_uv, v_params.w) * (v_color * c);
}
