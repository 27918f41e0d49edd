import Foundation

/// A damped harmonic oscillator pulling a value from its start to its end (CASpringAnimation).
/// Displacement from the end, as a fraction of the distance, is x(0) = 1 with x'(0) = −initialVelocity
/// (1 = the whole distance per second, towards the end), and m·x'' + c·x' + k·x = 0. Solved exactly:
/// under-damped (ζ < 1), critically damped (ζ = 1) and over-damped (ζ > 1) closed forms.
public struct Spring: Hashable, Sendable {
    public var mass: Double
    public var stiffness: Double
    public var damping: Double
    public var initialVelocity: Double

    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
        self.mass = mass; self.stiffness = stiffness; self.damping = damping; self.initialVelocity = initialVelocity
    }

    /// Natural angular frequency ω₀ = √(k/m).
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// Damping ratio ζ = c / (2√(k·m)).
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// Displacement from the end at time `t` seconds (1 at t = 0, 0 at rest).
    public func displacement(at t: Double) -> Double {
        let w0 = naturalFrequency, zeta = dampingRatio, v0 = initialVelocity
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (zeta * w0 - v0) / wd
            return exp(-zeta * w0 * t) * (cos(wd * t) + b * sin(wd * t))
        }
        if zeta == 1 {
            return exp(-w0 * t) * (1 + (w0 - v0) * t)
        }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
        let c2 = (-v0 - r1) / (r2 - r1)
        return (1 - c2) * exp(r1 * t) + c2 * exp(r2 * t)
    }

    /// Progress from start (0) to end (1) at time `t`; overshoots past 1 when under-damped.
    public func progress(at t: Double) -> Double { 1 - displacement(at: t) }

    /// Strata's estimate of when the spring is at rest: a time after which the displacement stays within
    /// 0.1 % of the distance (Apple does not document its own estimate). Under-damped, where the envelope
    /// of the oscillation falls to 0.1 %: a bound, reached by the last swing somewhat earlier (1.41 s for
    /// mass 1, stiffness 100, damping 10, whose last crossing is at 1.27 s), and near Apple's documented
    /// figures (damping 5: 2.78 s, Apple's "approximately 2.85"). Critically and over-damped, the earliest
    /// such time.
    public var settlingDuration: Double {
        let epsilon = 0.001
        let w0 = naturalFrequency, zeta = dampingRatio
        if zeta < 1 {
            // The envelope e^(−ζω₀t)·√(1 + b²) bounds |x|; solve envelope = ε. Exact for ζ = 0 being infinite.
            guard zeta > 0 else { return .infinity }
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (zeta * w0 - initialVelocity) / wd
            return max(0, log((1 + b * b).squareRoot() / epsilon) / (zeta * w0))
        }
        // Critically and over-damped: |x| decays monotonically after at most one extremum. Step out until
        // it stays below ε, then bisect the last crossing.
        var hi = 1 / w0
        while abs(displacement(at: hi)) > epsilon || abs(displacement(at: hi * 2)) > epsilon { hi *= 2 }
        var lo = 0.0
        for _ in 0..<100 {
            let mid = (lo + hi) / 2
            if abs(displacement(at: mid)) > epsilon { lo = mid } else { hi = mid }
        }
        return hi
    }

    /// Checks the parameters Core Animation requires (mass, stiffness > 0; damping ≥ 0; all finite).
    public func validate() throws {
        guard mass > 0, mass.isFinite else { throw StrataError.invalidValue(key: "mass", expected: "a finite number > 0") }
        guard stiffness > 0, stiffness.isFinite else { throw StrataError.invalidValue(key: "stiffness", expected: "a finite number > 0") }
        guard damping >= 0, damping.isFinite else { throw StrataError.invalidValue(key: "damping", expected: "a finite number ≥ 0") }
        guard initialVelocity.isFinite else { throw StrataError.invalidValue(key: "initialVelocity", expected: "a finite number") }
    }
}
