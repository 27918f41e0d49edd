import Foundation
import Strata
import StrataPNG
import StrataProtocol
import StrataTesting
import StrataUIKit
import Testing

extension ClientProcessSuite {
/// The scroll indicator on screen (a white scroll view, so the bar's black at 35 % shows as grey 166): it
/// appears when the content moves, moves with the fling on the server, and fades out after it stops.
@Suite struct UIScrollViewIndicatorTests {
    /// The screen's red channel at (x, y).
    static func red(_ stage: ScrollStage, _ x: Int, _ y: Int) throws -> Int { Int(try stage.server.snapshot().pixel(x: x, y: y).r) }

    @Test func theIndicatorShowsWhileScrollingAndFadesAfter() throws {
        let stage = try ScrollStage(contentSize: CGSize(width: 320, height: 4000)) {
            $0.scrollView.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            $0.scrollView.showsVerticalScrollIndicator = true
        }
        defer { stage.close() }
        #expect(try Self.red(stage, 315, 20) == 255) // hidden at rest
        try UIScrollViewFlingTests.fling(stage)
        let t0 = onMain { stage.scene.recorder.releaseTime }
        try stage.server.advance(by: t0 + 0.5 - CACurrentMediaTime())
        // 3 points from the right edge, 3 wide; 36 long (240 of 4000 points is less), its top at
        // 3 + (234 − 36)·offset/3760 on screen.
        let top = 3 + 198 * Double(stage.offset.y) / 3760
        let shot = try stage.server.snapshot()
        #expect(abs(Int(shot.pixel(x: 315, y: Int(top) + 4).r) - 166) <= 2, "the bar, below its top at \(top)")
        #expect(shot.pixel(x: 315, y: Int(top) + 40).r == 255, "below the bar")
        #expect(shot.pixel(x: 312, y: Int(top) + 4).r == 255, "left of the bar")
        // The fling ends within 4.6 s; the bar fades 0.5 s later, over 0.3 s.
        try stage.server.advance(by: 4.5)
        let restTop = 3 + 198 * Double(stage.offset.y) / 3760
        #expect(abs(try Self.red(stage, 315, Int(restTop) + 4) - 166) <= 2, "still shown while it moves")
        try stage.server.advance(by: 1.2)
        #expect(try Self.red(stage, 315, Int(restTop) + 4) == 255, "faded out")
    }
}

/// UIPinchGestureRecognizer on its own, with two injected fingers: its states, `scale`, `velocity`, and
/// ending when a finger lifts.
@Suite struct UIPinchGestureRecognizerTests {
    @Test func thePinchReportsScaleAndVelocityAndEndsWhenAFingerLifts() throws {
        let server = try StrataTestServer(width: 320, height: 240)
        defer { server.stop() }
        let connection = try server.connect()
        defer { connection.close() }
        let log = onMain { PinchLog() }
        let window = onMain { () -> UIWindow in
            let window = UIWindow(frame: UIScreen.main.bounds)
            window.rootViewController = UIViewController()
            window.rootViewController?.view.addGestureRecognizer(log.recognizer)
            window.makeKeyAndVisible()
            return window
        }
        defer { onMain { window.isHidden = true } }
        try server.advance(frames: 1)
        try server.inject([InjectedInput(kind: .touchDown, position: CGPoint(x: 110, y: 120), touchID: 1)])
        try server.inject([InjectedInput(kind: .touchDown, position: CGPoint(x: 210, y: 120), touchID: 2)])
        for i in 1...5 {
            try server.advance(frames: 1)
            let d = CGFloat(10 * i)
            try server.inject([InjectedInput(kind: .touchMotion, position: CGPoint(x: 110 - d, y: 120), touchID: 1),
                               InjectedInput(kind: .touchMotion, position: CGPoint(x: 210 + d, y: 120), touchID: 2)])
        }
        // Began at the first finger's first move (110 points apart, 1.1); 200 apart at the end: 2.
        let entries = onMain { log.entries }
        #expect(entries.map(\.state) == [.began] + Array(repeating: .changed, count: 9))
        #expect(abs((entries.first?.scale ?? 0) - 1.1) < 1e-9 && abs((entries.last?.scale ?? 0) - 2) < 1e-9)
        // From 1 to 2 in 5 frames: 12 per second.
        #expect(abs((entries.last?.velocity ?? 0) - 12) < 1e-6)
        // Setting the scale makes the current distance that scale.
        onMain { log.recognizer.scale = 1 }
        try server.advance(frames: 1)
        try server.inject([InjectedInput(kind: .touchMotion, position: CGPoint(x: 270, y: 120), touchID: 2)])
        #expect(abs(onMain { log.entries.last?.scale ?? 0 } - 210.0 / 200) < 1e-9)
        // One finger lifts: it ends; the other's moves report nothing more.
        try server.inject([InjectedInput(kind: .touchUp, position: CGPoint(x: 60, y: 120), touchID: 1)])
        try server.inject([InjectedInput(kind: .touchMotion, position: CGPoint(x: 280, y: 120), touchID: 2)])
        try server.inject([InjectedInput(kind: .touchUp, position: CGPoint(x: 280, y: 120), touchID: 2)])
        #expect(onMain { log.entries.map(\.state).suffix(2) } == [.changed, .ended])
        #expect(onMain { log.recognizer.state } == .possible)
    }
}
}

/// What a pinch's action saw each time.
@MainActor
final class PinchLog {
    struct Entry: Sendable { var state: UIGestureRecognizer.State; var scale: CGFloat; var velocity: CGFloat }
    var entries: [Entry] = []
    lazy var recognizer = UIPinchGestureRecognizer(target: self, action: PinchLog.pinched)

    func pinched(_ pinch: UIPinchGestureRecognizer) {
        entries.append(Entry(state: pinch.state, scale: pinch.scale, velocity: pinch.velocity))
    }
}
