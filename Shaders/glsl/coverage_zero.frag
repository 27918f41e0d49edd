#version 300 es
// Clears a MovingShapeDraw's region of the coverage accumulation target (drawn with blending off).
precision highp float;
out vec4 o_area;

void main() {
    o_area = vec4(0.0);
}
