// The motion pass's state texture (MotionPass): slot s's state is the (s % STATES_PER_LINE)th of texture
// row s / STATES_PER_LINE, STATE_TEXELS texels each (MotionLayout.StateTexel: four matrix rows, its layer
// space → its parent slot's space, then alpha and parent, background colour, bounds, corner radius, border
// width and stroke start and end, border colour, shadow offset, opacity and radius, shadow colour,
// contentsRect, a shape's fill and stroke colours (a gradient's start and end points in the fill's, its
// locations in the stroke's)). Needs `uniform sampler2D u_motion`.
#include "motion_layout.glsl"
highp vec4 slotState(int s, int t) { return texelFetch(u_motion, ivec2((s % STATES_PER_LINE) * STATE_TEXELS + t, s / STATES_PER_LINE), 0); }

// `world` (acting first) followed by slot `slot`'s matrix and those of its parents up the chain: slot
// space → target pixels when `world` is the identity.
highp mat4 slotChain(int slot, highp mat4 world) {
    for (int depth = 0; depth < MAX_SLOT_DEPTH && slot >= 0; depth++) {
        world = mat4(slotState(slot, STATE_ROW1), slotState(slot, STATE_ROW2), slotState(slot, STATE_ROW3), slotState(slot, STATE_ROW4)) * world;
        slot = int(slotState(slot, STATE_ALPHA_PARENT).y);
    }
    return world;
}
