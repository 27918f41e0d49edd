// The motion pass's state texture (MotionPass): slot s's state is the (s % 146)th of texture row s / 146
// (MotionPass.statesPerLine), fourteen texels each: four matrix rows (its layer space → its parent slot's
// space), alpha and parent, background colour, bounds, corner radius, border width and stroke start and
// end, border colour, shadow offset, opacity and radius, shadow colour, contentsRect, a shape's fill and
// stroke colours (a gradient's start and end points in the fill's, its locations in the stroke's). Needs `uniform sampler2D u_motion`.
highp vec4 slotState(int s, int t) { return texelFetch(u_motion, ivec2((s % 146) * 14 + t, s / 146), 0); }

// `world` (acting first) followed by slot `slot`'s matrix and those of its parents up the chain: slot
// space → target pixels when `world` is the identity.
highp mat4 slotChain(int slot, highp mat4 world) {
    for (int depth = 0; depth < 32 && slot >= 0; depth++) {
        world = mat4(slotState(slot, 0), slotState(slot, 1), slotState(slot, 2), slotState(slot, 3)) * world;
        slot = int(slotState(slot, 4).y);
    }
    return world;
}
