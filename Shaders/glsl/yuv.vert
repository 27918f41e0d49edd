#version 300 es
// A triangle covering the whole target: the YUV conversion pass writes every pixel of a drawable's texture.
void main() {
    vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
    gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
}
