#version 300 es
// A layer's filtered group composited (Renderer+Filters): the group's premultiplied pixel under this
// fragment, unpremultiplied, through the colour matrix (rows as u_matrix's columns' transpose: GLSL's
// u_matrix * c with the rows uploaded transposed), clamped, premultiplied, times the quad's alpha.
// ColorMatrix.apply is the CPU's definition of the same arithmetic.
precision highp float;
flat in highp vec4 v_color;   // the alpha in every channel
uniform sampler2D u_texture;
uniform vec2 u_target;        // the group texture's size in pixels
uniform mat4 u_matrix;
uniform vec4 u_bias;
out vec4 o_color;

void main() {
    vec4 p = texture(u_texture, gl_FragCoord.xy / u_target);
    vec4 c = p.a > 0.0 ? vec4(p.rgb / p.a, p.a) : vec4(0.0);
    c = clamp(u_matrix * c + u_bias, 0.0, 1.0);
    o_color = vec4(c.rgb * c.a, c.a) * v_color;
}
