import Foundation
import StrataCore
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
}
