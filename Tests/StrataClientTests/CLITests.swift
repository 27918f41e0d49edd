import Foundation
import StrataPNG
import Testing
import StrataTestSupport

/// The `strata` CLI as scripts call it: a real process on scene files.
@Suite struct CLITests {
    let folder: SceneFolder
    var dir: URL { folder.dir }

    init() throws { folder = try SceneFolder("strata-cli") }

    func write(_ name: String, _ text: String) throws -> String { try folder.write(name, text) }

    func samples(_ scene: String, layer: String, key: String, times: [Double]) throws -> [(Double, Any)] {
        try folder.samples(scene, layer: layer, key: key, times: times)
    }

    static let fadeScene = """
    {"strata":1,"size":[40,30],"background":"#000000","layers":[{"id":"w","bounds":[0,0,40,30],"position":[20,15],
      "backgroundColor":"#FFFFFF","opacity":1,
      "animations":{"fade":{"type":"basic","keyPath":"opacity","fromValue":0,"toValue":1,"duration":2,"timingFunction":"easeInEaseOut"}}}],
     "changes":[{"time":3,"layer":"w","set":{"opacity":0.2},"duration":0.5}]}
    """

    @Test func explicitAnimationSamplesFollowTheBezierCurve() throws {
        let scene = try write("fade.json", Self.fadeScene)
        let times = [0, 0.3, 0.5, 1, 1.7, 2.5]
        for (t, v) in try samples(scene, layer: "w", key: "opacity", times: times) {
            let expected = t < 2 ? ReferenceBezier.easeInEaseOut(t / 2) : 1
            let value = try #require(v as? Double)
            #expect(abs(value - expected) < 1e-4, "opacity at \(t): \(value) vs \(expected)")
        }
    }

    @Test func implicitAnimationSamplesStartFromThePresentationValue() throws {
        // At t = 3 the model opacity changes 1 → 0.2 inside a 0.5 s transaction: the implicit animation
        // runs from the value on screen (1) with the default timing function.
        let scene = try write("fade.json", Self.fadeScene)
        for (t, v) in try samples(scene, layer: "w", key: "opacity", times: [2.9, 3, 3.1, 3.25, 3.4, 3.6]) {
            let p = t < 3 ? 0 : ReferenceBezier.defaultCurve(min(1, (t - 3) / 0.5))
            let expected = t < 3 ? 1 : 1 + (0.2 - 1) * p
            let value = try #require(v as? Double)
            #expect(abs(value - expected) < 1e-4, "opacity at \(t): \(value) vs \(expected)")
        }
    }

    @Test func implicitAnimationRetargetsFromAnInFlightValue() throws {
        // The change lands mid-way through a linear 0 → 1 fade: it starts from the on-screen 0.5.
        let scene = try write("retarget.json", """
        {"strata":1,"layers":[{"id":7,"bounds":[0,0,10,10],"animations":{"fade":{"type":"basic","keyPath":"opacity","fromValue":0,"toValue":1,"duration":2}}}],
         "changes":[{"time":1,"layer":7,"set":{"opacity":0.25},"duration":1,"timingFunction":"linear"}]}
        """)
        let (status, out) = try ServerProcess.cli(["sample", scene, "--layer", "7", "--key", "opacity", "--times", "1,1.5,2.5"])
        #expect(status == 0)
        #expect(out.hasPrefix(#"{"layer":7,"keyPath":"opacity","samples":"#))
        let values = try samples(scene, layer: "7", key: "opacity", times: [1, 1.5, 2.5]).map { $0.1 as? Double }
        // From the on-screen 0.5 to the value beneath (the fade, still running: 0.75 at t = 1.5), then the model.
        #expect(values == [0.5, 0.625, 0.25])
    }

    @Test func renderedFramesMatchTheCurveMidAnimation() throws {
        let scene = try write("fade.json", Self.fadeScene)
        for (t, expected) in [(0.5, ReferenceBezier.easeInEaseOut(0.25)), (3.2, 1 - 0.8 * ReferenceBezier.defaultCurve(0.4))] {
            let out = dir.appendingPathComponent("f\(t).png").path
            let (status, log) = try ServerProcess.cli(["render", scene, "--time", String(t), "--out", out])
            #expect(status == 0, "\(log)")
            let img = try PNGCodec.read(path: out)
            #expect(img.width == 40 && img.height == 30)
            let level = Int(img.pixel(x: 20, y: 15).r)
            #expect(abs(level - Int((255 * expected).rounded())) <= 1, "t=\(t): \(level) vs \(255 * expected)")
        }
    }

    @Test func badScenesFailNamingLayerAndKey() throws {
        let cases: [(String, String)] = [
            (#"{"strata":1,"layers":[{"id":"a","opacty":1}]}"#, #"layer "a": unknown key "opacty""#),
            (#"{"strata":1,"layers":[{"id":"a","bounds":[0,0,1]}]}"#, #"layer "a": "bounds" must be [x, y, width, height]"#),
            (#"{"strata":1,"layers":[{"id":"a","contents":"missing.png"}]}"#, #"layer "a": "contents""#),
            (#"{"strata":1,"layers":[{"id":"a","animations":{"x":{"type":"basic","keyPath":"opacity","toValue":[1,2]}}}]}"#,
             #"layer "a" animation "x": "toValue" must be a number"#),
            (#"{"strata":2,"layers":[]}"#, "unsupported format version 2"),
            (#"{"strata":1,"layers":[{"id":"a"}],"changes":[{"time":1,"layer":"b","set":{"opacity":0}}]}"#, #"no layer with id "b""#),
        ]
        for (i, (json, message)) in cases.enumerated() {
            let path = try write("bad\(i).json", json)
            let (status, out) = try ServerProcess.cli(["render", path, "--time", "0", "--out", dir.appendingPathComponent("x.png").path])
            #expect(status != 0)
            #expect(out.contains(message), "case \(i): \(out)")
        }
    }
}
