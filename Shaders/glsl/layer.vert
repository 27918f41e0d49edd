#version 300 es
// One layer quad per instance. Corners come from a unit square; the instance's rectangle places it in
// layer-local space and a_mvp maps layer-local space to clip space (row-vector matrix, uploaded as-is
// so its rows arrive as the GLSL matrix's columns). params.x grows the quad by that many layer units
// on every side, so the fragment shaders can fade the rectangle's edges out over a pixel
// (anti-aliasing); positions inside the rectangle, and their texture coordinates, do not change.
// A quad that moves with a motion slot (a_motion.x ≥ 0; MotionRef) has a_mvp relative to that slot's
// space: its place comes from the slots' matrices the motion pass wrote this frame (u_motion, STATE_TEXELS
// texels per slot), composed up the chain of parent slots, then u_projection; its anti-aliasing reach from
// the composed matrix. a_motion.y holds a quad's fields (MotionRef.Fields, FIELD_… in motion_layout.glsl: values the slot animates, taken instead
// of the quad's own) and above them its modes (MotionRef.Modes, MODE_…): with MODE_VALUES_ONLY the quad (a shadow's composite) takes only those values and is not placed. Its colour (a
// group's composite's too) is multiplied by the alphas of the slots from a_motion.z up to, not including,
// a_motion.w.
layout(location = 0) in vec2 a_unit;
layout(location = 1) in highp mat4 a_mvp;      // locations 1–4
layout(location = 5) in highp vec4 a_rect;     // x, y, width, height in layer-local coordinates
layout(location = 6) in highp vec4 a_uvRect;   // u, v, du, dv texture coordinates across the rectangle
layout(location = 7) in highp vec4 a_color;    // premultiplied colour (textures: the alpha in every channel)
layout(location = 8) in highp vec4 a_radii;    // corner radii (shape shaders)
layout(location = 9) in highp vec4 a_params;   // x: anti-aliasing reach, y: border width, z: 1 = fade edges
layout(location = 10) in highp ivec4 a_motion; // slot (−1: none), MotionRef.Fields, alphas from, alphas to
uniform highp sampler2D u_motion;
uniform highp mat4 u_projection;
out highp vec2 v_uv;
out highp vec2 v_local;       // position relative to the rectangle's top-left corner (shape shaders)
flat out highp vec2 v_size;   // the rectangle's size (absolute)
flat out highp vec4 v_color;
flat out highp vec4 v_radii;
flat out highp vec4 v_params;
flat out highp vec4 v_extra;  // a_uvRect as given: a gradient's start and end points (unit coordinates)
flat out highp vec4 v_extra2; // a gradient's locations its slot animates (up to four)

#include "motion_state.glsl"

// The row-vector translation T(x, y, 0), rows as columns.
highp mat4 translation(highp vec2 v) { return mat4(vec4(1, 0, 0, 0), vec4(0, 1, 0, 0), vec4(0, 0, 1, 0), vec4(v, 0.0, 1.0)); }

void main() {
    highp mat4 mvp = a_mvp;
    highp vec4 color = a_color;
    highp vec4 params = a_params;
    highp vec4 rect = a_rect;
    highp vec4 radii = a_radii;
    highp vec4 uvRect = a_uvRect;
    highp vec4 extra = a_uvRect, extra2 = vec4(0.0);
    int slot = a_motion.x;
    if (slot >= 0) {
        // The values the slot animates (MotionRef.Fields): colours times a_color, the rectangle, the corner
        // radius (a_radii then holds 1 for each rounded corner) clamped to half the shorter side, the border.
        int fields = a_motion.y;
        highp vec4 background = slotState(slot, STATE_COLOR), shape = slotState(slot, STATE_SHAPE), border = slotState(slot, STATE_BORDER_COLOR);
        if ((fields & FIELD_BACKGROUND_COLOR) != 0) color *= vec4(background.rgb * background.a, background.a);
        if ((fields & FIELD_BORDER_COLOR) != 0) color *= vec4(border.rgb * border.a, border.a);
        if ((fields & FIELD_FILL_COLOR) != 0) {
            // A text layer's glyphs in its foregroundColor (the fill colour's place in the state).
            highp vec4 fill = slotState(slot, STATE_FILL_COLOR);
            color *= vec4(fill.rgb * fill.a, fill.a);
        }
        if ((fields & FIELD_BOUNDS) != 0) rect = slotState(slot, STATE_BOUNDS);
        if ((fields & FIELD_CORNER_RADIUS) != 0) radii = a_radii * clamp(shape.x, 0.0, min(abs(rect.z), abs(rect.w)) / 2.0);
        if ((fields & FIELD_BORDER_WIDTH) != 0) {
            // A border ring: at width 0 it draws nothing (rounded.frag would read a width of 0 as a fill).
            params.y = max(0.0, shape.y);
            if (params.y <= 0.0) color = vec4(0.0);
        }
        // A shadow's: its opacity and colour on the composite, σ = radius / 2 × a_params.w for the blur
        // (shadow_blur.frag), its offset on the shape's quads.
        highp vec4 shadow = slotState(slot, STATE_SHADOW);
        if ((fields & FIELD_SHADOW_OPACITY) != 0) color *= clamp(shadow.z, 0.0, 1.0);
        if ((fields & FIELD_SHADOW_COLOR) != 0) {
            highp vec4 shadowColor = slotState(slot, STATE_SHADOW_COLOR);
            color *= vec4(shadowColor.rgb * shadowColor.a, shadowColor.a);
        }
        if ((fields & FIELD_SHADOW_RADIUS) != 0) params.w = max(0.0, shadow.w) / 2.0 * a_params.w;
        if ((fields & FIELD_CONTENTS_RECT) != 0) uvRect = slotState(slot, STATE_CONTENTS_RECT);   // contents stretched over the bounds
        if ((fields & FIELD_GRADIENT_POINTS) != 0) extra = slotState(slot, STATE_FILL_COLOR);   // a gradient's points
        if ((fields & FIELD_GRADIENT_LOCATIONS) != 0) extra2 = slotState(slot, STATE_STROKE_COLOR);  // a gradient's locations
        if ((fields & MODE_CONTENTS_PLACEMENT) != 0) {
            // Contents placed in the slot's bounds by their gravity (ContentsGravity.frame): a_radii holds the
            // natural size of the whole image (pixels ÷ contentsScale), how the shown part is sized
            // (0 stretched, 1 natural, 2 fit, 3 cover) and where it aligns (column + 3 × row, in halves of
            // the slack; plus 9 × the piece of nine-part contents).
            highp vec4 b = slotState(slot, STATE_BOUNDS);
            highp vec2 natural = a_radii.xy * abs(uvRect.zw);
            int mode = int(a_radii.z + 0.5), code = int(a_radii.w + 0.5), align = code % 9;
            highp vec4 frame = b;
            if (mode != 0 && natural.x > 0.0 && natural.y > 0.0) {
                highp vec2 size = natural;
                if (mode >= 2) {
                    highp vec2 k = b.zw / natural;
                    size = natural * (mode == 2 ? min(k.x, k.y) : max(k.x, k.y));
                }
                frame = vec4(b.xy + (b.zw - size) * vec2(float(align % 3), float(align / 3)) * 0.5, size);
            }
            rect = frame;
            if ((fields & MODE_NINE_SLICE) != 0) {
                // One of nine pieces (ContentsLayout.pieces): a_rect holds contentsCenter's unit breaks in the
                // shown part (minX, maxX, minY, maxY, clamped to 0…1), uvRect the whole contentsRect; the
                // corner bands keep their natural size, shrunk together where the frame is too small, the
                // middle ones stretch; a piece with no area draws nothing.
                int piece = code / 9, col = piece % 3, row = piece / 3;
                highp vec4 br = a_rect;
                highp vec2 first = vec2(br.x, br.z) * natural, last = (vec2(1.0) - vec2(br.y, br.w)) * natural;
                highp vec2 sum = first + last;
                if (sum.x > frame.z && sum.x > 0.0) { first.x *= frame.z / sum.x; last.x *= frame.z / sum.x; }
                if (sum.y > frame.w && sum.y > 0.0) { first.y *= frame.w / sum.y; last.y *= frame.w / sum.y; }
                highp vec4 xs = vec4(frame.x, frame.x + first.x, frame.x + frame.z - last.x, frame.x + frame.z);
                highp vec4 ys = vec4(frame.y, frame.y + first.y, frame.y + frame.w - last.y, frame.y + frame.w);
                highp vec4 us = vec4(0.0, br.x, br.y, 1.0), vs = vec4(0.0, br.z, br.w, 1.0);
                rect = vec4(xs[col], ys[row], xs[col + 1] - xs[col], ys[row + 1] - ys[row]);
                uvRect = vec4(uvRect.x + us[col] * uvRect.z, uvRect.y + vs[row] * uvRect.w,
                              (us[col + 1] - us[col]) * uvRect.z, (vs[row + 1] - vs[row]) * uvRect.w);
                if (rect.z <= 0.0 || rect.w <= 0.0) color = vec4(0.0);
            }
            radii = vec4(0.0);
        }
        if ((fields & MODE_VALUES_ONLY) == 0) {
            highp mat4 toTarget = slotChain(slot, (fields & FIELD_SHADOW_OFFSET) != 0 ? translation(shadow.xy) : mat4(1.0)) * a_mvp;
            // Renderer.pixelInLayerUnits of the composed matrix; a quad drawn without an anti-aliasing reach
            // (a glyph, whose texture ends in a ring of zeros) keeps none.
            highp float s = min(length(vec2(toTarget[0][0], toTarget[0][1])), length(vec2(toTarget[1][0], toTarget[1][1])));
            if (a_params.x > 0.0) params.x = s > 1e-6 ? min(1.0 / s, 1e4) : 0.0;
            mvp = u_projection * toTarget;
            if ((fields & MODE_CULLS_BACK_FACE) != 0) {
                // A one-sided layer's own piece shows only while its plane faces the viewer: the rectangle's
                // corners keep their turn on screen (DrawListBuilder.facesViewer; a corner behind the eye
                // counts as facing).
                highp vec4 a = toTarget * vec4(rect.xy, 0.0, 1.0), b = toTarget * vec4(rect.x + rect.z, rect.y, 0.0, 1.0);
                highp vec4 c = toTarget * vec4(rect.x, rect.y + rect.w, 0.0, 1.0);
                if (a.w > 0.0 && b.w > 0.0 && c.w > 0.0) {
                    highp vec2 u = b.xy / b.w - a.xy / a.w, v = c.xy / c.w - a.xy / a.w;
                    if (u.x * v.y - u.y * v.x < 0.0) color = vec4(0.0);
                }
            }
        }
    }
    int stop = a_motion.w;
    slot = a_motion.z;
    for (int depth = 0; depth < MAX_SLOT_DEPTH && slot >= 0 && slot != stop; depth++) {
        highp vec4 alphaParent = slotState(slot, STATE_ALPHA_PARENT);
        color *= alphaParent.x;
        slot = int(alphaParent.y);
    }
    highp float expand = params.x;
    highp vec2 size = rect.zw + vec2(2.0 * expand);
    highp vec2 p = rect.xy - vec2(expand) + a_unit * size;
    v_local = p - rect.xy;
    v_uv = uvRect.xy + (v_local / max(abs(rect.zw), vec2(1e-6)) * sign(rect.zw)) * uvRect.zw;
    v_size = abs(rect.zw);
    v_color = color;
    v_radii = radii;
    v_params = params;
    v_extra = extra;
    v_extra2 = extra2;
    gl_Position = mvp * vec4(p, 0.0, 1.0);
}
