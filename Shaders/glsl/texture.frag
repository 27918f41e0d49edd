#version 300 es
// A premultiplied texture scaled by an alpha (layer contents, and offscreen groups composited with
// their group opacity), faded out over a pixel at the rectangle's edges (anti-aliasing; u_size 0
// turns the fade off, for full-target composites).
precision highp float;
in highp vec2 v_uv;
in highp vec2 v_local;
uniform sampler2D u_texture;
uniform float u_alpha;
uniform vec2 u_size;
out vec4 o_color;

void main() {
    float c = 1.0;
    if (u_size.x > 0.0) {
        // Per-axis coverage: exact for pixel-aligned edges, a one-pixel ramp otherwise.
        vec2 p = v_local - u_size * 0.5;
        vec2 d = abs(p) - u_size * 0.5;
        vec2 cc = clamp(0.5 - d / max(fwidth(p), vec2(1e-4)), 0.0, 1.0);
        c = cc.x * cc.y;
    }
    o_color = texture(u_texture, v_uv) * (u_alpha * c);
}
