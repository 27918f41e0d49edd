import StrataCore

/// The spring of `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:…)`. UIKit does
/// not document how it makes one from a duration and a damping ratio; Strata's choice: mass 1, the given
/// damping ratio ζ (clamped to 0.01…), and the stiffness for which the spring settles exactly in the given
/// duration (CASpringAnimation's `settlingDuration`: within 0.1 % of the distance), so the motion comes
/// to rest as the animation ends, with no jump. `initialSpringVelocity` is in whole distances per second,
/// as in UIKit and CASpringAnimation. For seed 003's D20 (5 s, ζ 0.1, velocity 1): stiffness ≈ 190.9, damping ≈ 2.76,
/// first overshoot ≈ 73 % of the distance.
struct UIViewSpring: Equatable {
    let mass: CGFloat
    let stiffness: CGFloat
    let damping: CGFloat
    let initialVelocity: CGFloat

    init(duration: TimeInterval, dampingRatio: CGFloat, velocity: CGFloat) {
        let zeta = max(0.01, Double(dampingRatio.isFinite ? dampingRatio : 1))
        let v0 = Double(velocity.isFinite ? velocity : 0)
        let target = max(duration, 0.001)
        func settling(_ w0: Double) -> Double {
            Spring(mass: 1, stiffness: w0 * w0, damping: 2 * zeta * w0, initialVelocity: v0).settlingDuration
        }
        // Settling time falls as the natural frequency rises: bisect ω₀ on a log scale.
        var lo = 1e-3, hi = 1e4
        for _ in 0..<200 {
            let mid = (lo * hi).squareRoot()
            if settling(mid) > target { lo = mid } else { hi = mid }
        }
        let w0 = hi
        mass = 1
        stiffness = CGFloat(w0 * w0)
        damping = CGFloat(2 * zeta * w0)
        initialVelocity = CGFloat(v0)
    }
}
