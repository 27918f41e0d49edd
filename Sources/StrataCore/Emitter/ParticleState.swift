import Foundation

/// The values of one particle fixed at its birth, from which its state at any time is a closed form. Layer
/// multipliers are already applied (lifetime, speed, spin; the scale multiplier is kept apart because it
/// applies after the scale speed).
public struct ParticleTraits: Equatable, Sendable {
    /// The cell's depth-first id (`EmitterModel.flattenedCells`).
    public var cellID: UInt32
    /// Index in its stream: the birth index for a top-level cell, j for the j-th sub-particle of its parent.
    public var index: UInt32
    /// Its random key (`ParticleRandom.key`).
    public var key: UInt32
    /// Birth time, in the layer's local time.
    public var birthTime: Double
    public var lifetime: Double
    /// Spawn point in the layer's coordinates.
    public var origin: ParticleVector
    /// Velocity at birth, points per second.
    public var velocity: ParticleVector
    public var acceleration: ParticleVector
    /// Scale at birth before the layer's scale multiplier, and its change per second.
    public var scale: Double
    public var scaleSpeed: Double
    /// The layer's scale multiplier.
    public var layerScale: Double
    /// Rotation speed, radians per second.
    public var spinRate: Double
    /// Colour at birth (red, green, blue, alpha; unclamped) and each channel's change per second.
    public var color: [Double]
    public var colorSpeed: [Double]

    @inlinable public func position(atAge age: Double) -> ParticleVector {
        origin + age * velocity + (0.5 * age * age) * acceleration
    }

    @inlinable public func velocity(atAge age: Double) -> ParticleVector { velocity + age * acceleration }

    /// The particle at layer time `time`; nil unless 0 ≤ age < lifetime.
    public func state(at time: Double) -> ParticleState? {
        let age = time - birthTime
        guard age >= 0, age < lifetime else { return nil }
        func channel(_ i: Int) -> CGFloat { CGFloat(min(1, max(0, color[i] + colorSpeed[i] * age))) }
        return ParticleState(
            cellID: cellID, index: index, key: key, birthTime: birthTime, age: age, lifetime: lifetime,
            position: position(atAge: age), velocity: velocity(atAge: age),
            scale: max(0, (scale + scaleSpeed * age) * layerScale), spin: spinRate * age,
            color: Color(red: channel(0), green: channel(1), blue: channel(2), alpha: channel(3)))
    }
}

/// One live particle at one time: what a renderer draws.
public struct ParticleState: Equatable, Sendable {
    public var cellID: UInt32
    public var index: UInt32
    public var key: UInt32
    public var birthTime: Double
    public var age: Double
    public var lifetime: Double
    /// In the layer's coordinates (z toward the viewer).
    public var position: ParticleVector
    public var velocity: ParticleVector
    /// Size multiplier of the contents (≥ 0).
    public var scale: Double
    /// Rotation about z, radians.
    public var spin: Double
    /// Tint, each channel in [0, 1].
    public var color: Color
}
