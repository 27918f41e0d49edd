import Foundation
import Strata
import Testing

/// Independent reference: integrates m·x'' + c·x' + k·x = 0 with classical RK4 (x(0) = 1, x'(0) = −v0),
/// step 1e-4 s (global error far below 1e-9 at these frequencies).
enum ReferenceSpring {
    static func displacement(mass m: Double, stiffness k: Double, damping c: Double, velocity v0: Double, at t: Double) -> Double {
        var x = 1.0, v = -v0
        let steps = max(1, Int((t / 1e-4).rounded(.up)))
        let h = t / Double(steps)
        func a(_ x: Double, _ v: Double) -> Double { (-k * x - c * v) / m }
        for _ in 0..<steps {
            let k1x = v, k1v = a(x, v)
            let k2x = v + h / 2 * k1v, k2v = a(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v, k3v = a(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v, k4v = a(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return x
    }
}

/// CASpringAnimation through `strata sample` (closed forms against the integrated reference to 1e-6).
@Suite struct SpringSampleTests {
    struct Regime: Sendable, CustomStringConvertible {
        let name: String, mass: Double, stiffness: Double, damping: Double, velocity: Double
        var description: String { name }
    }

    static let regimes = [
        Regime(name: "under-damped ζ = 0.5", mass: 1, stiffness: 100, damping: 10, velocity: 0),
        Regime(name: "under-damped ζ = 0.1, moving", mass: 2, stiffness: 50, damping: 2, velocity: 3),
        Regime(name: "critically damped ζ = 1", mass: 1, stiffness: 100, damping: 20, velocity: 2),
        Regime(name: "over-damped ζ = 2", mass: 1, stiffness: 100, damping: 40, velocity: -1),
    ]

    @Test(arguments: regimes) func sampledValuesFollowTheSpring(_ r: Regime) throws {
        let times = [0.5, 0.55, 0.6, 0.75, 0.9, 1.2, 1.7, 2.5, 3.4]
        let r2 = try SceneSample.run("""
        {"strata":1,"layers":[{"id":"s","position":[0,0],"animations":{"bounce":{"type":"spring","keyPath":"position.x",
          "fromValue":20,"toValue":120,"duration":3,"beginTime":0.5,"mass":\(r.mass),"stiffness":\(r.stiffness),
          "damping":\(r.damping),"initialVelocity":\(r.velocity)}}}]}
        """, layer: "s", key: "position.x", times: times)
        #expect(r2.status == 0, "\(r2.output)")
        let samples = r2.samples
        #expect(samples.count == times.count)
        for (t, sample) in zip(times, samples) {
            let x = ReferenceSpring.displacement(mass: r.mass, stiffness: r.stiffness, damping: r.damping, velocity: r.velocity, at: t - 0.5)
            let expected = 20 + 100 * (1 - x)
            let value = try #require(sample["value"] as? Double)
            #expect(abs(value - expected) < 1e-6, "\(r) t=\(t): \(value) vs \(expected)")
        }
    }

    @Test(arguments: regimes) func settlingDurationIsWhereItStaysWithinATenthOfAPercent(_ r: Regime) {
        let anim = CASpringAnimation(keyPath: "position.x")
        anim.mass = r.mass; anim.stiffness = r.stiffness; anim.damping = r.damping; anim.initialVelocity = r.velocity
        let settle = anim.settlingDuration
        #expect(settle > 0 && settle.isFinite)
        for i in 0...40 {
            let t = settle + Double(i) * 0.05
            let x = ReferenceSpring.displacement(mass: r.mass, stiffness: r.stiffness, damping: r.damping, velocity: r.velocity, at: t)
            #expect(abs(x) <= 0.001 + 1e-9, "\(r): |x(\(t))| = \(abs(x))")
        }
    }

    /// Under-damped, the estimate is the envelope's 0.1 % time: a bound, not the last crossing (the issue's
    /// spring: 1.41 s, where |x| last reaches 0.001 at 1.27 s), and near Apple's documented examples.
    /// Critically and over-damped it is the earliest time: just before it, |x| is still above 0.001.
    @Test func settlingDurationIsTheEnvelopesBoundWhenUnderDamped() {
        let spring = CASpringAnimation(keyPath: "position.x")
        let bound = log((4.0 / 3).squareRoot() / 0.001) / 5
        #expect(abs(spring.settlingDuration - bound) < 1e-12, "\(spring.settlingDuration)")
        #expect(abs(spring.settlingDuration - 1.4103) < 1e-4)
        // The last time |x| reaches 0.001, found on the integrated reference in 1 ms steps.
        let lastCrossing = stride(from: 2.0, to: 0, by: -0.001).first {
            abs(ReferenceSpring.displacement(mass: 1, stiffness: 100, damping: 10, velocity: 0, at: $0)) > 0.001
        } ?? 0
        #expect(abs(lastCrossing - 1.27) < 0.01, "\(lastCrossing)")
        // Apple: damping 5 "approximately 2.85 seconds", damping 15 "just over 1 second".
        spring.damping = 5
        #expect(abs(spring.settlingDuration - 2.85) < 0.1, "\(spring.settlingDuration)")
        spring.damping = 15
        #expect(abs(spring.settlingDuration - 1) < 0.05, "\(spring.settlingDuration)")
        for damping in [20.0, 40] {
            spring.damping = damping
            let t = spring.settlingDuration
            #expect(abs(ReferenceSpring.displacement(mass: 1, stiffness: 100, damping: damping, velocity: 0, at: t - 0.001)) > 0.001)
        }
    }

    @Test func anUndampedSpringNeverSettles() {
        let anim = CASpringAnimation(keyPath: "opacity")
        anim.damping = 0
        #expect(anim.settlingDuration == .infinity)
    }
}
