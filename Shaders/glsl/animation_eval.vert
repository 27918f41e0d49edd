#version 300 es
// Evaluates one packed animation per vertex (record row = gl_VertexID) at u_time over the value beneath
// it, into transform feedback: what the GPU animation path computes, read back to check it against
// Presentation.apply.
#include "animation.glsl"
uniform highp float u_time;
layout(location = 0) in highp vec4 a_beneath;
out highp vec4 v_value;
out highp float v_valid;

void main() {
    highp vec4 value = a_beneath;
    v_valid = evaluateAnimation(gl_VertexID, u_time, a_beneath, value) ? 1.0 : 0.0;
    v_value = value;
    gl_Position = vec4(0.0);
}
