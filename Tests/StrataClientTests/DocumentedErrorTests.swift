import Foundation
import Testing

/// Every error message docs/scene-format.md quotes is one `strata` prints: each line of the *Errors*
/// section's examples and every message quoted in backticks anywhere in the document, each produced
/// from a scene file by the CLI. A message that can no longer occur, or a new one without an input
/// here, fails the test, so the document cannot drift from the code again.
@Suite struct DocumentedErrorTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// How to produce a documented message: the scene file's text and the `strata sample` options. A
    /// message with a placeholder (`…`, `KP`, `NAME`) matches what the input prints with any text there.
    struct Input {
        var scene: String
        var options = ["--layer", "card", "--key", "opacity", "--times", "0"]
    }

    /// A scene of one layer "card" with `keys` (JSON members) added.
    static func card(_ keys: String) -> Input { Input(scene: ##"{"strata":1,"layers":[{"id":"card"\##(keys)}]}"##) }
    /// An animation "fade" of layer "card" with `keys`.
    static func fade(_ keys: String) -> Input { card(##","animations":{"fade":{\##(keys)}}"##) }
    static let opacityFade = ##""type":"basic","keyPath":"opacity","toValue":1"##
    /// A change of layer "card" with `keys`.
    static func change(_ keys: String) -> Input {
        Input(scene: ##"{"strata":1,"layers":[{"id":"card"}],"changes":[{\##(keys)}]}"##)
    }

    static let inputs: [String: Input] = [
        "scene is not valid JSON: …": Input(scene: "{"),
        #"scene: unknown key "colour""#: Input(scene: ##"{"strata":1,"layers":[],"colour":"#FFFFFF"}"##),
        #"scene: "strata" must be the format version number (1)"#: Input(scene: ##"{"strata":true,"layers":[]}"##),
        "scene: unsupported format version 2 (this Strata reads 1)": Input(scene: ##"{"strata":2,"layers":[]}"##),
        #"scene: "size" must be [width, height] in whole pixels ≥ 1"#: Input(scene: ##"{"strata":1,"size":[0,10],"layers":[]}"##),
        ##"scene: "background" must be [r, g, b, a] in 0…1, "#RRGGBB" or "#RRGGBBAA""##: Input(scene: ##"{"strata":1,"background":"red","layers":[]}"##),
        #"scene: "layers" must be an array of layers"#: Input(scene: ##"{"strata":1,"layers":{}}"##),
        "layers[0]: a layer must be a JSON object": Input(scene: ##"{"strata":1,"layers":[1]}"##),
        #"layer "root" sublayers[1]: every layer needs an "id" (a string or an integer)"#:
            Input(scene: ##"{"strata":1,"layers":[{"id":"root","sublayers":[{"id":"a"},{}]}]}"##),
        #"layer "card": duplicate id"#: Input(scene: ##"{"strata":1,"layers":[{"id":"card"},{"id":"card"}]}"##),
        #"layer "e": emitterCells is invalid: emitter cell "a" (emitterCells[0]): birthRate must be ≥ 0, got -1.0"#:
            Input(scene: ##"{"strata":1,"layers":[{"id":"e","class":"emitter","emitterCells":[{"name":"a","birthRate":-1}]}]}"##),
        #"layer "card": unknown key "cornerRadii""#: card(##","cornerRadii":4"##),
        #"layer "card": "position" must be [x, y]"#: card(##","position":[1]"##),
        #"layer "card": "transform" must be 16 numbers m11…m44"#: card(##","transform":[1,2]"##),
        #"layer "card": "shadowPath" must be an array of path elements"#: card(##","shadowPath":5"##),
        #"layer "card": "shadowPath"[1]: "line" takes 2 numbers"#: card(##","shadowPath":[["move",0,0],["line",1]]"##),
        #"layer "card": "shadowPath"[0]: unknown path element "spline" (move, line, quad, curve, close, rect, ellipse, arc, roundedRect)"#:
            card(##","shadowPath":[["spline",0,0]]"##),
        #"layer "card": "contents" must be a PNG path"#: card(##","contents":5"##),
        #"layer "card": "contents": cannot read PNG /scenes/picture.png: no such file"#: card(##","contents":"/scenes/picture.png""##),
        #"layer "card": "animations" must be an object of KEY: ANIMATION"#: card(##","animations":[]"##),
        #"layer "card": "sublayers" must be an array"#: card(##","sublayers":{}"##),
        #"layer "card" animation "fade": unknown key "delay""#: fade(opacityFade + ##","delay":1"##),
        #"layer "card" animation "fade": "type" is required ("basic", "spring", "keyframe", "group" or "transition")"#: fade(##""keyPath":"opacity""##),
        #"layer "card" animation "fade": unsupported: animation type "particle""#: fade(##""type":"particle""##),
        #"layer "card" animation "fade": "keyPath" is required"#: fade(##""type":"basic","toValue":1"##),
        #"layer "card" animation "fade": "keyPath": unsupported: key path contentsFormat"#: fade(##""type":"basic","keyPath":"contentsFormat","toValue":1"##),
        #"layer "card" animation "fade": unsupported: animation of contentsGravity"#: fade(##""type":"basic","keyPath":"contentsGravity","fromValue":"top","toValue":"left""##),
        #"layer "card" animation "fade": "toValue" must be a number for opacity"#: fade(##""type":"basic","keyPath":"opacity","toValue":"x""##),
        #"layer "card" animation "fade": "duration" must be a number in 0.0…1000000000.0"#: fade(opacityFade + ##","duration":-1"##),
        #"layer "card" animation "fade": "repeatCount" must be a number ≥ 0 or "infinity""#: fade(opacityFade + ##","repeatCount":"x""##),
        #"layer "card" animation "fade": "autoreverses" must be true or false"#: fade(opacityFade + ##","autoreverses":1"##),
        #"layer "card" animation "fade": "fillMode" must be one of removed, forwards, backwards, both"#: fade(opacityFade + ##","fillMode":"x""##),
        #"layer "card" animation "fade": "timingFunction" must be one of linear, easeIn, easeOut, easeInEaseOut, default, or [c1x, c1y, c2x, c2y] with x values in 0…1"#:
            fade(opacityFade + ##","timingFunction":"x""##),
        #"layer "card" animation "fade": unsupported: CABasicAnimation with no fromValue, toValue or byValue"#: fade(##""type":"basic","keyPath":"opacity""##),
        #"scene: "changes" must be an array of changes"#: Input(scene: ##"{"strata":1,"layers":[],"changes":{}}"##),
        "changes[0]: must be a JSON object": Input(scene: ##"{"strata":1,"layers":[],"changes":[1]}"##),
        #"changes[0]: unknown key "delay""#: change(##""time":0,"layer":"card","set":{"opacity":0},"delay":1"##),
        #"changes[0]: "time" must be a scene time ≥ 0 (seconds)"#: change(##""time":-1,"layer":"card","set":{"opacity":0}"##),
        #"changes[0]: "layer" must name a layer id"#: change(##""time":0,"layer":true,"set":{"opacity":0}"##),
        #"changes[…] (layer "NAME"): unsupported: changing "contents""#: change(##""time":0,"layer":"card","set":{"contents":null}"##),
        #"changes[0]: no layer with id "b""#: change(##""time":0,"layer":"b","set":{"opacity":0}"##),
        #"changes[0] (layer "card"): "set" must be an object of property values"#: change(##""time":0,"layer":"card","set":{}"##),
        #"changes[0] (layer "card"): unknown key "cornerRadii""#: change(##""time":0,"layer":"card","set":{"cornerRadii":4}"##),
        #"changes[0] (layer "card"): "position" must be [x, y]"#: change(##""time":0,"layer":"card","set":{"position":[1]}"##),
        #"changes[0] (layer "card"): "hidden" must be true or false"#: change(##""time":0,"layer":"card","set":{"hidden":1}"##),
        #"changes[0] (layer "card"): "shadowPath"[2]: "curve" takes 6 numbers"#:
            change(##""time":0,"layer":"card","set":{"shadowPath":[["move",0,0],["line",1,1],["curve",1,2,3]]}"##),
        #"changes[0]: "duration" must be a number > 0"#: change(##""time":0,"layer":"card","set":{"opacity":0},"duration":0"##),
        #"changes[0]: "timingFunction" must be a name or [c1x, c1y, c2x, c2y] with x values in 0…1"#:
            change(##""time":0,"layer":"card","set":{"opacity":0},"timingFunction":5"##),
        #"changes[0]: "disableActions" must be true or false"#: change(##""time":0,"layer":"card","set":{"opacity":0},"disableActions":1"##),
        // Quoted in the text around the examples and in the tables.
        #"layer "a": "strokeEnd" is not a property of a CALayer ("class": "layer")"#:
            Input(scene: ##"{"strata":1,"layers":[{"id":"a","strokeEnd":0.5}]}"##),
        #"unsupported: animation type "…""#: fade(##""type":"particle""##),
        "unsupported transition: NAME": fade(##""type":"transition","transitionType":"cameraIris""##),
        #"no layer with id "x" in the scene"#: Input(scene: ##"{"strata":1,"layers":[{"id":"card"}]}"##, options: ["--layer", "x", "--key", "opacity", "--times", "0"]),
        "unsupported: key path KP": Input(scene: ##"{"strata":1,"layers":[{"id":"card"}]}"##, options: ["--layer", "card", "--key", "contentsFormat", "--times", "0"]),
        #"layer "x" is a CALayer, which has no strokeEnd"#: Input(scene: ##"{"strata":1,"layers":[{"id":"x"}]}"##, options: ["--layer", "x", "--key", "strokeEnd", "--times", "0"]),
        #"layer "x" is inside no replicator: there is no copy 2"#:
            Input(scene: ##"{"strata":1,"layers":[{"id":"x"}]}"##, options: ["--layer", "x", "--key", "opacity", "--times", "0", "--instance", "2"]),
        #"replicator "r" draws 3 copies: there is no copy 5"#:
            Input(scene: ##"{"strata":1,"layers":[{"id":"r","class":"replicator","instanceCount":3,"sublayers":[{"id":"x"}]}]}"##,
                  options: ["--layer", "x", "--key", "opacity", "--times", "0", "--instance", "5"]),
        #"--times must be comma-separated numbers (got "abc")"#: Input(scene: ##"{"strata":1,"layers":[{"id":"card"}]}"##, options: ["--layer", "card", "--key", "opacity", "--times", "abc"]),
        #"layer "a": "hidden" must be true or false"#: Input(scene: ##"{"strata":1,"layers":[{"id":"a","hidden":1}]}"##),
        #"layer "a": "opacity" must be a number"#: Input(scene: ##"{"strata":1,"layers":[{"id":"a","opacity":true}]}"##),
    ]

    /// The messages the document quotes: the lines of the fenced examples in *Errors*, and every span in
    /// backticks (line breaks inside one read as spaces) that reads as a message.
    static func documentedMessages() throws -> Set<String> {
        let text = try String(contentsOf: repository.appendingPathComponent("docs/scene-format.md"), encoding: .utf8)
        var messages = Set<String>()
        guard let errors = text.range(of: "\n## Errors\n") else { throw CocoaError(.fileReadCorruptFile) }
        let section = String(text[errors.upperBound...]).components(separatedBy: "\n## ").first ?? ""
        for (i, block) in section.components(separatedBy: "```").enumerated() where i % 2 == 1 {
            messages.formUnion(block.split(separator: "\n").map(String.init).filter { !$0.isEmpty })
        }
        let starts = ["scene", "layer \"", "layers[", "changes[", "replicator \"", "no layer", "--times", "unsupported: ", "unsupported transition: "]
        let prose = text.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: "\n")
        for (i, span) in prose.components(separatedBy: "`").enumerated() where i % 2 == 1 {
            let quoted = span.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if starts.contains(where: quoted.hasPrefix), quoted.contains(" ") { messages.insert(quoted) }
        }
        return messages
    }

    /// Whether `printed` is `documented`, a placeholder standing for any text.
    static func matches(_ printed: String, _ documented: String) -> Bool {
        let placeholders = ["…", "KP", "NAME"]
        guard placeholders.contains(where: documented.contains) else { return printed == documented }
        var pattern = NSRegularExpression.escapedPattern(for: documented)
        for p in placeholders { pattern = pattern.replacingOccurrences(of: p, with: ".+") }
        // A message quoted in running text may be the end of a longer one (after the layer's name).
        return printed.range(of: pattern + "$", options: .regularExpression) != nil
    }

    @Test func everyQuotedMessageHasAnInput() throws {
        let documented = try Self.documentedMessages()
        #expect(documented.count >= 50, "only \(documented.count) messages found: the extraction is broken")
        #expect(documented.subtracting(Self.inputs.keys).sorted() == [], "documented, with no input here")
        #expect(Set(Self.inputs.keys).subtracting(documented).sorted() == [], "an input here for a message the document no longer quotes")
    }

    @Test func eachQuotedMessageIsWhatTheCLIPrints() throws {
        let folder = try SceneFolder("strata-doc-errors")
        defer { try? FileManager.default.removeItem(at: folder.dir) }
        for (n, (message, input)) in Self.inputs.sorted(by: { $0.key < $1.key }).enumerated() {
            let scene = try folder.write("scene\(n).json", input.scene)
            let (status, out) = try ServerProcess.cli(["sample", scene] + input.options)
            let printed = out.split(separator: "\n").first.map(String.init) ?? ""
            #expect(status != 0, "\(message): the CLI succeeded")
            #expect(printed.hasPrefix("Error: ") && Self.matches(String(printed.dropFirst(7)), message),
                    "documented: \(message)\nprinted:    \(printed)")
        }
    }
}
