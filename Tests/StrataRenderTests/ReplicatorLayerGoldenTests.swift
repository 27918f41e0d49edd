import Foundation
import StrataOffline
import StrataPNG
import StrataScene
import Testing

/// CAReplicatorLayer over time. With instanceDelay (Golden/replicator-layers/delays.json): five copies of a bar
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

    /// A fan whose instanceTransform rotation opens from 0 to π/4 over 1 s (eight petals), beside a row
    /// whose instanceCount animates from 1 to 6 (a fractional count draws its whole copies).
    @Test func animatedInstanceTransformAndInstanceCount() throws {
        let petal = [0xF7, 0xDC, 0x6F, 255], background = [0x17, 0x20, 0x2A, 255], cell = [0x48, 0xC9, 0xB0, 255]
        func onFan(_ degrees: Double) -> (Int, Int) {
            let a = degrees * .pi / 180
            return (Int((55 + 30 * sin(a)).rounded(.down)), Int((55 - 30 * cos(a)).rounded(.down)))
        }
        for (time, label, count) in [(0.25, "0.25", 2), (0.45, "0.45", 3), (1.0, "1", 6)] {
            let image = try Golden.render(Golden.sceneText("replicator-layers/animated-instances.json"), at: time)
            try Golden.expectMatches(image, "replicator-layers/animated-instances-t\(label).png")
            let at = image.rgba
            let cells = (0..<6).filter { at(112 + 15 * $0, 55) == cell }.count
            #expect(cells == count, "t = \(label): \(cells) copies in the row, expected \(count)")
            #expect(at(51, 25) == petal)   // copy 0 never turns (copy 1 covers its right edge at first)
            // The last copy is at 7 × angle: 79° at 0.25 s, 142° at 0.45 s; every 45° once the animation
            // is removed.
            let expected: [Double: Bool] = time < 0.3 ? [120: false, 135: false, 180: false]
                : time < 1 ? [120: true, 135: true, 180: false] : [120: false, 135: true, 180: true]
            for (degrees, present) in expected {
                let p = onFan(degrees), shown = at(p.0, p.1) != background
                #expect(shown == present, "t = \(label): a petal at \(degrees)° is \(shown), expected \(present)")
            }
        }
    }
}
