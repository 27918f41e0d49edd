#version 300 es
// Path fills (PathFill): points of a flattened path in layer-local coordinates, or of the cover
// rectangle in target pixels; u_mvp maps them to clip space (row-vector matrix uploaded as-is).
layout(location = 0) in vec2 a_position;
uniform highp mat4 u_mvp;

void main() {
    gl_Position = u_mvp * vec4(a_position, 0.0, 1.0);
}
