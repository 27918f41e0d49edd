import Foundation
import StrataCore
import Testing
import StrataTestSupport

/// `strata sample` of the layer kinds' properties, as a script runs it on a scene file, against Core
/// Animation's timing computed independently (ReferenceBezier); and scene files' errors for them.
@Suite struct KindSampleTests {
    let folder: SceneFolder
    var dir: URL { folder.dir }

    init() throws { folder = try SceneFolder("strata-kinds") }

    func write(_ name: String, _ text: String) throws -> String { try folder.write(name, text) }

    func samples(_ scene: String, layer: String, key: String, times: [Double], instance: Int? = nil) throws -> [(Double, Any)] {
        try folder.samples(scene, layer: layer, key: key, times: times, extra: instance.map { ["--instance", String($0)] } ?? [])
    }

    static let scene = """
    {"strata":1,"size":[120,90],"layers":[
      {"id":"ring","class":"shape","bounds":[0,0,40,40],"position":[30,30],"path":[["ellipse",0,0,40,40]],
       "strokeColor":"#FFFFFF","fillColor":null,"lineWidth":4,
       "animations":{"draw":{"type":"basic","keyPath":"strokeEnd","fromValue":0,"toValue":1,"duration":2,"beginTime":0.5,
                              "timingFunction":"easeInEaseOut"}}},
      {"id":"fade","class":"gradient","bounds":[0,0,40,40],"position":[90,30],"colors":["#FF0000","#0000FF"],
       "animations":{"tint":{"type":"basic","keyPath":"colors","fromValue":["#FF0000","#0000FF"],"toValue":[[0,1,0,1],[1,1,0,0.5]],
                              "duration":1}}},
      {"id":"spinner","class":"replicator","bounds":[0,0,40,40],"position":[60,70],"instanceCount":4,"instanceDelay":0.25,
       "instanceTransform":[0,1,0,0, -1,0,0,0, 0,0,1,0, 0,0,0,1],
       "sublayers":[{"id":"bar","bounds":[0,0,4,10],"position":[20,5],"backgroundColor":"#FFFFFF",
         "animations":{"pulse":{"type":"basic","keyPath":"opacity","fromValue":1,"toValue":0,"duration":1,"repeatCount":"infinity"}}}]}
    ]}
    """

    /// strokeEnd follows easeInEaseOut from 0.5 s for 2 s, to 1e-6 (the server's solver to the reference's).
    @Test func strokeEndFollowsItsTimingFunction() throws {
        let path = try write("kinds.json", Self.scene)
        for (t, v) in try samples(path, layer: "ring", key: "strokeEnd", times: [0, 0.5, 0.9, 1.5, 2.2, 2.5, 3]) {
            let expected = t < 0.5 ? 1 : t >= 2.5 ? 1 : ReferenceBezier.easeInEaseOut((t - 0.5) / 2)
            let value = try #require(v as? Double)
            #expect(abs(value - expected) < 1e-6, "strokeEnd at \(t): \(value), expected \(expected)")
        }
    }

    /// A gradient's colours animate element by element, each component linearly (straight alpha).
    @Test func gradientColorsInterpolateElementByElement() throws {
        let path = try write("kinds.json", Self.scene)
        for (t, v) in try samples(path, layer: "fade", key: "colors", times: [0, 0.25, 0.6]) {
            let colors = try #require(v as? [[Double]])
            #expect(colors.count == 2)
            let expected = [[1 - t, t, 0, 1], [t, t, 1 - t, 1 - 0.5 * t]]
            for (got, want) in zip(colors, expected) {
                for (g, w) in zip(got, want) { #expect(abs(g - w) < 1e-6, "colors at \(t): \(colors)") }
            }
        }
    }

    /// Copy k of the replicator runs the bar's animation k × 0.25 s later.
    @Test func aReplicatorCopySamplesItsDelayedValue() throws {
        let path = try write("kinds.json", Self.scene)
        let times = [0.3, 0.8, 1.1, 2.05]
        for instance in 0..<4 {
            for (t, v) in try samples(path, layer: "bar", key: "opacity", times: times, instance: instance) {
                let local = t - 0.25 * Double(instance)
                // Before its start a copy shows the model value (1); the pulse repeats every second.
                let expected = local < 0 ? 1 : 1 - local.truncatingRemainder(dividingBy: 1)
                let value = try #require(v as? Double)
                #expect(abs(value - expected) < 1e-6, "copy \(instance) at \(t): \(value), expected \(expected)")
            }
        }
        let (status, out) = try ServerProcess.cli(["sample", path, "--layer", "bar", "--key", "opacity", "--times", "0", "--instance", "4"])
        #expect(status != 0)
        #expect(out.contains(#"replicator "spinner" draws 4 copies: there is no copy 4"#), "\(out)")
        let (status2, out2) = try ServerProcess.cli(["sample", path, "--layer", "ring", "--key", "lineWidth", "--times", "0", "--instance", "1"])
        #expect(status2 != 0)
        #expect(out2.contains(#"layer "ring" is inside no replicator: there is no copy 1"#), "\(out2)")
    }

    /// Wrong values of the kinds' properties are errors naming layer and key.
    @Test func badKindValuesFailNamingLayerAndKey() throws {
        let cases: [(String, String)] = [
            (#"{"strata":1,"layers":[{"id":"s","class":"shape","lineWidth":-1}]}"#, #"layer "s": "lineWidth" must be a number ≥ 0"#),
            (#"{"strata":1,"layers":[{"id":"s","class":"shape","lineCap":"pointy"}]}"#, #"layer "s": "lineCap" must be one of butt, round, square"#),
            (#"{"strata":1,"layers":[{"id":"s","class":"shape","lineDashPattern":[0,0]}]}"#,
             #"layer "s": "lineDashPattern" must be null or an array of lengths ≥ 0, not all zero"#),
            (#"{"strata":1,"layers":[{"id":"s","class":"shape","path":[["move",0,0],["line",1]]}]}"#, #"layer "s": "path"[1]: "line" takes 2 numbers"#),
            (#"{"strata":1,"layers":[{"id":"p","strokeEnd":0.5}]}"#, #"layer "p": "strokeEnd" is not a property of a CALayer ("class": "layer")"#),
            (#"{"strata":1,"layers":[{"id":"g","class":"gradient","type":"spiral"}]}"#, #"layer "g": "type" must be one of axial, radial, conic"#),
            (#"{"strata":1,"layers":[{"id":"r","class":"replicator","instanceCount":2.5}]}"#, #"layer "r": "instanceCount" must be a whole number 0…10000"#),
            (#"{"strata":1,"layers":[{"id":"x","class":"hexagon"}]}"#, #"layer "x": "class" must be one of layer, transform, shape, gradient, replicator, text, scroll"#),
            (#"{"strata":1,"layers":[{"id":"p","animations":{"a":{"type":"basic","keyPath":"strokeEnd","toValue":1}}}]}"#,
             #"layer "p" animation "a": "keyPath": a CALayer has no strokeEnd"#),
            (#"{"strata":1,"layers":[{"id":"s","class":"shape"}],"changes":[{"time":1,"layer":"s","set":{"colors":null}}]}"#,
             #"changes[0] (layer "s"): "colors" is not a property of a CAShapeLayer"#),
        ]
        for (i, (json, message)) in cases.enumerated() {
            let path = try write("bad\(i).json", json)
            let (status, out) = try ServerProcess.cli(["render", path, "--time", "0", "--out", dir.appendingPathComponent("x.png").path])
            #expect(status != 0)
            #expect(out.contains(message), "case \(i): \(out)")
        }
    }

    /// Every enumerated property samples as the name a scene file takes (`"top"`, `"bevel"`), not its raw
    /// value; and that name, written back into the scene, samples the same.
    @Test func enumeratedValuesSampleAsTheirNames() throws {
        let enumerated = LayerProperty.allCases.filter { $0.rule.names != nil }
        #expect(enumerated.count >= 10, "\(enumerated.map(\.name))")
        for p in enumerated {
            let names = try #require(p.rule.names)
            let kind = try #require(LayerKind.allCases.first { p.isCarried(by: $0) })
            // The last name: not the default (the first) for any of them.
            let value = try #require(names.last)
            let scene = try write("\(p.name).json", ##"{"strata":1,"layers":[{"id":"a","class":"\##(kind.name)","\##(p.name)":"\##(value)"}]}"##)
            let sampled = try folder.samples(scene, layer: "a", key: p.name, times: [0])
            #expect(sampled.first?.1 as? String == value, "\(p.name): \(sampled)")
            let fedBack = try write("\(p.name)-again.json", ##"{"strata":1,"layers":[{"id":"a","class":"\##(kind.name)","\##(p.name)":"\##(sampled.first?.1 as? String ?? "")"}]}"##)
            #expect(try folder.samples(fedBack, layer: "a", key: p.name, times: [0]).first?.1 as? String == value)
        }
    }
}
