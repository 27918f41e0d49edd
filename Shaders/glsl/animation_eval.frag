#version 300 es
// Nothing is rasterised (transform feedback only); GLES links no program without a fragment shader.
out lowp vec4 fragColor;
void main() { fragColor = vec4(0.0); }
