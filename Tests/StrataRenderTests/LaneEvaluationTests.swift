import Foundation
import StrataCore
import StrataDisplay
import StrataProtocol
@testable import StrataServer
import StrataTestSupport
import Testing

/// The server evaluates layers whose animations its scene's lane table holds from the table, resetting
/// only the animated fields between frames: what it presents must stay `Presentation.apply`'s as the
/// model and the animations change, and frames between starts and ends must still report every event.
@Suite struct LaneEvaluationTests {
    static func compositor() throws -> (HeadlessDisplay, Compositor) {
        let display = try HeadlessDisplay(width: 100, height: 60)
        let compositor = try Compositor(display: display)
        compositor.gpuAnimationMinimumLayers = nil // every animation on the CPU
        compositor.addClient(1)
        return (display, compositor)
    }

    static func timing(begin: Double = 0, duration: Double) -> MediaTiming {
        var t = MediaTiming()
        t.beginTime = begin
        t.duration = duration
        return t
    }

    @Test func aModelChangeBetweenFramesIsPresentedWithTheAnimations() throws {
        let (display, compositor) = try Self.compositor()
        defer { display.releaseCurrent() }
        var ops = TestOperations.square(1, CGRect(x: 0, y: 0, width: 20, height: 20)) + [.attachRoot(1)]
        ops += [.addAnimation(1, key: "nudge", AnimationSpec(keyPath: LayerKeyPath(property: .position),
                                                             kind: .basic(from: nil, to: nil, by: .point(CGPoint(x: 40, y: 0))), timing: Self.timing(duration: 2))),
                .addAnimation(1, key: "fade", AnimationSpec(keyPath: LayerKeyPath(property: .opacity),
                                                            kind: .basic(from: .scalar(1), to: .scalar(0), by: nil), timing: Self.timing(duration: 2)))]
        compositor.submit(Commit(transactionID: 1, operations: ops), fds: [], from: 1)
        try compositor.renderFrame(at: 0.5)
        let node = try #require(compositor.scenes[1]?.nodes[1])
        #expect(node.presentation.position == CGPoint(x: 20, y: 10))
        #expect(node.presentation.opacity == 0.75)
        // The model changes under the animations: a field they animate (the by-animation adds to it) and
        // one they do not.
        let blue = Color(red: 0, green: 0, blue: 1, alpha: 1)
        compositor.submit(Commit(transactionID: 2, operations: [.setProperty(1, .position, .point(CGPoint(x: 50, y: 30))),
                                                               .setProperty(1, .backgroundColor, .color(blue))]), fds: [], from: 1)
        try compositor.renderFrame(at: 1)
        #expect(node.presentation.position == CGPoint(x: 70, y: 30))
        #expect(node.presentation.opacity == 0.5)
        #expect(node.presentation.backgroundColor == blue)
        #expect(node.presentation == Presentation.apply(node.animations, to: node.model, at: 1))
        // A frame with no change between: the animated fields start again from the model.
        try compositor.renderFrame(at: 1.5)
        #expect(node.presentation.position == CGPoint(x: 80, y: 30))
        #expect(node.presentation == Presentation.apply(node.animations, to: node.model, at: 1.5))
        // An animation the table does not take (keyframes) moves the layer to `Presentation.apply`, and back.
        compositor.submit(Commit(transactionID: 3, operations: [
            .addAnimation(1, key: "wobble", AnimationSpec(keyPath: LayerKeyPath(property: .cornerRadius),
                                                          kind: .keyframe(Keyframes(values: [.scalar(0), .scalar(8)])), timing: Self.timing(begin: 1.5, duration: 1))),
        ]), fds: [], from: 1)
        try compositor.renderFrame(at: 1.75)
        #expect(node.presentation.cornerRadius == 2)
        #expect(node.presentation == Presentation.apply(node.animations, to: node.model, at: 1.75))
        compositor.submit(Commit(transactionID: 4, operations: [.removeAnimation(1, key: "wobble"), .setProperty(1, .cornerRadius, .scalar(3))]), fds: [], from: 1)
        try compositor.renderFrame(at: 1.9)
        #expect(node.presentation.cornerRadius == 3)
        #expect(node.presentation == Presentation.apply(node.animations, to: node.model, at: 1.9))
    }

    @Test func framesBetweenStartsAndEndsStillReportEachOne() throws {
        let (display, compositor) = try Self.compositor()
        defer { display.releaseCurrent() }
        let log = CompositorEventLog()
        compositor.events = log
        func described(_ message: ServerMessage) -> String? {
            switch message {
            case let .animationStarted(_, key): "start \(key)"
            case let .animationStopped(_, key, finished): "stop \(key) \(finished)"
            default: nil
            }
        }
        var ops = TestOperations.square(1, CGRect(x: 0, y: 0, width: 20, height: 20)) + [.attachRoot(1)]
        ops += [.addAnimation(1, key: "early", AnimationSpec(keyPath: LayerKeyPath(property: .opacity),
                                                             kind: .basic(from: .scalar(1), to: .scalar(0), by: nil), timing: Self.timing(duration: 1))),
                .addAnimation(1, key: "late", AnimationSpec(keyPath: LayerKeyPath(property: .zPosition),
                                                            kind: .basic(from: .scalar(0), to: .scalar(4), by: nil), timing: Self.timing(begin: 0.6, duration: 1)))]
        compositor.submit(Commit(transactionID: 1, operations: ops), fds: [], from: 1)
        var reported: [[String]] = []
        for t in [0.1, 0.3, 0.5, 0.7, 0.9, 1.1, 1.3, 1.5, 1.7, 1.9] {
            log.clearMessages()
            try compositor.renderFrame(at: t)
            reported.append(log.messages.compactMap { described($0.message) })
        }
        #expect(reported == [["start early"], [], [], ["start late"], [], ["stop early true"], [], [], ["stop late true"], []])
        #expect(compositor.scenes[1]?.nodes[1]?.animations.isEmpty == true)
    }
}
