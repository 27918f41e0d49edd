import Foundation

/// Which random number of a particle drives which quantity: the `draw` input of the hash. Fixed, so the
/// GPU evaluator and this one read the same number for the same quantity.
public enum ParticleDraw: UInt32, Sendable, CaseIterable {
    case lifetime = 0, speed, coneCosine, conePhase, scale, spin, red, green, blue, alpha
    /// The up to three numbers that place the particle on the emitter's shape (see `EmitterShapes`).
    case spawn0, spawn1, spawn2
}

/// Stateless random numbers for particles: each is a hash of who asks, so any particle's values can be
/// computed alone, in any order, on the CPU or in a shader, bit for bit the same.
///
/// A particle's key chains the hash over its identity, in this order:
///
///     key = H(H(H(H(seed) ^ cellID) ^ index) ^ parentKey)
///
/// where `seed` is the layer's seed, `cellID` the cell's depth-first id (`EmitterModel.flattenedCells`),
/// `index` the particle's index in its stream (wrapping UInt32), and `parentKey` the key of the particle that
/// emitted it (0 for a particle of a top-level cell). Chaining the parent's key rather than its index keeps
/// the particles of every generation distinct. Its numbers are
///
///     bits(draw) = H(key ^ draw)        uniform(draw) = float(bits >> 8) · 2⁻²⁴   in [0, 1)
///
/// with `draw` a `ParticleDraw`. H is the PCG hash (Jarkko & Olano 2020); in GLSL ES 3.00:
///
///     uint pcgHash(uint v) {
///         uint state = v * 747796405u + 2891336453u;
///         uint word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
///         return (word >> 22u) ^ word;
///     }
///     float uniform01(uint key, uint draw) { return float(pcgHash(key ^ draw) >> 8u) * (1.0 / 16777216.0); }
///
/// (uint arithmetic wraps modulo 2³² in GLSL as `&*`, `&+` do here; 24 bits convert to float exactly.)
public enum ParticleRandom {
    /// The PCG hash of one 32-bit word.
    @inlinable public static func hash(_ v: UInt32) -> UInt32 {
        let state = v &* 747_796_405 &+ 2_891_336_453
        let word = ((state >> ((state >> 28) &+ 4)) ^ state) &* 277_803_737
        return (word >> 22) ^ word
    }

    /// The key of one particle (see the type's comment for the order).
    @inlinable public static func key(seed: UInt32, cellID: UInt32, index: UInt32, parentKey: UInt32) -> UInt32 {
        hash(hash(hash(hash(seed) ^ cellID) ^ index) ^ parentKey)
    }

    /// The raw 32 bits of one draw.
    @inlinable public static func bits(key: UInt32, draw: ParticleDraw) -> UInt32 {
        hash(key ^ draw.rawValue)
    }

    /// A uniform number in [0, 1) with 24 random bits (exactly representable as a Float).
    @inlinable public static func uniform(key: UInt32, draw: ParticleDraw) -> Float {
        Float(bits(key: key, draw: draw) >> 8) * (1.0 / 16_777_216.0)
    }

    /// `mid ± range`: uniform in [mid − range, mid + range] (Core Animation's ranges are read as the full
    /// half-width, not half of it).
    @inlinable public static func spread(_ mid: Double, _ range: Double, key: UInt32, draw: ParticleDraw) -> Double {
        mid + range * (2 * Double(uniform(key: key, draw: draw)) - 1)
    }
}
