import Foundation
import Strata
import StrataPNG
import StrataTesting
import Testing

extension ClientProcessSuite {
/// The server's virtual clock (`--clock virtual`) stepped by a test: each step draws exactly the frames
/// inside it, so the pixels at a chosen time are known to the pixel, with no sleep and on any machine.
///
/// The output refreshes at 64 Hz (a refresh of 1/64 s is exact in binary, and so is the clock's start,
/// 1000 s: every vblank time is exact). A red 8 × 8 square moves linearly 64 points in 1 s, so at the
/// vblank k refreshes after its start its left edge is at column k.
@Suite struct VirtualClockTests {
    static let refresh = 64.0
    static let interval = 1 / refresh

    /// The screen expected with the square's left edge at `left`: red there, black elsewhere.
    static func expected(left: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: 80 * 16 * 4)
        for y in 0..<16 {
            for x in 0..<80 {
                let i = (y * 80 + x) * 4
                pixels[i + 3] = 255
                if (left..<left + 8).contains(x), (4..<12).contains(y) { pixels[i] = 255 }
            }
        }
        return RGBAImage(width: 80, height: 16, pixels: pixels, isPremultiplied: true)
    }

    @Test func stepsDrawEachFrameAtItsVBlankAndTheScreenIsExactAtChosenTimes() throws {
        let server = try StrataTestServer(.init(width: 80, height: 16, refresh: Self.refresh))
        defer { server.stop() }
        let connection = try server.connect()
        defer { connection.close() }
        let start = try #require(connection.virtualTime)
        #expect(start == 1000)
        #expect(CACurrentMediaTime() == start, "the app's media time is the server's virtual clock")
        let presented = PresentedLog()
        connection.onTransactionPresented = { id, at in presented.append(id, at) }

        let square = CALayer()
        square.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
        square.position = CGPoint(x: 4, y: 8)
        square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 4
        move.toValue = 68
        move.duration = 1
        move.timingFunction = CAMediaTimingFunction(name: .linear)
        let delegate = StopRecorder()
        move.delegate = delegate
        square.add(move, forKey: "move")
        connection.attach(square)
        CATransaction.flush()
        let transaction = connection.lastTransactionID

        // Nothing is drawn until the clock moves.
        #expect(throws: StrataTestingError.self) { try server.snapshot() }

        #expect(try server.advance(frames: 1) == start + Self.interval)
        #expect(try server.snapshot() == Self.expected(left: 1))
        // (Other commits may join: a flush also releases layers that tests running beside this one freed.)
        #expect(presented.entries.first { $0.id == transaction }?.at == start + Self.interval, "shown at the first vblank, by the virtual clock")
        #expect(CACurrentMediaTime() == start + Self.interval)

        try server.advance(by: 16 * Self.interval)
        #expect(try server.snapshot() == Self.expected(left: 17))
        // A step ending between two vblanks draws nothing new: the screen is the last vblank's frame.
        try server.advance(by: 0.005)
        #expect(try server.snapshot() == Self.expected(left: 17))
        #expect(CACurrentMediaTime() == start + 17 * Self.interval + 0.005)
        try server.advance(by: Self.interval - 0.005)
        #expect(try server.snapshot() == Self.expected(left: 18))
        #expect(!delegate.stopped)

        // The animation ends at its vblank 64 (1 s): removed, the model shows; its delegate has heard.
        try server.advance(by: 46 * Self.interval)
        #expect(try server.snapshot() == Self.expected(left: 0))
        #expect(delegate.stopped && delegate.finished == true)
        #expect(CACurrentMediaTime() == start + 1)
    }

    /// `--record-frames` names each frame by its vblank on the virtual clock: one frame per vblank while
    /// the square moves, none once it rests.
    @Test func recordedFramesCarryTheirVirtualVBlankTimes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-vclock-frames-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try StrataTestServer(.init(width: 80, height: 16, refresh: Self.refresh, arguments: ["--record-frames", folder.path]))
        defer { server.stop() }
        let connection = try server.connect()
        defer { connection.close() }
        let square = CALayer()
        square.frame = CGRect(x: 0, y: 4, width: 8, height: 8)
        square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 4
        move.toValue = 12
        move.duration = 4 * Self.interval
        square.add(move, forKey: "move")
        connection.attach(square)
        CATransaction.flush()
        try server.advance(frames: 10)

        let lines = try String(contentsOf: folder.appendingPathComponent("frames.jsonl"), encoding: .utf8).split(separator: "\n")
        let times = try lines.map { line -> Double in
            let o = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return try #require(o?["target_time"] as? Double)
        }
        // Vblanks 1…4 show the animation; at 4 (its end) the model shows and nothing changes after.
        #expect(times == (1...4).map { 1000 + Double($0) * Self.interval })
    }
}
}

struct Presented: Equatable { var id: UInt64; var at: Double }

/// `onTransactionPresented`'s calls, read by the test.
final class PresentedLog: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Presented] = []
    func append(_ id: UInt64, _ at: Double) { lock.withLock { list.append(Presented(id: id, at: at)) } }
    var entries: [Presented] { lock.withLock { list } }
}

/// An animation delegate that notes the stop (on the main queue), read by the test.
final class StopRecorder: NSObject, CAAnimationDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var stop: Bool?
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { lock.withLock { stop = flag } }
    var stopped: Bool { lock.withLock { stop != nil } }
    var finished: Bool? { lock.withLock { stop } }
}

extension ClientProcessSuite {
/// `strata clock advance`: a shell steps a server on the virtual clock; one on the wall clock refuses, saying why.
@Suite struct ClockCommandTests {
    @Test func theCommandStepsAVirtualServerAndAWallOneRefuses() throws {
        let virtual = try StrataTestServer(.init(width: 32, height: 32, refresh: 64))
        defer { virtual.stop() }
        let (status, out) = try runToCompletion(ServerProcess.binDirectory.appendingPathComponent("strata"),
                                                ["clock", "advance", "0.5", "--socket", virtual.socketPath])
        #expect(status == 0 && out.trimmingCharacters(in: .whitespacesAndNewlines) == "1000.5", "\(out)")

        let wall = try StrataTestServer(.init(width: 32, height: 32, clock: .wall))
        defer { wall.stop() }
        let (refused, reason) = try runToCompletion(ServerProcess.binDirectory.appendingPathComponent("strata"),
                                                    ["clock", "advance", "1", "--socket", wall.socketPath])
        #expect(refused != 0 && reason.contains("wall clock"), "\(reason)")
    }
}
}
