#version 300 es
// Path fills (PathFill): one premultiplied colour. The stencil pass writes no colour; the cover pass
// draws this where the stencil says the path is.
precision highp float;
uniform vec4 u_color;
out vec4 o_color;

void main() {
    o_color = u_color;
}
