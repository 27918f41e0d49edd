import Foundation
import Testing
import StrataCore

@Suite("Emitter particle evaluator")
struct EmitterParticleTests {
    static func layer(_ cells: [EmitterCellModel]) -> EmitterModel {
        var m = EmitterModel()
        m.emitterPosition = CGPoint(x: 100, y: 50); m.emitterZPosition = 7
        m.emitterCells = cells
        return m
    }

    static func angle(_ a: ParticleVector, _ b: ParticleVector) -> Double {
        acos(max(-1, min(1, a.dot(b) / (a.length * b.length))))
    }

    static func traits(_ m: EmitterModel, _ count: UInt32 = 2_000) -> [ParticleTraits] {
        (0..<count).map { ParticleEvaluator.topLevel(m, cell: m.emitterCells[0], cellID: 0, index: $0, birthTime: 0) }
    }

    @Test func directionsFillTheCone() {
        var c = EmitterCellModel()
        c.velocity = 10; c.emissionLongitude = 0.7; c.emissionLatitude = 0.3; c.emissionRange = 0.4
        let axis = ParticleEvaluator.axis(longitude: 0.7, latitude: 0.3)
        let angles = Self.traits(Self.layer([c])).map { Self.angle($0.velocity, axis) }
        #expect(angles.allSatisfy { $0 <= 0.4 + 1e-9 })
        #expect((angles.max() ?? 0) > 0.39 && (angles.min() ?? 1) < 0.05)
        // Uniform over the cap: half its area lies within cos θ ≥ 1 − (1 − cos R)/2.
        let inner = Double(angles.filter { cos($0) >= 1 - (1 - cos(0.4)) / 2 }.count) / 2_000
        #expect(abs(inner - 0.5) < 0.04)
        #expect(Self.traits(Self.layer([c])).allSatisfy { abs($0.velocity.length - 10) < 1e-9 })
    }

    @Test func fullRangeCoversTheSphere() {
        var c = EmitterCellModel()
        c.velocity = 1; c.emissionRange = 2 * .pi
        let ts = Self.traits(Self.layer([c]))
        #expect(ts.contains { $0.velocity.x < -0.99 } && ts.contains { $0.velocity.z > 0.99 } && ts.contains { $0.velocity.z < -0.99 })
    }

    @Test func latitudeZeroEmitsInThePlaneAndPositiveTowardPlusZ() {
        var c = EmitterCellModel()
        c.velocity = 2; c.emissionLongitude = .pi / 2
        let inPlane = Self.traits(Self.layer([c]), 1)[0].velocity
        #expect(abs(inPlane.x) < 1e-15 && inPlane.y == 2 && inPlane.z == 0)
        c.emissionLatitude = .pi / 2
        let up = Self.traits(Self.layer([c]), 1)[0].velocity
        #expect(abs(up.x) < 1e-15 && abs(up.y) < 1e-15 && up.z == 2)
    }

    @Test func motionIsBallistic() throws {
        var c = EmitterCellModel()
        c.velocity = 10; c.yAcceleration = 4; c.lifetime = 2
        let p = ParticleEvaluator.topLevel(Self.layer([c]), cell: c, cellID: 0, index: 3, birthTime: 1)
        let s = try #require(p.state(at: 1.5))
        #expect(s.age == 0.5 && s.position == ParticleVector(105, 50.5, 7) && s.velocity == ParticleVector(10, 2, 0))
        #expect(p.state(at: 0.999) == nil && p.state(at: 3) == nil && p.state(at: 2.999) != nil)
    }

    @Test func speedsAreExactAtAGivenAge() throws {
        var c = EmitterCellModel()
        c.lifetime = 10; c.color = Color(red: 0.5, green: 0.25, blue: 0.75, alpha: 1)
        c.redSpeed = 0.125; c.greenSpeed = -0.0625; c.blueSpeed = 0.25; c.alphaSpeed = -0.375
        c.scaleSpeed = 0.5; c.spin = 2
        let p = ParticleEvaluator.topLevel(Self.layer([c]), cell: c, cellID: 0, index: 0, birthTime: 2)
        let s = try #require(p.state(at: 2.5))
        #expect(s.color == Color(red: 0.5625, green: 0.21875, blue: 0.875, alpha: 0.8125))
        #expect(s.scale == 1.25 && s.spin == 1)
        let later = try #require(p.state(at: 3.5))
        #expect(later.color == Color(red: 0.6875, green: 0.15625, blue: 1, alpha: 0.4375) && later.scale == 1.75)
        let fade = try #require(p.state(at: 6))
        #expect(fade.color.alpha == 0 && fade.color.green == 0)
    }

    @Test func rangesSpreadBothWays() {
        var c = EmitterCellModel()
        c.lifetime = 5; c.lifetimeRange = 1; c.velocity = 50; c.velocityRange = 50; c.scale = 1; c.scaleRange = 0.5
        c.spin = 1; c.spinRange = 2; c.color = Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5); c.redRange = 0.8
        let ts = Self.traits(Self.layer([c]))
        func spans(_ xs: [Double], _ lo: Double, _ hi: Double) -> Bool {
            xs.allSatisfy { $0 >= lo && $0 <= hi } && (xs.min() ?? hi) < lo + 0.02 * (hi - lo) && (xs.max() ?? lo) > hi - 0.02 * (hi - lo)
        }
        #expect(spans(ts.map(\.lifetime), 4, 6) && spans(ts.map(\.velocity.length), 0, 100))
        #expect(spans(ts.map(\.scale), 0.5, 1.5) && spans(ts.map(\.spinRate), -1, 3) && spans(ts.map { $0.color[0] }, -0.3, 1.3))
        let reds = ts.compactMap { $0.state(at: 1)?.color.red }
        #expect(reds.count == 2_000 && reds.allSatisfy { $0 >= 0 && $0 <= 1 } && reds.contains(0) && reds.contains(1))
    }

    @Test func layerMultipliersScaleTheirQuantity() throws {
        var c = EmitterCellModel()
        c.lifetime = 3; c.lifetimeRange = 1; c.velocity = 8; c.velocityRange = 2; c.emissionRange = 1
        c.scale = 2; c.scaleRange = 0.5; c.scaleSpeed = 0.25; c.spin = 1; c.spinRange = 0.5
        let plain = Self.layer([c])
        var scaled = plain
        scaled.lifetime = 2; scaled.velocity = 0.5; scaled.scale = 4; scaled.spin = -2; scaled.birthRate = 3
        for k in 0..<20 as Range<UInt32> {
            let a = ParticleEvaluator.topLevel(plain, cell: c, cellID: 0, index: k, birthTime: 1)
            let b = ParticleEvaluator.topLevel(scaled, cell: c, cellID: 0, index: k, birthTime: 1)
            #expect(b.lifetime == 2 * a.lifetime && b.velocity == 0.5 * a.velocity && b.origin == a.origin)
            let sa = try #require(a.state(at: 1.5)), sb = try #require(b.state(at: 1.5))
            #expect(sb.scale == 4 * sa.scale && sb.spin == -2 * sa.spin && sb.color == sa.color)
        }
        c.birthRate = 5
        #expect(EmitterSystem.rate(of: c, in: scaled, at: 0) == 15 && EmitterSystem.rate(of: c, in: plain, at: 0) == 5)
    }

    @Test func seedDecidesEveryRandomValue() {
        var c = EmitterCellModel()
        c.birthRate = 40; c.lifetime = 2; c.velocity = 30; c.velocityRange = 10; c.emissionRange = .pi; c.scaleRange = 0.5
        var m = Self.layer([c])
        m.emitterShape = .circle; m.emitterMode = .surface; m.emitterSize = CGSize(width: 50, height: 0); m.seed = 1
        let a = EmitterSystem(model: m, at: 0).liveParticles(at: 1.71)
        let b = EmitterSystem(model: m, at: 0).liveParticles(at: 1.71)
        m.seed = 2
        let other = EmitterSystem(model: m, at: 0).liveParticles(at: 1.71)
        #expect(a.count == 69 && a == b && other.count == a.count)
        #expect(zip(a, other).filter { $0.position != $1.position && $0.scale != $1.scale }.count == a.count)
    }
}
