import Foundation
import StrataOffline
import StrataPNG
import StrataScene
import Testing

/// CAEmitterLayer drawn by the server (Golden/emitter): the seed's D19 fire, additive and unordered,
/// at several times; every emitter shape in every mode; sub-cells (fireworks), a third generation (rocket → burst → spark); the layer's time pausing
/// and seeking the system. Exact on llvmpipe.
@Suite struct EmitterGoldenTests {
    static func frames(_ file: String, at times: [Double], seed: UInt32? = nil) throws -> [RGBAImage] {
        let url = Golden.directory.appendingPathComponent("emitter/\(file)")
        var text = try String(contentsOf: url, encoding: .utf8)
        if let seed { text = text.replacingOccurrences(of: #""class": "emitter","#, with: #""class": "emitter", "seed": \#(seed),"#) }
        let scene = try SceneParser.parse(data: Data(text.utf8), baseDirectory: url.deletingLastPathComponent())
        let size = scene.size ?? (width: 160, height: 120)
        return try SceneRenderer.render(scene, at: times, width: size.width, height: size.height).map(\.image)
    }

    @Test func d19FireAtHalfASecondOneAndThree() throws {
        let f = try Self.frames("fire.json", at: [0.5, 1, 3])
        try Golden.expectMatches(f[0], "emitter/fire-0.5.png")
        try Golden.expectMatches(f[1], "emitter/fire-1.png")
        try Golden.expectMatches(f[2], "emitter/fire-3.png")
    }

    @Test func d19UnorderedBlendsSourceOver() throws {
        try Golden.expectMatches(try Self.frames("fire-unordered.json", at: [3])[0], "emitter/fire-unordered-3.png")
    }

    @Test func everyShapeInEveryMode() throws {
        try Golden.expectMatches(try Self.frames("shapes.json", at: [2])[0], "emitter/shapes.png")
    }

    @Test func subCellsBurstFromTheirParents() throws {
        try Golden.expectMatches(try Self.frames("subcells.json", at: [1.6])[0], "emitter/subcells.png")
    }

    /// rocket (no contents) → burst at the rocket's end (no contents) → spark: the third generation drawn.
    @Test func fireworksDrawTheThirdGeneration() throws {
        let f = try Self.frames("fireworks.json", at: [1.8, 3.1])
        try Golden.expectMatches(f[0], "emitter/fireworks-1.8.png")
        try Golden.expectMatches(f[1], "emitter/fireworks-3.1.png")
    }

    @Test func theLayersTimePausesAndSeeksTheSystem() throws {
        try Golden.expectMatches(try Self.frames("timing.json", at: [2])[0], "emitter/timing.png")
        // One emitter alone, with the layer timing given: its frames are the running one's at its own time.
        func alone(_ timing: String, at times: [Double]) throws -> [[UInt8]] {
            let text = ##"{"strata":1,"size":[80,80],"background":"#000000","layers":[{"id":"e","class":"emitter","bounds":[0,0,80,80],"##
                + ##""position":[40,40],"emitterPosition":[40,40],\##(timing)"emitterCells":[{"contents":"spark.png","birthRate":60,"##
                + ##""lifetime":4,"velocity":25,"emissionRange":6.2831853,"scale":0.4,"color":"#60FF90","alphaSpeed":-0.2}]}]}"##
            let scene = try SceneParser.parse(data: Data(text.utf8), baseDirectory: Golden.directory.appendingPathComponent("emitter"))
            return try SceneRenderer.render(scene, at: times, width: 80, height: 80).map(\.image.pixels)
        }
        let running = try alone("", at: [1, 2, 4])
        let paused = try alone(##""speed":0,"timeOffset":1,"##, at: [2, 3])
        let ahead = try alone(##""timeOffset":2,"##, at: [2])
        #expect(running[0] != running[1] && running[1] != running[2])
        #expect(paused[0] == running[0] && paused[1] == running[0], "speed 0 holds the system at its time offset")
        #expect(ahead[0] == running[2], "a time offset of 2 shows at 2 what the running one shows at 4")
    }

    @Test func particlesCompositeLikeAnyLayerContent() throws {
        // D19 turned a quarter turn, masked by a 40-point circle at the centre, with a shadow 30 points right.
        let text = ##"""
            {"strata":1,"size":[160,120],"background":"#000000","layers":[
             {"id":"fire","class":"emitter","bounds":[0,0,160,120],"position":[80,60],"transform.rotation.z":1.5707963,
              "emitterPosition":[80,60],"renderMode":"additive","shadowOpacity":1,"shadowColor":"#0000FF","shadowOffset":[30,0],"shadowRadius":0,
              "mask":{"id":"m","class":"shape","bounds":[0,0,160,120],"position":[80,60],"path":[["ellipse",60,40,40,40]],"fillColor":"#FFFFFF"},
              "emitterCells":[{"contents":"spark.png","birthRate":150,"lifetime":5,"color":[1,0.5,0.1,1],"alphaSpeed":-0.4,
                               "velocity":50,"velocityRange":50,"emissionRange":6.283185307179586}]}]}
            """##
        let scene = try SceneParser.parse(data: Data(text.utf8), baseDirectory: Golden.directory.appendingPathComponent("emitter"))
        let image = try #require(SceneRenderer.render(scene, at: [3], width: 160, height: 120).first).image
        // Inside the circle: fire; outside it (the mask takes the shadow too): nothing.
        #expect(image.rgba(80, 60)[0] > 200)
        for (x, y) in [(20, 20), (140, 100), (80, 10), (125, 60)] { #expect(image.rgba(x, y) == [0, 0, 0, 255], "(\(x), \(y))") }
        // Blue shadow inside the circle's right part, where fire is thin: some pixel there is bluer than red.
        let blue = (60...100).contains { y in (95...99).contains { x in image.rgba(x, y)[2] > image.rgba(x, y)[0] } }
        #expect(blue)
    }

    @Test func oneSeedGivesIdenticalFramesAndAnotherSeedOthers() throws {
        let a = try Self.frames("fire.json", at: [2], seed: 5)[0]
        let b = try Self.frames("fire.json", at: [2], seed: 5)[0]
        let c = try Self.frames("fire.json", at: [2], seed: 6)[0]
        #expect(a.pixels == b.pixels)
        #expect(a.pixels != c.pixels)
    }
}
