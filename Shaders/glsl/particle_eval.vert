#version 300 es
// Evaluates one particle of a run per vertex (gl_VertexID: its offset) into transform feedback: what
// particle.vert draws, read back by ParticleGPUEvaluator to check it against ParticleEvaluator.
#include "particle.glsl"
out highp vec4 v_position;  // xyz, w: 1 when alive
out highp vec4 v_state;     // age, lifetime, scale, spin
out highp vec4 v_color;

void main() {
    Particle p = topLevelParticle(uint(gl_VertexID));
    v_position = vec4(p.position, p.alive ? 1.0 : 0.0);
    v_state = vec4(p.age, p.lifetime, p.scale, p.spin);
    v_color = p.color;
    gl_Position = vec4(0.0);
}
