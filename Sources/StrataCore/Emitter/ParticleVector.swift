import Foundation

/// A point or direction in the emitter layer's 3D space (x right, y down as the layer's, z toward the viewer).
public struct ParticleVector: Hashable, Sendable {
    public var x: Double, y: Double, z: Double

    @inlinable public init(_ x: Double, _ y: Double, _ z: Double) { self.x = x; self.y = y; self.z = z }

    public static let zero = ParticleVector(0, 0, 0)

    @inlinable public static func + (a: ParticleVector, b: ParticleVector) -> ParticleVector {
        ParticleVector(a.x + b.x, a.y + b.y, a.z + b.z)
    }
    @inlinable public static func - (a: ParticleVector, b: ParticleVector) -> ParticleVector {
        ParticleVector(a.x - b.x, a.y - b.y, a.z - b.z)
    }
    @inlinable public static func * (s: Double, v: ParticleVector) -> ParticleVector {
        ParticleVector(s * v.x, s * v.y, s * v.z)
    }

    @inlinable public func dot(_ o: ParticleVector) -> Double { x * o.x + y * o.y + z * o.z }
    @inlinable public var length: Double { dot(self).squareRoot() }
}
