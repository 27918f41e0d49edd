import Foundation
import Testing

/// Text layers in scene files: `strata sample` of the animatable text properties, and errors naming the
/// layer and the key.
@Suite struct TextSceneTests {
    let folder: SceneFolder
    var dir: URL { folder.dir }

    init() throws { folder = try SceneFolder("strata-text") }

    static let scene = """
    {"strata":1,"size":[200,60],"layers":[
      {"id":"clock","class":"text","bounds":[0,0,180,40],"position":[100,30],"string":"10:45","fontSize":20,
       "animations":{
         "grow":{"type":"basic","keyPath":"fontSize","fromValue":20,"toValue":40,"duration":2},
         "tint":{"type":"basic","keyPath":"foregroundColor","fromValue":"#FF0000","toValue":"#0000FF","duration":1}}}]}
    """

    @Test func fontSizeAndForegroundColorAnimate() throws {
        let path = try folder.write("text.json", Self.scene)
        for (t, v) in try folder.samples(path, layer: "clock", key: "fontSize", times: [0, 0.5, 1, 2.5]) {
            let expected = t >= 2 ? 20 : 20 + 10 * t
            #expect(abs(try #require(v as? Double) - expected) < 1e-9, "fontSize at \(t)")
        }
        for (t, v) in try folder.samples(path, layer: "clock", key: "foregroundColor", times: [0.25]) {
            #expect(try #require(v as? [Double]) == [1 - t, 0, t, 1])
        }
        let (_, string) = try #require(try folder.samples(path, layer: "clock", key: "string", times: [0]).first)
        #expect(string as? String == "10:45")
    }

    @Test func badTextValuesFailNamingLayerAndKey() throws {
        let cases: [(String, String)] = [
            (#"{"strata":1,"layers":[{"id":"t","class":"text","fontSize":-4}]}"#, #"layer "t": "fontSize" must be a number 0…4096"#),
            (#"{"strata":1,"layers":[{"id":"t","class":"text","alignmentMode":"diagonal"}]}"#,
             #"layer "t": "alignmentMode" must be one of natural, left, right, center, justified"#),
            (#"{"strata":1,"layers":[{"id":"t","class":"text","truncationMode":"both"}]}"#,
             #"layer "t": "truncationMode" must be one of none, start, end, middle"#),
            (#"{"strata":1,"layers":[{"id":"t","class":"text","string":{"text":"abc","runs":[{"range":[2,5]}]}}]}"#,
             #"layer "t": "string" run 0 (2, 5) is outside the string (3 UTF-16 units)"#),
            (#"{"strata":1,"layers":[{"id":"t","class":"text","string":{"text":"abc","runs":[{"range":[0,1],"underline":"wavy"}]}}]}"#,
             #"layer "t": "string".runs[0].underline must be one of none, single, thick, double"#),
            (#"{"strata":1,"layers":[{"id":"t","class":"text","string":7}]}"#, #"layer "t": "string" must be a string, null, or {"text""#),
            (#"{"strata":1,"layers":[{"id":"p","fontSize":12}]}"#, #"layer "p": "fontSize" is not a property of a CALayer ("class": "layer")"#),
        ]
        for (i, (json, message)) in cases.enumerated() {
            let path = try folder.write("bad\(i).json", json)
            let (status, out) = try ServerProcess.cli(["render", path, "--time", "0", "--out", dir.appendingPathComponent("x.png").path])
            #expect(status != 0)
            #expect(out.contains(message), "case \(i): \(out)")
        }
    }
}
