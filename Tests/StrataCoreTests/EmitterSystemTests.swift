import Foundation
import Testing
import StrataCore

@Suite("Emitter system: steady state, windows, sub-cells, render order")
struct EmitterSystemTests {
    static func fire(rate: CGFloat = 150, lifetime: CGFloat = 5) -> EmitterModel {
        var c = EmitterCellModel(name: "fire")
        c.birthRate = rate; c.lifetime = lifetime; c.velocity = 50; c.velocityRange = 50; c.emissionRange = 2 * .pi
        c.color = Color(red: 1, green: 0.5, blue: 0.1, alpha: 1); c.alphaSpeed = -0.4
        var m = EmitterModel()
        m.emitterPosition = CGPoint(x: 160, y: 120); m.renderMode = .additive
        m.emitterCells = [c]
        return m
    }

    static let times = [5.0137, 7.77713, 12.3031, 40.4444]

    @Test func steadyStateIsRateTimesLifetime() {
        var m = Self.fire()
        #expect(m.steadyStateLiveCount == 750)
        let system = EmitterSystem(model: m, at: 0)
        #expect(Self.times.map { system.liveParticles(at: $0).count } == [750, 750, 750, 750])
        var framed = system
        for f in 1...600 { framed.update(model: m, at: Double(f) / 60) }
        #expect(framed.liveParticles(at: 10.0037).count == 750 && framed.schedules[0].segments.count == 1)
        m.birthRate = 2
        #expect(m.steadyStateLiveCount == 1500)
        #expect(Self.times.map { EmitterSystem(model: m, at: 0).liveParticles(at: $0).count } == [1500, 1500, 1500, 1500])
        m.birthRate = 1; m.lifetime = 0.5
        #expect(m.steadyStateLiveCount == 375)
        #expect(Self.times.map { EmitterSystem(model: m, at: 0).liveParticles(at: $0).count } == [375, 375, 375, 375])
    }

    @Test func meanLifetimeCountsNegativeDrawsAsZero() {
        var m = Self.fire(rate: 6, lifetime: 1)
        m.emitterCells[0].lifetimeRange = 3
        #expect(abs(m.meanLifetime(of: m.emitterCells[0]) - 4.0 / 3) < 1e-15 && abs(m.steadyStateLiveCount - 8) < 1e-12)
        m.emitterCells[0].isEnabled = false
        #expect(m.steadyStateLiveCount == 0 && EmitterSystem(model: m, at: 0).liveParticles(at: 3).isEmpty)
    }

    @Test func cellTimingBoundsEmission() {
        var m = Self.fire(rate: 10, lifetime: 10)
        m.emitterCells[0].timing.beginTime = 1; m.emitterCells[0].timing.duration = 2
        var framed = EmitterSystem(model: m, at: 0)
        for t in [0.5, 1.7, 3.4] { framed.update(model: m, at: t) }
        let expected = (0..<20).map { 1 + Double($0) / 10 }
        for system in [framed, EmitterSystem(model: m, at: 0)] {
            let births = system.liveParticles(at: 5).map(\.birthTime)
            #expect(births.count == 20 && zip(births, expected).allSatisfy { abs($0 - $1) < 1e-12 })
        }
        m.emitterCells[0].timing.speed = 2
        #expect(EmitterSystem(model: m, at: 0).liveParticles(at: 5).count == 10)
        m.emitterCells[0].timing.speed = 0
        #expect(EmitterSystem(model: m, at: 0).liveParticles(at: 5).isEmpty)
    }

    @Test func addedCellStartsItsStreamAtTheUpdate() throws {
        var m = Self.fire(rate: 4, lifetime: 10)
        var system = EmitterSystem(model: m, at: 0)
        m.emitterCells.append(m.emitterCells[0])
        system.update(model: m, at: 2.25)
        let second = system.liveParticles(at: 3).filter { $0.cellID == 1 }
        #expect(second.map(\.birthTime) == [2.25, 2.5, 2.75, 3])
        #expect(system.liveParticles(at: 3).filter { $0.cellID == 0 }.count == 13)
    }

    /// A rocket cell (lifetime 2) whose sparks (lifetime 3) outlive it, and a second cell with a lifetime range.
    static func fireworks() -> EmitterModel {
        var spark = EmitterCellModel(name: "spark")
        spark.birthRate = 4; spark.lifetime = 3; spark.velocity = 6; spark.emissionRange = .pi; spark.yAcceleration = 9
        var rocket = EmitterCellModel(name: "rocket")
        rocket.birthRate = 3; rocket.lifetime = 2; rocket.velocity = 40; rocket.emissionRange = 0.5
        rocket.emissionLongitude = -.pi / 2; rocket.yAcceleration = 10; rocket.emitterCells = [spark]
        var dust = EmitterCellModel(name: "dust")
        dust.birthRate = 7; dust.lifetime = 1; dust.lifetimeRange = 0.8; dust.velocity = 5; dust.emissionRange = .pi
        var m = EmitterModel()
        m.emitterShape = .cuboid; m.emitterSize = CGSize(width: 30, height: 20); m.emitterDepth = 10
        m.emitterCells = [rocket, dust]
        return m
    }

    @Test func subParticlesStartAtTheParentAndTurnWithIt() throws {
        var m = Self.fireworks()
        m.emitterCells[0].emissionRange = 0; m.emitterCells[0].emissionLongitude = 0.4
        var spark = m.emitterCells[0].emitterCells[0]
        spark.emissionRange = 0; spark.emissionLongitude = .pi / 2
        let p = ParticleEvaluator.topLevel(m, cell: m.emitterCells[0], cellID: 0, index: 5, birthTime: 1.25)
        for j in 0..<8 as Range<UInt32> {
            let q = try #require(ParticleEvaluator.subParticle(m, cell: spark, cellID: 1, index: j, parent: p))
            let age = Double(j) / 4
            #expect(q.birthTime == 1.25 + age && q.origin == p.position(atAge: age))
            let born = try #require(q.state(at: q.birthTime)), parent = try #require(p.state(at: q.birthTime))
            #expect((born.position - parent.position).length < 1e-9)
            let h = p.velocity(atAge: age), turned = (1 / h.length) * ParticleVector(-h.y, h.x, 0)
            #expect((q.velocity - 6 * turned).length < 1e-12)
        }
        #expect(ParticleEvaluator.subParticle(m, cell: spark, cellID: 1, index: 8, parent: p) == nil)
        spark.timing.beginTime = 0.5; spark.timing.duration = 0.5
        let windowed = (0..<8 as Range<UInt32>).compactMap { ParticleEvaluator.subParticle(m, cell: spark, cellID: 1, index: $0, parent: p) }
        #expect(windowed.map(\.birthTime) == [1.75, 2])
    }

    @Test func subCellAxisFollowsAThreeDimensionalHeading() throws {
        var m = Self.fireworks()
        m.emitterCells[0].emissionRange = .pi
        var spark = m.emitterCells[0].emitterCells[0]
        spark.emissionRange = 0
        for k in 0..<50 as Range<UInt32> {
            let p = ParticleEvaluator.topLevel(m, cell: m.emitterCells[0], cellID: 0, index: k, birthTime: 0)
            let q = try #require(ParticleEvaluator.subParticle(m, cell: spark, cellID: 1, index: 1, parent: p))
            let h = p.velocity(atAge: 0.25)
            #expect((q.velocity - (6 / h.length) * h).length < 1e-12)
        }
    }

    /// Every particle alive at `time`, found without the schedule's candidate ranges.
    static func bruteForce(_ system: EmitterSystem, at time: Double) -> [ParticleState] {
        let m = system.model
        var out: [ParticleState] = []
        func visit(_ p: ParticleTraits, _ cell: EmitterCellModel, _ id: UInt32) {
            if let s = p.state(at: time) { out.append(s) }
            for (n, sub) in cell.emitterCells.enumerated() {
                var j: UInt32 = 0
                while let q = ParticleEvaluator.subParticle(m, cell: sub, cellID: id + 1 + UInt32(n), index: j, parent: p) {
                    visit(q, sub, id + 1 + UInt32(n)); j += 1
                }
            }
        }
        for (i, cell) in m.emitterCells.enumerated() {
            let id = UInt32(m.flattenedCells.firstIndex { $0.indexPath == [i] } ?? 0)
            var k: UInt32 = 0
            while let b = system.schedules[i].birthTime(of: k), b <= time {
                visit(ParticleEvaluator.topLevel(m, cell: cell, cellID: id, index: k, birthTime: b), cell, id); k += 1
            }
        }
        return out
    }

    static func sortedIdentity(_ ps: [ParticleState]) -> [ParticleState] {
        ps.sorted { ($0.cellID, $0.birthTime, $0.key) < ($1.cellID, $1.birthTime, $1.key) }
    }

    @Test func liveParticlesMatchBruteForceInEveryRenderOrder() {
        var m = Self.fireworks()
        var system = EmitterSystem(model: m, at: 0)
        m.emitterCells[1].birthRate = 11
        system.update(model: m, at: 2)
        for t in [3.3, 4.1, 6.05] {
            let all = system.liveParticles(at: t)
            #expect(all.count > 40 && all.contains { $0.cellID == 1 } && all.contains { $0.cellID == 2 })
            #expect(Self.sortedIdentity(all) == Self.sortedIdentity(Self.bruteForce(system, at: t)))
            #expect(zip(all, all.dropFirst()).allSatisfy { $0.cellID <= $1.cellID })
            for mode in EmitterRenderMode.allCases {
                var ordered = system
                m.renderMode = mode
                ordered.update(model: m, at: 2)
                let ps = ordered.liveParticles(at: t)
                #expect(Self.sortedIdentity(ps) == Self.sortedIdentity(all))
                let pairs = Array(zip(ps, ps.dropFirst()))
                switch mode {
                case .unordered, .additive: #expect(ps == all)
                case .oldestFirst: #expect(pairs.allSatisfy { $0.birthTime <= $1.birthTime })
                case .oldestLast: #expect(pairs.allSatisfy { $0.birthTime >= $1.birthTime })
                case .backToFront: #expect(pairs.allSatisfy { $0.position.z <= $1.position.z })
                }
            }
        }
        #expect(system.liveParticles(at: 4.1, limit: 5).count == 5)
    }

    @Test func sparksOutliveTheirRocket() {
        let system = EmitterSystem(model: Self.fireworks(), at: 0)
        let live = system.liveParticles(at: 4.1)
        let rockets = Set(live.filter { $0.cellID == 0 }.map(\.birthTime))
        // Sparks of rockets born at or before 2.1 s are alive although their rocket is not.
        #expect(live.contains { $0.cellID == 1 && $0.birthTime < 4.1 - 2 } && rockets.allSatisfy { $0 > 2.1 })
    }
}
