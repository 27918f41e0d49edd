#version 300 es
// An emitter cell's particles as instanced quads (EmitterDraw): one instance per particle of a run (for a
// sub-cell of any depth, the product of its chain's slots, u_subIds[l].y, per particle of its top-level
// ancestor's run), no vertex attributes. gl_InstanceID is the
// instance (reversed with u_order.x = 1, so the run draws newest first); gl_VertexID the quad's corner. Each particle is evaluated here
// (particle.glsl); a dead one (or one of scale 0) collapses to a point and covers no pixel. A live one is a
// quad of the cell's contents size (u_quad.xy, layer units) times its scale, turned by its spin about its
// centre, at its position (z flattened unless preservesDepth), through u_mvp (layer → clip space).
#include "particle.glsl"
uniform highp mat4 u_mvp;
uniform highp vec4 u_quad;          // xy: contents size in layer units
uniform highp vec4 u_contentsRect;  // x, y, width, height in unit coordinates of the image (top-left origin)
uniform highp ivec4 u_order;        // x: 1 = instances in reverse order; y: the run's particle count
out highp vec2 v_uv;
flat out highp vec4 v_color;

void main() {
    int instance = u_order.x == 1 ? u_order.y - 1 - gl_InstanceID : gl_InstanceID;
    float j;
    uint key;
    Particle p = chainParticle(uint(instance), j, key);
    if (!p.alive || p.scale <= 0.0) {
        gl_Position = vec4(0.0, 0.0, 0.0, 1.0);
        v_uv = vec2(0.0);
        v_color = vec4(0.0);
        return;
    }
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
    vec2 local = (corner - 0.5) * u_quad.xy * p.scale;
    float c = cos(p.spin), s = sin(p.spin);
    // Positive spin turns +x toward +y (clockwise on a y-down screen), as a layer's z rotation does.
    vec2 turned = vec2(local.x * c - local.y * s, local.x * s + local.y * c);
    float z = u_layer[0].w > 0.5 ? p.position.z : 0.0;
    gl_Position = u_mvp * vec4(p.position.xy + turned, z, 1.0);
    v_uv = u_contentsRect.xy + corner * u_contentsRect.zw;
    v_color = p.color;
}
