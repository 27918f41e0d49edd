import Foundation
import StrataCore

/// A text layer's `string` in scene files: a JSON string, null, or attributed text
/// `{"text": "Lorem ipsum", "runs": [{"range": [6, 5], "foregroundColor": "#FF0000", "underline": "single"}]}`
/// with ranges in UTF-16 units (NSRange's) and the attributes `font`, `fontSize`, `foregroundColor`,
/// `underline`/`strikethrough` (none, single, thick, double), `underlineColor`, `strikethroughColor`,
/// `kern` and `baselineOffset`.
enum SceneText {
    static let shape = "a string, null, or {\"text\": STRING, \"runs\": [{\"range\": [location, length], ATTRIBUTE: VALUE, …}]}"

    static let attributeKeys: Set<String> = ["range", "font", "fontSize", "foregroundColor", "underline", "underlineColor",
                                             "strikethrough", "strikethroughColor", "kern", "baselineOffset"]

    /// Parses attributed text; throws naming what is wrong.
    static func parse(_ any: Any, at: String) throws -> AttributedText? {
        if any is NSNull { return nil }
        if let s = any as? String { return AttributedText(s) }
        guard let object = any as? [String: Any], let text = object["text"] as? String else {
            throw SceneError("\(at) must be \(shape)")
        }
        if let extra = Set(object.keys).subtracting(["text", "runs"]).sorted().first {
            throw SceneError("\(at): unknown key \"\(extra)\" (text takes \"text\" and \"runs\")")
        }
        let list: [Any]
        if let runs = object["runs"] {
            guard let array = runs as? [Any] else { throw SceneError("\(at).runs must be an array") }
            list = array
        } else {
            list = []
        }
        var runs: [TextRun] = []
        for (i, item) in list.enumerated() {
            let here = "\(at).runs[\(i)]"
            guard let run = item as? [String: Any] else { throw SceneError("\(here) must be an object") }
            if let extra = Set(run.keys).subtracting(attributeKeys).sorted().first {
                throw SceneError("\(here): unknown attribute \"\(extra)\" (one of \(attributeKeys.sorted().joined(separator: ", ")))")
            }
            guard let range = run["range"] as? [Any], range.count == 2,
                  let location = range[0] as? Double, let length = range[1] as? Double,
                  let l = Int(exactly: location), let n = Int(exactly: length), l >= 0, n >= 0 else {
                throw SceneError("\(here).range must be [location, length], two whole numbers ≥ 0")
            }
            var a = TextAttributes()
            if let f = run["font"] { guard let name = f as? String else { throw SceneError("\(here).font must be a font name") }; a.font = name }
            a.fontSize = try number(run["fontSize"], "\(here).fontSize")
            a.foregroundColor = try color(run["foregroundColor"], "\(here).foregroundColor")
            a.underline = try style(run["underline"], "\(here).underline")
            a.underlineColor = try color(run["underlineColor"], "\(here).underlineColor")
            a.strikethrough = try style(run["strikethrough"], "\(here).strikethrough")
            a.strikethroughColor = try color(run["strikethroughColor"], "\(here).strikethroughColor")
            a.kern = try number(run["kern"], "\(here).kern")
            a.baselineOffset = try number(run["baselineOffset"], "\(here).baselineOffset")
            runs.append(TextRun(location: l, length: n, attributes: a))
        }
        let t = AttributedText(text, runs: runs)
        if let problem = AttributedText.problem(t) { throw SceneError("\(at) \(problem)") }
        return t
    }

    private static func number(_ any: Any?, _ at: String) throws -> CGFloat? {
        guard let any else { return nil }
        guard let x = SceneValues.number(any) else { throw SceneError("\(at) must be a number") }
        return x
    }

    private static func color(_ any: Any?, _ at: String) throws -> Color? {
        guard let any else { return nil }
        guard let c = SceneValues.color(any) else { throw SceneError("\(at) must be \(SceneValues.shapeDescription(.color))") }
        return c
    }

    private static func style(_ any: Any?, _ at: String) throws -> LineStyle {
        guard let any else { return .none }
        guard let name = any as? String, let s = LineStyle(name: name) else {
            throw SceneError("\(at) must be one of \(LineStyle.names.joined(separator: ", "))")
        }
        return s
    }

    /// The JSON form: a plain string when there are no runs.
    static func json(_ t: AttributedText) -> Any {
        guard !t.runs.isEmpty else { return t.string }
        return ["text": t.string, "runs": t.runs.map { run -> [String: Any] in
            var o: [String: Any] = ["range": [run.location, run.length]]
            let a = run.attributes
            if let f = a.font { o["font"] = f }
            if let x = a.fontSize { o["fontSize"] = Double(x) }
            if let c = a.foregroundColor { o["foregroundColor"] = c.components.map { Double($0) } }
            if a.underline != .none { o["underline"] = a.underline.name }
            if let c = a.underlineColor { o["underlineColor"] = c.components.map { Double($0) } }
            if a.strikethrough != .none { o["strikethrough"] = a.strikethrough.name }
            if let c = a.strikethroughColor { o["strikethroughColor"] = c.components.map { Double($0) } }
            if let x = a.kern { o["kern"] = Double(x) }
            if let x = a.baselineOffset { o["baselineOffset"] = Double(x) }
            return o
        }] as [String: Any]
    }
}
