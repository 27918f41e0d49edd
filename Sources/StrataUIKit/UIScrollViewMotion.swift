import Foundation

/// One axis of a scroll view's motion after the finger lifts (or after a programmatic scroll), as a
/// function of the time since it began: built from ScrollPhysics' pieces. Pure, so a whole trajectory is
/// known at release and can be handed to the render server.
struct ScrollAxisMotion: Equatable {
    enum Kind: Equatable {
        /// Stays at `at`.
        case still(at: Double)
        /// Decelerates from `start` at `velocity` and comes to rest at `start` + the deceleration distance.
        case decelerate(start: Double, velocity: Double, rate: Double)
        /// Decelerates until it reaches `edge` at `crossing` s, then either stops there (`springs` false) or
        /// runs past it and springs back with the velocity it had there.
        case decelerateToEdge(start: Double, velocity: Double, rate: Double, edge: Double, crossing: Double, springs: Bool)
        /// Springs to `rest` from `start` with `velocity`.
        case spring(rest: Double, start: Double, velocity: Double)
    }

    let kind: Kind
    /// Seconds until it rests at `final`.
    let duration: Double
    let final: Double

    init(_ kind: Kind) {
        self.kind = kind
        switch kind {
        case let .still(at):
            duration = 0; final = at
        case let .decelerate(start, velocity, rate):
            duration = ScrollPhysics.decelerationDuration(velocity: velocity, rate: rate)
            final = start + ScrollPhysics.decelerationDistance(velocity: velocity, rate: rate)
        case let .decelerateToEdge(_, velocity, rate, edge, crossing, springs):
            let atEdge = ScrollPhysics.decelerationVelocity(velocity: velocity, rate: rate, time: crossing)
            duration = crossing + (springs ? ScrollPhysics.springDuration(from: 0, velocity: atEdge) : 0)
            final = edge
        case let .spring(rest, start, velocity):
            duration = ScrollPhysics.springDuration(from: start - rest, velocity: velocity)
            final = rest
        }
    }

    /// The motion of a scroll released at `offset` with `velocity` (points per second) in content whose
    /// offsets run `minimum…maximum`: it decelerates at `rate`; past an edge it springs back when
    /// `bounces`, else stops at the edge. Released past an edge, it springs back to it.
    static func released(at offset: Double, velocity: Double, rate: Double, minimum: Double, maximum: Double,
                         bounces: Bool) -> ScrollAxisMotion {
        if offset < minimum || offset > maximum {
            let edge = offset < minimum ? minimum : maximum
            return ScrollAxisMotion(.spring(rest: edge, start: offset, velocity: bounces ? velocity : 0))
        }
        let rest = offset + ScrollPhysics.decelerationDistance(velocity: velocity, rate: rate)
        guard rest < minimum || rest > maximum else {
            return velocity == 0 ? ScrollAxisMotion(.still(at: offset)) : ScrollAxisMotion(.decelerate(start: offset, velocity: velocity, rate: rate))
        }
        let edge = rest < minimum ? minimum : maximum
        guard let crossing = ScrollPhysics.decelerationTime(toReach: edge - offset, velocity: velocity, rate: rate) else {
            return ScrollAxisMotion(.still(at: offset))
        }
        return ScrollAxisMotion(.decelerateToEdge(start: offset, velocity: velocity, rate: rate, edge: edge,
                                                  crossing: crossing, springs: bounces))
    }

    /// A deceleration at `rate` from `offset` that rests exactly at `target` (the target a delegate chose
    /// in `scrollViewWillEndDragging`): the same curve with the velocity that reaches there.
    static func decelerating(from offset: Double, to target: Double, rate: Double) -> ScrollAxisMotion {
        guard abs(target - offset) > ScrollPhysics.restThreshold else { return ScrollAxisMotion(.still(at: target)) }
        let velocity = (target - offset) * -1000 * log(rate)
        return ScrollAxisMotion(.decelerate(start: offset, velocity: velocity, rate: rate))
    }

    /// Where it is `t` seconds after it began.
    func offset(at t: Double) -> Double {
        guard t < duration else { return final }
        switch kind {
        case let .still(at):
            return at
        case let .decelerate(start, velocity, rate):
            return start + ScrollPhysics.decelerationOffset(velocity: velocity, rate: rate, time: max(t, 0))
        case let .decelerateToEdge(start, velocity, rate, edge, crossing, _):
            if t < crossing { return start + ScrollPhysics.decelerationOffset(velocity: velocity, rate: rate, time: max(t, 0)) }
            let atEdge = ScrollPhysics.decelerationVelocity(velocity: velocity, rate: rate, time: crossing)
            return edge + ScrollPhysics.springDisplacement(from: 0, velocity: atEdge, time: t - crossing)
        case let .spring(rest, start, velocity):
            return rest + ScrollPhysics.springDisplacement(from: start - rest, velocity: velocity, time: max(t, 0))
        }
    }

    /// Times where the curve has a corner (the edge crossing), which a sampled copy must keep.
    var corners: [Double] {
        if case let .decelerateToEdge(_, _, _, _, crossing, _) = kind { return [crossing] }
        return []
    }
}

/// Both axes' motions together, and their copy as a polyline the render server can play.
struct ScrollMotion: Equatable {
    let x: ScrollAxisMotion
    let y: ScrollAxisMotion

    var duration: Double { max(x.duration, y.duration) }
    var final: CGPoint { CGPoint(x: x.final, y: y.final) }
    func offset(at t: Double) -> CGPoint { CGPoint(x: x.offset(at: t), y: y.offset(at: t)) }

    /// How far the polyline may stray from the curve (points): far below a pixel, and below 1e-4 of any
    /// fling long enough to see.
    static let tolerance = 0.01

    /// Times (from 0 to `duration`) at which the curve is sampled so that straight lines between the samples
    /// stay within `tolerance` of it: steps of at most 0.1 s (and the corners), halved until the midpoint of
    /// each is within the tolerance of the chord. Dense where the motion bends, sparse where it is slow.
    func sampleTimes() -> [Double] {
        let total = duration
        guard total > 0 else { return [0] }
        var grid = Set((0...Int((total / 0.1).rounded(.up))).map { min(Double($0) * 0.1, total) })
        for c in x.corners + y.corners where c > 0 && c < total { grid.insert(c) }
        let coarse = grid.sorted()
        var times: [Double] = [0]
        for (a, b) in zip(coarse, coarse.dropFirst()) { refine(a, b, into: &times) }
        return times
    }

    private func refine(_ a: Double, _ b: Double, into times: inout [Double]) {
        let m = (a + b) / 2
        let pa = offset(at: a), pb = offset(at: b), pm = offset(at: m)
        let error = max(abs(pm.x - (pa.x + pb.x) / 2), abs(pm.y - (pa.y + pb.y) / 2))
        if error > Self.tolerance, b - a > 0.001 {
            refine(a, m, into: &times)
            refine(m, b, into: &times)
        } else {
            times.append(b)
        }
    }
}
