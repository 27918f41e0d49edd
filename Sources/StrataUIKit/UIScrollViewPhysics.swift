import Foundation

/// A scroll view's motion as plain functions of time, one axis at a time (UIScrollView's deceleration,
/// rubber band, spring back and paging), so they can be tested exactly without a server.
///
/// Units: offsets in points, velocities in points per second, times in seconds; a deceleration rate `r` is
/// UIKit's, the fraction of the velocity left after each millisecond (`.normal` 0.998, `.fast` 0.99).
enum ScrollPhysics {
    /// UIKit's rubber-band constant.
    static let rubberBandConstant: CGFloat = 0.55
    /// The spring that brings an offset past an edge back to it (and carries a paged scroll to its page):
    /// critically damped, mass 1, stiffness 100 (ω = 10/s). **Choice**: UIKit does not publish its own.
    static let springStiffness: Double = 100
    /// A motion ends once it is this close to where it rests (points): far below a pixel.
    static let restThreshold: Double = 0.05

    // MARK: deceleration

    /// How far a scroll released at `velocity` has moved `t` seconds later: the velocity falls by the
    /// factor `rate` each millisecond, v(t) = v0·r^(1000t), so x(t) = v0·(r^(1000t) − 1)/(1000·ln r).
    static func decelerationOffset(velocity v0: Double, rate r: Double, time t: Double) -> Double {
        v0 * (pow(r, 1000 * t) - 1) / (1000 * log(r))
    }

    /// The velocity `t` seconds after release.
    static func decelerationVelocity(velocity v0: Double, rate r: Double, time t: Double) -> Double {
        v0 * pow(r, 1000 * t)
    }

    /// Where the deceleration comes to rest, relative to the release point: −v0/(1000·ln r).
    static func decelerationDistance(velocity v0: Double, rate r: Double) -> Double {
        -v0 / (1000 * log(r))
    }

    /// The time it takes to come within `restThreshold` of its rest (0 when already within it).
    static func decelerationDuration(velocity v0: Double, rate r: Double) -> Double {
        let distance = abs(decelerationDistance(velocity: v0, rate: r))
        guard distance > restThreshold else { return 0 }
        return log(restThreshold / distance) / (1000 * log(r))
    }

    /// The time at which the deceleration has moved `distance` (same sign as v0), or nil if it never does.
    static func decelerationTime(toReach distance: Double, velocity v0: Double, rate r: Double) -> Double? {
        let total = decelerationDistance(velocity: v0, rate: r)
        guard distance * total > 0 || distance == 0, abs(distance) < abs(total) else { return nil }
        // r^(1000t) = 1 − distance/total
        return log(1 - distance / total) / (1000 * log(r))
    }

    // MARK: rubber band

    /// How far past an edge the content shows when the finger has dragged it `x` points past it, in a view
    /// `dimension` points long: UIKit's (1 − 1/(x·c/d + 1))·d with c = 0.55 (symmetric for negative x).
    static func rubberBand(_ x: Double, dimension d: Double, constant c: Double = Double(rubberBandConstant)) -> Double {
        guard d > 0 else { return 0 }
        let magnitude = (1 - 1 / (abs(x) * c / d + 1)) * d
        return x < 0 ? -magnitude : magnitude
    }

    /// The finger's overshoot that shows `shown` points past the edge (the rubber band's inverse).
    static func rubberBandInverse(_ shown: Double, dimension d: Double, constant c: Double = Double(rubberBandConstant)) -> Double {
        guard d > 0, abs(shown) < d else { return 0 }
        let magnitude = d * d / (c * (d - abs(shown))) - d / c
        return shown < 0 ? -magnitude : magnitude
    }

    // MARK: spring

    /// The critically damped spring's displacement from rest `t` seconds after it starts at `x0` with
    /// velocity `v0`: (x0 + (v0 + ω·x0)·t)·e^(−ωt).
    static func springDisplacement(from x0: Double, velocity v0: Double, time t: Double) -> Double {
        let w = springStiffness.squareRoot()
        return (x0 + (v0 + w * x0) * t) * exp(-w * t)
    }

    /// How long the spring takes to stay within `restThreshold` of rest: the time after which the envelope
    /// (|x0| + |v0 + ω·x0|·t)·e^(−ωt) is below it (found by stepping, then bisecting).
    static func springDuration(from x0: Double, velocity v0: Double) -> Double {
        let w = springStiffness.squareRoot()
        func envelope(_ t: Double) -> Double { (abs(x0) + abs(v0 + w * x0) * t) * exp(-w * t) }
        guard envelope(0) > restThreshold || abs(v0) > restThreshold else { return 0 }
        var lo = 0.0, hi = 0.05
        while envelope(hi) > restThreshold { lo = hi; hi *= 2 }
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if envelope(mid) > restThreshold { lo = mid } else { hi = mid }
        }
        return hi
    }

    // MARK: paging

    /// The page a paged scroll released at `offset` with `velocity` ends on, as an offset (a multiple of
    /// `pageSize` within `minimum…maximum`): the page nearest where the deceleration at `rate` would have
    /// taken it, but never past the pages on either side of where it is (one page per fling, as UIKit).
    /// **Choice**: UIKit does not publish its rule.
    static func pagingTarget(offset: Double, velocity: Double, pageSize: Double, rate: Double,
                             minimum: Double, maximum: Double) -> Double {
        guard pageSize > 0 else { return min(max(offset, minimum), maximum) }
        let projected = offset + decelerationDistance(velocity: velocity, rate: rate)
        let here = offset / pageSize
        // The pages on either side; from exactly on a page, its neighbours.
        var below = here.rounded(.down), above = here.rounded(.up)
        if below == above { below -= 1; above += 1 }
        var page = (projected / pageSize).rounded()
        page = min(max(page, below), above)
        let lastPage = (maximum / pageSize).rounded(.down)
        page = min(max(page, (minimum / pageSize).rounded(.up)), max(lastPage, 0))
        return min(max(page * pageSize, minimum), maximum)
    }
}
