import Foundation
@testable import StrataUIKit
import Testing

/// UIScrollView's motion as pure functions (no server): UIKit's deceleration law, its rubber band, the
/// spring back, paging, and the polyline the server is given.
@Suite struct UIScrollViewPhysicsTests {
    /// v0·(r^(1000t) − 1)/(1000·ln r) for 1000 points per second, worked out independently.
    @Test(arguments: [
        (0.998, [(0.1, 90.62585078898718), (0.5, 315.9280226785096), (1.0, 432.0351267376295)], 499.4998331664548, 4.600063562625141),
        (0.99, [(0.1, 63.07925107854997), (0.5, 98.845404913656), (1.0, 99.49486697046177)], 99.49916247342207, 0.7557838475302524),
    ])
    func decelerationFollowsUIKitsRate(rate: Double, samples: [(Double, Double)], distance: Double, duration: Double) {
        for (t, x) in samples {
            #expect(abs(ScrollPhysics.decelerationOffset(velocity: 1000, rate: rate, time: t) - x) < 1e-9)
        }
        #expect(abs(ScrollPhysics.decelerationDistance(velocity: 1000, rate: rate) - distance) < 1e-9)
        #expect(abs(ScrollPhysics.decelerationDuration(velocity: 1000, rate: rate) - duration) < 1e-9)
        // The velocity falls by the rate each millisecond.
        #expect(abs(ScrollPhysics.decelerationVelocity(velocity: 1000, rate: rate, time: 0.001) - 1000 * rate) < 1e-9)
        // A negative velocity mirrors it.
        #expect(ScrollPhysics.decelerationOffset(velocity: -1000, rate: rate, time: 0.5) == -ScrollPhysics.decelerationOffset(velocity: 1000, rate: rate, time: 0.5))
        let motion = ScrollAxisMotion.released(at: 100, velocity: 1000, rate: rate, minimum: 0, maximum: 10_000, bounces: true)
        #expect(motion.final == 100 + ScrollPhysics.decelerationDistance(velocity: 1000, rate: rate))
        #expect(motion.offset(at: 0.5) == 100 + ScrollPhysics.decelerationOffset(velocity: 1000, rate: rate, time: 0.5))
    }

    @Test func theRubberBandIsUIKitsFormulaAndInverts() {
        // (1 − 1/(100·0.55/500 + 1))·500
        #expect(abs(ScrollPhysics.rubberBand(100, dimension: 500) - 49.549549549549596) < 1e-9)
        #expect(ScrollPhysics.rubberBand(-100, dimension: 500) == -ScrollPhysics.rubberBand(100, dimension: 500))
        #expect(ScrollPhysics.rubberBand(0, dimension: 500) == 0)
        for x in [1.0, 37.5, 250, 2000] {
            #expect(abs(ScrollPhysics.rubberBandInverse(ScrollPhysics.rubberBand(x, dimension: 480), dimension: 480) - x) < 1e-9)
        }
        // It never reaches the dimension, however far the finger goes.
        #expect(ScrollPhysics.rubberBand(1e9, dimension: 500) < 500)
    }

    @Test func theSpringIsCriticallyDampedAndSettles() {
        // (x0 + (v0 + ω·x0)·t)·e^(−ωt), ω = 10.
        #expect(ScrollPhysics.springDisplacement(from: 40, velocity: 0, time: 0) == 40)
        #expect(abs(ScrollPhysics.springDisplacement(from: 40, velocity: 0, time: 0.1) - 40 * 2 * exp(-1)) < 1e-12)
        #expect(abs(ScrollPhysics.springDisplacement(from: 0, velocity: 1000, time: 0.1) - 100 * exp(-1)) < 1e-12)
        let settle = ScrollPhysics.springDuration(from: 40, velocity: 300)
        #expect(abs(ScrollPhysics.springDisplacement(from: 40, velocity: 300, time: settle)) <= ScrollPhysics.restThreshold)
        // Critically damped from rest past the edge: it never crosses back over.
        #expect((1...100).allSatisfy { ScrollPhysics.springDisplacement(from: 40, velocity: 0, time: Double($0) * 0.02) > 0 })
    }

    @Test func aFlingPastTheEndSpringsBackToTheEdgeOrStopsThere() throws {
        let bouncing = ScrollAxisMotion.released(at: 600, velocity: 1000, rate: 0.998, minimum: 0, maximum: 760, bounces: true)
        let crossing = try #require(ScrollPhysics.decelerationTime(toReach: 160, velocity: 1000, rate: 0.998))
        #expect(abs(bouncing.offset(at: crossing) - 760) < 1e-9)
        #expect(bouncing.offset(at: crossing + 0.1) > 760) // past the edge…
        #expect(bouncing.final == 760 && bouncing.offset(at: bouncing.duration) == 760) // …and back
        let held = ScrollAxisMotion.released(at: 600, velocity: 1000, rate: 0.998, minimum: 0, maximum: 760, bounces: false)
        #expect(held.duration == crossing && held.final == 760)
        // Released past the edge, it springs back even with no velocity.
        let back = ScrollAxisMotion.released(at: -30, velocity: 0, rate: 0.998, minimum: 0, maximum: 760, bounces: true)
        #expect(back.final == 0 && back.duration > 0 && back.offset(at: 0) == -30)
    }

    @Test func pagingMovesOnePageAtMostChosenByPositionAndVelocity() {
        func page(_ offset: Double, _ velocity: Double) -> Double {
            ScrollPhysics.pagingTarget(offset: offset, velocity: velocity, pageSize: 320, rate: 0.998, minimum: 0, maximum: 640)
        }
        #expect(page(90, 1000) == 320)   // a fling: the next page, not two
        #expect(page(90, 100) == 0)      // slow: the nearest
        #expect(page(200, 0) == 320)     // past the middle
        #expect(page(400, -1000) == 320) // back one page
        #expect(page(320, 5000) == 640)  // from a page, its neighbour
        #expect(page(600, 5000) == 640)  // never past the last page
    }

    @Test func theDelegatesTargetIsReachedOnTheSameCurve() {
        let motion = ScrollAxisMotion.decelerating(from: 90, to: 300, rate: 0.99)
        #expect(motion.final == 300)
        #expect(abs(motion.offset(at: motion.duration - 1e-9) - 300) <= ScrollPhysics.restThreshold + 1e-9)
    }

    @Test func thePolylineStaysWithinItsToleranceOfTheCurve() {
        for rate in [0.998, 0.99] {
            let motion = ScrollMotion(x: .released(at: 0, velocity: -400, rate: rate, minimum: -100, maximum: 0, bounces: true),
                                      y: .released(at: 90, velocity: 3000, rate: rate, minimum: 0, maximum: 1200, bounces: true))
            let times = motion.sampleTimes()
            #expect(times.first == 0 && times.last == motion.duration)
            #expect(times.count < 4096) // the wire's keyframe limit
            let points = times.map { motion.offset(at: $0) }
            var worst = 0.0
            // The last segment also closes the gap of at most `restThreshold` where the motion ends.
            for i in 0..<(times.count - 2) {
                for f in stride(from: 0.0, through: 1.0, by: 0.125) {
                    let t = times[i] + (times[i + 1] - times[i]) * f
                    let line = points[i].y + (points[i + 1].y - points[i].y) * f
                    worst = max(worst, abs(line - motion.offset(at: t).y))
                }
            }
            #expect(worst <= ScrollMotion.tolerance * 1.5, "rate \(rate): \(worst) points off the curve")
            let n = times.count - 1
            let end = motion.offset(at: (times[n - 1] + times[n]) / 2).y
            #expect(abs(end - (points[n - 1].y + points[n].y) / 2) <= ScrollMotion.tolerance + ScrollPhysics.restThreshold)
        }
    }
}
