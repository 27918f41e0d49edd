import Foundation
@testable import Strata
import Testing

extension ClientProcessSuite {
/// `gpu-animations`: a real server evaluates a client's spinning layer on the GPU (its frames reuse their
/// draw list) with `always`, on the CPU with `off`, and shows it turning either way.
@Suite struct GPUAnimationSettingTests {
    func spin(on server: ServerProcess) throws -> (StrataConnection, SessionErrors) {
        let (connection, errors) = try SessionErrors.connect(server)
        let layer = CALayer()
        layer.frame = CGRect(x: 60, y: 40, width: 40, height: 40)
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        connection.attach(layer)
        CATransaction.flush()
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = Double.pi / 4
        spin.duration = 0.5
        spin.autoreverses = true
        spin.repeatCount = .infinity
        layer.add(spin, forKey: "spin")
        CATransaction.flush()
        return (connection, errors)
    }

    func perFrame(_ server: ServerProcess, _ key: String) throws -> Double {
        let perFrame = try server.stats()["per_frame"] as? [String: [String: Double]]
        return perFrame?[key]?["max"] ?? -1
    }

    @Test func alwaysEvaluatesOnTheGPUAndOffOnTheCPU() throws {
        for (setting, gpu) in [("always", true), ("off", false)] {
            let server = try ServerProcess(arguments: ["--gpu-animations", setting])
            defer { _ = server.stop() }
            let (connection, errors) = try spin(on: server)
            defer { connection.close() }
            // The square's corner sweeps in and out of (62, 42) as it turns: both, in a second of frames.
            var seen: Set<Bool> = []
            for _ in 0..<60 where seen.count < 2 {
                seen.insert(pixel(try server.snapshot().pixels, width: 160, 62, 42) == [255, 0, 0, 255])
                usleep(20_000)
            }
            #expect(seen == [true, false], "\(setting): the square turns")
            #expect(try perFrame(server, "motion_slots") == (gpu ? 1 : 0), "\(setting)")
            #expect(try perFrame(server, "draw_list_reused") == (gpu ? 1 : 0), "\(setting)")
            #expect(errors.reasons.isEmpty)
        }
    }
}
}
