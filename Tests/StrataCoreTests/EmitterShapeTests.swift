import Foundation
import Testing
import StrataCore

@Suite("Emitter shapes × modes")
struct EmitterShapeTests {
    /// Centre (100, 50, 7); W 40, H 30, D 20 (so the box is x 80…120, y 35…65, z −3…17; radius 20).
    static func layer(_ shape: EmitterShape, _ mode: EmitterMode) -> EmitterModel {
        var m = EmitterModel()
        m.emitterShape = shape; m.emitterMode = mode
        m.emitterPosition = CGPoint(x: 100, y: 50); m.emitterZPosition = 7
        m.emitterSize = CGSize(width: 40, height: 30); m.emitterDepth = 20
        return m
    }

    static func points(_ shape: EmitterShape, _ mode: EmitterMode, count: UInt32 = 1_000) -> [ParticleVector] {
        let m = layer(shape, mode)
        return (0..<count).map { EmitterShapes.spawnPoint(m, key: ParticleRandom.hash($0)) }
    }

    static let eps = 1e-9
    static func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= eps }
    static func within(_ a: Double, _ lo: Double, _ hi: Double) -> Bool { a >= lo - eps && a <= hi + eps }
    /// How many of the point's coordinates lie on a face of the box.
    static func facesTouched(_ p: ParticleVector) -> Int {
        [near(p.x, 80) || near(p.x, 120), near(p.y, 35) || near(p.y, 65), near(p.z, -3) || near(p.z, 17)].filter { $0 }.count
    }
    static func inBox(_ p: ParticleVector) -> Bool { within(p.x, 80, 120) && within(p.y, 35, 65) && within(p.z, -3, 17) }
    static func distance(_ p: ParticleVector) -> Double { (p - ParticleVector(100, 50, 7)).length }

    @Test(arguments: [EmitterMode.points, .outline, .surface, .volume])
    func pointShapeIsThePosition(mode: EmitterMode) {
        #expect(Self.points(.point, mode, count: 50).allSatisfy { $0 == ParticleVector(100, 50, 7) })
    }

    @Test func line() {
        for mode in [EmitterMode.points, .outline] {
            let ps = Self.points(.line, mode)
            #expect(Set(ps) == [ParticleVector(80, 50, 7), ParticleVector(120, 50, 7)])
        }
        for mode in [EmitterMode.surface, .volume] {
            let ps = Self.points(.line, mode)
            #expect(ps.allSatisfy { Self.within($0.x, 80, 120) && $0.y == 50 && $0.z == 7 })
            #expect(ps.contains { $0.x < 81 } && ps.contains { $0.x > 119 })
        }
    }

    @Test func rectangle() {
        let corners = Set(Self.points(.rectangle, .points))
        #expect(corners == [ParticleVector(80, 35, 7), ParticleVector(120, 35, 7), ParticleVector(80, 65, 7), ParticleVector(120, 65, 7)])
        let outline = Self.points(.rectangle, .outline, count: 4_000)
        #expect(outline.allSatisfy { Self.inBox($0) && $0.z == 7 && (Self.near($0.x, 80) || Self.near($0.x, 120) || Self.near($0.y, 35) || Self.near($0.y, 65)) })
        // Uniform by length: the two 40-long edges hold 80/140 of the points.
        let long = Double(outline.filter { Self.near($0.y, 35) || Self.near($0.y, 65) }.count) / 4_000
        #expect(abs(long - 80.0 / 140) < 0.04)
        for mode in [EmitterMode.surface, .volume] {
            let ps = Self.points(.rectangle, mode)
            #expect(ps.allSatisfy { Self.inBox($0) && $0.z == 7 })
            #expect(ps.contains { abs($0.x - 100) < 5 && abs($0.y - 50) < 5 })
        }
        let m = Self.layer(.rectangle, .outline)
        #expect(EmitterShapes.spawnPoint(m, 0.25, 0, 0) == ParticleVector(115, 35, 7))
        #expect(EmitterShapes.spawnPoint(m, 0.5, 0, 0) == ParticleVector(120, 65, 7))
        #expect(EmitterShapes.spawnPoint(m, 0.75, 0, 0) == ParticleVector(85, 65, 7))
    }

    @Test func cuboid() {
        let corners = Set(Self.points(.cuboid, .points))
        #expect(corners.count == 8 && corners.allSatisfy { Self.facesTouched($0) == 3 })
        let edges = Self.points(.cuboid, .outline)
        #expect(edges.allSatisfy { Self.inBox($0) && Self.facesTouched($0) >= 2 })
        #expect(edges.contains { Self.within($0.z, 0, 14) } && edges.contains { Self.within($0.x, 85, 115) })
        let faces = Self.points(.cuboid, .surface)
        #expect(faces.allSatisfy { Self.inBox($0) && Self.facesTouched($0) >= 1 })
        let onFace: [(ParticleVector) -> Bool] = [{ Self.near($0.z, -3) }, { Self.near($0.z, 17) }, { Self.near($0.x, 80) },
                                                  { Self.near($0.x, 120) }, { Self.near($0.y, 35) }, { Self.near($0.y, 65) }]
        for face in onFace {
            #expect(faces.contains(where: face))
        }
        let volume = Self.points(.cuboid, .volume)
        #expect(volume.allSatisfy(Self.inBox) && volume.contains { Self.facesTouched($0) == 0 && abs($0.z - 7) < 3 })
        let m = Self.layer(.cuboid, .outline)
        // Arc length 0.5·90 = 45: past the x group (40) into the y group; edge 3 is (+x, +z).
        #expect(EmitterShapes.spawnPoint(m, 0.5, 0.8, 0) == ParticleVector(120, 40, 17))
    }

    @Test func circle() {
        #expect(Self.points(.circle, .points, count: 20).allSatisfy { $0 == ParticleVector(100, 50, 7) })
        let ring = Self.points(.circle, .outline)
        #expect(ring.allSatisfy { Self.near(Self.distance($0), 20) && $0.z == 7 })
        #expect(ring.contains { $0.x > 119.9 } && ring.contains { $0.y < 30.1 })
        for mode in [EmitterMode.surface, .volume] {
            let disc = Self.points(.circle, mode)
            #expect(disc.allSatisfy { Self.distance($0) <= 20 + Self.eps && $0.z == 7 })
            #expect(disc.contains { Self.distance($0) < 5 } && disc.contains { Self.distance($0) > 19.5 })
            // Uniform by area: a quarter of the points within half the radius.
            let inner = Double(disc.filter { Self.distance($0) < 10 }.count) / 1_000
            #expect(abs(inner - 0.25) < 0.05)
        }
    }

    @Test func sphere() {
        #expect(Self.points(.sphere, .points, count: 20).allSatisfy { $0 == ParticleVector(100, 50, 7) })
        for mode in [EmitterMode.outline, .surface] {
            let shell = Self.points(.sphere, mode)
            #expect(shell.allSatisfy { Self.near(Self.distance($0), 20) })
            #expect(shell.contains { $0.z > 26.5 } && shell.contains { $0.z < -12.5 })
        }
        let ball = Self.points(.sphere, .volume)
        #expect(ball.allSatisfy { Self.distance($0) <= 20 + Self.eps })
        // Uniform by volume: an eighth of the points within half the radius.
        let inner = Double(ball.filter { Self.distance($0) < 10 }.count) / 1_000
        #expect(abs(inner - 0.125) < 0.04)
    }
}
