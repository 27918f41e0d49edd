import Foundation
import Strata
import StrataCore
import StrataProtocol
import Testing
import StrataTestSupport

extension ClientProcessSuite {
/// CAMediaTiming on layers: nested time spaces, convertTime, and the seeds' pause/resume recipe.
@Suite struct LayerTimingTests {
    /// A linear opacity fade 0 → 1 over 10 s starting at local time `begin`.
    func fade(from begin: CFTimeInterval) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0.0
        a.toValue = 1.0
        a.duration = 10
        a.beginTime = begin
        return a
    }

    @Test func convertTimeFollowsNestedSpeedsAndOffsets() {
        let parent = CALayer(), child = CALayer()
        parent.addSublayer(child)
        parent.speed = 2
        parent.beginTime = 10
        child.speed = 2
        child.timeOffset = 3
        // child local = ((t − 10)·2 − 0)·2 + 3
        #expect(child.convertTime(20, from: nil) == 43)
        #expect(child.convertTime(43, to: nil) == 20)
        #expect(parent.convertTime(20, from: nil) == 20)
        #expect(child.convertTime(20, from: parent) == 43)     // 20 in parent time → 43 in child time
        #expect(parent.convertTime(43, from: child) == 20)
        #expect(child.convertTime(1, to: parent) - child.convertTime(0, to: parent) == 0.5) // 4× overall, 2× relative
        CATransaction.flush()
    }

    /// Core Animation Programming Guide, "Pausing and Resuming Animations" (seed 000, listing 5-4;
    /// spec core-animation-model.md §6.4), run exactly as written.
    @Test func pauseAndResumeAsInTheSeedsWorkedExample() throws {
        let layer = CALayer()
        let start = CACurrentMediaTime()
        layer.add(fade(from: start), forKey: "fade")
        CATransaction.flush()

        // pause
        let pausedTime = layer.convertTime(CACurrentMediaTime(), from: nil)
        layer.speed = 0.0
        layer.timeOffset = pausedTime
        CATransaction.flush()
        let held = Double(pausedTime - start) / 10
        for later in [0.0, 1.0, 7.5] {
            let p = try #require(layer.presentation(at: CACurrentMediaTime() + later))
            #expect(abs(Double(p.opacity) - held) < 1e-6, "paused: frozen at \(held)")
        }

        // resume, some time later
        usleep(50_000)
        let pausedAgain = layer.timeOffset
        layer.speed = 1.0
        layer.timeOffset = 0.0
        layer.beginTime = 0.0
        let timeSincePause = layer.convertTime(CACurrentMediaTime(), from: nil) - pausedAgain
        layer.beginTime = timeSincePause
        CATransaction.flush()
        #expect(pausedAgain == pausedTime)
        // Seamless: at global time g the layer's local time is g − timeSincePause, which equals pausedTime at
        // the resume instant, then runs at speed 1.
        for dt in [0.0, 0.5, 2.0] {
            let g = timeSincePause + pausedTime + dt
            let p = try #require(layer.presentation(at: g))
            #expect(abs(Double(p.opacity) - (held + dt / 10)) < 1e-6, "resumed +\(dt)")
        }
    }

    @Test func implicitAnimationsAreStampedInTheLayersOwnTime() throws {
        let root = CALayer(), child = CALayer()
        root.addSublayer(child)
        root.speed = 3
        root.timeOffset = 100
        CATransaction.flush()
        let before = CACurrentMediaTime()
        child.opacity = 0 // implicit 0.25 s fade, in the child's (3×) time
        CATransaction.flush()
        let anim = try #require(child.animation(forKey: "opacity"))
        let expected = root.convertTime(before, from: nil)
        #expect(anim.beginTime >= expected && anim.beginTime < expected + 1)
        // Running at 3×, the 0.25 s fade is over after 1/12 s of global time.
        let globalStart = try #require(Optional(child.convertTime(anim.beginTime, to: nil)))
        let halfway = Double(try #require(child.presentation(at: globalStart + 0.25 / 3 / 2)).opacity)
        #expect(abs(halfway - (1 - ReferenceBezier.defaultCurve(0.5))) < 1e-6)
        #expect(try #require(child.presentation(at: globalStart + 0.25 / 3 + 1e-6)).opacity == 0)
        withExtendedLifetime(root) {}
    }
}
}

/// Layer timing through scene files and `strata sample`.
@Suite struct LayerTimingSampleTests {
    @Test func nestedSpeedsMultiplyAndAChangeCanPause() throws {
        // Spec §6.3 / seed 000 ch.4: speed 2 under speed 2 is 4×. The child's fade lasts 8 s of its own
        // time, so 2 s of scene time. At scene time 1 a change pauses the parent (speed 0, timeOffset 2 =
        // its local time then), freezing the child at half way.
        let r = try SceneSample.run("""
        {"strata":1,"layers":[{"id":"p","speed":2,"sublayers":[{"id":"c","speed":2,
          "animations":{"f":{"type":"basic","keyPath":"opacity","fromValue":0,"toValue":1,"duration":8}}}]}],
         "changes":[{"time":1,"layer":"p","set":{"speed":0,"timeOffset":2}}]}
        """, layer: "c", key: "opacity", times: [0, 0.25, 0.5, 0.999, 1, 5])
        #expect(r.status == 0, "\(r.output)")
        let values = r.values.compactMap { $0 as? Double }
        let expected = [0, 0.125, 0.25, 0.4995, 0.5, 0.5]
        #expect(values.count == expected.count)
        for (v, e) in zip(values, expected) { #expect(abs(v - e) < 1e-9, "\(values)") }
    }

    @Test func aLayersTimeOffsetWrapsTheAnimationAsInTheSeedsExample() throws {
        // Seed 000 ch.5 / spec §6.3: duration 5 and timeOffset 2 plays local 2…5, then 0…2. On the layer,
        // timeOffset shifts the layer's clock: the 5 s fade starting at local 0 is seen from local 2.
        let r = try SceneSample.run("""
        {"strata":1,"layers":[{"id":"l","timeOffset":2,
          "animations":{"f":{"type":"basic","keyPath":"position.x","fromValue":0,"toValue":5,"duration":5}}}]}
        """, layer: "l", key: "position.x", times: [0, 1, 2.5, 2.999])
        #expect(r.status == 0, "\(r.output)")
        let out = r.output
        #expect(out.contains(#""samples":[{"t":0,"value":2},{"t":1,"value":3},{"t":2.5,"value":4.5}"#), "\(out)")
    }
}

/// Cycling layer time (duration, repeatCount, autoreverses, fillMode on CALayer) through scene files.
@Suite struct CyclingLayerSampleTests {
    static let scene = """
    {"strata":1,"layers":[{"id":"p","beginTime":1,"duration":2,"repeatCount":2,"autoreverses":true,"fillMode":"FILL",
      "sublayers":[{"id":"c","position":[7,0],
        "animations":{"x":{"type":"basic","keyPath":"position.x","fromValue":0,"toValue":2,"duration":2,
                           "timingFunction":"linear","fillMode":"both","removedOnCompletion":false}}}]}]}
    """

    @Test func aCyclingParentLoopsAndReversesItsChildrensAnimations() throws {
        // The parent's time runs 0→2, 2→0 twice from scene time 1 (8 s in all); the child's linear
        // 0 → 2 over 2 s follows it. Outside with fill "removed" the child shows its model x (7).
        let r = try SceneSample.run(Self.scene.replacingOccurrences(of: "FILL", with: "removed"), layer: "c",
                                    key: "position.x", times: [0.5, 1, 2.5, 3.5, 5.25, 8.5, 9.5])
        #expect(r.status == 0, "\(r.output)")
        let values = r.values.compactMap { $0 as? Double }
        let expected = [7, 0, 1.5, 1.5, 0.25, 0.5, 7]
        #expect(values.count == expected.count)
        for (v, e) in zip(values, expected) { #expect(abs(v - e) < 1e-9, "\(values)") }
    }

    @Test func fillModesHoldACyclingLayersEdgeTimes() throws {
        let r = try SceneSample.run(Self.scene.replacingOccurrences(of: "FILL", with: "both"), layer: "c",
                                    key: "position.x", times: [0.5, 9.5])
        #expect(r.status == 0, "\(r.output)")
        #expect(r.values.compactMap { $0 as? Double } == [0, 0])
        let bad = try SceneSample.run(Self.scene.replacingOccurrences(of: "FILL", with: "sideways"), layer: "c",
                                      key: "position.x", times: [0])
        #expect(bad.status != 0)
        #expect(bad.output.contains(#"layer "p": "fillMode" must be one of removed, forwards, backwards, both"#), "\(bad.output)")
    }

    @Test func theClientsPresentationFollowsACyclingLayer() throws {
        let parent = CALayer(), child = CALayer()
        parent.addSublayer(child)
        let start = CACurrentMediaTime() + 100
        parent.beginTime = start
        parent.duration = 2
        parent.repeatCount = .infinity
        parent.autoreverses = true
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0.0; a.toValue = 1.0; a.duration = 2; a.fillMode = .both; a.isRemovedOnCompletion = false
        a.beginTime = 0.0001 // not "now": starts at the parent's local 0.0001
        child.add(a, forKey: "fade")
        CATransaction.flush()
        #expect(parent.repeatCount == .infinity && parent.duration == 2 && parent.autoreverses)
        #expect(try #require(child.presentation(at: start - 1)).opacity == 1)   // not begun, no fill: the model
        let mid = try #require(child.presentation(at: start + 1000 + 3.0)).opacity // cycle 250, reversing at 1 s
        #expect(abs(Double(mid) - (1 - 0.0001) / 2) < 1e-6)
        withExtendedLifetime(parent) {}
    }
}

@Suite struct PausedLayerServerTests {
    /// On the virtual clock frames come only from its steps: what is drawn before the start is exact, however
    /// loaded the machine (on the wall clock, a server that had not drawn the commit's frame 0.7 s later failed it).
    @Test func aDelayedAnimationWakesTheServerAtItsStart() throws {
        let server = try ServerProcess(virtualClock: true)
        defer { _ = server.stop() }
        let client = try InspectorClient(socketPath: server.socketPath)
        let now = try server.advance(by: 0)
        var t = MediaTiming()
        t.beginTime = now + 1.5 // starts later; fill mode removed: nothing to draw before
        t.duration = 0.5
        let fade = AnimationSpec(keyPath: try LayerKeyPath(parsing: "opacity"), kind: .basic(from: .scalar(0), to: .scalar(1), by: nil), timing: t)
        try client.send(.commit(Commit(transactionID: 1, operations:
            rootSquare(side: 40, center: CGPoint(x: 80, y: 60), color: Color(red: 1, green: 1, blue: 1, alpha: 1)) + [
            .addAnimation(1, key: "later", fade)])))
        try server.advance(by: 0.7)
        let waiting = try server.stats()["frames_rendered"] as? Int ?? -1
        #expect(waiting == 1, "only the commit's frame before the start (\(waiting))")
        try server.advance(by: 0.7)
        #expect(try server.stats()["frames_rendered"] as? Int == waiting, "nothing drawn until the start")
        // It woke for the start: the fade's frames, 0.5 s of them.
        try server.advance(by: 0.6)
        #expect((try server.stats()["frames_rendered"] as? Int ?? 0) > waiting + 20)
    }

    /// On the virtual clock, as the test above.
    @Test func aPausedSubtreeRendersNoFrames() throws {
        let server = try ServerProcess(virtualClock: true)
        defer { _ = server.stop() }
        let client = try InspectorClient(socketPath: server.socketPath)
        var t = MediaTiming()
        t.duration = 1
        t.repeatCount = .infinity
        t.autoreverses = true
        let spin = AnimationSpec(keyPath: try LayerKeyPath(parsing: "opacity"), kind: .basic(from: .scalar(0), to: .scalar(1), by: nil), timing: t)
        // An infinitely repeating fade on a layer whose parent is paused at local time 0.25.
        try client.send(.commit(Commit(transactionID: 1, operations:
            rootSquare(side: 40, center: CGPoint(x: 80, y: 60), color: Color(red: 0, green: 0, blue: 0, alpha: 0)) + [
            .setProperty(1, .speed, .scalar(0)), .setProperty(1, .timeOffset, .scalar(0.25)),
            .createLayer(2), .setProperty(2, .bounds, .rect(CGRect(x: 0, y: 0, width: 40, height: 40))),
            .setProperty(2, .position, .point(CGPoint(x: 20, y: 20))),
            .setProperty(2, .backgroundColor, .color(Color(red: 1, green: 1, blue: 1, alpha: 1))),
            .insertSublayer(parent: 1, child: 2, index: 0), .addAnimation(2, key: "fade", spin),
        ])))
        try server.advance(by: 0.1)
        // Frozen at a quarter of the fade: 255 · 0.25.
        #expect(pixel(try server.snapshot().pixels, width: 160, 80, 60) == [64, 64, 64, 255])
        let first = try server.stats()["frames_rendered"] as? Int ?? -1
        try server.advance(by: 1)
        #expect(try server.stats()["frames_rendered"] as? Int == first)
        // Resuming (speed 1) animates again.
        try client.send(.commit(Commit(transactionID: 2, operations: [.setProperty(1, .speed, .scalar(1))])))
        try server.advance(by: 0.5)
        #expect((try server.stats()["frames_rendered"] as? Int ?? 0) > first + 10)
    }
}

/// Spec §12.4's struct-field key paths on shadowOffset, as animation key paths through `strata sample`.
@Suite struct ShadowKeyPathSampleTests {
    @Test func shadowOffsetHeightAnimatesAsAScalar() throws {
        let r = try SceneSample.run("""
        {"strata":1,"layers":[{"id":"l","shadowOffset":[2,0],
          "animations":{"s":{"type":"basic","keyPath":"shadowOffset.height","fromValue":0,"toValue":10,"duration":1,"timingFunction":"linear"}}}]}
        """, layer: "l", key: "shadowOffset", times: [0.25, 0.5])
        #expect(r.status == 0, "\(r.output)")
        #expect(r.values.compactMap { $0 as? [Double] } == [[2, 2.5], [2, 5]])
    }
}
