#version 300 es
// 8-bit YUV 4:2:0 (NV12: chroma interleaved in u_chroma's red and green; I420: Cb in u_chroma, Cr in
// u_chromaV) to opaque RGB: (value - offset) * scale gives Y' in 0…1 and Cb, Cr in -0.5…0.5, and u_matrix
// (BT.601 or BT.709) maps them to R', G', B'. Rows are the planes' rows, top first, as the target's are.
// StrataCore's YUVConversion is the same arithmetic on the CPU.
precision highp float;
uniform sampler2D u_luma;
uniform sampler2D u_chroma;
uniform sampler2D u_chromaV;
uniform int u_interleaved;
uniform vec2 u_size;
uniform vec3 u_offset;
uniform vec3 u_scale;
uniform mat3 u_matrix;
out vec4 o_color;

void main() {
    vec2 uv = gl_FragCoord.xy / u_size;
    float y = texture(u_luma, uv).r;
    vec2 c = u_interleaved == 1 ? texture(u_chroma, uv).rg : vec2(texture(u_chroma, uv).r, texture(u_chromaV, uv).r);
    vec3 yuv = (vec3(y, c) - u_offset) * u_scale;
    o_color = vec4(clamp(u_matrix * yuv, 0.0, 1.0), 1.0);
}
