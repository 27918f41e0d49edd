import Foundation
import StrataCore
import StrataDisplay
import StrataRender
import Testing

/// The particles `EmitterDraw` evaluates in the vertex stage (particle.glsl on llvmpipe, read back by
/// `ParticleGPUEvaluator`) against the CPU reference `ParticleEvaluator`: the alive flag, age, lifetime,
/// position, scale, spin and colour of every candidate particle agree within 1e-4 relative (absolute 1e-4
/// below magnitude 1; a position by its vector's length).
@Suite(.serialized) struct ParticleGPUTests {
    /// Worst relative errors seen, and how many particles were compared (alive and in all).
    struct Tally {
        var particles = 0, alive = 0
        var worst = 0.0
    }

    static let tolerance = 1e-4

    /// The frame the server would build for `system` at `time`: per top-level cell, its schedule's
    /// candidates as runs (first index, count, birth of the first, rate).
    static func frame(_ system: EmitterSystem, at time: Double) -> EmitterFrame {
        var s = system
        s.update(model: system.model, at: time)
        var top = 0
        let cells = s.model.flattenedCells.map { entry -> EmitterFrame.Cell in
            guard entry.parentID == nil else { return EmitterFrame.Cell(id: entry.id, parentID: entry.parentID, cell: entry.cell, texture: nil, runs: []) }
            let schedule = s.schedules[top]
            top += 1
            let runs = schedule.candidates(at: time, horizon: ParticleEvaluator.horizon(s.model, cell: entry.cell)).map { r in
                let segment = schedule.segments[r.segment]
                return EmitterFrame.Run(firstIndex: r.first, count: r.count,
                                        firstBirth: segment.birthTime(offset: Double(r.first &- segment.firstIndex)), rate: segment.rate)
            }
            return EmitterFrame.Cell(id: entry.id, parentID: nil, cell: entry.cell, texture: nil, runs: runs)
        }
        return EmitterFrame(layer: s.model, time: time, cells: cells)
    }

    /// Compares every particle of every run of `frame` with the CPU's; returns the tally.
    static func compare(_ gpu: ParticleGPUEvaluator, _ frame: EmitterFrame, _ name: String) throws -> Tally {
        var tally = Tally()
        for (ci, c) in frame.cells.enumerated() where c.parentID == nil {
            for (ri, run) in c.runs.enumerated() {
                let samples = try gpu.evaluate(frame, cell: ci, run: ri)
                #expect(samples.count == Int(run.count), "\(name): run \(ri) evaluated \(samples.count) of \(run.count)")
                for (k, g) in samples.enumerated() {
                    let birth = run.firstBirth + Double(k) / run.rate
                    let traits = ParticleEvaluator.topLevel(frame.layer, cell: c.cell, cellID: c.id, index: run.firstIndex &+ UInt32(k),
                                                            birthTime: birth)
                    check(g, traits, frame.time, "\(name) cell \(c.id) index \(run.firstIndex &+ UInt32(k))", &tally)
                }
            }
        }
        return tally
    }

    static func error(_ g: Double, _ c: Double, scale: Double? = nil) -> Double { abs(g - c) / max(1, scale ?? abs(c)) }

    /// A live particle's position (relative to its vector's length), scale, spin and colour, GPU against CPU.
    static func stateErrors(_ g: ParticleGPUEvaluator.Sample, _ s: ParticleState) -> [Double] {
        let length = s.position.length
        return [error(Double(g.position.x), s.position.x, scale: length), error(Double(g.position.y), s.position.y, scale: length),
                error(Double(g.position.z), s.position.z, scale: length),
                error(Double(g.scale), s.scale), error(Double(g.spin), s.spin),
                error(Double(g.color.x), Double(s.color.red)), error(Double(g.color.y), Double(s.color.green)),
                error(Double(g.color.z), Double(s.color.blue)), error(Double(g.color.w), Double(s.color.alpha))]
    }

    static func check(_ g: ParticleGPUEvaluator.Sample, _ t: ParticleTraits, _ time: Double, _ what: String, _ tally: inout Tally) {
        tally.particles += 1
        let age = time - t.birthTime
        var errors = [error(Double(g.age), age), error(Double(g.lifetime), t.lifetime)]
        let cpu = t.state(at: time)
        // Float ages and lifetimes can only disagree on life within their rounding of a boundary.
        let nearBoundary = min(abs(age), abs(age - t.lifetime)) < 1e-5 * max(1, abs(age))
        if !nearBoundary { #expect(g.alive == (cpu != nil), "\(what): GPU alive \(g.alive), CPU \(cpu != nil) (age \(age), lifetime \(t.lifetime))") }
        if let s = cpu, g.alive {
            tally.alive += 1
            errors += Self.stateErrors(g, s)
            let worst = errors.max() ?? 0
            #expect(worst <= tolerance, "\(what): GPU \(g), CPU \(s)")
        }
        tally.worst = max(tally.worst, errors.max() ?? 0)
    }

    static func cell(_ configure: (inout EmitterCellModel) -> Void) -> EmitterCellModel {
        var c = EmitterCellModel(name: "c")
        c.birthRate = 120; c.lifetime = 1.5; c.lifetimeRange = 0.5; c.velocity = 20; c.velocityRange = 10
        c.emissionLongitude = 0.7; c.emissionLatitude = 0.4; c.emissionRange = 0.6
        configure(&c)
        return c
    }

    static func layer(_ cells: [EmitterCellModel], _ configure: (inout EmitterModel) -> Void = { _ in }) -> EmitterModel {
        var l = EmitterModel()
        l.emitterCells = cells
        l.emitterPosition = CGPoint(x: 40, y: 30); l.emitterZPosition = 5
        l.emitterSize = CGSize(width: 80, height: 50); l.emitterDepth = 30
        configure(&l)
        return l
    }

    @Test func everyShapeAndModeSpawnsWhereTheCPUDoes() throws {
        let display = try HeadlessDisplay(width: 8, height: 8)
        defer { display.releaseCurrent() }
        let gpu = try ParticleGPUEvaluator()
        var total = Tally()
        for shape in [EmitterShape.point, .line, .rectangle, .cuboid, .circle, .sphere] {
            for mode in [EmitterMode.points, .outline, .surface, .volume] {
                let l = Self.layer([Self.cell { _ in }]) { $0.emitterShape = shape; $0.emitterMode = mode; $0.preservesDepth = true }
                let t = try Self.compare(gpu, Self.frame(EmitterSystem(model: l, at: 0), at: 1.0), "\(shape.name) \(mode.name)")
                #expect(t.alive > 90, "\(shape.name) \(mode.name): \(t.alive) alive of \(t.particles)")
                total.particles += t.particles; total.alive += t.alive; total.worst = max(total.worst, t.worst)
            }
        }
        #expect(total.particles == 24 * 121)
        #expect(total.worst <= Self.tolerance)
    }

    /// Every range, speed and acceleration, the layer's multipliers, two cells (their ids in the keys), a
    /// cone narrower than a milliradian and one past π, and two seeds.
    @Test func rangesSpeedsAndLayerMultipliersAgree() throws {
        let display = try HeadlessDisplay(width: 8, height: 8)
        defer { display.releaseCurrent() }
        let gpu = try ParticleGPUEvaluator()
        let busy = Self.cell { c in
            c.lifetime = 2; c.lifetimeRange = 1; c.velocity = 40; c.velocityRange = 25
            c.xAcceleration = 3; c.yAcceleration = -9.8; c.zAcceleration = 2
            c.scale = 0.6; c.scaleRange = 0.3; c.scaleSpeed = -0.1; c.spin = 1.2; c.spinRange = 0.8
            c.color = Color(red: 0.8, green: 0.5, blue: 0.3, alpha: 0.9)
            c.redRange = 0.2; c.greenRange = 0.3; c.blueRange = 0.1; c.alphaRange = 0.1
            c.redSpeed = -0.1; c.greenSpeed = 0.2; c.blueSpeed = -0.3; c.alphaSpeed = -0.25
            c.emissionRange = 0.0007; c.emissionLatitude = -1.2; c.emissionLongitude = 2.5
        }
        var wide = busy
        wide.emissionRange = 4; wide.birthRate = 45; wide.emissionLatitude = 1.5
        for seed: UInt32 in [0, 0xDEAD_BEEF] {
            let l = Self.layer([busy, wide]) { l in
                l.birthRate = 2; l.lifetime = 1.5; l.velocity = 0.8; l.scale = 1.3; l.spin = -0.7; l.seed = seed
                l.emitterShape = .sphere; l.emitterMode = .volume
            }
            let t = try Self.compare(gpu, Self.frame(EmitterSystem(model: l, at: 0), at: 2.3), "seed \(seed)")
            #expect(t.alive > 700, "seed \(seed): \(t.alive) alive of \(t.particles)")
            #expect(t.worst <= Self.tolerance)
        }
    }

    /// D19's fire: 750 candidates in the steady state, every direction, alpha fading to 0 before death.
    @Test func theFireCellAgrees() throws {
        let display = try HeadlessDisplay(width: 8, height: 8)
        defer { display.releaseCurrent() }
        let gpu = try ParticleGPUEvaluator()
        var fire = EmitterCellModel(name: "fire")
        fire.birthRate = 150; fire.lifetime = 5; fire.color = Color(red: 1, green: 0.5, blue: 0.1, alpha: 1); fire.alphaSpeed = -0.4
        fire.velocity = 50; fire.velocityRange = 50; fire.emissionRange = 2 * .pi
        var l = EmitterModel()
        l.emitterCells = [fire]; l.renderMode = .additive; l.emitterPosition = CGPoint(x: 160, y: 120)
        let frame = Self.frame(EmitterSystem(model: l, at: 0), at: 6.01)
        let t = try Self.compare(gpu, frame, "fire")
        #expect(t.particles == 751)
        #expect(t.alive == 750)
        #expect(t.worst <= Self.tolerance)
    }

    /// Indices past 2³¹ and wrapping past 2³², a day into the layer's time: times reach the GPU relative to
    /// the frame, so the ages keep their precision.
    @Test func largeIndicesAndLateTimesAgree() throws {
        let display = try HeadlessDisplay(width: 8, height: 8)
        defer { display.releaseCurrent() }
        let gpu = try ParticleGPUEvaluator()
        let l = Self.layer([Self.cell { $0.lifetime = 3; $0.lifetimeRange = 0; $0.yAcceleration = 30 }]) { $0.emitterShape = .circle; $0.emitterMode = .outline }
        let start = 86_400.1
        // Ages 2.8 − k/200 (all 512 alive) and 3.4389 − k/200 (alive for k in 88…687).
        let runs = [EmitterFrame.Run(firstIndex: 0x7FFF_FF00, count: 512, firstBirth: start + 3.2, rate: 200),
                    EmitterFrame.Run(firstIndex: 0xFFFF_FE00, count: 1024, firstBirth: start + 2.5611, rate: 200)]
        let frame = EmitterFrame(layer: l, time: start + 6, cells: [EmitterFrame.Cell(id: 0, parentID: nil, cell: l.emitterCells[0], texture: nil, runs: runs)])
        let t = try Self.compare(gpu, frame, "large indices")
        #expect(t.particles == 1536)
        #expect(t.alive == 512 + 600)
        #expect(t.worst <= Self.tolerance)
    }

    /// A rate change inside the horizon leaves two runs with different rates and phases.
    @Test func aRateChangeGivesTwoRunsThatAgree() throws {
        let display = try HeadlessDisplay(width: 8, height: 8)
        defer { display.releaseCurrent() }
        let gpu = try ParticleGPUEvaluator()
        var l = Self.layer([Self.cell { $0.birthRate = 80; $0.lifetime = 2; $0.lifetimeRange = 0.3 }]) { $0.emitterShape = .rectangle; $0.emitterMode = .outline }
        var system = EmitterSystem(model: l, at: 0)
        l.birthRate = 0.25
        system.update(model: l, at: 1.37)
        let frame = Self.frame(system, at: 2.2)
        #expect(frame.cells[0].runs.count == 2)
        // 110 particles born at 80/s before 1.37, then 20/s from 1.39 (the phase kept): 17 by 2.2.
        #expect(frame.cells[0].runs.map(\.rate) == [80, 20])
        #expect(frame.cells[0].runs.map(\.count) == [110, 17])
        let t = try Self.compare(gpu, frame, "rate change")
        #expect(t.alive > 80)
        #expect(t.worst <= Self.tolerance)
    }

    /// Sub-cells of a top-level cell: each parent particle's candidate sub-particles (slots of the draw
    /// over the parent's runs) agree with `ParticleEvaluator.subParticle`, and no candidate the CPU finds
    /// alive is missing from the slots.
    @Test func subParticlesAgree() throws {
        let display = try HeadlessDisplay(width: 8, height: 8)
        defer { display.releaseCurrent() }
        let gpu = try ParticleGPUEvaluator()
        var spark = Self.cell { c in
            c.birthRate = 30; c.lifetime = 0.8; c.lifetimeRange = 0.2; c.velocity = 40; c.velocityRange = 10
            c.emissionLongitude = 0.3; c.emissionLatitude = 0.2; c.emissionRange = 0.5; c.yAcceleration = 15
            c.scaleSpeed = -0.5; c.alphaSpeed = -1; c.spin = 2; c.spinRange = 1
        }
        spark.timing.beginTime = 0.4; spark.timing.duration = 1.5
        let trail = Self.cell { c in c.birthRate = 50; c.lifetime = 0.3; c.velocity = 5; c.emissionRange = .pi }
        var rocket = Self.cell { c in
            c.birthRate = 2; c.lifetime = 2.5; c.lifetimeRange = 0.3; c.velocity = 120; c.velocityRange = 20
            c.emissionLongitude = -.pi / 2; c.emissionLatitude = 0.3; c.emissionRange = 0.3; c.yAcceleration = 40
        }
        rocket.emitterCells = [spark, trail]
        let l = Self.layer([rocket]) { l in l.seed = 7; l.lifetime = 1.2; l.velocity = 0.9; l.spin = 0.5; l.preservesDepth = true }
        let frame = Self.frame(EmitterSystem(model: l, at: 0), at: 3.3)
        var tally = Tally(), covered = 0, extra = 0
        for ci in 1...2 {
            let c = frame.cells[ci], parent = frame.cells[0], horizon = ParticleEvaluator.horizon(l, cell: c.cell)
            for (ri, run) in parent.runs.enumerated() {
                let samples = try gpu.evaluate(frame, cell: ci, run: ri), slots = samples.count / Int(run.count)
                #expect(slots > 0 && samples.count == slots * Int(run.count))
                for k in 0..<Int(run.count) {
                    let p = ParticleEvaluator.topLevel(l, cell: parent.cell, cellID: 0, index: run.firstIndex &+ UInt32(k),
                                                       birthTime: run.firstBirth + Double(k) / run.rate)
                    var seen: Set<Int> = [], seenAlive: Set<Int> = []
                    for g in samples[k * slots ..< (k + 1) * slots] {
                        guard let j = g.index else { #expect(!g.alive); continue }
                        seen.insert(j)
                        if g.alive { seenAlive.insert(j) }
                        let t = try #require(ParticleEvaluator.subParticle(l, cell: c.cell, cellID: c.id, index: UInt32(j), parent: p))
                        Self.check(g, t, frame.time, "cell \(c.id) parent \(k) j \(j)", &tally)
                    }
                    let candidates = ParticleEvaluator.subCandidates(c.cell, parent: p, at: frame.time, horizon: horizon).map(Array.init) ?? []
                    // Born at the frame time: the parent's age floored in float may count one the CPU's double
                    // floor of 26.999…9 leaves to the next frame. Nothing else may be outside the CPU's candidates.
                    for j in seenAlive where !candidates.contains(UInt32(j)) {
                        let birth = try #require(ParticleEvaluator.subParticle(l, cell: c.cell, cellID: c.id, index: UInt32(j), parent: p)).birthTime
                        #expect(abs(frame.time - birth) < 1e-9, "cell \(c.id) parent \(k): sub-particle \(j) is not a candidate")
                        extra += 1
                    }
                    for j in candidates where ParticleEvaluator.subParticle(l, cell: c.cell, cellID: c.id, index: j, parent: p)?.state(at: frame.time) != nil {
                        #expect(seen.contains(Int(j)), "cell \(c.id) parent \(k): sub-particle \(j) is in no slot")
                        covered += 1
                    }
                }
            }
        }
        #expect(covered > 100)
        #expect(extra < 8)
        #expect(tally.alive == covered + extra)
        #expect(tally.worst <= Self.tolerance)
    }

    // MARK: Drawn through a Renderer

    /// An opaque white image of `size` × `size` pixels (premultiplied RGBA8).
    final class WhiteImage {
        let pixels: UnsafeMutableRawPointer
        let image: TextureImage
        init(id: UInt64, size: Int) {
            pixels = UnsafeMutableRawPointer.allocate(byteCount: size * size * 4, alignment: 4)
            pixels.initializeMemory(as: UInt8.self, repeating: 255, count: size * size * 4)
            image = TextureImage(id: id, width: size, height: size, pixels: pixels, owner: nil)
        }
        deinit { pixels.deallocate() }
    }

    static let width = 32, height = 24

    /// One particle of a point emitter at (x, y), at rest, born at 0, of `cell` (its contents `image`),
    /// drawn at `time` under a translation by (4, 6) after `before`; returns the rows top-down and the box.
    static func render(_ cell: EmitterCellModel, image: WhiteImage?, at point: CGPoint, time: Double, renderMode: EmitterRenderMode = .unordered,
                       alpha: CGFloat = 1, before: [DrawCommand] = [], extra: [EmitterFrame.Cell] = [], count: UInt32 = 1) throws -> (pixels: [UInt8], box: PixelRect) {
        let display = try HeadlessDisplay(width: width, height: height)
        defer { display.releaseCurrent() }
        let renderer = try Renderer()
        var l = EmitterModel()
        l.emitterCells = [cell] + extra.map(\.cell); l.emitterPosition = point; l.renderMode = renderMode
        let run = EmitterFrame.Run(firstIndex: 0, count: count, firstBirth: 0, rate: 1)
        let frame = EmitterFrame(layer: l, time: time, cells: [EmitterFrame.Cell(id: 0, parentID: nil, cell: cell, texture: image?.image, runs: [run])] + extra)
        let draw = EmitterDraw(matrix: .translation(4, 6, 0), frame: frame, alpha: alpha, tint: .white)
        var list = DrawList()
        list.clearColor = .clear
        list.commands = before + [.content(draw)]
        try renderer.render(list, framebuffer: display.framebuffer, width: width, height: height)
        return (try display.readPixels().pixels, draw.box(within: PixelRect(x: 0, y: 0, width: width, height: height)))
    }

    static func at(_ px: [UInt8], _ x: Int, _ y: Int) -> [UInt8] { Array(px[(y * width + x) * 4 ..< (y * width + x) * 4 + 4]) }

    static func resting(_ configure: (inout EmitterCellModel) -> Void = { _ in }) -> EmitterCellModel {
        var c = EmitterCellModel(name: "dot")
        c.birthRate = 1; c.lifetime = 10
        configure(&c)
        return c
    }

    /// A 4 × 4 image at layer (12, 8), translated to target (16, 14): exactly pixels 14…17 × 12…15, in the
    /// particle's colour; a dead particle of another cell and a cell without contents draw nothing.
    @Test func aParticleCoversExactlyItsContentsSize() throws {
        let image = WhiteImage(id: 900, size: 4), big = WhiteImage(id: 901, size: 4)
        let cell = Self.resting { $0.color = Color(red: 1, green: 0.6, blue: 0.2, alpha: 1) }
        // Dead at 0.5 (lifetime 0.2), and no contents: both would cover the whole target at scale 20.
        let dead = EmitterFrame.Cell(id: 1, parentID: nil, cell: Self.resting { $0.lifetime = 0.2; $0.scale = 20 }, texture: big.image,
                                     runs: [EmitterFrame.Run(firstIndex: 0, count: 1, firstBirth: 0, rate: 1)])
        let bare = EmitterFrame.Cell(id: 2, parentID: nil, cell: Self.resting { $0.scale = 20 }, texture: nil,
                                     runs: [EmitterFrame.Run(firstIndex: 0, count: 1, firstBirth: 0, rate: 1)])
        let (px, box) = try Self.render(cell, image: image, at: CGPoint(x: 12, y: 8), time: 0.5, extra: [dead, bare])
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                let inside = (14...17).contains(x) && (12...15).contains(y)
                #expect(Self.at(px, x, y) == (inside ? [255, 153, 51, 255] : [0, 0, 0, 0]), "pixel (\(x), \(y))")
                if inside { #expect(box.contains(x, y)) }
            }
        }
        // The dead cell's reach (scale 20 × the half-diagonal) widens the box; the target bounds it.
        #expect(box == PixelRect(x: 0, y: 0, width: Self.width, height: Self.height))
        let alone = try Self.render(cell, image: image, at: CGPoint(x: 12, y: 8), time: 0.5)
        #expect(alone.box == PixelRect(x: 11, y: 9, width: 10, height: 10))
    }

    /// Spin turns the quad about its centre: a 5 × 5 image turned by π/4 is a diamond of half-diagonal 3.54.
    @Test func spinTurnsTheQuadAboutItsCentre() throws {
        let image = WhiteImage(id: 902, size: 5)
        let cell = Self.resting { $0.spin = .pi / 4 }
        // Centre on pixel (16, 14)'s centre.
        let (px, _) = try Self.render(cell, image: image, at: CGPoint(x: 12.5, y: 8.5), time: 1)
        #expect(Self.at(px, 16, 14) == [255, 255, 255, 255])
        #expect(Self.at(px, 19, 14) == [255, 255, 255, 255])   // 3 along x: outside the square, inside the diamond
        #expect(Self.at(px, 16, 11) == [255, 255, 255, 255])
        #expect(Self.at(px, 18, 16) == [0, 0, 0, 0])           // (2, 2): inside the square, outside the diamond
        #expect(Self.at(px, 14, 12) == [0, 0, 0, 0])
        let still = try Self.render(Self.resting(), image: image, at: CGPoint(x: 12.5, y: 8.5), time: 1)
        #expect(Self.at(still.pixels, 19, 14) == [0, 0, 0, 0])
        #expect(Self.at(still.pixels, 18, 16) == [255, 255, 255, 255])
    }

    /// Additive adds the premultiplied colour times the layer's alpha to what is beneath; unordered blends
    /// it over.
    @Test func additiveAddsAndUnorderedBlendsOver() throws {
        let image = WhiteImage(id: 903, size: 4)
        let cell = Self.resting { $0.color = Color(red: 0.4, green: 0.4, blue: 0.8, alpha: 1) }
        let grey = DrawCommand.fill(matrix: .identity, rect: CGRect(x: 0, y: 0, width: Self.width, height: Self.height),
                                    color: Color(red: 0.2, green: 0.2, blue: 0.2, alpha: 1), alpha: 1)
        let added = try Self.render(cell, image: image, at: CGPoint(x: 12, y: 8), time: 0.5, renderMode: .additive, alpha: 0.5, before: [grey])
        #expect(Self.at(added.pixels, 15, 13) == [102, 102, 153, 255])
        #expect(Self.at(added.pixels, 5, 5) == [51, 51, 51, 255])
        let over = try Self.render(cell, image: image, at: CGPoint(x: 12, y: 8), time: 0.5, renderMode: .unordered, alpha: 0.5, before: [grey])
        // 0.2·½ + 0.2 (red, green) and 0.4 + 0.1 (blue), alpha 1: 0.3 → 76.5 and 0.5 → 127.5, rounded by the blender.
        let p = Self.at(over.pixels, 15, 13)
        #expect((76...77).contains(p[0]) && (76...77).contains(p[1]) && (127...128).contains(p[2]) && p[3] == 255, "\(p)")
    }

    /// A sub-cell draws over its parent's particles even where the parent has no contents: a resting parent's
    /// first sub-particle, born where it is, covers the same pixels.
    @Test func aSubParticleIsDrawnWhereItsParentIs() throws {
        let image = WhiteImage(id: 904, size: 4)
        let sub = EmitterFrame.Cell(id: 1, parentID: 0, cell: Self.resting { $0.color = Color(red: 0.2, green: 1, blue: 0.6, alpha: 1) },
                                    texture: image.image, runs: [])
        let (px, box) = try Self.render(Self.resting(), image: nil, at: CGPoint(x: 12, y: 8), time: 0.5, extra: [sub])
        #expect(Self.at(px, 14, 12) == [51, 255, 153, 255])
        #expect(Self.at(px, 17, 15) == [51, 255, 153, 255])
        #expect(Self.at(px, 13, 12) == [0, 0, 0, 0])
        #expect(Self.at(px, 18, 15) == [0, 0, 0, 0])
        #expect(box == PixelRect(x: 11, y: 9, width: 10, height: 10))
    }

    /// Two opaque particles on one place, the older redder (red speed 0.4: 0.6 at age 1.5, 0.2 at 0.5):
    /// generation order draws the newer on top, oldestLast reverses the instances and draws the older on top.
    @Test func oldestLastDrawsTheOldestOnTop() throws {
        let image = WhiteImage(id: 905, size: 4)
        let cell = Self.resting { $0.color = Color(red: 0, green: 0, blue: 0, alpha: 1); $0.redSpeed = 0.4 }
        for (mode, red) in [(EmitterRenderMode.unordered, UInt8(51)), (.oldestFirst, 51), (.backToFront, 51), (.oldestLast, 153)] {
            let (px, _) = try Self.render(cell, image: image, at: CGPoint(x: 12, y: 8), time: 1.5, renderMode: mode, count: 2)
            #expect(Self.at(px, 15, 13) == [red, 0, 0, 255], "\(mode.name)")
        }
    }
}
