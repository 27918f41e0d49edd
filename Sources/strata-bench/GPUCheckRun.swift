import Foundation
import StrataDisplay
import StrataProtocol
import StrataServer

/// `--check-against-cpu`: the scene drawn frame by frame twice in one process, with its animations on
/// the GPU path and all on the CPU, each frame read back and compared channel by channel: acceptance 1's
/// check on whatever driver the bench runs on (the test suite makes it on llvmpipe).
struct GPUCheckRun {
    let commit: Commit
    let width: Int, height: Int
    let frames: Int
    let layers: Int

    func run() throws -> [String: Any] {
        var sides: [(HeadlessDisplay, Compositor)] = []
        for gpu in [true, false] {
            let display = try HeadlessDisplay(width: width, height: height)
            let compositor = try Compositor(display: display)
            compositor.quotas.layers = max(compositor.quotas.layers, layers * 2 + 16)
            compositor.quotas.animations = max(compositor.quotas.animations, layers * 4 + 16)
            compositor.gpuAnimationMinimumLayers = gpu ? 1 : nil
            compositor.shapesMoveOnTheGPU = gpu
            compositor.addClient(1)
            compositor.submit(commit, fds: [], from: 1)
            sides.append((display, compositor))
        }
        defer { sides.forEach { $0.0.releaseCurrent() } }
        var worst = 0, over = 0, reused = 0, slots = 0
        var histogram = [Int](repeating: 0, count: 256)
        for i in 0..<frames {
            var shots: [[UInt8]] = []
            for (_, compositor) in sides {
                try compositor.renderFrame(at: Double(i) / 60)
                shots.append(try compositor.snapshot().pixels)
            }
            if sides[0].1.lastFrameWork.drawListReused { reused += 1 }
            slots = max(slots, sides[0].1.lastFrameWork.motionSlots)
            for p in stride(from: 0, to: min(shots[0].count, shots[1].count), by: 4) {
                var pixel = 0
                for c in 0..<4 { pixel = max(pixel, abs(Int(shots[0][p + c]) - Int(shots[1][p + c]))) }
                histogram[pixel] += 1
                worst = max(worst, pixel)
                if pixel > 3 { over += 1 }
            }
        }
        return ["scenario": "check-against-cpu", "frames": frames, "layers": layers, "size": [width, height],
                "renderer": sides[0].1.driver, "motion_slots": slots, "frames_reusing_draw_list": reused,
                "worst_channel_difference": worst, "pixels_over_3": over,
                "pixels_by_worst_difference": Dictionary(uniqueKeysWithValues: histogram.enumerated().filter { $0.element > 0 }.map { (String($0.offset), $0.element) })]
    }
}
