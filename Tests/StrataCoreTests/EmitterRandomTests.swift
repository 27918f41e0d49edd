import Foundation
import Testing
import StrataCore

/// Pinned values for the GPU port: a GLSL transcription of the hash must reproduce these bit for bit.
@Suite("Emitter particle random numbers")
struct EmitterRandomTests {
    @Test func hashValuesArePinned() {
        #expect(ParticleRandom.hash(0) == 129_708_002)
        #expect(ParticleRandom.hash(1) == 2_831_084_092)
        #expect(ParticleRandom.hash(2) == 2_055_130_248)
        #expect(ParticleRandom.hash(3) == 2_131_687_100)
        #expect(ParticleRandom.hash(12345) == 4_099_845_390)
        #expect(ParticleRandom.hash(0xFFFF_FFFF) == 3_861_530_882)
    }

    @Test func keyChainsSeedCellIndexParent() {
        #expect(ParticleRandom.key(seed: 0, cellID: 0, index: 0, parentKey: 0) == 2_368_882_721)
        #expect(ParticleRandom.key(seed: 7, cellID: 2, index: 5, parentKey: 0) == 3_744_161_693)
        let h = ParticleRandom.hash
        #expect(ParticleRandom.key(seed: 9, cellID: 3, index: 11, parentKey: 77) == h(h(h(h(9) ^ 3) ^ 11) ^ 77))
    }

    @Test func drawsArePinned() {
        let key: UInt32 = 2_368_882_721
        #expect(ParticleRandom.bits(key: key, draw: .lifetime) == 920_646_579)
        #expect(ParticleRandom.bits(key: key, draw: .speed) == 1_257_199)
        #expect(ParticleRandom.bits(key: key, draw: .coneCosine) == 1_500_699_629)
        #expect(ParticleRandom.uniform(key: key, draw: .lifetime) == Float(920_646_579 >> 8) / 16_777_216)
        #expect(ParticleRandom.uniform(key: key, draw: .speed) == Float(4910) / 16_777_216)
        #expect(ParticleDraw.allCases.map(\.rawValue) == Array(0...12))
    }

    @Test func uniformsLieInUnitIntervalAndSpreadCoversRange() {
        var sum = 0.0, lo = 1.0, hi = 0.0
        for i in 0..<10_000 as Range<UInt32> {
            let u = Double(ParticleRandom.uniform(key: ParticleRandom.hash(i), draw: .scale))
            #expect(u >= 0 && u < 1)
            sum += u; lo = min(lo, u); hi = max(hi, u)
        }
        #expect(abs(sum / 10_000 - 0.5) < 0.015 && lo < 0.001 && hi > 0.999)
        let values = (0..<2_000 as Range<UInt32>).map { ParticleRandom.spread(5, 2, key: $0, draw: .speed) }
        #expect(values.allSatisfy { $0 >= 3 && $0 <= 7 })
        #expect((values.min() ?? 10) < 3.01 && (values.max() ?? 0) > 6.99)
    }
}
