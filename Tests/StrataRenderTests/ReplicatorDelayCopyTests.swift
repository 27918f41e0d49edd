import Foundation
import StrataCore
import StrataOffline
import StrataPNG
import StrataScene
import Testing

/// instanceDelay: copy k shows at scene time t what copy 0 shows at t − k × delay. Checked on
/// Golden/replicator-layers/delays.json (five bars 24 apart, delay 0.1 s, each bar's transform.scale.y
/// animating 0.2 → 1 and back every second) by the sampled values and by the copies' pixels.
@Suite struct ReplicatorDelayCopyTests {
    static let file = "replicator-layers/delays.json"

    @Test func aCopySamplesTheOriginalEarlier() throws {
        let scene = try SceneParser.parse(data: Data(try Golden.sceneText(Self.file).utf8), baseDirectory: Golden.directory)
        for t in [0.05, 0.3, 0.6, 0.77, 1.3] {
            for k in 1..<5 {
                let copy = try scene.sample(layer: "bar", keyPath: "transform.scale.y", at: t, instance: k)
                let earlier = t - 0.1 * Double(k)
                // Before its animation begins a copy shows the model (the animation's fill mode is removed).
                let original = earlier >= 0 ? try scene.sample(layer: "bar", keyPath: "transform.scale.y", at: earlier) : .scalar(1)
                guard case let .scalar(a) = copy, case let .scalar(b) = original else {
                    Issue.record("not a scale: \(copy), \(original)")
                    continue
                }
                #expect(abs(a - b) < 1e-9, "t = \(t): copy \(k) is \(a), copy 0 at \(earlier) was \(b)")
            }
        }
        // The sampled values move: the check compares different heights, not one constant.
        guard case let .scalar(h0) = try scene.sample(layer: "bar", keyPath: "transform.scale.y", at: 0.6, instance: 0),
              case let .scalar(h4) = try scene.sample(layer: "bar", keyPath: "transform.scale.y", at: 0.6, instance: 4) else {
            Issue.record("no scales")
            return
        }
        #expect(abs(h0 - h4) > 0.2)
    }

    @Test func aCopysPixelsAreTheOriginalsEarlier() throws {
        // Copy k's column (the 12-wide bar centred on x = 22 + 24k, with 2 pixels either side) at t against
        // copy 0's at t − 0.1k.
        func column(_ image: RGBAImage, _ k: Int) -> [[Int]] {
            (0..<image.height).flatMap { y in (14 + 24 * k ..< 30 + 24 * k).map { image.rgba($0, y) } }
        }
        var compared = 0
        for t in [0.3, 0.6, 0.77] {
            let now = try Golden.renderFile(Self.file, at: t)
            for k in 1..<5 where t - 0.1 * Double(k) >= 0 {
                let earlier = try Golden.renderFile(Self.file, at: t - 0.1 * Double(k))
                #expect(column(now, k) == column(earlier, 0), "t = \(t): copy \(k) differs from copy 0 at \(t - 0.1 * Double(k))")
                compared += 1
            }
            #expect(column(now, 0) != column(now, 4), "t = \(t): copies 0 and 4 look the same")
        }
        #expect(compared == 10)
    }

    /// A wave fade-in: three copies 0.5 s apart of a dot whose opacity runs 0 → 1 in 1 s. Removed on
    /// completion, the animation leaves the layer, and so every copy, when the original's run ends (as in
    /// Core Animation): the copies still running jump to the model. Kept with a forwards fill, each copy
    /// finishes its own run. `strata render` (CPU and GPU frames, one sequence) and `strata sample` agree.
    @Test(arguments: [false, true]) func theEndOfADelayedAnimation(kept: Bool) throws {
        let keep = kept ? ##","removedOnCompletion":false,"fillMode":"forwards""## : ""
        let json = ##"{"strata":1,"background":"#000000","layers":[{"id":"r","class":"replicator","bounds":[0,0,48,16],"position":[24,8],"##
            + ##""instanceCount":3,"instanceDelay":0.5,"instanceTransform":[1,0,0,0,0,1,0,0,0,0,1,0,16,0,0,1],"##
            + ##""sublayers":[{"id":"d","bounds":[0,0,16,16],"position":[8,8],"backgroundColor":"#FFFFFF","##
            + ##""animations":{"f":{"type":"basic","keyPath":"opacity","fromValue":0,"toValue":1,"duration":1\##(keep)}}}]}]}"##
        let scene = try SceneParser.parse(data: Data(json.utf8), baseDirectory: Golden.directory)
        let times = [0.9, 1.0, 1.3, 1.6, 2.1]
        // Each copy's opacity: its own run's, until the original's end removes an animation not kept; the
        // model (1) before its run begins (no backwards fill).
        func expected(_ t: Double, _ k: Int) -> Double {
            let local = t - 0.5 * Double(k)
            if !kept, t >= 1 { return 1 }
            return local < 0 ? 1 : min(1, local)
        }
        for t in times {
            for k in 0..<3 {
                guard case let .scalar(v) = try scene.sample(layer: "d", keyPath: "opacity", at: t, instance: k) else {
                    Issue.record("opacity is not a number")
                    continue
                }
                #expect(abs(Double(v) - expected(t, k)) < 1e-9, "sample: t = \(t), copy \(k): \(v)")
            }
        }
        for gpu in [nil, 1] {
            let frames = try SceneRenderer.render(scene, at: times, width: 48, height: 16, gpuAnimationMinimumLayers: gpu)
            #expect(frames.count == times.count)
            for (t, frame) in zip(times, frames) {
                for k in 0..<3 {
                    let grey = frame.image.rgba(8 + 16 * k, 8)[0]
                    #expect(abs(Double(grey) - 255 * expected(t, k)) <= 3, "render (gpu \(gpu.map(String.init) ?? "off")): t = \(t), copy \(k): \(grey)")
                }
            }
        }
    }
}
