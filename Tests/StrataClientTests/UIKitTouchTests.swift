import Foundation
import Strata
import StrataUIKit
import Testing

/// A view that records the touches UIKit delivers to it.
@MainActor
final class RecordingView: UIView {
    var log: [String] = []
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        let p = touches.first.map { $0.location(in: self) } ?? .zero
        log.append("began \(Int(p.x)),\(Int(p.y)) taps \(touches.first?.tapCount ?? 0)")
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("moved") }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("ended") }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("cancelled") }
}

/// A controller whose own touch methods log what reaches it through the responder chain.
@MainActor
final class RecordingController: UIViewController {
    var log: [String] = []
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("controller began \(touches.first?.view.map { "\($0.tag)" } ?? "-")")
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("controller ended") }
}

extension ClientProcessSuite {
/// Touches and gesture recognizers from the server's input routing (`strata input`), on a 320 × 240 screen.
@MainActor
@Suite struct UIKitTouchTests {
    @Test func touchesGoToTheHitViewAndUnhandledOnesUpTheResponderChain() async throws {
        let controller = RecordingController()
        let recorder = RecordingView(frame: CGRect(x: 20, y: 20, width: 100, height: 100))
        let plain = UIView(frame: CGRect(x: 160, y: 20, width: 100, height: 100))
        plain.tag = 7
        let inert = UIView(frame: CGRect(x: 40, y: 40, width: 20, height: 20))
        inert.isUserInteractionEnabled = false // skipped: the touch is its superview's
        let session = try ExampleSession(controller: controller, size: "320x240") { c in
            c.view.addSubview(recorder)
            c.view.addSubview(plain)
            recorder.addSubview(inert)
        }
        defer { session.close() }
        try session.input("tap", "50", "50")
        try session.input("tap", "50", "50")
        try session.input("tap", "200", "60")
        #expect(await session.run(until: { controller.log.count == 2 && recorder.log.count == 4 }))
        #expect(recorder.log == ["began 30,30 taps 1", "ended", "began 30,30 taps 2", "ended"])
        #expect(controller.log == ["controller began 7", "controller ended"])
        #expect(session.window.hitTest(CGPoint(x: 50, y: 50), with: nil) === recorder)
        plain.isHidden = true
        #expect(session.window.hitTest(CGPoint(x: 200, y: 60), with: nil) === controller.view)
    }

    @Test func aTapRecognizerFiresOnceAndCancelsTheViewsTouch() async throws {
        let recorder = RecordingView(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        var fired: [CGPoint] = []
        let tap = UITapGestureRecognizer { recognizer in fired.append(recognizer.location(in: recorder)) }
        let session = try ExampleSession(controller: UIViewController(), size: "320x240") { c in
            c.view.addSubview(recorder)
            recorder.addGestureRecognizer(tap)
        }
        defer { session.close() }
        try session.input("tap", "100", "80")
        #expect(await session.run(until: { !fired.isEmpty }))
        await session.run(0.1)
        #expect(fired == [CGPoint(x: 100, y: 80)])
        #expect(recorder.log == ["began 100,80 taps 1", "cancelled"])
        #expect(tap.state == .possible) // reset for the next gesture
    }

    @Test func aSingleTapWaitsForTheDoubleTapToFail() async throws {
        let target = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        var log: [String] = []
        let single = UITapGestureRecognizer { _ in log.append("single") }
        let double = UITapGestureRecognizer { _ in log.append("double") }
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        let session = try ExampleSession(controller: UIViewController(), size: "320x240") { c in
            c.view.addSubview(target)
            target.addGestureRecognizer(single)
            target.addGestureRecognizer(double)
        }
        defer { session.close() }
        try session.input("tap", "100", "80", "--hold", "0.02")
        try session.input("tap", "102", "81", "--hold", "0.02")
        #expect(await session.run(until: { !log.isEmpty }))
        await session.run(0.6)
        #expect(log == ["double"])
        try session.input("tap", "100", "80")
        await session.run(0.8)
        #expect(log == ["double", "single"])
    }

    @Test func aPanReportsItsStatesTranslationAndVelocity() async throws {
        let target = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        var states: [UIGestureRecognizer.State] = []
        var translations: [CGPoint] = []
        var endVelocity = CGPoint.zero
        let pan = UIPanGestureRecognizer { r in
            guard let pan = r as? UIPanGestureRecognizer else { return }
            states.append(pan.state)
            translations.append(pan.translation(in: target))
            if pan.state == .ended { endVelocity = pan.velocity(in: target) }
        }
        // On the virtual clock, where each touch event's time is its frame's: the velocity does not depend on
        // how fast a loaded machine delivers the moves.
        let session = try ExampleSession(controller: UIViewController(), size: "320x240", virtualClock: true) { c in
            c.view.addSubview(target)
            target.addGestureRecognizer(pan)
        }
        defer { session.close() }
        try await session.advance(frames: 1)
        // 200 points right in 10 moves, one every 3 frames (0.05 s at 60 Hz): 400 points per second.
        try session.input("touch", "down", "50", "100")
        try await session.advance(frames: 3)
        for step in 1...10 {
            try session.input("touch", "move", "\(50 + 20 * step)", "100")
            if step < 10 { try await session.advance(frames: 3) }
        }
        try session.input("touch", "up", "250", "100") // lifted as it arrives, as `strata input swipe` lifts
        try await session.advance(frames: 1)
        #expect(await session.run(until: { states.last == .ended }))
        #expect(states.first == .began && states.dropFirst().dropLast().allSatisfy { $0 == .changed })
        #expect(translations.first == CGPoint(x: 20, y: 0)) // the first move past the 10-point slop
        #expect(translations.last == CGPoint(x: 200, y: 0))
        #expect(endVelocity.x > 250 && endVelocity.x < 600 && endVelocity.y == 0)
    }

    @Test func aSwipeRecognizesOnlyItsDirection() async throws {
        let target = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        var log: [String] = []
        let left = UISwipeGestureRecognizer { _ in log.append("left") }
        left.direction = .left
        let up = UISwipeGestureRecognizer { _ in log.append("up") }
        up.direction = .up
        let session = try ExampleSession(controller: UIViewController(), size: "320x240") { c in
            c.view.addSubview(target)
            target.addGestureRecognizer(left)
            target.addGestureRecognizer(up)
        }
        defer { session.close() }
        try session.input("swipe", "250", "120", "50", "120", "--duration", "0.2")
        try session.input("swipe", "160", "200", "160", "40", "--duration", "0.2")
        try session.input("swipe", "50", "120", "250", "120", "--duration", "0.2") // right: neither
        try session.input("swipe", "250", "120", "50", "120", "--duration", "3.0") // too slow: 60 points after 0.9 s
        await session.run(0.5)
        #expect(log == ["left", "up"])
    }

    @Test func aLongPressBeginsAfterHalfASecondAndEndsOnLift() async throws {
        let target = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        var states: [UIGestureRecognizer.State] = []
        let press = UILongPressGestureRecognizer { r in states.append(r.state) }
        let session = try ExampleSession(controller: UIViewController(), size: "320x240") { c in
            c.view.addSubview(target)
            target.addGestureRecognizer(press)
        }
        defer { session.close() }
        try session.input("touch", "down", "100", "100")
        await session.run(0.3)
        #expect(states.isEmpty)
        await session.run(0.4)
        #expect(states == [.began])
        try session.input("touch", "move", "104", "100")
        try session.input("touch", "up", "104", "100")
        #expect(await session.run(until: { states.count == 3 }))
        #expect(states == [.began, .changed, .ended])
        // Lifted before half a second: it fails, nothing is sent.
        try session.input("tap", "100", "100")
        await session.run(0.7)
        #expect(states.count == 3)
    }
}

/// Completions over a real server: `finished`, interruption, order.
@MainActor
@Suite struct UIKitCompletionTests {
    @Test func completionsReportFinishedAndInterruption() async throws {
        let box = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
        box.backgroundColor = UIColor.red
        let session = try ExampleSession(controller: UIViewController(), size: "320x240") { $0.view.addSubview(box) }
        defer { session.close() }
        var log: [String] = []
        UIView.animate(withDuration: 0.2, animations: { box.alpha = 0.5 }, completion: { log.append("fade \($0)") })
        #expect(await session.run(until: { log.count == 1 }))
        #expect(log == ["fade true"])
        UIView.animate(withDuration: 5, animations: { box.center = CGPoint(x: 300, y: 200) }, completion: { log.append("long \($0)") })
        await session.run(0.3)
        UIView.animate(withDuration: 0.2, animations: { box.center = CGPoint(x: 30, y: 30) }, completion: { log.append("back \($0)") })
        #expect(await session.run(until: { log.count == 3 }))
        #expect(log == ["fade true", "long false", "back true"])
        UIView.animate(withDuration: 1, animations: {}, completion: { log.append("nothing \($0)") })
        #expect(await session.run(until: { log.count == 4 }, timeout: 0.5))
        #expect(log.last == "nothing true")
        #expect(box.layer.presentation()?.position == CGPoint(x: 30, y: 30))
    }
}
}
