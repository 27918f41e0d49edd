import Foundation
import StrataOffline
import StrataPNG
import StrataScene
import Testing

/// CAReplicatorLayer with instanceDelay (Golden/replicator-layers/delays.json): five copies of a bar
/// whose `transform.scale.y` pulses 0.2 → 1 (0.5 s, linear, autoreversing, forever), copy k running
/// k × 0.1 s later; a copy whose delayed time is before the animation's start shows the model value.
@Suite struct ReplicatorLayerGoldenTests {
    /// The scale copy k shows at scene time t.
    static func scale(copy k: Int, at t: Double) -> Double {
        let local = t - 0.1 * Double(k)
        guard local >= 0 else { return 1 }
        let phase = local.truncatingRemainder(dividingBy: 1)
        return phase < 0.5 ? 0.2 + 0.8 * phase / 0.5 : 1 - 0.8 * (phase - 0.5) / 0.5
    }

    @Test(arguments: [0.05, 0.35, 0.65])
    func copiesShowTheirDelayedTimes(_ t: Double) throws {
        let img = try Golden.render(Golden.sceneText("replicator-layers/delays.json"), at: t)
        try Golden.expectMatches(img, "replicator-layers/delays-t\(t).png")
        // Copy k's bar is centred on x = 22 + 24 k, y = 50; its height is 60 × scale. Sum each column's
        // coverage (red falls from 255 to 0x20 where the bar covers a pixel).
        for k in 0..<5 {
            let x = 22 + 24 * k
            let covered = (0..<100).reduce(0.0) { $0 + Double(255 - img.rgba(x, $1)[0]) / Double(255 - 0x20) }
            let expected = 60 * Self.scale(copy: k, at: t)
            #expect(abs(covered - expected) < 0.6, "t = \(t), copy \(k): \(covered) px tall, expected \(expected)")
        }
    }
}
