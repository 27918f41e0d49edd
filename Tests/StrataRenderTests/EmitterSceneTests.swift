import Foundation
import StrataCore
import StrataProtocol
import StrataScene
import Testing

/// `"class": "emitter"` in scene files: cells with Core Animation's keys, their images, and errors that
/// name the layer, the cell and the key.
@Suite struct EmitterSceneTests {
    static func parse(_ layer: String) throws -> Scene {
        try SceneParser.parse(data: Data((#"{"strata":1,"layers":["# + layer + "]}").utf8), baseDirectory: Golden.directory)
    }

    static func error(_ layer: String) -> String? {
        do { _ = try parse(layer) } catch { return "\(error)" }
        return nil
    }

    @Test func d19ParsesWithItsCellAndImage() throws {
        let file = Golden.directory.appendingPathComponent("emitter/fire.json")
        let scene = try SceneParser.parse(data: try Data(contentsOf: file), baseDirectory: file.deletingLastPathComponent())
        let layer = try #require(scene.layers.first)
        #expect(layer.kind == .emitter)
        let e = layer.model.emitter
        #expect(e.renderMode == .additive && e.emitterPosition == CGPoint(x: 80, y: 60))
        let cell = try #require(e.emitterCells.first)
        #expect(cell.name == "spark" && cell.birthRate == 150 && cell.lifetime == 5 && cell.alphaSpeed == -0.4)
        #expect(cell.velocity == 50 && cell.velocityRange == 50 && cell.emissionRange == 2 * .pi)
        #expect(cell.color == Color(red: 1, green: 0.5, blue: 0.1, alpha: 1))
        // The image gets an id of its own, and the commit defines it before the cells name it.
        #expect(layer.cellImages.count == 1 && layer.cellImages[0].image.width == 16)
        #expect(cell.contentsImage == layer.cellImages[0].id && cell.contentsImage != layer.wireID)
        let (commit, buffers) = try scene.commit(sceneStart: 0)
        #expect(buffers.count == 1)
        let define = commit.operations.firstIndex { if case .defineImage(cell.contentsImage ?? 0, _, _, _, _) = $0 { true } else { false } }
        let set = commit.operations.firstIndex { if case .setProperty(_, .emitterCells, _) = $0 { true } else { false } }
        #expect(try #require(define) < #require(set))
    }

    @Test func subCellsAndTimingParse() throws {
        let scene = try Self.parse(##"""
            {"id":"e","class":"emitter","emitterShape":"circle","emitterMode":"outline","emitterSize":[40,0],"seed":7,
             "emitterCells":[{"name":"rocket","birthRate":2,"lifetime":1.5,"beginTime":0.5,"duration":3,"repeatCount":"infinity",
               "emitterCells":[{"name":"spark","birthRate":40,"lifetime":0.5,"enabled":false,"minificationFilter":"nearest"}]}]}
            """##)
        let e = try #require(scene.layers.first).model.emitter
        #expect(e.emitterShape == .circle && e.emitterMode == .outline && e.emitterSize.width == 40 && e.seed == 7)
        let rocket = try #require(e.emitterCells.first)
        #expect(rocket.timing.beginTime == 0.5 && rocket.timing.duration == 3 && rocket.timing.repeatCount == .greatestFiniteMagnitude)
        let spark = try #require(rocket.emitterCells.first)
        #expect(spark.name == "spark" && !spark.isEnabled && spark.minificationFilter == .nearest && spark.birthRate == 40)
    }

    @Test func keyPathsIntoNamedCellsAnimateAndSample() throws {
        let scene = try Self.parse(##"""
            {"id":"e","class":"emitter",
             "emitterCells":[{"name":"fire","birthRate":150,"emitterCells":[{"name":"smoke","color":"#FFFFFF"}]}],
             "animations":{"calm":{"type":"basic","keyPath":"emitterCells.fire.birthRate","fromValue":150,"toValue":50,"duration":2},
                           "grey":{"type":"basic","keyPath":"emitterCells.fire.emitterCells.smoke.color","toValue":"#000000","duration":1}}}
            """##)
        #expect(try scene.sample(layer: "e", keyPath: "emitterCells.fire.birthRate", at: 0.5) == .scalar(125))
        #expect(try scene.sample(layer: "e", keyPath: "emitterCells.fire.emitterCells.smoke.color", at: 0.5)
                == .color(Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)))
        // The key path travels as its text and parses back to the same cell and key.
        let kp = try LayerKeyPath(parsing: "emitterCells.fire.emitterCells.smoke.alphaSpeed")
        #expect(kp.description == "emitterCells.fire.emitterCells.smoke.alphaSpeed" && kp.kind == .scalar && kp.isAnimatable)
        #expect(throws: StrataError.self) { try LayerKeyPath(parsing: "emitterCells.fire.colour") }
        #expect(throws: StrataError.self) { try LayerKeyPath(parsing: "emitterCells.fire") }
    }

    @Test func badCellsAreErrorsNamingLayerCellAndKey() {
        #expect(Self.error(##"{"id":"e","class":"emitter","emitterCells":[{"name":"a","birthRate":-1}]}"##)
                == ##"layer "e": emitterCells is invalid: emitter cell "a" (emitterCells[0]): birthRate must be ≥ 0, got -1.0"##)
        #expect(Self.error(##"{"id":"e","class":"emitter","emitterCells":[{"birthrate":1}]}"##)
                == ##"layer "e": "emitterCells"[0]: unknown emitter cell key "birthrate""##)
        #expect(Self.error(##"{"id":"e","class":"emitter","emitterCells":[{"velocity":"fast"}]}"##)
                == ##"layer "e": "emitterCells"[0]: "velocity" must be a number"##)
        let deep = ##"{"emitterCells":[{"emitterCells":[{"emitterCells":[{"emitterCells":[{}]}]}]}]}"##
        #expect(Self.error(##"{"id":"e","class":"emitter","emitterCells":[\##(deep)]}"##)
                == ##"layer "e": "emitterCells"[0].emitterCells[0].emitterCells[0].emitterCells[0].emitterCells: emitter cells nested more than 4 levels"##)
        #expect(Self.error(##"{"id":"e","class":"emitter","emitterCells":[{"contents":"no-such.png"}]}"##)?.hasPrefix(##"layer "e": "emitterCells": "contents": "##) == true)
        #expect(Self.error(##"{"id":"e","emitterCells":[]}"##) == ##"layer "e": "emitterCells" is not a property of a CALayer ("class": "layer")"##)
    }
}
