import Foundation
import StrataUIKit
import Testing

extension ClientProcessSuite {
/// Rotation and screen-edge recognizers fed by the server's input routing (`strata input`, two touch ids
/// for rotation), on a 320 × 240 screen; on the virtual clock each touch event's time is the frame's.
@MainActor
@Suite struct UIKitRotationEdgeGestureTests {
    /// A full-screen view with `recognizer`, on a server on the virtual clock.
    static func session(_ recognizer: UIGestureRecognizer) async throws -> ExampleSession {
        let target = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        target.isMultipleTouchEnabled = true
        let session = try ExampleSession(controller: UIViewController(), size: "320x240", virtualClock: true) { c in
            c.view.addSubview(target)
            target.addGestureRecognizer(recognizer)
        }
        try await session.advance(frames: 1)
        return session
    }

    /// `strata input ARGS`, then one frame so the app has handled it.
    static func input(_ session: ExampleSession, _ arguments: String...) async throws {
        try strataInput(session.server, arguments)
        try await session.advance(frames: 1)
    }

    @Test func rotationBeginsPastFiveDegreesAndReportsItsAngleAndVelocity() async throws {
        var log: [(UIGestureRecognizer.State, CGFloat, CGFloat)] = []
        let rotation = UIRotationGestureRecognizer { r in
            guard let r = r as? UIRotationGestureRecognizer else { return }
            log.append((r.state, r.rotation, r.velocity))
            if r.state == .began { r.rotation = 0 } // as apps do after applying it to a transform
        }
        let session = try await Self.session(rotation)
        defer { session.close() }
        try await Self.input(session, "touch", "down", "100", "120", "--id", "1")
        try await Self.input(session, "touch", "down", "200", "120", "--id", "2")
        try await Self.input(session, "touch", "move", "200", "122", "--id", "2") // 1.15°: not yet
        #expect(log.isEmpty && rotation.state == .possible)
        try await Self.input(session, "touch", "move", "196", "140", "--id", "2")
        let began = atan2(20.0, 96.0)
        try await Self.input(session, "touch", "move", "180", "180", "--id", "2")
        let turned = atan2(60.0, 80.0)
        try await Self.input(session, "touch", "up", "180", "180", "--id", "2")
        try await Self.input(session, "touch", "up", "100", "120", "--id", "1")
        #expect(log.map(\.0) == [.began, .changed, .ended])
        #expect(abs(log[0].1 - began) < 1e-9)
        // Reset to 0 at .began: the change reports only the turn since.
        #expect(abs(log[1].1 - (turned - began)) < 1e-9)
        // The moves of the last 0.1 s: from the second finger's down (0) to 36.87°, three frames later.
        #expect(abs(log[1].2 - turned / (3.0 / 60)) < 1e-6, "\(log[1].2)")
        #expect(rotation.state == .possible && rotation.rotation == 0)

        // Lifting a finger before the turn reaches 5° fails it: nothing is sent.
        try await Self.input(session, "touch", "down", "100", "120", "--id", "3")
        try await Self.input(session, "touch", "down", "200", "120", "--id", "4")
        try await Self.input(session, "touch", "move", "200", "125", "--id", "4")
        try await Self.input(session, "touch", "up", "200", "125", "--id", "4")
        #expect(rotation.state == .failed)
        try await Self.input(session, "touch", "up", "100", "120", "--id", "3")
        #expect(log.count == 3 && rotation.state == .possible)
    }

    @Test func anEdgePanBeginsOnlyFromItsEdgeAndAwayFromIt() async throws {
        var log: [(UIGestureRecognizer.State, CGPoint)] = []
        let edge = UIScreenEdgePanGestureRecognizer { r in
            guard let pan = r as? UIPanGestureRecognizer else { return }
            log.append((pan.state, pan.translation(in: nil)))
        }
        edge.edges = .left
        let session = try await Self.session(edge)
        defer { session.close() }
        // From 5 points in, rightwards: began at the first move past 10 points, ended on lift.
        try await Self.input(session, "touch", "down", "5", "120", "--id", "1")
        try await Self.input(session, "touch", "move", "12", "121", "--id", "1")
        try await Self.input(session, "touch", "move", "25", "122", "--id", "1")
        try await Self.input(session, "touch", "move", "105", "125", "--id", "1")
        try await Self.input(session, "touch", "up", "105", "125", "--id", "1")
        #expect(log.map(\.0) == [.began, .changed, .ended])
        #expect(log.first?.1 == CGPoint(x: 20, y: 2) && log.last?.1 == CGPoint(x: 100, y: 5))

        // From 30 points in (past the 20-point edge): fails at once.
        try await Self.input(session, "touch", "down", "30", "120", "--id", "2")
        #expect(edge.state == .failed)
        try await Self.input(session, "touch", "move", "130", "120", "--id", "2")
        try await Self.input(session, "touch", "up", "130", "120", "--id", "2")
        // Along the edge (down more than in): fails.
        try await Self.input(session, "touch", "down", "5", "100", "--id", "3")
        try await Self.input(session, "touch", "move", "10", "130", "--id", "3")
        #expect(edge.state == .failed)
        try await Self.input(session, "touch", "up", "10", "130", "--id", "3")
        #expect(log.count == 3)

        // The right edge, leftwards.
        edge.edges = .right
        try await Self.input(session, "touch", "down", "315", "60", "--id", "4")
        try await Self.input(session, "touch", "move", "280", "60", "--id", "4")
        try await Self.input(session, "touch", "up", "280", "60", "--id", "4")
        #expect(log.dropFirst(3).map(\.0) == [.began, .ended])
        #expect(log.last?.1 == CGPoint(x: -35, y: 0))
    }
}
}
