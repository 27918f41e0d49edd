#version 300 es
// One motion slot per vertex (gl_VertexID; MotionSlots documents the row layout): a layer whose
// animations the GPU evaluates. Starts from its model values, applies its animations in the order added,
// each over the value beneath it (as Presentation.apply does), and writes by transform feedback its
// matrix into its parent slot's space (localToParent · the static matrix between), its alpha (opacity
// times what it inherits) and parent slot, and the values quads and shadows take from it (background,
// bounds, corner radius, border, shadow, a shape's stroke start and end and colours, a gradient's points, the
// contentsRect): MotionPass's state texture, which layer.vert reads.
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
out highp vec4 v_shape;         // x: corner radius, y: border width, z: stroke start, w: stroke end
out highp vec4 v_borderColor;   // straight RGBA
out highp vec4 v_shadow;        // shadow offset x, y, shadow opacity, shadow radius
out highp vec4 v_shadowColor;   // straight RGBA
out highp vec4 v_contentsRect;  // x, y, width, height (unit coordinates of the contents)
out highp vec4 v_fillColor;     // a shape's, straight RGBA; a gradient's start and end points
out highp vec4 v_strokeColor;   // a shape's, straight RGBA; a gradient's locations

// Slot s is the (s % SLOTS_PER_LINE)th of texture row s / SLOTS_PER_LINE, SLOT_TEXELS texels each
// (MotionLayout.SlotTexel names them).
highp vec4 slotTexel(int s, int t) { return texelFetch(u_slotData, ivec2((s % SLOTS_PER_LINE) * SLOT_TEXELS + t, s / SLOTS_PER_LINE), 0); }
highp mat4 slotRows(int s, int t) { return mat4(slotTexel(s, t), slotTexel(s, t + 1), slotTexel(s, t + 2), slotTexel(s, t + 3)); }

// The row-vector translation T(x, y, z), rows as columns.
highp mat4 translation(highp vec3 v) { return mat4(vec4(1, 0, 0, 0), vec4(0, 1, 0, 0), vec4(0, 0, 1, 0), vec4(v, 1.0)); }

// MotionSlots.Property (motion_layout.glsl: POSITION, ANCHOR_POINT, …): the index of each property's value
// in `values` (a scalar in x, a point or size in x, y, a rectangle or colour in all four), which
// slotModelValues fills from the slot (generated from the MotionChannel table).
#include "motion_channels.glsl"

void main() {
    int s = gl_VertexID;
    highp vec4 t1 = slotTexel(s, SLOT_ANCHOR), t12 = slotTexel(s, SLOT_HEADER);
    highp vec4 values[PROPERTY_COUNT];
    values[0] = vec4(0.0);
    values[TRANSFORM] = vec4(0.0);   // a transform is read as a matrix, below
    slotModelValues(s, values);
    bool gradientPoints = false, gradientLocations = false;
    highp mat4 transform = slotRows(s, SLOT_TRANSFORM);
    // The slot's records are packed against its local time at the epoch; a replicator's delayed copy runs
    // t12.w behind it.
    highp float t = t12.z * u_time - t12.w;
    int count = int(t12.y);
    for (int i = 0; i < count; i++) {
        highp vec4 pair = slotTexel(s, SLOT_ANIMATIONS + i / 2);
        highp vec2 rp = (i % 2 == 0) ? pair.xy : pair.zw;
        int row = int(rp.x), property = clamp(int(rp.y), 0, PROPERTY_COUNT - 1);
        if (property == START_POINT || property == END_POINT) gradientPoints = true;
        if (property == LOCATIONS) gradientLocations = true;
        int flags = int(record(row, RECORD_TEXEL_CYCLE).z), component = int(record(row, RECORD_TEXEL_KEYFRAMES).w);
        if (property == TRANSFORM) {
            highp mat4 m;
            if ((flags & RECORD_TRANSFORM) != 0) {
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
        highp vec4 beneath = values[property];
        highp vec4 value;
        bool effect;
        if (component != 0) {
            highp vec4 part;
            effect = evaluateAnimation(row, t, vectorPart(beneath, component), part);
            value = withVectorPart(beneath, component, part);
        } else {
            effect = evaluateAnimation(row, t, beneath, value);
        }
        if (effect) values[property] = value;
    }
    // LayerModel.localToParent: T(−anchor in bounds, −anchorPointZ) · transform · T(position, zPosition),
    // then the static matrix into the parent slot's space (A · B is B * A with rows as columns).
    highp vec4 bounds = values[BOUNDS];
    highp vec2 a = bounds.xy + values[ANCHOR_POINT].xy * bounds.zw;
    highp mat4 local = slotRows(s, SLOT_OUTER) * translation(vec3(values[POSITION].xy, values[Z_POSITION].x)) * transform * translation(vec3(-a, -values[ANCHOR_POINT_Z].x));
    v_row1 = local[0];
    v_row2 = local[1];
    v_row3 = local[2];
    v_row4 = local[3];
    v_alphaParent = vec4(clamp(values[OPACITY].x, 0.0, 1.0) * t1.w, t12.x, 0.0, 0.0);
    v_color = values[BACKGROUND_COLOR];
    v_bounds = bounds;
    v_shape = vec4(values[CORNER_RADIUS].x, values[BORDER_WIDTH].x, values[STROKE_START].x, values[STROKE_END].x);
    v_borderColor = values[BORDER_COLOR];
    v_shadow = vec4(values[SHADOW_OFFSET].xy, values[SHADOW_OPACITY].x, values[SHADOW_RADIUS].x);
    v_shadowColor = values[SHADOW_COLOR];
    v_contentsRect = values[CONTENTS_RECT];
    v_fillColor = gradientPoints ? vec4(values[START_POINT].xy, values[END_POINT].xy) : values[FILL_COLOR];
    v_strokeColor = gradientLocations ? values[LOCATIONS] : values[STROKE_COLOR];
    gl_Position = vec4(0.0);
}
