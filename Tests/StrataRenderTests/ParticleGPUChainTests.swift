import Foundation
import StrataCore
import StrataDisplay
@testable import StrataRender
import Testing

/// Third and fourth generations: every particle of every cell of a chain, read back from the vertex stage,
/// is the CPU reference's (`EmitterSystem.liveParticles`, every generation), no more and no fewer, at the
/// same place, scale, spin and colour.
extension ParticleGPUTests {
    /// A particle's identity: its cell, its index in its stream and its key (which folds in its ancestors').
    struct Identity: Hashable {
        var cellID: UInt32, index: UInt32, key: UInt32
    }

    /// What one comparison of a whole frame found.
    struct ChainTally {
        var tally = Tally()
        /// Live particles per cell id on the CPU, and those the GPU's slots repeat (none may be).
        var cpu: [UInt32: Int] = [:]
        var duplicates = 0
        /// Live on one side only: allowed only within 1e-5 s of a birth or death (float ages).
        var onlyCPU = 0, onlyGPU = 0
    }

    /// Every alive particle the GPU evaluates for every cell of `frame` (each run of its top-level ancestor).
    static func gpuLive(_ gpu: ParticleGPUEvaluator, _ frame: EmitterFrame, duplicates: inout Int) throws -> [Identity: ParticleGPUEvaluator.Sample] {
        var live: [Identity: ParticleGPUEvaluator.Sample] = [:]
        for (ci, c) in frame.cells.enumerated() {
            let top = try #require(Self.topAncestor(of: c, in: frame))
            for ri in top.runs.indices {
                for g in try gpu.evaluate(frame, cell: ci, run: ri) where g.alive {
                    let index = try #require(g.index), key = try #require(g.key)
                    let id = Identity(cellID: c.id, index: UInt32(index), key: key)
                    if live[id] != nil { duplicates += 1 }
                    live[id] = g
                }
            }
        }
        return live
    }

    static func topAncestor(of c: EmitterFrame.Cell, in frame: EmitterFrame) -> EmitterFrame.Cell? {
        var cell = c
        while let parentID = cell.parentID {
            guard let parent = frame.cells.first(where: { $0.id == parentID }) else { return nil }
            cell = parent
        }
        return cell
    }

    /// The GPU's live particles of `system` at `time` against `liveParticles(at:)`.
    static func compareAll(_ gpu: ParticleGPUEvaluator, _ system: EmitterSystem, at time: Double, _ name: String) throws -> ChainTally {
        var t = ChainTally()
        let frame = Self.frame(system, at: time)
        var gpuLive = try Self.gpuLive(gpu, frame, duplicates: &t.duplicates)
        for s in system.liveParticles(at: time) {
            t.cpu[s.cellID, default: 0] += 1
            let id = Identity(cellID: s.cellID, index: s.index, key: s.key)
            guard let g = gpuLive.removeValue(forKey: id) else {
                let nearBoundary = min(s.age, s.lifetime - s.age) < 1e-5 * max(1, s.age)
                #expect(nearBoundary, "\(name): cell \(s.cellID) index \(s.index) (age \(s.age) of \(s.lifetime)) is alive on the CPU only")
                t.onlyCPU += 1
                continue
            }
            checkState(g, s, "\(name) cell \(s.cellID) index \(s.index)", &t.tally)
        }
        for (id, g) in gpuLive {
            let nearBoundary = min(abs(g.age), abs(g.lifetime - g.age)) < 1e-5 * max(1, abs(g.age))
            #expect(nearBoundary, "\(name): cell \(id.cellID) index \(id.index) (age \(g.age) of \(g.lifetime)) is alive on the GPU only")
            t.onlyGPU += 1
        }
        return t
    }

    static func checkState(_ g: ParticleGPUEvaluator.Sample, _ s: ParticleState, _ what: String, _ tally: inout Tally) {
        tally.particles += 1
        tally.alive += 1
        let errors = [error(Double(g.age), s.age), error(Double(g.lifetime), s.lifetime)] + Self.stateErrors(g, s)
        let worst = errors.max() ?? 0
        #expect(worst <= tolerance, "\(what): GPU \(g), CPU \(s)")
        tally.worst = max(tally.worst, worst)
    }

    /// rocket (no contents) → burst at the rocket's end → spark (and, with `fourth`, spark → ember): every
    /// cell moving, turning with its parent, accelerating, its colour and scale changing.
    static func chainLayer(fourth: Bool) -> EmitterModel {
        var ember = Self.cell { c in
            c.birthRate = 12; c.lifetime = 0.5; c.lifetimeRange = 0.1; c.velocity = 15; c.velocityRange = 5
            c.emissionLongitude = 1.1; c.emissionRange = 0.9; c.yAcceleration = 25; c.redSpeed = -0.7; c.scaleSpeed = -0.6
        }
        ember.timing.beginTime = 0.1
        var spark = Self.cell { c in
            c.birthRate = fourth ? 9 : 40; c.lifetime = 0.9; c.lifetimeRange = 0.2; c.velocity = 45; c.velocityRange = 15
            c.emissionLongitude = 0.4; c.emissionLatitude = 0.3; c.emissionRange = .pi; c.yAcceleration = 20
            c.alphaSpeed = -0.9; c.greenSpeed = -0.5; c.spin = 1.5; c.spinRange = 0.5; c.scale = 0.7; c.scaleRange = 0.2
        }
        spark.timing.duration = 0.25
        if fourth { spark.emitterCells = [ember] }
        var burst = Self.cell { c in
            c.birthRate = 6; c.lifetime = 1.1; c.lifetimeRange = 0.3; c.velocity = 8; c.velocityRange = 4
            c.emissionRange = 0.8; c.zAcceleration = 3
        }
        burst.timing.beginTime = 0.9; burst.timing.duration = 0.4
        burst.emitterCells = [spark]
        var rocket = Self.cell { c in
            c.birthRate = 2.5; c.lifetime = 1.2; c.lifetimeRange = 0.15; c.velocity = 110; c.velocityRange = 15
            c.emissionLongitude = -.pi / 2; c.emissionLatitude = 0.2; c.emissionRange = 0.3; c.yAcceleration = 35
        }
        rocket.emitterCells = [burst]
        return Self.layer([rocket]) { l in l.seed = 3; l.lifetime = 1.1; l.velocity = 0.9; l.spin = 0.8; l.scale = 1.2; l.preservesDepth = true }
    }

    /// The frame with contents on `cells` only.
    static func withContents(_ frame: EmitterFrame, _ cells: Set<UInt32>, _ image: WhiteImage) -> EmitterFrame {
        var f = frame
        for i in f.cells.indices where cells.contains(f.cells[i].id) { f.cells[i].texture = image.image }
        return f
    }

    @Test func aThirdGenerationAgreesWithTheCPU() throws {
        let display = try HeadlessDisplay(width: 8, height: 8)
        defer { display.releaseCurrent() }
        let gpu = try ParticleGPUEvaluator()
        let system = EmitterSystem(model: Self.chainLayer(fourth: false), at: 0)
        for (time, expected) in [(2.3456, [UInt32(0): 3, 1: 7, 2: 54]), (3.8123, [0: 3, 1: 9, 2: 73])] {
            let t = try Self.compareAll(gpu, system, at: time, "3 levels at \(time)")
            #expect(t.cpu == expected)
            #expect(t.duplicates == 0 && t.onlyCPU == 0 && t.onlyGPU == 0)
            #expect(t.tally.worst <= Self.tolerance)
        }
        // Contents on the burst and the spark only: those two draw, the spark's chain per rocket particle.
        let image = WhiteImage(id: 910, size: 4)
        let frame = Self.withContents(Self.frame(system, at: 2.3456), [1, 2], image)
        // Slots: 3 bursts per rocket (a 0.4 s window at 6/s), 10 sparks per burst (a 0.25 s window at 40/s).
        let perParent = try [1, 2].map { try #require(gpu.instancesPerParticle(frame, cell: $0)) }
        #expect(perParent == [3, 30])
        let rockets = frame.cells[0].runs.reduce(0) { $0 + Int($1.count) }
        let draw = EmitterDraw(matrix: .identity, frame: frame, alpha: 1)
        #expect(draw.drawCost == rockets * perParent.reduce(0, +))
    }

    @Test func aFourthGenerationAgreesWithTheCPU() throws {
        let display = try HeadlessDisplay(width: 8, height: 8)
        defer { display.releaseCurrent() }
        let gpu = try ParticleGPUEvaluator()
        let system = EmitterSystem(model: Self.chainLayer(fourth: true), at: 0)
        for (time, expected) in [(2.3456, [UInt32(0): 3, 1: 7, 2: 15, 3: 102]), (3.8123, [0: 3, 1: 9, 2: 24, 3: 139])] {
            let t = try Self.compareAll(gpu, system, at: time, "4 levels at \(time)")
            #expect(t.cpu == expected)
            #expect(t.duplicates == 0 && t.onlyCPU == 0 && t.onlyGPU == 0)
            #expect(t.tally.worst <= Self.tolerance)
        }
        // Contents on the spark (a middle generation) and the ember only.
        let image = WhiteImage(id: 911, size: 4)
        let frame = Self.withContents(Self.frame(system, at: 2.3456), [2, 3], image)
        // Slots: 3 bursts, 3 sparks per burst (0.25 s at 9/s), 10 embers per spark (⌈0.66 s · 12⌉ + 2).
        let perParent = try [2, 3].map { try #require(gpu.instancesPerParticle(frame, cell: $0)) }
        #expect(perParent == [9, 90])
        let rockets = frame.cells[0].runs.reduce(0) { $0 + Int($1.count) }
        #expect(EmitterDraw(matrix: .identity, frame: frame, alpha: 1).drawCost == rockets * perParent.reduce(0, +))
    }

    /// One cell's draws make at most 2²⁰ instances a frame: the newest runs first, the run crossing the cap
    /// keeping its newest particles; a chain needing more than 2²⁰ per top-level particle draws nothing.
    @Test func instancesAreCappedNewestFirst() throws {
        let runs = [EmitterFrame.Run(firstIndex: 0, count: 100, firstBirth: 0, rate: 10),
                    EmitterFrame.Run(firstIndex: 100, count: 50, firstBirth: 10, rate: 5)]
        // 50 newest × 3 = 150, then 16 of the older run (50 left ÷ 3): indices 84…99, the first born at 8.4.
        #expect(ParticleUniforms.capped(runs, perParent: 3, budget: 200)
                == [EmitterFrame.Run(firstIndex: 84, count: 16, firstBirth: 8.4, rate: 10), runs[1]])
        #expect(ParticleUniforms.capped(runs, perParent: 3, budget: 149).map(\.count) == [49])
        #expect(ParticleUniforms.capped(runs, perParent: 3) == runs)
        let level = { (slots: Int) in ParticleUniforms.Level(cell: EmitterCellModel(), id: 1, slots: slots) }
        #expect(ParticleUniforms.perParent([level(1024), level(1024)]) == 1 << 20)
        #expect(ParticleUniforms.perParent([level(2048), level(1024)]) == nil)
        #expect(ParticleUniforms.perParent([level(1 << 20), level(1 << 20), level(1 << 20)]) == nil)
        // A million rockets with 4 sparks each: 2²⁰ instances drawn, the newest 262,144 rockets'.
        let image = WhiteImage(id: 912, size: 4)
        var rocket = EmitterCellModel(name: "rocket"), spark = EmitterCellModel(name: "spark")
        rocket.birthRate = 1; rocket.lifetime = 10
        spark.birthRate = 1; spark.lifetime = 2; spark.timing.duration = 4
        rocket.emitterCells = [spark]
        var l = EmitterModel()
        l.emitterCells = [rocket]
        let frame = EmitterFrame(layer: l, time: 10, cells: [
            EmitterFrame.Cell(id: 0, parentID: nil, cell: rocket, texture: nil,
                              runs: [EmitterFrame.Run(firstIndex: 0, count: 1_000_000, firstBirth: 0, rate: 100_000)]),
            EmitterFrame.Cell(id: 1, parentID: 0, cell: spark, texture: image.image, runs: [])])
        let draw = EmitterDraw(matrix: .identity, frame: frame, alpha: 1)
        #expect(draw.drawnCells.map(\.chain.perParent) == [4])
        #expect(draw.drawCost == 1 << 20)
        #expect(draw.drawnCells.first?.runs == [EmitterFrame.Run(firstIndex: 737_856, count: 262_144, firstBirth: 7.37856, rate: 100_000)])
    }

    /// The cap is the layer's: its cells share 2²⁰ instances in id order, so 64 cells cannot draw 64 × 2²⁰.
    @Test func theInstanceCapIsSharedByTheLayersCells() {
        let image = WhiteImage(id: 961, size: 2)
        var glow = EmitterCellModel(name: "glow"), dust = EmitterCellModel(name: "dust")
        glow.birthRate = 1; glow.lifetime = 10
        dust.birthRate = 1; dust.lifetime = 10
        var l = EmitterModel()
        l.emitterCells = [glow, dust]
        let big = EmitterFrame.Run(firstIndex: 0, count: 800_000, firstBirth: 0, rate: 100_000)
        let frame = EmitterFrame(layer: l, time: 8, cells: [
            EmitterFrame.Cell(id: 0, parentID: nil, cell: glow, texture: image.image, runs: [big]),
            EmitterFrame.Cell(id: 1, parentID: nil, cell: dust, texture: image.image, runs: [big])])
        let draw = EmitterDraw(matrix: .identity, frame: frame, alpha: 1)
        #expect(draw.drawCost == 1 << 20)
        #expect(draw.drawnCells.map { $0.runs.map(\.count) } == [[800_000], [UInt32((1 << 20) - 800_000)]])
        // The second cell keeps its newest particles: the last 248,576 of its run.
        #expect(draw.drawnCells.last?.runs.first?.firstIndex == UInt32(800_000 - 248_576))
    }
}
