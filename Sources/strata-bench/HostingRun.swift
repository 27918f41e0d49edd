import Foundation
import StrataCore
import StrataDisplay
import StrataProtocol
import StrataServer

/// `--scenario hosting`: what remote layer hosting costs the server. The spin scene's animated layers
/// (`--layers`, 1,000 by default) drawn from a root of their own client, then the same tree exported as a
/// context by that client and shown full-screen by another client's host layer. Each way runs `--frames`
/// frames on an in-process compositor, three times, alternating; reported: the p50 of the server's CPU
/// milliseconds per frame of each run, their medians and the ratio (hosted ÷ own), which should be 1 within
/// noise: a hosted tree is built, evaluated and drawn as a root's is.
struct HostingRun {
    let width: Int, height: Int, layers: Int, frames: Int, cpuAnimations: Bool

    func run() throws -> [String: Any] {
        var own: [Double] = [], hosted: [Double] = []
        var facts: [String: Any] = [:]
        for _ in 0..<3 {
            own.append(try measure(hosting: false, facts: &facts))
            hosted.append(try measure(hosting: true, facts: &facts))
        }
        func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
        return facts.merging([
            "scenario": "hosting", "layers": layers, "frames": frames, "runs": 3,
            "own_root_cpu_ms_per_frame_p50": own, "hosted_cpu_ms_per_frame_p50": hosted,
            "own_root_median": median(own), "hosted_median": median(hosted),
            "hosted_over_own": median(own) > 0 ? median(hosted) / median(own) : 0,
        ]) { a, _ in a }
    }

    /// One run: the p50 of the server CPU per frame.
    private func measure(hosting: Bool, facts: inout [String: Any]) throws -> Double {
        let display = try HeadlessDisplay(width: width, height: height)
        defer { display.releaseCurrent() }
        let compositor = try Compositor(display: display)
        compositor.quotas.layers = max(compositor.quotas.layers, layers * 2 + 16)
        compositor.quotas.animations = max(compositor.quotas.animations, layers * 4 + 16)
        if cpuAnimations { compositor.gpuAnimationMinimumLayers = nil }
        compositor.addClient(1)
        compositor.addClient(2)
        var scene = BenchCommand.scene(layers: layers, width: width, height: height)
        if hosting {
            let (token, refusal) = compositor.createContext(for: 2, hostUsers: [])
            guard refusal.isEmpty else { throw BenchError(refusal) }
            scene.operations.removeAll { $0 == .attachRoot(1) }
            scene.operations.append(.setContextLayer(token, layer: 1))
            compositor.submit(scene, fds: [], from: 2)
            let size = CGSize(width: width, height: height)
            compositor.submit(Commit(transactionID: 1, operations: [
                .createLayer(1, kind: .host), .setProperty(1, .bounds, .rect(CGRect(origin: .zero, size: size))),
                .setProperty(1, .position, .point(CGPoint(x: size.width / 2, y: size.height / 2))),
                .attachRoot(1), .hostContext(1, token: token),
            ]), fds: [], from: 1)
        } else {
            compositor.submit(scene, fds: [], from: 2)
        }
        var slots = 0
        for i in 0..<frames {
            try compositor.renderFrame(at: Double(i) / 60)
            slots = max(slots, compositor.lastFrameWork.motionSlots)
        }
        let stats = compositor.statsJSON()
        facts[hosting ? "hosted_motion_slots" : "own_root_motion_slots"] = slots
        facts["renderer"] = compositor.driver
        guard let cpu = stats["server_cpu_ms_per_frame"] as? [String: Any], let p50 = cpu["p50"] as? Double else {
            throw BenchError("no server_cpu_ms_per_frame in the compositor's stats")
        }
        return p50
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}
