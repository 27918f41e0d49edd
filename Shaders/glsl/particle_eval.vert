#version 300 es
// Evaluates one particle of a run per vertex (gl_VertexID: its offset, or a sub-cell draw's instance, as particle.vert's) into transform feedback: what
// particle.vert draws, read back by ParticleGPUEvaluator to check it against ParticleEvaluator.
#include "particle.glsl"
out highp vec4 v_position;  // xyz, w: 1 when alive
out highp vec4 v_state;     // age, lifetime, scale, spin
out highp vec4 v_color;
out highp vec4 v_index;     // x: a sub-particle's j (−1: none in this slot), a top-level particle's offset;
                            // y, z: its key's high and low 16 bits (exact in float)

void main() {
    float j;
    uint key;
    Particle p = chainParticle(uint(gl_VertexID), j, key);
    v_position = vec4(p.position, p.alive ? 1.0 : 0.0);
    v_state = vec4(p.age, p.lifetime, p.scale, p.spin);
    v_color = p.color;
    v_index = vec4(j, float(key >> 16u), float(key & 65535u), 0.0);
    gl_Position = vec4(0.0);
}
