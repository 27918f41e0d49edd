#version 300 es
// Composites an offscreen group through a layer's (rounded) bounds: the group's pixel under this
// fragment, times the shape's anti-aliased coverage, times the quad's alpha (masksToBounds).
precision highp float;
in highp vec2 v_local;
flat in highp vec2 v_size;
flat in highp vec4 v_radii;   // per corner: minX-minY, maxX-minY, minX-maxY, maxX-maxY (y down)
flat in highp vec4 v_color;   // the alpha in every channel
uniform sampler2D u_texture;
uniform vec2 u_target;        // the group texture's size in pixels
out vec4 o_color;

#include "rounded_box.glsl"

void main() {
    vec2 half_ = v_size * 0.5;
    vec2 p = v_local - half_;
    float r = cornerRadius(p, v_radii);
    float c;
    if (r != 0.0) {
        float d = roundedBox(p, half_, r);
        c = clamp(0.5 - d / max(fwidth(d), 1e-4), 0.0, 1.0);
    } else {
        // Per-axis coverage: exact for pixel-aligned edges.
        vec2 cc = clamp(0.5 - (abs(p) - half_) / max(fwidth(p), vec2(1e-4)), 0.0, 1.0);
        c = cc.x * cc.y;
    }
    o_color = texture(u_texture, gl_FragCoord.xy / u_target) * (v_color * c);
}
