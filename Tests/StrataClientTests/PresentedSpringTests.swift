import Foundation
@testable import Strata
import StrataCore
import StrataPNG
import Testing

extension ClientProcessSuite {
/// Issue 28, acceptance 4, on a live server: the frames `strata-server` presents after a tap that starts a
/// spring bounce on a shadowed button, recorded by the server itself (`--record-frames`), each show the
/// button at the spring's closed form for that frame's target time, from the first frame after the tap on.
@Suite struct PresentedSpringTests {
    /// The recorded frames (`frames.jsonl`): target time and PNG path.
    static func recordedFrames(in dir: URL) throws -> [(time: Double, path: String)] {
        let text = try String(contentsOf: dir.appendingPathComponent("frames.jsonl"), encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            let o = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let time = try #require(o["target_time"] as? Double), file = try #require(o["file"] as? String)
            return (time, dir.appendingPathComponent(file).path)
        }
    }

    /// How many pixels of the button's green row 60 holds: each pixel counts by its green over the button's
    /// (0xA0 on the button; 0 on the black background and the black shadow), so anti-aliased edges count
    /// in part.
    static func buttonWidth(_ image: RGBAImage) -> Double {
        (0..<image.width).reduce(0) { sum, x in sum + min(1, Double(image.pixel(x: x, y: 60).g) / 0xA0) }
    }

    /// On the virtual clock at 64 Hz (every vblank exact in binary): the frames recorded are exactly the
    /// vblanks after the tap, whatever the machine's speed.
    @Test func aTappedButtonsSpringIsOnScreenFromTheFirstFrameAfterTheTap() throws {
        let refresh = 64.0
        let recording = try FrameRecordingServer(size: "200x120", frameLimit: 400, refresh: refresh, virtualClock: true)
        defer { recording.finish() }
        let (server, dir) = (recording.server, recording.directory)
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let start = try #require(connection.virtualTime)

        // The café screen's button: rounded, green, a blurred shadow (σ = 4: kept as a bitmap while it bounces).
        let button = CALayer()
        button.bounds = CGRect(x: 0, y: 0, width: 80, height: 36)
        button.position = CGPoint(x: 100, y: 60)
        button.backgroundColor = CGColor(red: 0x30 / 255.0, green: 0xA0 / 255.0, blue: 0x60 / 255.0, alpha: 1)
        button.cornerRadius = 8
        button.shadowOpacity = 0.4
        button.shadowRadius = 8
        button.shadowOffset = CGSize(width: 0, height: 4)
        connection.attach(button)
        CATransaction.flush()
        // Shown at rest first, at the first vblank: 80 pixels wide.
        try server.advance(frames: 1, app: connection)
        let shown = try Self.recordedFrames(in: dir)
        #expect(shown.map(\.time) == [start + 1 / refresh])
        let rest = try #require(shown.last)
        #expect(abs(Self.buttonWidth(try PNGCodec.read(path: rest.path)) - 80) <= 0.25)

        // The tap: a spring from 0.85 back to 1, as the kiosk scenario's buttons bounce.
        let spring = CASpringAnimation(keyPath: "transform.scale")
        spring.fromValue = 0.85
        spring.toValue = 1.0
        spring.damping = 9
        spring.stiffness = 220
        spring.duration = spring.settlingDuration
        button.add(spring, forKey: "tap")
        CATransaction.flush()
        // Stamped with the commit's time (beginTime 0 is "now"): the clock stands at the rest frame's vblank.
        let begin = try #require(button.animation(forKey: "tap")).beginTime
        #expect(begin == rest.time)
        try server.advance(by: 1, app: connection) // one step: the server draws each vblank's frame in it
        #expect(errors.reasons.isEmpty, "\(errors.reasons)")

        let closedForm = Spring(stiffness: 220, damping: 9)
        let bounce = try Self.recordedFrames(in: dir).filter { $0.time > begin }
        // A frame at every vblank of the second after the tap, the first at the very next vblank (before the
        // fix the tap's first frame came 0.4–1.0 s late and the bounce's start was never shown).
        #expect(bounce.map(\.time) == (1...Int(refresh)).map { begin + Double($0) / refresh })
        for frame in bounce {
            let scale = 0.85 + 0.15 * closedForm.progress(at: frame.time - begin)
            let width = Self.buttonWidth(try PNGCodec.read(path: frame.path))
            // Edge coverage makes the width exact to a few hundredths of a pixel (measured: ±0.006).
            #expect(abs(width - 80 * scale) <= 0.25,
                    "at \(frame.time - begin) s: \(width) pixels wide, the spring gives \(80 * scale)")
        }
        // The overshoot is drawn: some frame shows the button wider than at rest.
        #expect(bounce.contains { (try? PNGCodec.read(path: $0.path)).map { Self.buttonWidth($0) > 81 } == true })
    }
}
}
