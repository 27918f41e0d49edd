import Foundation
import StrataCore

/// An emitter layer's `"emitterCells"` in a scene file: an array of cells, each an object of the cell's
/// keys (Core Animation's names: `"birthRate"`, `"color"`, `"emissionRange"`, …, `"emitterCells"` for its
/// sub-cells, and the media timing keys). A cell's `"contents"` is an image file, as a layer's is; the
/// scene holds it as `contentsImages` until the commit gives it an image id.
enum SceneEmitterCells {
    static let shape = "an array of emitter cells (objects of cell keys)"
    static let timingKeys = ["beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration"]
    static let otherKeys: Set<String> = ["name", "enabled", "color", "contents", "contentsRect", "minificationFilter",
                                         "magnificationFilter", "autoreverses", "fillMode", "emitterCells"]

    /// The cells of `any`, and each cell's contents file by the cell's index path; throws naming `at`.
    static func parse(_ any: Any, at: String, depth: Int = 1) throws -> [(cell: EmitterCellModel, contents: [[Int]: String])] {
        guard let list = any as? [Any] else { throw SceneError("\(at) must be \(shape)") }
        guard depth <= EmitterCellModel.maxDepth || list.isEmpty else {
            throw SceneError("\(at): emitter cells nested more than \(EmitterCellModel.maxDepth) levels")
        }
        return try list.enumerated().map { i, item in try cell(item, at: "\(at)[\(i)]", index: i, depth: depth) }
    }

    private static func cell(_ item: Any, at: String, index: Int, depth: Int) throws -> (cell: EmitterCellModel, contents: [[Int]: String]) {
        guard let o = item as? [String: Any] else { throw SceneError("\(at) must be an object of emitter cell keys") }
        if let unknown = o.keys.sorted().first(where: { EmitterCellModel.scalarKey($0) == nil && !timingKeys.contains($0) && !otherKeys.contains($0) }) {
            throw SceneError("\(at): unknown emitter cell key \"\(unknown)\"")
        }
        var c = EmitterCellModel(name: try string(o["name"], "name", at))
        func number(_ key: String) throws -> CGFloat? {
            guard let v = o[key] else { return nil }
            if (key == "repeatCount" || key == "repeatDuration"), (v as? String) == "infinity" { return .greatestFiniteMagnitude }
            guard let x = SceneValues.number(v) else { throw SceneError("\(at): \"\(key)\" must be a number") }
            return x
        }
        for key in EmitterCellModel.scalarKeys { if let x = try number(key), let k = EmitterCellModel.scalarKey(key) { c[keyPath: k] = x } }
        if let v = o["enabled"] { guard let b = v as? Bool else { throw SceneError("\(at): \"enabled\" must be true or false") }; c.isEnabled = b }
        if let v = o["color"] { guard let col = SceneValues.color(v) else { throw SceneError("\(at): \"color\" must be a colour") }; c.color = col }
        if let v = o["contentsRect"] {
            guard let r = SceneValues.numbers(v, count: 4) else { throw SceneError("\(at): \"contentsRect\" must be [x, y, width, height]") }
            c.contentsRect = CGRect(x: r[0], y: r[1], width: r[2], height: r[3])
        }
        c.minificationFilter = try filter(o["minificationFilter"], "minificationFilter", at) ?? c.minificationFilter
        c.magnificationFilter = try filter(o["magnificationFilter"], "magnificationFilter", at) ?? c.magnificationFilter
        var t = MediaTiming()
        t.beginTime = Double(try number("beginTime") ?? 0); t.duration = Double(try number("duration") ?? 0)
        t.speed = Double(try number("speed") ?? 1); t.timeOffset = Double(try number("timeOffset") ?? 0)
        t.repeatCount = Double(try number("repeatCount") ?? 0); t.repeatDuration = Double(try number("repeatDuration") ?? 0)
        if let v = o["autoreverses"] { guard let b = v as? Bool else { throw SceneError("\(at): \"autoreverses\" must be true or false") }; t.autoreverses = b }
        if let v = o["fillMode"] {
            guard let s = v as? String, let f = FillMode.allCases.first(where: { $0.name == s }) else {
                throw SceneError("\(at): \"fillMode\" must be \(FillMode.allCases.map { "\"\($0.name)\"" }.joined(separator: ", "))")
            }
            t.fillMode = f
        }
        c.timing = t
        var contents: [[Int]: String] = [:]
        if let v = o["contents"] {
            guard let file = v as? String else { throw SceneError("\(at): \"contents\" must be an image file name") }
            contents[[index]] = file
        }
        if let sub = o["emitterCells"] {
            let parsed = try parse(sub, at: "\(at).emitterCells", depth: depth + 1)
            c.emitterCells = parsed.map(\.cell)
            for (i, p) in parsed.enumerated() { for (path, file) in p.contents { contents[[index, i] + path.dropFirst()] = file } }
        }
        return (c, contents)
    }

    private static func string(_ v: Any?, _ key: String, _ at: String) throws -> String? {
        guard let v else { return nil }
        guard let s = v as? String else { throw SceneError("\(at): \"\(key)\" must be a string") }
        return s
    }

    private static func filter(_ v: Any?, _ key: String, _ at: String) throws -> ContentsFilter? {
        guard let v else { return nil }
        guard let s = v as? String, let f = ContentsFilter.allCases.first(where: { $0.name == s }) else {
            throw SceneError("\(at): \"\(key)\" must be \(ContentsFilter.allCases.map { "\"\($0.name)\"" }.joined(separator: ", "))")
        }
        return f
    }

    /// The JSON of cells as a scene file writes them (contents as the image id they were given).
    static func json(_ cells: [EmitterCellModel]) -> [Any] {
        cells.map { c in
            var o: [String: Any] = ["enabled": c.isEnabled, "color": c.color.components.map { Double($0) }]
            if let name = c.name { o["name"] = name }
            for key in EmitterCellModel.scalarKeys { if let k = EmitterCellModel.scalarKey(key) { o[key] = Double(c[keyPath: k]) } }
            if let image = c.contentsImage { o["contents"] = image }
            if !c.emitterCells.isEmpty { o["emitterCells"] = json(c.emitterCells) }
            return o
        }
    }
}
