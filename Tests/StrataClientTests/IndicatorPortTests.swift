import Foundation
@testable import Strata
import StrataCore
import StrataProtocol
import Testing

extension ClientProcessSuite {
/// Loading indicators ported from iOS with UIKit's type renames only (IndicatorPorts.swift): what their
/// layers present at chosen times against the closed form (to 1e-9), and the server's frames at those
/// times (the indicator's host layer paused there, as iOS code pauses animations: speed 0, timeOffset).
@Suite struct IndicatorPortTests {
    static let width = 160

    /// The layer an indicator is set up in: the whole 160×120 screen, as a view's layer.
    /// A server, a session on it, and a host layer showing `indicator`, committed. `close()` ends them.
    final class IndicatorSession {
        let server: ServerProcess, connection: StrataConnection, errors: SessionErrors
        let host = IndicatorPortTests.hostLayer()

        init(_ indicator: some ActivityIndicatorAnimation, size: CGSize) throws {
            server = try ServerProcess()
            do {
                (connection, errors) = try SessionErrors.connect(server)
            } catch {
                _ = server.stop()
                throw error
            }
            indicator.setUpAnimation(in: host, size: size, color: .white)
            connection.attach(host)
            CATransaction.flush()
        }

        func close() {
            connection.close()
            _ = server.stop()
        }
    }

    static func hostLayer() -> CALayer {
        let host = CALayer()
        host.bounds = CGRect(x: 0, y: 0, width: 160, height: 120)
        host.position = CGPoint(x: 80, y: 60)
        return host
    }

    /// Stops the host's clock at `time` of its own (= media) time: what every animation in it shows then.
    static func freeze(_ host: CALayer, at time: CFTimeInterval) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        host.speed = 0
        host.timeOffset = time
        CATransaction.commit()
    }

    /// Waits for the server's frame to match the paints in a region; every decided pixel must match, and
    /// at least `minimum` must be decided (the check is not vacuous).
    static func expectFrame(_ server: ServerProcess, xs: ClosedRange<Int>, ys: ClosedRange<Int>, _ paints: [Paint],
                            tolerance: Int = 1, minimum: Int, _ what: String,
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
        let decided = decidedPixels(xs: xs, ys: ys, paints)
        #expect(decided.count >= minimum, "\(what): only \(decided.count) pixels decided", sourceLocation: sourceLocation)
        var wrong = ["no snapshot"]
        _ = try eventually(10) {
            let shot = try server.snapshot()
            wrong = mismatches(shot.pixels, width: shot.width, decided, tolerance: tolerance)
            return wrong.isEmpty
        }
        #expect(wrong.isEmpty, "\(what): \(wrong.count) pixels differ: \(wrong.prefix(6))", sourceLocation: sourceLocation)
    }

    static func number(_ layer: CALayer?, _ keyPath: String) -> Double {
        (layer?.value(forKeyPath: keyPath) as? CGFloat).map(Double.init) ?? .nan
    }

    static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    static func close(_ t: CATransform3D, _ u: CATransform3D, _ tolerance: Double = 1e-9) -> Bool {
        zip(t.elements, u.elements).allSatisfy { abs(Double($0 - $1)) <= tolerance }
    }

    static let ease = CAMediaTimingFunction(name: .easeInEaseOut)
    static func eased(_ u: Double) -> Double { ease.progress(at: u) }

    // MARK: 1. ball pulse

    /// A dot's scale and opacity `local` seconds after its own beginTime: the model (1, 1) before it; then
    /// the 0.75 s group repeats, its duration-less children running for its whole duration: keyframes
    /// [1, 0.3, 1] (the curve on both segments) and [1, 0.7, 1] (linear) at key times [0, 0.3, 1].
    static func ballPulse(_ local: Double) -> (scale: Double, opacity: Double) {
        guard local >= 0 else { return (1, 1) }
        let f = local.truncatingRemainder(dividingBy: BallPulseIndicator.duration) / BallPulseIndicator.duration
        let curve = BallPulseIndicator.timingFunction
        if f < 0.3 {
            let u = f / 0.3
            return (1 - 0.7 * curve.progress(at: u), 1 - 0.3 * u)
        }
        let u = (f - 0.3) / 0.7
        return (0.3 + 0.7 * curve.progress(at: u), 0.7 + 0.3 * u)
    }

    @Test func ballPulseDotsScaleAndFadeInTurn() throws {
        let session = try IndicatorSession(BallPulseIndicator(), size: CGSize(width: 64, height: 20))
        defer { session.close() }
        let (server, errors, host) = (session.server, session.errors, session.host)

        let dots = try #require(host.sublayers)
        #expect(dots.count == 3 && dots.allSatisfy { $0 is CAShapeLayer })
        #expect(dots.map(\.frame) == [58, 80, 102].map { CGRect(x: $0 - 10, y: 50, width: 20, height: 20) })
        let begins = try dots.map { try #require($0.animation(forKey: "animation")).beginTime }
        let start = begins[0] - 0.12
        for (i, b) in begins.enumerated() { #expect(Self.close(b - start, 0.12 * Double(i + 1), 1e-6)) }

        // Before each dot's turn it shows its model; then the cycle, also long after (repeatCount infinity).
        for t in [0.05, 0.2, 0.3, 0.45, 0.61, 0.9, 1.33, 5.07, 100.41] {
            let g = start + t
            for (i, dot) in dots.enumerated() {
                let want = Self.ballPulse(g - begins[i])
                let p = try #require(dot.presentation(at: g))
                #expect(Self.close(Double(p.transform.m11), want.scale) && Self.close(Double(p.transform.m22), want.scale),
                        "dot \(i) at +\(t): scale \(p.transform.m11), expected \(want.scale)")
                #expect(Self.close(Self.number(p, "opacity"), want.opacity), "dot \(i) at +\(t): opacity")
            }
        }
        // The server keeps drawing while they run.
        let frames = try server.stats()["frames_rendered"] as? Int ?? 0
        #expect(try eventually { try server.stats()["frames_rendered"] as? Int ?? 0 > frames + 5 })

        // Frames at chosen times: each dot a white disc of radius 10·scale at its opacity.
        for t in [0.05, 0.56, 0.83, 7.3] {
            let g = start + t
            Self.freeze(host, at: g)
            let paints = (0..<3).map { i -> Paint in
                let want = Self.ballPulse(g - begins[i])
                return Paint(shape: Disc(center: CGPoint(x: 58 + 22 * i, y: 60), radius: 10 * want.scale), alpha: want.opacity)
            }
            try Self.expectFrame(server, xs: 44...116, ys: 46...74, paints, minimum: 900, "ball pulse at +\(t)")
            // Paused, the presentation stays at that time.
            let later = try #require(dots[2].presentation(at: CACurrentMediaTime() + 30))
            #expect(Self.close(Double(later.transform.m11), Self.ballPulse(g - begins[2]).scale))
        }
        #expect(errors.reasons.isEmpty)
    }

    // MARK: 2. rings

    /// A ring of radius 27 and width 6 round the screen's centre, drawn from the top clockwise between
    /// stroke fractions `start` and `end`, turned by `turn` radians (clockwise on the y-down screen).
    static func ring(start: Double, end: Double, turn: Double) -> Paint {
        Paint(shape: ArcStroke(center: CGPoint(x: 80, y: 60), radius: 27, halfWidth: 3, start: start, end: end, fraction: { angle in
            let s = (angle - turn + .pi / 2) / (2 * .pi)
            return s - s.rounded(.down)
        }))
    }

    /// The material ring `t` seconds after its group began (its rotation began `rotationLag` later).
    static func materialRing(_ t: Double, rotationLag: Double) -> (start: Double, end: Double, turn: Double) {
        let local = t.truncatingRemainder(dividingBy: MaterialRingIndicator.groupDuration)
        // The end runs for 1 s, then the model value (1) shows; the start runs from 0.5 s (model 0 before).
        let end = local < MaterialRingIndicator.strokeDuration ? eased(local / MaterialRingIndicator.strokeDuration) : 1
        let start = local < MaterialRingIndicator.startDelay ? 0 : eased((local - MaterialRingIndicator.startDelay) / MaterialRingIndicator.strokeDuration)
        let turning = (t - rotationLag).truncatingRemainder(dividingBy: MaterialRingIndicator.turnDuration) / MaterialRingIndicator.turnDuration
        return (start, end, 2 * .pi * turning)
    }

    @Test func materialRingChasesItsStrokeWhileTurning() throws {
        let session = try IndicatorSession(MaterialRingIndicator(), size: CGSize(width: 60, height: 60))
        defer { session.close() }
        let (server, errors, host) = (session.server, session.errors, session.host)

        let ring = try #require(host.sublayers?.first as? CAShapeLayer)
        // beginTime 0: both stamped with the commit's time.
        let begin = try #require(ring.animation(forKey: "stroke")).beginTime
        let lag = try #require(ring.animation(forKey: "rotation")).beginTime - begin
        #expect(begin > 0 && abs(lag) < 0.1)
        for t in [0.1, 0.4, 0.7, 1.1, 1.45, 1.6, 2.35, 3.9, 61.2] {
            let want = Self.materialRing(t, rotationLag: lag)
            let p = try #require(ring.presentation(at: begin + t))
            #expect(Self.close(Self.number(p, "strokeEnd"), want.end), "strokeEnd at +\(t)")
            #expect(Self.close(Self.number(p, "strokeStart"), want.start), "strokeStart at +\(t)")
            #expect(Self.close(p.transform, CATransform3DMakeRotation(want.turn, 0, 0, 1)), "rotation at +\(t): \(p.transform)")
        }
        for t in [0.3, 0.85, 1.2, 2.65] {
            Self.freeze(host, at: begin + t)
            let want = Self.materialRing(t, rotationLag: lag)
            try Self.expectFrame(server, xs: 44...116, ys: 24...96, [Self.ring(start: want.start, end: want.end, turn: want.turn)],
                                 minimum: 3000, "material ring at +\(t) (\(want))")
        }
        #expect(errors.reasons.isEmpty)
    }

    /// NVActivityIndicatorView's circleStrokeSpin `t` seconds after its group began: the duration-less
    /// rotation runs for the group's 1.7 s (by 2π as a Float); the end for 0.7 s, the start from 0.5 s.
    static func circleStrokeSpin(_ t: Double) -> (start: Double, end: Double, turn: Double) {
        let period = CircleStrokeSpinIndicator.strokeStartDuration + CircleStrokeSpinIndicator.beginTime
        let local = t.truncatingRemainder(dividingBy: period)
        let curve = CircleStrokeSpinIndicator.curve
        let end = local < CircleStrokeSpinIndicator.strokeEndDuration ? curve.progress(at: local / CircleStrokeSpinIndicator.strokeEndDuration) : 1
        let start = local < CircleStrokeSpinIndicator.beginTime
            ? 0 : curve.progress(at: (local - CircleStrokeSpinIndicator.beginTime) / CircleStrokeSpinIndicator.strokeStartDuration)
        return (start, end, Double(Float.pi * 2) * local / period)
    }

    @Test func circleStrokeSpinsDurationlessChildRunsForTheGroup() throws {
        let session = try IndicatorSession(CircleStrokeSpinIndicator(), size: CGSize(width: 60, height: 60))
        defer { session.close() }
        let (server, errors, host) = (session.server, session.errors, session.host)

        let circle = try #require(host.sublayers?.first as? CAShapeLayer)
        let group = try #require(circle.animation(forKey: "animation") as? CAAnimationGroup)
        #expect(group.animations?.first?.duration == 0) // as written: the rotation has no duration
        let begin = group.beginTime
        for t in [0.1, 0.24, 0.26, 0.6, 0.85, 1.0, 1.69, 1.75, 40.3] {
            let want = Self.circleStrokeSpin(t)
            let p = try #require(circle.presentation(at: begin + t))
            #expect(Self.close(Self.number(p, "strokeEnd"), want.end), "strokeEnd at +\(t)")
            #expect(Self.close(Self.number(p, "strokeStart"), want.start), "strokeStart at +\(t)")
            #expect(Self.close(p.transform, CATransform3DMakeRotation(want.turn, 0, 0, 1)), "rotation at +\(t): \(p.transform)")
        }
        // Half-way through the group the ring has turned half-way: the rotation did not stop after 0.25 s.
        let halfway = try #require(circle.presentation(at: begin + 0.85))
        #expect(Self.close(Double(halfway.transform.m11), -1, 1e-6))
        for t in [0.4, 0.85, 1.3, 5.25] {
            Self.freeze(host, at: begin + t)
            let want = Self.circleStrokeSpin(t)
            try Self.expectFrame(server, xs: 44...116, ys: 24...96, [Self.ring(start: want.start, end: want.end, turn: want.turn)],
                                 minimum: 3000, "circle stroke spin at +\(t) (\(want))")
        }
        #expect(errors.reasons.isEmpty)
    }

    // MARK: 3. replicator bars

    /// Copy k's opacity at media time `g`: the fade (1 → 0.15 each second) k/12 s late; the model (0.15)
    /// before it starts.
    static func barOpacity(_ k: Int, at g: Double, begin: Double) -> Double {
        let local = g - Double(k) * ReplicatorBarsIndicator.duration / Double(ReplicatorBarsIndicator.count) - begin
        guard local >= 0 else { return Double(ReplicatorBarsIndicator.restingOpacity) }
        let f = local.truncatingRemainder(dividingBy: ReplicatorBarsIndicator.duration) / ReplicatorBarsIndicator.duration
        return 1 + (Double(ReplicatorBarsIndicator.restingOpacity) - 1) * f
    }

    /// Copy k of the 6×14 bar (corner radius 2), turned k·30° round the screen's centre, 19 from it.
    static func bar(_ k: Int, opacity: Double) -> Paint {
        let a = 2 * Double.pi * Double(k) / Double(ReplicatorBarsIndicator.count)
        func rect(_ hw: Double, _ hh: Double) -> ConvexPolygon {
            ConvexPolygon(points: [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)].map { x, y in
                // The bar's own point (x, y − 19) from the centre, turned by a (y-down: clockwise).
                let (px, py) = (x, y - 19)
                return CGPoint(x: 80 + px * cos(a) - py * sin(a), y: 60 + px * sin(a) + py * cos(a))
            })
        }
        return Paint(shape: Between(inner: Union(shapes: [rect(1, 7), rect(3, 5)]), outer: rect(3, 7)), alpha: opacity)
    }

    @Test func replicatorBarsFadeInTurnRoundTheCircle() throws {
        let session = try IndicatorSession(ReplicatorBarsIndicator(), size: CGSize(width: 60, height: 60))
        defer { session.close() }
        let (server, errors, host) = (session.server, session.errors, session.host)

        let replicator = try #require(host.sublayers?.first as? CAReplicatorLayer)
        #expect(replicator.instanceCount == 12 && Self.close(replicator.instanceDelay, 1.0 / 12))
        let bar = try #require(replicator.sublayers?.first)
        let begin = try #require(bar.animation(forKey: "fade")).beginTime
        for t in [-0.2, 0.0, 0.3, 0.99, 1.5, 12.25] {
            let p = try #require(bar.presentation(at: begin + t))
            #expect(Self.close(Self.number(p, "opacity"), Self.barOpacity(0, at: begin + t, begin: begin)), "bar at +\(t)")
        }
        // The copies only exist on the server: each bar's pixels show its delayed opacity.
        for k in 0..<12 {
            let inside = decidedPixels(xs: 52...108, ys: 32...88, [Self.bar(k, opacity: 1)]).filter { $0.rgba[0] == 255 }
            #expect(inside.count >= 30, "bar \(k): \(inside.count) pixels surely inside")
        }
        for t in [0.04, 0.5, 1.37, 30.21] {
            let g = begin + t
            Self.freeze(host, at: g)
            let paints = (0..<12).map { Self.bar($0, opacity: Self.barOpacity($0, at: g, begin: begin)) }
            try Self.expectFrame(server, xs: 52...108, ys: 32...88, paints, minimum: 100, "bars at +\(t)")
        }
        #expect(errors.reasons.isEmpty)
    }

    // MARK: 4. ball scale multiple

    /// A circle's scale and opacity `local` seconds after its beginTime: hidden (the model's 0) before;
    /// then each second it grows 0 → 1 while its opacity keyframes through [0, 1, 0] at [0, 0.05, 1].
    static func ballScale(_ local: Double) -> (scale: Double, opacity: Double) {
        guard local >= 0 else { return (1, 0) }
        let f = local.truncatingRemainder(dividingBy: 1)
        return (f, f < 0.05 ? f / 0.05 : 1 - (f - 0.05) / 0.95)
    }

    @Test func ballScaleMultipleRipplesOutFromTheCentre() throws {
        let session = try IndicatorSession(BallScaleMultipleIndicator(), size: CGSize(width: 60, height: 60))
        defer { session.close() }
        let (server, errors, host) = (session.server, session.errors, session.host)

        let circles = try #require(host.sublayers)
        let begins = try circles.map { try #require($0.animation(forKey: "animation")).beginTime }
        let start = begins[0]
        #expect(try #require(circles[0].animation(forKey: "animation")).repeatCount == HUGE)
        for t in [0.01, 0.1, 0.25, 0.42, 0.77, 1.03, 2.5, 1000.6] {
            for (i, circle) in circles.enumerated() {
                let want = Self.ballScale(start + t - begins[i])
                let p = try #require(circle.presentation(at: start + t))
                if want.opacity > 0 { #expect(Self.close(Double(p.transform.m11), want.scale), "circle \(i) at +\(t): scale") }
                #expect(Self.close(Self.number(p, "opacity"), want.opacity), "circle \(i) at +\(t): opacity")
            }
        }
        for t in [0.1, 0.33, 0.61, 3.88] {
            let g = start + t
            Self.freeze(host, at: g)
            let paints = (0..<3).map { i -> Paint in
                let want = Self.ballScale(g - begins[i])
                return Paint(shape: Disc(center: CGPoint(x: 80, y: 60), radius: 30 * want.scale), alpha: want.opacity)
            }
            try Self.expectFrame(server, xs: 48...112, ys: 28...92, paints, tolerance: 2, minimum: 3000, "ripple at +\(t)")
        }
        #expect(errors.reasons.isEmpty)
    }

    // MARK: 5. keyframes with per-segment timing functions

    /// The beat's scale: [1, 0.4, 1] at [0, 0.5, 1] of 1.2 s, easing out then in.
    static func beat(_ local: Double) -> Double {
        let f = local.truncatingRemainder(dividingBy: BallBeatIndicator.duration) / BallBeatIndicator.duration
        let (easeOut, easeIn) = (BallBeatIndicator.segmentFunctions[0], BallBeatIndicator.segmentFunctions[1])
        return f < 0.5 ? 1 - 0.6 * easeOut.progress(at: f / 0.5) : 0.4 + 0.6 * easeIn.progress(at: (f - 0.5) / 0.5)
    }

    /// The wobble's scale: five values, the first segment eased in and out, the other three linear.
    static func wobble(_ local: Double) -> Double {
        let f = local.truncatingRemainder(dividingBy: BallBeatIndicator.duration) / BallBeatIndicator.duration
        let (v, k) = (BallBeatIndicator.longValues, BallBeatIndicator.longKeyTimes)
        let i = min(Int(f / 0.25), 3)
        let u = (f - k[i]) / (k[i + 1] - k[i])
        return v[i] + (v[i + 1] - v[i]) * (i == 0 ? eased(u) : u)
    }

    /// A white 40×40 square centred at (`x`, 60), scaled by `scale` about its centre.
    static func square(x: Double, scale: Double) -> Paint {
        let h = 20 * scale
        return Paint(shape: ConvexPolygon(points: [CGPoint(x: x - h, y: 60 - h), CGPoint(x: x + h, y: 60 - h),
                                                   CGPoint(x: x + h, y: 60 + h), CGPoint(x: x - h, y: 60 + h)]))
    }

    @Test func keyframeSegmentsFollowTheirOwnTimingFunctionsAndMissingOnesAreLinear() throws {
        let session = try IndicatorSession(BallBeatIndicator(), size: CGSize(width: 100, height: 40))
        defer { session.close() }
        let (server, errors, host) = (session.server, session.errors, session.host)

        let squares = try #require(host.sublayers)
        // One timing function for four segments is accepted (not rejected as the wrong count).
        let wobbling = try #require(squares[1].animation(forKey: "beat") as? CAKeyframeAnimation)
        #expect(wobbling.timingFunctions?.count == 1 && wobbling.values?.count == 5)
        let begin = try #require(squares[0].animation(forKey: "beat")).beginTime
        for t in [0.0, 0.13, 0.3, 0.59, 0.61, 0.84, 0.97, 1.19, 2.53, 77.77] {
            let beat = try #require(squares[0].presentation(at: begin + t))
            let wobble = try #require(squares[1].presentation(at: begin + t))
            #expect(Self.close(Double(beat.transform.m11), Self.beat(t)), "beat at +\(t): \(beat.transform.m11) vs \(Self.beat(t))")
            #expect(Self.close(Double(wobble.transform.m11), Self.wobble(t)), "wobble at +\(t): \(wobble.transform.m11) vs \(Self.wobble(t))")
        }
        // Linear where no function is given: a quarter into the third segment, a quarter of the way.
        let linear = try #require(squares[1].presentation(at: begin + 1.2 * (0.5 + 0.25 * 0.25)))
        #expect(Self.close(Double(linear.transform.m11), 1 - 0.3 * 0.25))
        for t in [0.2, 0.45, 0.75, 1.02] {
            Self.freeze(host, at: begin + t)
            try Self.expectFrame(server, xs: 26...134, ys: 36...84, [Self.square(x: 50, scale: Self.beat(t)), Self.square(x: 110, scale: Self.wobble(t))],
                                 tolerance: 0, minimum: 3000, "beat and wobble at +\(t)")
        }
        #expect(errors.reasons.isEmpty)
    }

    // MARK: 6. morphing triangle

    /// The triangle's tip height (layer coordinates) `local` seconds in: eased down over 0.8 s, back up.
    static func tipY(_ local: Double) -> Double {
        let cycle = local.truncatingRemainder(dividingBy: 2 * TriangleMorphIndicator.duration)
        let f = cycle <= TriangleMorphIndicator.duration ? cycle / TriangleMorphIndicator.duration : 2 - cycle / TriangleMorphIndicator.duration
        return Double(TriangleMorphIndicator.squashedTip) * eased(f)
    }

    static func elements(_ path: CGPath?) -> [(CGPathElementType, [CGPoint])] {
        var list: [(CGPathElementType, [CGPoint])] = []
        path?.applyWithBlock { e in
            let count = [.moveToPoint: 1, .addLineToPoint: 1, .addQuadCurveToPoint: 2, .addCurveToPoint: 3][e.pointee.type] ?? 0
            list.append((e.pointee.type, (0..<count).map { e.pointee.points[$0] }))
        }
        return list
    }

    @Test func triangleMorphsBetweenPathsOfOneStructure() throws {
        let session = try IndicatorSession(TriangleMorphIndicator(), size: CGSize(width: 40, height: 40))
        defer { session.close() }
        let (server, errors, host) = (session.server, session.errors, session.host)

        let triangle = try #require(host.sublayers?.first as? CAShapeLayer)
        #expect(triangle.frame == CGRect(x: 60, y: 40, width: 40, height: 40))
        let begin = try #require(triangle.animation(forKey: "morph")).beginTime
        for t in [0.0, 0.2, 0.4, 0.79, 0.81, 1.3, 1.6, 9.95] {
            let got = Self.elements(try #require(triangle.presentation(at: begin + t)).path)
            let tip = Self.tipY(t)
            #expect(got.map(\.0) == [.moveToPoint, .addLineToPoint, .addLineToPoint, .closeSubpath])
            let want = [CGPoint(x: 0, y: 40), CGPoint(x: 20, y: tip), CGPoint(x: 40, y: 40)]
            #expect(zip(got.flatMap(\.1), want).allSatisfy { Self.close(Double($0.x), Double($1.x)) && Self.close(Double($0.y), Double($1.y)) },
                    "path at +\(t): \(got.map(\.1)), tip expected at \(tip)")
        }
        for t in [0.1, 0.5, 1.1, 3.3] {
            Self.freeze(host, at: begin + t)
            let tip = 40 + Self.tipY(t)
            let shape = ConvexPolygon(points: [CGPoint(x: 60, y: 80), CGPoint(x: 80, y: tip), CGPoint(x: 100, y: 80)])
            try Self.expectFrame(server, xs: 56...104, ys: 36...84, [Paint(shape: shape)], tolerance: 0, minimum: 900,
                                 "triangle at +\(t) (tip at \(tip))")
        }
        #expect(errors.reasons.isEmpty)
    }

    // MARK: 7. ball triangle path (NSValue-wrapped keyframes)

    /// Where a ring is `local` seconds in, going round `corners` (relative to the top corner (80, 40)) from
    /// `first`: each side in a third of 2 s (key times 0, 0.33, 0.66, 1), eased in and out.
    static func trianglePosition(_ local: Double, from first: Int) -> CGPoint {
        let f = local.truncatingRemainder(dividingBy: BallTrianglePathIndicator.duration) / BallTrianglePathIndicator.duration
        let k = [0, 0.33, 0.66, 1.0]
        let i = f < 0.33 ? 0 : f < 0.66 ? 1 : 2
        let e = eased((f - k[i]) / (k[i + 1] - k[i]))
        let c = BallTrianglePathIndicator.corners
        let (a, b) = (c[(first + i) % 3], c[(first + i + 1) % 3])
        return CGPoint(x: 80 + Double(a.x) + (Double(b.x) - Double(a.x)) * e, y: 40 + Double(a.y) + (Double(b.y) - Double(a.y)) * e)
    }

    @Test func ballTrianglePathTakesWrappedTransformsAndPoints() throws {
        let session = try IndicatorSession(BallTrianglePathIndicator(), size: CGSize(width: 60, height: 60))
        defer { session.close() }
        let (server, errors, host) = (session.server, session.errors, session.host)

        let rings = try #require(host.sublayers)
        let begin = try #require(rings[0].animation(forKey: "animation")).beginTime
        for t in [0.0, 0.3, 0.66, 0.9, 1.32, 1.5, 1.99, 4.41, 301.7] {
            let byTransform = try #require(rings[0].presentation(at: begin + t))
            let byPosition = try #require(rings[1].presentation(at: begin + t))
            let (a, b) = (Self.trianglePosition(t, from: 0), Self.trianglePosition(t, from: 1))
            // The first ring stays at the top corner and is moved by its transform's translation.
            #expect(byTransform.position == CGPoint(x: 80, y: 40))
            #expect(Self.close(byTransform.transform, CATransform3DMakeTranslation(a.x - 80, a.y - 40, 0)), "transform at +\(t)")
            #expect(Self.close(Double(byPosition.position.x), Double(b.x)) && Self.close(Double(byPosition.position.y), Double(b.y)),
                    "position at +\(t): \(byPosition.position) vs \(b)")
        }
        for t in [0.2, 0.7, 1.45, 6.6] {
            Self.freeze(host, at: begin + t)
            // Rings of radius 6 stroked 4 wide: 4 to 8 from their centres.
            let paints = [0, 1].map { Paint(shape: Annulus(center: Self.trianglePosition(t, from: $0), inner: 4, outer: 8)) }
            try Self.expectFrame(server, xs: 44...116, ys: 28...92, paints, minimum: 3000, "ball triangle at +\(t)")
        }
        #expect(errors.reasons.isEmpty)
    }

    // MARK: SpinKit's transforms with z = 0

    @Test func spinKitWaveEasesBetweenScalesWhoseZIsZero() throws {
        let host = Self.hostLayer()
        SpinKitWaveIndicator().setUpAnimation(in: host, size: CGSize(width: 50, height: 40), color: .white)
        CATransaction.flush()
        let bars = try #require(host.sublayers)
        #expect(bars.count == 5)
        let begin = try #require(bars[0].animation(forKey: "spinkit-anim")).beginTime
        // Every value is accepted (NSValue-wrapped, four timing functions for three segments).
        #expect(bars.allSatisfy { $0.animation(forKey: "spinkit-anim") != nil })
        // A quarter into the rising segment (0 → 0.24 s of 1.2 s: 0.4 → 1): Core Animation eases the height
        // (SpinKit's wave is smooth on iOS), although each matrix has z scale 0.
        let p = try #require(bars[0].presentation(at: begin + 0.06))
        #expect(p.transform.m11 == 1 && p.transform.m33 == 0)
        #expect(Self.close(Double(p.transform.m22), 0.4 + 0.6 * Self.eased(0.25)), "height \(p.transform.m22)")
        // Where both agree: the last, flat segment (0.4 → 0.4).
        let flat = try #require(bars[0].presentation(at: begin + 0.9))
        #expect(Self.close(Double(flat.transform.m22), 0.4))
    }

    // MARK: errors

    @Test func wrongValuesAreErrorsNamingLayerAndKeyAndChangeNothing() throws {
        let server = try ServerProcess()
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let host = Self.hostLayer()
        let ring = IndicatorShape.stroke(lineWidth: 6).layerWith(size: CGSize(width: 60, height: 60), color: .white)
        ring.position = CGPoint(x: 80, y: 60)
        host.addSublayer(ring)
        connection.attach(host)
        CATransaction.flush()
        let whole = [Self.ring(start: 0, end: 1, turn: 0)]
        try Self.expectFrame(server, xs: 44...116, ys: 24...96, whole, minimum: 3000, "the ring")
        let before = try server.snapshot().pixels
        let name = "CAShapeLayer (layer \(ring.layerID))"
        let path = ring.path
        let bad = CGMutablePath()
        bad.move(to: CGPoint(x: 0, y: 0))
        bad.addLine(to: CGPoint(x: CGFloat.nan, y: 10))
        // A chart's worth of points, more than one commit carries (WireFormat.maxListCount elements).
        let long = CGMutablePath()
        long.move(to: .zero)
        for i in 1...5000 { long.addLine(to: CGPoint(x: Double(i) / 100, y: Double(i % 7))) }

        // Each wrong value: one error naming the layer and the key, and the value unchanged.
        let cases: [(String, String, () -> Void)] = [
            ("lineWidth rejected: lineWidth must not be negative, got -1", "negative lineWidth", { ring.lineWidth = -1 }),
            ("lineWidth rejected", "negative lineWidth by key path", { ring.setValue(-2, forKeyPath: "lineWidth") }),
            ("lineCap rejected: unsupported: line cap rounded", "unknown line cap", { ring.lineCap = CAShapeLayerLineCap(rawValue: "rounded") }),
            ("setValue(_:forKeyPath:) rejected: invalid value for lineCap", "unknown line cap by key path", {
                ring.setValue("rounded", forKeyPath: "lineCap")
            }),
            ("lineDashPattern rejected: lineDashPattern must not be all zeros", "a dash pattern of zeros", { ring.lineDashPattern = [0, 0] }),
            ("path rejected: path must be finite, got point 1", "a NaN point in a path", { ring.path = bad }),
            ("path rejected: path has 5001 path elements, more than the 4096 a commit carries", "a path too long", { ring.path = long }),
            ("position rejected: position must be finite", "an infinite position", { ring.position = CGPoint(x: CGFloat.infinity, y: 3) }),
            ("position rejected: position must be finite", "a NaN position by key path", {
                ring.setValue(NSValue(cgPoint: CGPoint(x: CGFloat.nan, y: 3)), forKeyPath: "position")
            }),
        ]
        for (message, what, body) in cases {
            let logged = LogCapture.messages(during: body)
            #expect(logged.count == 1 && logged.allSatisfy { $0.hasPrefix(name + ": ") && $0.contains(message) },
                    "\(what): \(logged)")
        }
        #expect(ring.lineWidth == 6 && ring.lineCap == .round && ring.lineDashPattern == nil)
        #expect(ring.position == CGPoint(x: 80, y: 60) && Self.elements(ring.path).map(\.1) == Self.elements(path).map(\.1))
        if let dashes = ring.lineDashPattern { Issue.record("dash pattern changed to \(dashes)") }

        // Animations with wrong values name the layer and the animation's key, and are not added (one with a
        // value the server cannot take would otherwise end the session).
        let morph = CABasicAnimation(keyPath: "path")
        morph.toValue = bad
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.toValue = Double.nan
        let pulse = CAKeyframeAnimation(keyPath: "transform.scale")
        pulse.values = [1, Float.infinity, 1]
        let overshoot = CABasicAnimation(keyPath: "strokeEnd")
        overshoot.toValue = 0.5
        overshoot.timingFunction = CAMediaTimingFunction(controlPoints: 1.5, 0, 1, 1)
        let stroke = CABasicAnimation(keyPath: "strokeEnd")
        stroke.toValue = 0.5
        let grow = CABasicAnimation(keyPath: "path")
        grow.toValue = long
        let group = CAAnimationGroup()
        group.animations = [fade]
        let animationCases: [(CALayer, CAAnimation, String, String)] = [
            (ring, morph, "morph", "invalid value for path.toValue: expected a finite value"),
            (ring, fade, "fade", "invalid value for opacity.toValue: expected a finite value"),
            (ring, pulse, "pulse", "invalid value for transform.scale.values[1]: expected a finite value"),
            (ring, overshoot, "overshoot", "invalid value for strokeEnd.timingFunction"),
            (ring, group, "group", "invalid value for opacity.toValue"),
            (ring, grow, "grow", "invalid value for path.toValue: expected a path of at most 4096 elements"),
            (host, stroke, "draw", "unsupported: strokeEnd on a CALayer"),
        ]
        for (layer, animation, key, message) in animationCases {
            let logged = LogCapture.messages(during: { layer.add(animation, forKey: key) })
            #expect(logged.count == 1 && logged.allSatisfy {
                $0.hasPrefix("\(type(of: layer)) (layer \(layer.layerID)), animation key \"\(key)\": add(_:forKey:) rejected animation") && $0.contains(message)
            }, "\(key): \(logged)")
            #expect(layer.animation(forKey: key) == nil)
        }

        // Nothing reached the server: the frame is the same, and the session lives on.
        CATransaction.flush()
        usleep(200_000)
        #expect(try server.snapshot().pixels == before)
        #expect(errors.reasons.isEmpty)
        ring.strokeEnd = 0.5 // and a right value still works
        CATransaction.flush()
        try Self.expectFrame(server, xs: 44...116, ys: 24...96, [Self.ring(start: 0, end: 0.5, turn: 0)], minimum: 3000, "half the ring")
    }

    @Test func aBadCommitFromAnotherClientEndsOnlyItsSession() throws {
        let server = try ServerProcess()
        var log = ""
        defer { if log.isEmpty { log = server.stop() } }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let host = Self.hostLayer()
        ReplicatorBarsIndicator().setUpAnimation(in: host, size: CGSize(width: 60, height: 60), color: .white)
        connection.attach(host)
        CATransaction.flush()
        let bar = try #require((host.sublayers?.first as? CAReplicatorLayer)?.sublayers?.first)
        let begin = try #require(bar.animation(forKey: "fade")).beginTime
        func expectBars(at t: Double) throws {
            Self.freeze(host, at: begin + t)
            let paints = (0..<12).map { Self.bar($0, opacity: Self.barOpacity($0, at: begin + t, begin: begin)) }
            try Self.expectFrame(server, xs: 52...108, ys: 32...88, paints, minimum: 100, "bars at +\(t)")
        }
        try expectBars(at: 0.5)

        // Another client sets a shape property on a plain layer (which the client library would refuse).
        let rogue = try InspectorClient(socketPath: server.socketPath)
        try rogue.send(.commit(Commit(transactionID: 1, operations:
            rootSquare(side: 10, center: CGPoint(x: 10, y: 10), color: Color(red: 1, green: 0, blue: 0, alpha: 1))
            + [.setProperty(1, .strokeEnd, .scalar(0.5))])))
        var reasons: [String] = []
        while let f = try rogue.socket.receiveFrame() {
            if case let .error(reason) = try MessageCoding.decodeServer(type: f.type, body: f.body) { reasons.append(reason) }
        }
        #expect(reasons.count == 1 && reasons.allSatisfy { $0.contains("strokeEnd") && $0.contains("CALayer") }, "\(reasons)")

        // The indicator's session goes on: its next frames are drawn, and nothing of the rogue's shows.
        try expectBars(at: 1.37)
        #expect(pixel(try server.snapshot().pixels, width: Self.width, 10, 10) == [0, 0, 0, 255])
        #expect(errors.reasons.isEmpty)
        log = server.stop()
        #expect(log.contains("disconnecting client") && log.contains("strokeEnd"), "\(log)")
    }

    // MARK: the renames themselves

    @Test func uikitRenamesCompileAndMeanWhatUIKitMeans() {
        // UIColor.white.cgColor → CGColor.white, and so on.
        #expect(CGColor.white == CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(CGColor.black == CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        #expect(CGColor.clear.alpha == 0)
        // `repeatCount = HUGE` (Darwin's MAXFLOAT) repeats for as good as ever.
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0
        a.toValue = 1
        a.duration = 1
        a.repeatCount = HUGE
        let l = CALayer()
        l.add(a, forKey: "fade")
        CATransaction.flush()
        let b = l.animation(forKey: "fade")?.beginTime ?? 0
        #expect(Self.close(Self.number(l.presentation(at: b + 1e6 + 0.25), "opacity"), 0.25, 1e-6))
        // UIBezierPath's circle: a 2π arc, anticlockwise in UIKit's terms, is a whole circle.
        let circle = CGMutablePath()
        circle.addArc(withCenter: CGPoint(x: 10, y: 10), radius: 10, startAngle: 0, endAngle: CGFloat(2 * Double.pi), clockwise: false)
        let box = circle.cgPath.boundingBox
        #expect([box.minX, box.minY, box.maxX - 20, box.maxY - 20].allSatisfy { abs($0) < 1e-9 }, "\(box)")
    }
}
}
