import Foundation
import StrataCore
import StrataDisplay
import StrataProtocol
import StrataServer

/// `frosted` (issue 53): a frosted panel over the whole output (backgroundFilters: a Gaussian blur and a
/// saturation boost, under translucent white) above an animated background (moving circles over a
/// gradient), drawn in-process on a headless display. It runs three times, without the panel's filters and
/// with blur radii 8 and 64, and reports for each the frame time, Strata's own CPU a frame (applying
/// commits, evaluating, building the draw list: what the app's scene costs Strata) and the GL time a frame
/// (submitting and finishing the draw: the driver's, the GPU's on a GPU, llvmpipe's threads here).
struct FrostedRun {
    let width: Int, height: Int, frames: Int

    func run() throws -> [String: Any] {
        var out: [String: Any] = ["scenario": "frosted", "size": "\(width)x\(height)", "frames": frames]
        for (name, radius) in [("no_filter", nil), ("radius_8", 8.0), ("radius_64", 64.0)] as [(String, CGFloat?)] {
            out[name] = try measure(radius: radius)
        }
        if let r8 = (out["radius_8"] as? [String: Any])?["gl_ms_per_frame"] as? Double,
           let r64 = (out["radius_64"] as? [String: Any])?["gl_ms_per_frame"] as? Double, r8 > 0 {
            out["gl_cost_radius_64_over_8"] = r64 / r8
        }
        return out
    }

    private func measure(radius: CGFloat?) throws -> [String: Any] {
        let display = try HeadlessDisplay(width: width, height: height)
        let compositor = try Compositor(display: display)
        compositor.addClient(1)
        compositor.submit(Self.scene(radius: radius, width: width, height: height), fds: [], from: 1)
        // The first frames link programs and make targets: left out.
        for i in 0..<10 { try compositor.renderFrame(at: Double(i) / 60) }
        let cpuStart = BenchCommand.processCPUSeconds(), wallStart = DispatchTime.now().uptimeNanoseconds
        for i in 10..<(10 + frames) { try compositor.renderFrame(at: Double(i) / 60) }
        let wall = Double(DispatchTime.now().uptimeNanoseconds - wallStart) / 1e9
        let cpu = BenchCommand.processCPUSeconds() - cpuStart
        // The compositor's own record of its last frames (the ten first among them: a negligible part).
        let stats = compositor.statsJSON()
        let phases = stats["phase_p50_ms"] as? [String: Double] ?? [:]
        func phase(_ key: String) -> Double { phases[key] ?? 0 }
        return [
            "radius": radius.map { Double($0) } as Any? ?? NSNull(),
            "frame_ms": stats["frame_ms"] ?? [:],
            "strata_cpu_ms_per_frame": phase("apply_ms") + phase("evaluate_ms") + phase("draw_list_ms"),
            "gl_ms_per_frame": phase("gl_submit_ms") + phase("present_ms"),
            "process_cpu_ms_per_frame": cpu * 1000 / Double(frames),
            "fps": Double(frames) / wall,
            "offscreen_pixels_per_frame": (stats["per_frame"] as? [String: Any])?["offscreen_pixels"] ?? NSNull(),
        ]
    }

    /// The scene: a gradient, eight circles moving to and fro, and the panel over all of it.
    static func scene(radius: CGFloat?, width: Int, height: Int) -> Commit {
        var ops = BenchCommand.root(width: width, height: height)
        let w = CGFloat(width), h = CGFloat(height)
        ops += [.createLayer(2, kind: .gradient), .setProperty(2, .bounds, .rect(CGRect(x: 0, y: 0, width: w, height: h))),
                .setProperty(2, .position, .point(CGPoint(x: w / 2, y: h / 2))),
                .setProperty(2, .colors, .colors([Color(red: 0.04, green: 0.24, blue: 0.36, alpha: 1), Color(red: 0.2, green: 0.55, blue: 0.76, alpha: 1),
                                                  Color(red: 0.85, green: 0.7, blue: 0.06, alpha: 1)])),
                .insertSublayer(parent: 1, child: 2, index: 0)]
        for i in 0..<8 {
            let id = LayerID(10 + i), side = h / 4
            ops += [.createLayer(id), .setProperty(id, .bounds, .rect(CGRect(x: 0, y: 0, width: side, height: side))),
                    .setProperty(id, .position, .point(CGPoint(x: w * CGFloat(i + 1) / 9, y: h * (i % 2 == 0 ? 0.3 : 0.7)))),
                    .setProperty(id, .cornerRadius, .scalar(side / 2)),
                    .setProperty(id, .backgroundColor, .color(Color(red: 0.95, green: CGFloat(i) / 8, blue: 0.3, alpha: 1))),
                    .insertSublayer(parent: 1, child: id, index: UInt32(1 + i))]
            var t = MediaTiming()
            t.repeatCount = .infinity
            t.autoreverses = true
            t.duration = 1.5 + Double(i) * 0.2
            ops.append(.addAnimation(id, key: "move", AnimationSpec(keyPath: LayerKeyPath(property: .position),
                                                                    kind: .basic(from: nil, to: nil, by: .point(CGPoint(x: w / 10, y: (i % 2 == 0 ? 1 : -1) * h / 5))),
                                                                    timing: t, timingFunction: .easeInEaseOut)))
        }
        ops += [.createLayer(3), .setProperty(3, .bounds, .rect(CGRect(x: 0, y: 0, width: w, height: h))),
                .setProperty(3, .position, .point(CGPoint(x: w / 2, y: h / 2))),
                .setProperty(3, .backgroundColor, .color(Color(red: 1, green: 1, blue: 1, alpha: 0.2)))]
        if let radius {
            var blur = FilterModel(type: .gaussianBlur, name: "frost")
            blur.setValues([radius], at: 0)
            var vivid = FilterModel(type: .colorControls, name: "vivid")
            vivid.setValues([1.4], at: 0)
            ops.append(.setProperty(3, .backgroundFilters, .filters([blur, vivid])))
        }
        ops += [.insertSublayer(parent: 1, child: 3, index: 9), .attachRoot(1)]
        return Commit(transactionID: 1, operations: ops)
    }
}
