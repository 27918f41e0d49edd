// One particle of an emitter cell (any generation) as a pure function of the layer's and the cell's values, its
// index and its age: the GLSL ES 3.00 port of StrataCore's ParticleEvaluator, ParticleRandom and
// EmitterShapes (docs/emitter.md; ParticleGPUTests checks it against them). Shared by particle.vert (the
// drawn quads) and particle_eval.vert (read back by transform feedback), so both compute the same thing.
//
// Uniforms (EmitterDraw's `ParticleUniforms` fills them):
//   u_ids      seed, cell id, the number of runs in the draw (≤ RUNS_PER_DRAW), shape + 256 × mode
//   u_layer[0] emitterPosition x, y, emitterZPosition, preservesDepth (0 or 1)
//   u_layer[1] emitterSize width, height, emitterDepth, 0
//   u_layer[2] the layer's lifetime, velocity, scale and spin multipliers
//   u_cell[0]  lifetime, lifetimeRange, velocity, velocityRange
//   u_cell[1]  emissionLongitude, emissionLatitude, emissionRange, spinRange
//   u_cell[2]  x, y, zAcceleration, 0
//   u_cell[3]  scale, scaleRange, scaleSpeed, spin
//   u_cell[4]  colour (straight), u_cell[5] its ranges, u_cell[6] its speeds
//   u_runIds[r] x: run r's first index, y: its first offset among the draw's top-level particles
//   u_runs[r]   x: age of run r's first particle (frame time − its birth, formed in double on the CPU:
//              absolute layer times would lose float precision), y: its rate (particles per second)
// A draw covers up to RUNS_PER_DRAW runs of births (an animated rate makes one per frame it changes): its
// top-level particle `offset` is in the last run starting at or before it.
// A sub-cell's draw (over its top-level ancestor's run, `levels` = 1…3 generations below it) adds, per
// level l = 0…levels − 1 (l = 0 the top-level cell's sub-cell, the last the drawn cell itself):
//   u_sub[7l…7l+6] the level's cell values, laid out as u_cell
//   u_subWindow[l] its emission window in its parent's age (lower, upper; upper may be infinite), its rate,
//                  its horizon
//   u_subIds[l]    x: its cell id, y: slots per particle of the level above; u_subIds[0].z: levels (0 in a
//                  top-level cell's draw)
// Arrays indexed by level rather than one block per level: the chain is walked by one loop, and a shallower
// chain leaves the deeper entries unread.
precision highp float;
precision highp int;

#include "particle_layout.glsl"
uniform highp uvec4 u_ids;
uniform highp uvec4 u_runIds[RUNS_PER_DRAW];
uniform highp vec4 u_runs[RUNS_PER_DRAW];
uniform highp vec4 u_layer[3];
uniform highp vec4 u_cell[7];
uniform highp vec4 u_sub[21];
uniform highp vec4 u_subWindow[3];
uniform highp uvec4 u_subIds[3];

const float PARTICLE_PI = 3.141592653589793;
const float PARTICLE_TAU = 6.283185307179586;

// ParticleDraw: which random number drives which quantity.
const uint DRAW_LIFETIME = 0u;
const uint DRAW_SPEED = 1u;
const uint DRAW_CONE_COSINE = 2u;
const uint DRAW_CONE_PHASE = 3u;
const uint DRAW_SCALE = 4u;
const uint DRAW_SPIN = 5u;
const uint DRAW_RED = 6u;
const uint DRAW_SPAWN0 = 10u;

// The PCG hash (Jarkko & Olano 2020); uint arithmetic wraps modulo 2³² as the CPU's &* and &+ do.
uint pcgHash(uint v) {
    uint state = v * 747796405u + 2891336453u;
    uint word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
    return (word >> 22u) ^ word;
}

uint particleKey(uint seed, uint cellID, uint index, uint parentKey) {
    return pcgHash(pcgHash(pcgHash(pcgHash(seed) ^ cellID) ^ index) ^ parentKey);
}

// 24 random bits: exact in float, as on the CPU.
float particleUniform(uint key, uint draw) {
    return float(pcgHash(key ^ draw) >> 8u) * (1.0 / 16777216.0);
}

// mid ± range, uniform in [mid − range, mid + range].
float particleSpread(float mid, float range, uint key, uint draw) {
    return mid + range * (2.0 * particleUniform(key, draw) - 1.0);
}

// The offset from the emitter's centre on a line (along x), rectangle or cuboid.
vec3 spawnBox(uint shape, uint mode, vec3 size, vec3 u) {
    float w = size.x, h = size.y, d = size.z;
    if (shape == 1u) {
        if (mode <= 1u) return vec3(u.x < 0.5 ? -w / 2.0 : w / 2.0, 0.0, 0.0);
        return vec3((u.x - 0.5) * w, 0.0, 0.0);
    }
    if (shape == 2u) {
        if (mode == 0u) {
            int c = min(3, int(u.x * 4.0));
            return vec3((c & 1) == 0 ? -w / 2.0 : w / 2.0, (c & 2) == 0 ? -h / 2.0 : h / 2.0, 0.0);
        }
        if (mode == 1u) {
            // The perimeter clockwise from the top-left corner: top, right, bottom, left.
            float s = u.x * 2.0 * (w + h);
            if (s < w) return vec3(s - w / 2.0, -h / 2.0, 0.0);
            if (s < w + h) return vec3(w / 2.0, s - w - h / 2.0, 0.0);
            if (s < 2.0 * w + h) return vec3(w / 2.0 - (s - w - h), h / 2.0, 0.0);
            return vec3(-w / 2.0, h / 2.0 - (s - 2.0 * w - h), 0.0);
        }
        return vec3((u.x - 0.5) * w, (u.y - 0.5) * h, 0.0);
    }
    if (mode == 0u) {
        int c = min(7, int(u.x * 8.0));
        return vec3((c & 1) == 0 ? -w / 2.0 : w / 2.0, (c & 2) == 0 ? -h / 2.0 : h / 2.0, (c & 4) == 0 ? -d / 2.0 : d / 2.0);
    }
    if (mode == 1u) {
        // 12 edges in three groups of parallel edges; the edge of the group by ⌊4·u1⌋.
        float s = u.x * (w + h + d);
        int e = min(3, int(u.y * 4.0));
        float a = (e & 1) == 0 ? -0.5 : 0.5, b = (e & 2) == 0 ? -0.5 : 0.5;
        if (s < w) return vec3(s - w / 2.0, a * h, b * d);
        if (s < w + h) return vec3(a * w, s - w - h / 2.0, b * d);
        return vec3(a * w, b * h, s - w - h - d / 2.0);
    }
    if (mode == 2u) {
        // Six faces by area, in the order z−, z+, x−, x+, y−, y+.
        float xy = w * h, yz = h * d, xz = w * d;
        float s = u.x * 2.0 * (xy + yz + xz);
        if (s < 2.0 * xy) return vec3((u.y - 0.5) * w, (u.z - 0.5) * h, s < xy ? -d / 2.0 : d / 2.0);
        if (s < 2.0 * (xy + yz)) return vec3(s - 2.0 * xy < yz ? -w / 2.0 : w / 2.0, (u.y - 0.5) * h, (u.z - 0.5) * d);
        return vec3((u.y - 0.5) * w, s - 2.0 * (xy + yz) < xz ? -h / 2.0 : h / 2.0, (u.z - 0.5) * d);
    }
    return vec3((u.x - 0.5) * w, (u.y - 0.5) * h, (u.z - 0.5) * d);
}

// The offset from the centre on a circle or sphere of radius r.
vec3 spawnRound(uint shape, uint mode, float r, vec3 u) {
    if (mode == 0u) return vec3(0.0);
    if (shape == 4u) {
        if (mode == 1u) return vec3(r * cos(PARTICLE_TAU * u.x), r * sin(PARTICLE_TAU * u.x), 0.0);
        float rho = r * sqrt(u.x);
        return vec3(rho * cos(PARTICLE_TAU * u.y), rho * sin(PARTICLE_TAU * u.y), 0.0);
    }
    // ρ = √(1 − z²) written as 2√(u0(1 − u0)): no cancellation near the poles.
    float z = 1.0 - 2.0 * u.x, rho = 2.0 * sqrt(max(0.0, u.x * (1.0 - u.x)));
    vec3 onSphere = vec3(rho * cos(PARTICLE_TAU * u.y), rho * sin(PARTICLE_TAU * u.y), z);
    return (mode == 3u ? r * pow(u.z, 1.0 / 3.0) : r) * onSphere;
}

// EmitterShapes.spawnPoint: shape 0 point, 1 line, 2 rectangle, 3 cuboid, 4 circle, 5 sphere; mode 0
// points, 1 outline, 2 surface, 3 volume.
vec3 spawnPoint(uint shape, uint mode, vec3 centre, vec3 size, uint key) {
    vec3 u = vec3(particleUniform(key, DRAW_SPAWN0), particleUniform(key, DRAW_SPAWN0 + 1u), particleUniform(key, DRAW_SPAWN0 + 2u));
    if (shape == 0u) return centre;
    if (shape <= 3u) return centre + spawnBox(shape, mode, size, u);
    return centre + spawnRound(shape, mode, size.x / 2.0, u);
}

// A direction uniform over the cap of half-angle min(range, π) about the axis (longitude, latitude), with
// 1 − cos θ = u · 2 sin²(R/2) and sin θ = √(k(2 − k)): exact for narrow cones in float.
vec3 emissionDirection(float lon, float lat, float range, uint key) {
    vec3 axis = vec3(cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat));
    vec3 e1 = vec3(-sin(lon), cos(lon), 0.0);
    vec3 e2 = vec3(-sin(lat) * cos(lon), -sin(lat) * sin(lon), cos(lat));
    float half_ = sin(min(range, PARTICLE_PI) / 2.0);
    float k = particleUniform(key, DRAW_CONE_COSINE) * 2.0 * half_ * half_;
    float cosT = 1.0 - k, sinT = sqrt(max(0.0, k * (2.0 - k)));
    float phi = PARTICLE_TAU * particleUniform(key, DRAW_CONE_PHASE);
    return cosT * axis + (sinT * cos(phi)) * e1 + (sinT * sin(phi)) * e2;
}

// `d` turned by the rotation taking +x to the heading: by its latitude about y, then its longitude about z
// (ParticleEvaluator.turn); a zero heading leaves it.
vec3 turnToward(vec3 d, vec3 heading) {
    float flat_ = sqrt(heading.x * heading.x + heading.y * heading.y);
    if (!(flat_ > 0.0 || heading.z != 0.0)) return d;
    float lon = atan(heading.y, heading.x), lat = atan(heading.z, flat_);
    float x1 = d.x * cos(lat) - d.z * sin(lat), z1 = d.x * sin(lat) + d.z * cos(lat);
    return vec3(x1 * cos(lon) - d.y * sin(lon), x1 * sin(lon) + d.y * cos(lon), z1);
}

// What a particle fixes at birth (ParticleTraits), the layer's multipliers applied.
struct Traits {
    uint key;
    float lifetime;
    vec3 origin;
    vec3 velocity;
    vec3 acceleration;
};

struct Particle {
    bool alive;
    float age;
    float lifetime;
    vec3 position;
    float scale;
    float spin;
    vec4 color;   // straight, each channel clamped to 0…1
};

// The traits of the particle with `key` of the cell whose values are `cell` (laid out as u_cell), born at
// `origin`; a sub-particle's direction is turned toward its parent's `heading`.
Traits particleTraits(vec4 cell[7], uint key, vec3 origin, bool turned, vec3 heading) {
    Traits t;
    t.key = key;
    t.lifetime = particleSpread(cell[0].x, cell[0].y, key, DRAW_LIFETIME) * u_layer[2].x;
    float speed = particleSpread(cell[0].z, cell[0].w, key, DRAW_SPEED) * u_layer[2].y;
    vec3 direction = emissionDirection(cell[1].x, cell[1].y, cell[1].z, key);
    t.velocity = speed * (turned ? turnToward(direction, heading) : direction);
    t.origin = origin;
    t.acceleration = cell[2].xyz;
    return t;
}

// The particle at `age` (ParticleTraits.state); alive iff 0 ≤ age < lifetime.
Particle particleAt(vec4 cell[7], Traits t, float age) {
    Particle p;
    uint key = t.key;
    vec4 c1 = cell[1], c3 = cell[3], multipliers = u_layer[2];
    p.age = age;
    p.lifetime = t.lifetime;
    p.alive = age >= 0.0 && age < t.lifetime;
    p.position = t.origin + t.velocity * age + (0.5 * age * age) * t.acceleration;
    p.scale = max(0.0, (particleSpread(c3.x, c3.y, key, DRAW_SCALE) + c3.z * age) * multipliers.z);
    p.spin = particleSpread(c3.w, c1.w, key, DRAW_SPIN) * multipliers.w * age;
    vec4 color;
    for (int i = 0; i < 4; i++) {
        color[i] = particleSpread(cell[4][i], cell[5][i], key, DRAW_RED + uint(i)) + cell[6][i] * age;
    }
    p.color = clamp(color, 0.0, 1.0);
    return p;
}

// The traits of the draw's top-level particle `offset` and its age: in run r (the last starting at or before
// it), index u_runIds[r].x + its offset in the run (wrapping), aged the run's first age minus that / rate.
Traits runParticle(uint offset, out float age) {
    int r = 0;
    for (int i = 1; i < RUNS_PER_DRAW; i++) {
        if (uint(i) < u_ids.z && u_runIds[i].y <= offset) r = i;
    }
    uint local = offset - u_runIds[r].y;
    uint key = particleKey(u_ids.x, u_ids.y, u_runIds[r].x + local, 0u);
    age = u_runs[r].x - float(local) / u_runs[r].y;
    uint shape = u_ids.w & 255u, mode = u_ids.w >> 8u;
    return particleTraits(u_cell, key, spawnPoint(shape, mode, u_layer[0].xyz, u_layer[1].xyz, key), false, vec3(0.0));
}

Particle deadParticle() {
    Particle p;
    p.alive = false; p.age = 0.0; p.lifetime = 0.0; p.position = vec3(0.0);
    p.scale = 0.0; p.spin = 0.0; p.color = vec4(0.0);
    return p;
}

// The values of sub-level `level` (u_sub[7·level…]).
void subCell(int level, out vec4 cell[7]) {
    for (int i = 0; i < 7; i++) cell[i] = u_sub[level * 7 + i];
}

// Slot `slot` of sub-level `level` under the particle `parent` aged `parentAge`: sub-particle j = lo + slot,
// lo the first of the parent's candidates (ParticleEvaluator.subCandidates: born at parent ages in
// (age − horizon, age], widened by one below). False where the slot holds no sub-particle; else its traits,
// its age and j.
bool subTraits(int level, Traits parent, float parentAge, uint slot, out Traits child, out float age, out float j) {
    vec4 w = u_subWindow[level];
    // The window [lower, upper) in the parent's age, clipped to its life.
    float lower = max(0.0, w.x), upper = min(w.y, parent.lifetime), rate = w.z;
    if (!(rate > 0.0 && lower < upper)) return false;
    float hi = min(ceil((upper - lower) * rate) - 1.0, floor((parentAge - lower) * rate));
    float lo = max(0.0, floor((parentAge - w.w - lower) * rate));
    float candidate = lo + float(slot);
    float birthAge = lower + candidate / rate;
    if (candidate > hi || !(birthAge < upper)) return false;
    j = candidate;
    uint key = particleKey(u_ids.x, u_subIds[level].x, uint(candidate), parent.key);
    vec3 origin = parent.origin + parent.velocity * birthAge + (0.5 * birthAge * birthAge) * parent.acceleration;
    vec3 heading = parent.velocity + parent.acceleration * birthAge;
    vec4 cell[7];
    subCell(level, cell);
    child = particleTraits(cell, key, origin, true, heading);
    age = parentAge - birthAge;
    return true;
}

// Instance `instance` of a draw over a run of top-level particles. For a top-level cell (u_subIds[0].z = 0)
// it is the particle's offset in the run. For a cell `levels` generations below, it is read in mixed radix
// (top-level offset, slot₁, …, slot_levels), slot_l < u_subIds[l − 1].y: the chain is evaluated parent by
// parent, each ancestor from its own values. `j` is the particle's index in its stream (a top-level one's
// offset), −1 where a slot of the chain holds no particle (then it is not alive); `key` its random key.
Particle chainParticle(uint instance, out float j, out uint key) {
    uint levels = min(u_subIds[0].z, 3u), perParent = 1u;
    for (int l = 0; l < 3; l++) {
        if (uint(l) < levels) perParent *= max(u_subIds[l].y, 1u);
    }
    float age;
    Traits t = runParticle(instance / perParent, age);
    j = float(instance / perParent);
    uint rest = instance % perParent, radix = perParent;
    vec4 cell[7] = u_cell;
    for (int l = 0; l < 3; l++) {
        if (uint(l) >= levels) break;
        radix /= max(u_subIds[l].y, 1u);
        uint slot = rest / radix;
        rest %= radix;
        Traits child;
        float childAge;
        if (!subTraits(l, t, age, slot, child, childAge, j)) {
            j = -1.0;
            key = 0u;
            return deadParticle();
        }
        t = child;
        age = childAge;
        subCell(l, cell);
    }
    key = t.key;
    return particleAt(cell, t, age);
}
