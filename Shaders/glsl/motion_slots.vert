#version 300 es
// One motion slot per vertex (gl_VertexID; MotionSlots documents the row layout): a layer whose
// animations the GPU evaluates. Starts from its model values, applies its animations in the order added,
// each over the value beneath it (as Presentation.apply does), and writes by transform feedback its
// matrix into its parent slot's space (localToParent · the static matrix between), its alpha (opacity
// times what it inherits), its background colour and its parent slot: six texels of MotionPass's state
// texture, which layer.vert reads.
#include "animation.glsl"
uniform highp sampler2D u_slotData;
uniform highp float u_time;
out highp vec4 v_row1;
out highp vec4 v_row2;
out highp vec4 v_row3;
out highp vec4 v_row4;
out highp vec4 v_alphaParent;   // x: alpha, y: parent slot (−1: none)
out highp vec4 v_color;         // background colour, straight RGBA
out highp vec4 v_bounds;
out highp vec4 v_shape;         // x: corner radius, y: border width
out highp vec4 v_borderColor;   // straight RGBA

// Slot s is the (s % 88)th of texture row s / 88 (MotionSlots.slotsPerLine), 23 texels each.
highp vec4 slotTexel(int s, int t) { return texelFetch(u_slotData, ivec2((s % 88) * 23 + t, s / 88), 0); }
highp mat4 slotRows(int s, int t) { return mat4(slotTexel(s, t), slotTexel(s, t + 1), slotTexel(s, t + 2), slotTexel(s, t + 3)); }

// The row-vector translation T(x, y, z), rows as columns.
highp mat4 translation(highp vec3 v) { return mat4(vec4(1, 0, 0, 0), vec4(0, 1, 0, 0), vec4(0, 0, 1, 0), vec4(v, 1.0)); }

// MotionSlots.Property.
const int POSITION = 1, ANCHOR_POINT = 2, ANCHOR_POINT_Z = 3, TRANSFORM = 4, OPACITY = 5, BACKGROUND_COLOR = 6, BOUNDS = 7,
    CORNER_RADIUS = 8, BORDER_WIDTH = 9, BORDER_COLOR = 10;

void main() {
    int s = gl_VertexID;
    highp vec4 t0 = slotTexel(s, 0), t1 = slotTexel(s, 1), bounds = slotTexel(s, 2), t12 = slotTexel(s, 12), t13 = slotTexel(s, 13);
    highp vec4 radius = vec4(t13.x, 0.0, 0.0, 0.0), borderWidth = vec4(t13.y, 0.0, 0.0, 0.0), borderColor = slotTexel(s, 14);
    highp mat4 transform = slotRows(s, 3);
    highp vec4 position = vec4(t0.xy, 0.0, 0.0), anchor = vec4(t1.xy, 0.0, 0.0);
    highp vec4 anchorZ = vec4(t0.w, 0.0, 0.0, 0.0), opacity = vec4(t1.z, 0.0, 0.0, 0.0), color = slotTexel(s, 11);
    highp float t = t12.z * u_time;   // the slot's records are packed against its local time at the epoch
    int count = int(t12.y);
    for (int i = 0; i < count; i++) {
        highp vec4 pair = slotTexel(s, 15 + i / 2);
        highp vec2 rp = (i % 2 == 0) ? pair.xy : pair.zw;
        int row = int(rp.x), property = int(rp.y);
        int flags = int(record(row, 1).z), component = int(record(row, 6).w);
        if (property == TRANSFORM) {
            highp mat4 m;
            if ((flags & 64) != 0) {
                if (evaluateTransformAnimation(row, t, m)) transform = m;
            } else {
                TransformParts parts = transformParts(transform);
                highp vec4 part;
                if (evaluateAnimation(row, t, transformPart(parts, component), part)) {
                    setTransformPart(parts, component, part);
                    transform = transformFromParts(parts);
                }
            }
            continue;
        }
        highp vec4 beneath = property == POSITION ? position : property == ANCHOR_POINT ? anchor
            : property == ANCHOR_POINT_Z ? anchorZ : property == OPACITY ? opacity : property == BOUNDS ? bounds
            : property == CORNER_RADIUS ? radius : property == BORDER_WIDTH ? borderWidth : property == BORDER_COLOR ? borderColor : color;
        highp vec4 value;
        bool effect;
        if (component != 0) {
            highp vec4 part;
            effect = evaluateAnimation(row, t, vectorPart(beneath, component), part);
            value = withVectorPart(beneath, component, part);
        } else {
            effect = evaluateAnimation(row, t, beneath, value);
        }
        if (!effect) continue;
        if (property == POSITION) position = value;
        else if (property == ANCHOR_POINT) anchor = value;
        else if (property == ANCHOR_POINT_Z) anchorZ = value;
        else if (property == OPACITY) opacity = value;
        else if (property == BOUNDS) bounds = value;
        else if (property == CORNER_RADIUS) radius = value;
        else if (property == BORDER_WIDTH) borderWidth = value;
        else if (property == BORDER_COLOR) borderColor = value;
        else color = value;
    }
    // LayerModel.localToParent: T(−anchor in bounds, −anchorPointZ) · transform · T(position, zPosition),
    // then the static matrix into the parent slot's space (A · B is B * A with rows as columns).
    highp vec2 a = bounds.xy + anchor.xy * bounds.zw;
    highp mat4 local = slotRows(s, 7) * translation(vec3(position.xy, t0.z)) * transform * translation(vec3(-a, -anchorZ.x));
    v_row1 = local[0];
    v_row2 = local[1];
    v_row3 = local[2];
    v_row4 = local[3];
    v_alphaParent = vec4(clamp(opacity.x, 0.0, 1.0) * t1.w, t12.x, 0.0, 0.0);
    v_color = color;
    v_bounds = bounds;
    v_shape = vec4(radius.x, borderWidth.x, 0.0, 0.0);
    v_borderColor = borderColor;
    gl_Position = vec4(0.0);
}
