#version 300 es
// A layer's offscreen drawing times the alpha of its mask's offscreen drawing (CALayer.mask), both
// sampled at this fragment's pixel, times the quad's alpha.
precision highp float;
flat in highp vec4 v_color;   // the alpha in every channel
uniform sampler2D u_texture;
uniform sampler2D u_mask;
uniform vec2 u_target;
out vec4 o_color;

void main() {
    vec2 uv = gl_FragCoord.xy / u_target;
    o_color = texture(u_texture, uv) * (v_color * texture(u_mask, uv).a);
}
