import Foundation
import Strata
import StrataCore
@testable import StrataExamples
import StrataUIKit
import Testing

extension ClientProcessSuite {
/// Seed 003's layer-level demos (StrataExamples, D2–D16), written as their author wrote them, over a real
/// server: pixels from the server's screen, presentation values sampled at chosen times from the
/// animations' own stamped begin times, and the delegates' effects after the server's events.
@MainActor
@Suite struct Seed003LayerDemoTests {
    // MARK: D2–D6: the avatar (150 points, centre (160, 200), so its image pixel (0, 0) is at (85, 125))

    /// The avatar's expected colour at screen pixel (x, y): the generated photo's pixel there, upright.
    static func photo(_ x: Int, _ y: Int) -> [UInt8] { ExampleImages.photoColour(Double(x - 85) + 0.5, Double(y - 125) + 0.5) }

    /// Screen pixels well inside the circle (radius 70 about (160, 200), clear of the border), every 7.
    static let inside: [(Int, Int)] = stride(from: 92, through: 228, by: 7).flatMap { x in
        stride(from: 132, through: 268, by: 7).compactMap { y in
            let dx = Double(x) + 0.5 - 160, dy = Double(y) + 0.5 - 200
            return dx * dx + dy * dy < 70 * 70 ? (x, y) : nil
        }
    }

    /// The white border (radius 73…75) on four sides, and black background just outside it.
    static func expectRingAndBackground(_ s: ScreenShot) {
        for (x, y) in [(160, 126), (160, 274), (85, 200), (234, 200)] {
            #expect(close(s.pixel(x, y), [255, 255, 255, 255], 3), "border at (\(x), \(y)): \(s.pixel(x, y))")
        }
        #expect(close(s.pixel(10, 10), [0, 0, 0, 255], 0))
        #expect(close(s.pixel(80, 130), [0, 0, 0, 255], 2))  // outside the circle, inside its square: clipped
    }

    /// The photo's columns: red grows to the right by 1.7 per pixel whichever way up it is.
    static func expectColumns(_ s: ScreenShot) {
        for (x, y) in inside {
            let p = s.pixel(x, y)
            let dx = Double(x) + 0.5 - 160, dyUp = Double(y) + 0.5 - 185, dyDown = Double(y) + 0.5 - 215
            // Clear of the face disc (radius 30 about image (75, 60), or (75, 90) upside down).
            guard dx * dx + dyUp * dyUp > 32 * 32, dx * dx + dyDown * dyDown > 32 * 32 else { continue }
            #expect(close([p[0], p[1]], Array(photo(x, y)[0..<2]), 2), "(\(x), \(y)): \(p)")
        }
    }

    /// The photo upright inside the circle: its face disc in the upper half, blue growing downwards.
    static func expectUpright(_ s: ScreenShot) {
        let wrong = inside.filter { !close(s.pixel($0.0, $0.1), photo($0.0, $0.1), 2) }
        #expect(wrong.isEmpty, "\(wrong.count) of \(inside.count) pixels differ, first \(wrong.first.map { "\($0): \(s.pixel($0.0, $0.1)) for \(photo($0.0, $0.1))" } ?? "")")
    }

    static func show(_ name: String) async throws -> ScreenShot {
        let session = try ExampleSession(name)
        defer { session.close() }
        await session.run(0.2)
        return try session.screen()
    }

    /// Strata's `CGContext.draw(_:in:)` puts an image's first row at the rect's minY of the y-down space
    /// (upright without a flip); Quartz puts it at maxY (upside down there, which is why the author
    /// flips the context in D2 and D3 and turns the layer in D4 and D6). So those four show the photo
    /// upside down here; on iOS they show it upright, as D5 does.

    @Test func d2TheDelegateDrawsTheAvatarInAWhiteRingedCircle() async throws {
        let s = try await Self.show("d2")
        Self.expectRingAndBackground(s)
        Self.expectColumns(s)
        #expect(close(s.pixel(236, 201), [0, 0, 0, 255], 2))       // no shadow (commented out in the seed)
        Self.expectUpright(s)
    }

    @Test func d3TheShadowLayerCastsAGreyShadowOffsetByTwoAndOne() async throws {
        let s = try await Self.show("d3")
        Self.expectRingAndBackground(s)
        Self.expectColumns(s)
        // The shadow layer has only its border: its shadow is that ring, offset (2, 1) and blurred (radius 3),
        // so grey just outside the circle on the right and below, and next to nothing on the left and above.
        let right = s.pixel(236, 201), below = s.pixel(162, 276), left = s.pixel(83, 200), above = s.pixel(158, 123)
        for p in [right, below] { #expect(p[0] >= 40 && p[0] <= 90 && p[0] == p[1] && p[1] == p[2], "\(p)") }
        #expect(left[0] <= 3)
        #expect(Int(above[0]) + 20 < Int(below[0]))
        Self.expectUpright(s)
    }

    @Test func d4AndD6TheTurnedLayerLooksLikeD3() async throws {
        let d3 = try await Self.show("d3")
        let box = (80, 120, 165, 165)   // the circle, its ring and its shadow
        for name in ["d4", "d6"] {
            let s = try await Self.show(name)
            let a = s.region(box.0, box.1, box.2, box.3), b = d3.region(box.0, box.1, box.2, box.3)
            // Equal but for rounding (1 in 255) at a few of the circle's antialiased edge pixels.
            let differ = zip(a, b).filter { !close($0.0, $0.1, 1) }.count
            #expect(a.count == 165 * 165 && differ == 0, "\(name): \(differ) pixels differ")
            Self.expectUpright(s)
        }
    }

    @Test func d5TheImageAsContentsIsUpright() async throws {
        let s = try await Self.show("d5")
        Self.expectRingAndBackground(s)
        Self.expectUpright(s)
        #expect(close(s.pixel(160, 160), [250, 210, 160, 255], 0))  // the face, in the upper half
        // The same ring and shadow as D3 (outside the photo).
        let d3 = try await Self.show("d3")
        for (x, y) in [(236, 201), (162, 276), (83, 200), (158, 123), (160, 126), (234, 200)] {
            #expect(close(s.pixel(x, y), d3.pixel(x, y), 1), "(\(x), \(y))")
        }
    }

    // MARK: D7

    @Test func d7TheViewDrawsBeforeItsCustomLayerWhichDrawsAStar() async throws {
        D7Log.shared.clear()
        let session = try ExampleSession("d7")
        defer { session.close() }
        await session.run(0.2)
        let log = D7Log.shared.entries
        #expect(log.map(\.message) == ["1-drawLayer:inContext:", "2-drawRect:", "3-drawInContext:"])
        if log.count == 3 {
            let layerContext = try #require(log[0].context), current = try #require(log[1].context)
            #expect(layerContext === current)             // drawRect's current context is drawLayer's
            #expect(log[2].context !== layerContext)      // the sublayer has its own
        }
        let s = try session.screen()
        // The 185-point square centred on (160, 284) spans 67.5…252.5 × 191.5…376.5.
        #expect(close(s.pixel(10, 10), [249, 249, 249, 255], 0))     // the view's light grey
        #expect(close(s.pixel(217, 341), [0, 146, 255, 255], 0))     // the blue square
        #expect(close(s.pixel(97, 221), [0, 146, 255, 255], 0))      // beside the star: blue
        #expect(close(s.pixel(162, 251), [135, 232, 84, 255], 0))    // the star's middle (layer (94.5, 60))
        #expect(close(s.pixel(162, 229), [135, 232, 84, 255], 0))    // near its top point (layer (94.5, 38))
        #expect(close(s.pixel(66, 284), [249, 249, 249, 255], 0))    // left of the square
        // Asked again, the view draws again (UIKit: a class overriding drawRect: draws, whether or not it
        // calls super, as the seed's [super drawRect:] does).
        D7Log.shared.clear()
        let kcView = try #require(session.controller.view.subviews.first as? KCView)
        kcView.setNeedsDisplay()
        await session.run(0.1)
        #expect(D7Log.shared.entries.map(\.message) == ["1-drawLayer:inContext:", "2-drawRect:"])
    }

    // MARK: D9–D16: the petal (10 × 20) at (50, 150)

    @Test func d9ThePetalGlidesToTheTapOverFiveSecondsAndSnapsBack() async throws {
        let session = try ExampleSession("d9")
        defer { session.close() }
        let controller = try #require(session.controller as? D9BasicPetalController)
        let petal: CALayer = controller._layer
        try session.input("tap", "200", "350")
        #expect(await session.run(until: { petal.animation(forKey: "KCBasicAnimation_Translation") != nil }))
        let move = try #require(petal.animation(forKey: "KCBasicAnimation_Translation") as? CABasicAnimation)
        let t0 = move.beginTime
        #expect(move.duration == 5)
        func at(_ t: Double) -> CGPoint? { petal.presentation(at: t0 + t)?.position }
        #expect(at(0) == CGPoint(x: 50, y: 150))
        #expect(close(at(1.25), CGPoint(x: 87.5, y: 200)))       // linear: a quarter of the way
        #expect(close(at(2.5), CGPoint(x: 125, y: 250)))
        #expect(close(at(4.5), CGPoint(x: 185, y: 330)))
        #expect(at(5) == CGPoint(x: 50, y: 150))                 // ended and removed: back at the start
        #expect(at(6) == CGPoint(x: 50, y: 150))
        #expect(petal.position == CGPoint(x: 50, y: 150))        // the model never moved
    }

    @Test func d10TheDelegateKeepsThePetalWhereItLandedWithNoSecondAnimation() async throws {
        let session = try ExampleSession("d10")
        defer { session.close() }
        let controller = try #require(session.controller as? D10PetalDelegateController)
        let petal: CALayer = controller._layer
        try session.input("tap", "200", "350")
        #expect(await session.run(until: { petal.animation(forKey: "KCBasicAnimation_Translation") != nil }))
        let move = try #require(petal.animation(forKey: "KCBasicAnimation_Translation"))
        #expect((move.value(forKey: "KCBasicAnimationLocation") as? NSValue)?.cgPointValue == CGPoint(x: 200, y: 350))
        #expect(await session.run(until: { controller.starts == 1 }, timeout: 2))
        #expect(petal.position == CGPoint(x: 50, y: 150))        // the model stays put while it runs
        #expect(await session.run(until: { controller.stops == 1 }, timeout: 8))
        await session.run(0.05)                                  // the delegate's transaction committed
        #expect(petal.position == CGPoint(x: 200, y: 350))
        #expect(petal.animationKeys() == nil)                    // no implicit animation from the delegate
        #expect(petal.presentation()?.position == CGPoint(x: 200, y: 350))
        await session.run(0.3)
        #expect(controller.starts == 1 && controller.stops == 1)
        // On screen: the petal (pink) at the tap, nothing left at the start.
        let s = try session.screen()
        #expect(close(s.pixel(200, 350), [250, 140, 180, 255], 3))
        #expect(!close(s.pixel(50, 150), [250, 140, 180, 255], 30))
    }

    @Test func d11ThePetalSpinsAboutItsAnchorAndBack() async throws {
        let session = try ExampleSession("d11")
        defer { session.close() }
        let controller = try #require(session.controller as? D11PetalSpinController)
        let petal: CALayer = controller._layer
        try session.input("tap", "200", "350")
        #expect(await session.run(until: { petal.animation(forKey: "KCBasicAnimation_Rotation") != nil }))
        let spin = try #require(petal.animation(forKey: "KCBasicAnimation_Rotation") as? CABasicAnimation)
        let move = try #require(petal.animation(forKey: "KCBasicAnimation_Translation"))
        let t0 = spin.beginTime
        #expect(move.beginTime == t0)                            // one tap, one transaction
        #expect(spin.duration == 6 && spin.autoreverses && spin.delegate == nil)
        func turn(_ t: Double) -> CATransform3D? { petal.presentation(at: t0 + t)?.transform }
        func rotation(_ angle: CGFloat) -> CATransform3D { CATransform3DMakeRotation(angle, 0, 0, 1) }
        let full = CGFloat(Float.pi / 2 * 3)                    // the seed boxes 3π/2 as a float
        for (t, f) in [(0.0, 0.0), (2.0, 1.0 / 3), (3.0, 0.5), (6.0, 1.0), (9.0, 0.5), (10.0, 1.0 / 3)] {
            #expect(turn(t).map { close($0, rotation(full * f), 1e-6) } == true, "at \(t) s")
        }
        #expect(turn(12.5).map { CATransform3DIsIdentity($0) } == true)  // both ways done: removed
        // The pivot is the anchor (0.5, 0.6): at 2 s (a third of the way, π/2) the 10 × 20 petal lies across
        // its position (110, 230) with 8 points left of it and 12 right, 5 above and 5 below.
        let frame = try #require(petal.presentation(at: t0 + 2)?.frame)
        #expect(abs(frame.minX - 102) < 1e-6 && abs(frame.minY - 225) < 1e-6)
        #expect(abs(frame.width - 20) < 1e-6 && abs(frame.height - 10) < 1e-6)
    }

    @Test func d12TapsPauseAndResumeThePetalsLayer() async throws {
        let session = try ExampleSession("d12")
        defer { session.close() }
        let controller = try #require(session.controller as? D12PauseResumeController)
        let petal: CALayer = controller._layer
        try session.input("tap", "200", "350")
        #expect(await session.run(until: { petal.animation(forKey: "KCBasicAnimation_Translation") != nil }))
        let move = try #require(petal.animation(forKey: "KCBasicAnimation_Translation"))
        let t0 = move.beginTime
        func moved(_ local: Double) -> CGPoint {               // the move's value at the layer's time `local`
            let f = min(max((local - t0) / 5, 0), 1)
            return CGPoint(x: 50 + 150 * f, y: 150 + 200 * f)
        }
        await session.run(0.5)
        // Pause: the layer's time stops where it was.
        try session.input("tap", "10", "10")
        #expect(await session.run(until: { petal.speed == 0 }, timeout: 2))
        let paused = petal.timeOffset
        #expect(paused > t0 && paused < t0 + 5)
        let now = CACurrentMediaTime()
        for t in [now, now + 1, now + 100] {
            #expect(close(petal.presentation(at: t)?.position, moved(paused), 1e-6))
        }
        await session.run(0.3)
        let frozen = try session.screen()
        await session.run(0.3)
        #expect(try session.screen() == frozen)               // the server shows it frozen too
        // Resume: the layer's time runs on from where it stopped.
        try session.input("tap", "10", "10")
        #expect(await session.run(until: { petal.speed == 1 }, timeout: 2))
        let begin = petal.beginTime
        #expect(petal.timeOffset == 0)
        #expect(close(petal.presentation(at: begin + t0 + 2.5)?.position, CGPoint(x: 125, y: 250), 1e-6))
        #expect(close(petal.presentation(at: begin + paused)?.position, moved(paused), 1e-6))
        await session.run(0.3)
        #expect(try session.screen() != frozen)               // moving again
        // At the move's end the delegate commits the end position and pauses the layer (the spin stops);
        // the finished move stays (not removed), so another tap resumes the spin alone.
        #expect(await session.run(until: { controller.stops == 1 }, timeout: 8))
        await session.run(0.05)                                  // the delegate's changes committed
        #expect(petal.position == CGPoint(x: 200, y: 350))
        #expect(petal.speed == 0)
        #expect(petal.animation(forKey: "KCBasicAnimation_Translation") != nil)
        let spinning = petal.timeOffset
        let rest = petal.presentation(at: CACurrentMediaTime() + 3)?.transform
        #expect(rest.map { close($0, petal.presentation(at: CACurrentMediaTime())?.transform ?? CATransform3DIdentity) } == true)
        try session.input("tap", "10", "10")
        #expect(await session.run(until: { petal.speed == 1 }, timeout: 2))
        let resumed = petal.beginTime
        #expect(petal.presentation(at: resumed + spinning + 1)?.position == CGPoint(x: 200, y: 350))  // the move is over
        let later = try #require(petal.presentation(at: resumed + spinning + 1)?.transform)
        #expect(rest.map { !close($0, later, 1e-3) } == true)    // the spin goes on
    }

    @Test func d16AfterFiveSecondsTheGroupSpinsThePetalAlongTheCurveAndTheDelegateKeepsTheEnd() async throws {
        let before = CACurrentMediaTime()
        let session = try ExampleSession("d16")
        defer { session.close() }
        let after = CACurrentMediaTime()
        let controller = try #require(session.controller as? D16GroupPetalController)
        let petal: CALayer = controller._layer
        let key = try #require(petal.animationKeys()?.first)
        let group = try #require(petal.animation(forKey: key) as? CAAnimationGroup)
        let t0 = group.beginTime
        // CACurrentMediaTime() + 5 when it loaded, which was while the session started (however slowly).
        #expect(t0 >= before + 5 && t0 <= after + 5, "began \(t0 - before) s after the session started, which took \(after - before) s")
        #expect(group.duration == 10)
        func at(_ t: Double) -> CALayer? { petal.presentation(at: t0 + t) }
        func rotation(_ angle: CGFloat) -> CATransform3D { CATransform3DMakeRotation(angle, 0, 0, 1) }
        let full = CGFloat(Float.pi / 2 * 3)
        #expect(at(-1)?.position == CGPoint(x: 50, y: 150))    // waiting out the delay
        #expect(at(-1).map { CATransform3DIsIdentity($0.transform) } == true)
        // The children have no duration: both take the group's 10 s. The path is one cubic segment followed
        // linearly in its parameter: B(u) of (50, 150), (160, 280), (−30, 300), (55, 400).
        for (t, point) in [(0.0, CGPoint(x: 50, y: 150)), (2.5, CGPoint(x: 5455.0 / 64, y: 14710.0 / 64)),
                           (5.0, CGPoint(x: 61.875, y: 286.25)), (10.0 - 1e-9, CGPoint(x: 55, y: 400))] {
            #expect(close(at(t)?.position, point, 1e-6), "at \(t) s: \(String(describing: at(t)?.position))")
            #expect(at(t).map { close($0.transform, rotation(full * t / 10), 1e-6) } == true, "at \(t) s")
        }
        // The end: the group is removed and its delegate (after the server says it stopped) commits
        // position (55, 400) and rotation 3π/2 with actions disabled. To keep the test short, the petal's
        // layer time is run 10 times as fast from now on (continuously: the layer's local time goes on
        // from where it is), so the 15 s take 1.5 s.
        let now = CACurrentMediaTime()
        petal.timeOffset = petal.convertTime(now, from: nil)
        petal.beginTime = now
        petal.speed = 10
        CATransaction.flush()
        #expect(await session.run(until: { controller.stops == 1 }, timeout: 6))
        await session.run(0.05)                                  // the delegate's transaction committed
        #expect(petal.position == CGPoint(x: 55, y: 400))
        #expect(close(petal.transform, rotation(CGFloat(Float.pi / 2 * 3)), 1e-6))
        #expect(petal.animationKeys() == nil)
        #expect(petal.presentation()?.position == CGPoint(x: 55, y: 400))
    }
}
}
