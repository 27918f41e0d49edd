#version 300 es
// Evaluates one packed animation per vertex (its record's row: a_row) at u_time over the value beneath
// it, into transform feedback: what the GPU animation path computes, read back to check it against
// Presentation.apply.
#include "animation.glsl"
uniform highp float u_time;
// The value beneath: a vector in a_beneath, or a transform's rows in a_beneath … a_beneath4.
layout(location = 0) in highp vec4 a_beneath;
layout(location = 1) in highp vec4 a_beneath2;
layout(location = 2) in highp vec4 a_beneath3;
layout(location = 3) in highp vec4 a_beneath4;
layout(location = 4) in highp int a_row;
// A vector value in v_value; a transform's four rows in v_value, v_row2, v_row3, v_row4.
out highp vec4 v_value;
out highp vec4 v_row2;
out highp vec4 v_row3;
out highp vec4 v_row4;
out highp float v_valid;

void main() {
    highp vec4 value = a_beneath;
    highp mat4 rows = mat4(0.0);
    bool valid;
    int flags = int(record(a_row, RECORD_TEXEL_CYCLE).z), component = int(record(a_row, RECORD_TEXEL_KEYFRAMES).w);
    if ((flags & RECORD_TRANSFORM) != 0) {
        valid = evaluateTransformAnimation(a_row, u_time, rows);
        value = rows[0];
    } else if ((flags & RECORD_TRANSFORM_PART) != 0) {
        // A component of the transform beneath: read it, animate it, write it back.
        TransformParts parts = transformParts(mat4(a_beneath, a_beneath2, a_beneath3, a_beneath4));
        highp vec4 part;
        valid = evaluateAnimation(a_row, u_time, transformPart(parts, component), part);
        setTransformPart(parts, component, part);
        rows = transformFromParts(parts);
        value = rows[0];
    } else if (component != 0) {
        highp vec4 part;
        valid = evaluateAnimation(a_row, u_time, vectorPart(a_beneath, component), part);
        value = withVectorPart(a_beneath, component, part);
    } else {
        valid = evaluateAnimation(a_row, u_time, a_beneath, value);
    }
    v_valid = valid ? 1.0 : 0.0;
    v_value = value;
    v_row2 = rows[1];
    v_row3 = rows[2];
    v_row4 = rows[3];
    gl_Position = vec4(0.0);
}
