import Foundation
import StrataCore

/// Parses one entry of a scene's "changes" array.
enum SceneChangeParser {
    static let keys: Set<String> = ["time", "layer", "set", "duration", "timingFunction", "disableActions", "transition"]

    static func parse(_ any: Any, index: Int, scene: Scene) throws -> SceneChange {
        let at = "changes[\(index)]"
        guard let o = any as? [String: Any] else { throw SceneError("\(at): must be a JSON object") }
        for k in o.keys where !keys.contains(k) { throw SceneError("\(at): unknown key \"\(k)\"") }
        guard let t = o["time"].flatMap(SceneValues.number).map(Double.init), t >= 0 else {
            throw SceneError("\(at): \"time\" must be a scene time ≥ 0 (seconds)")
        }
        let layer: String
        if let s = o["layer"] as? String { layer = s }
        else if let n = o["layer"].flatMap(SceneValues.number), let i = Int(exactly: Double(n)) { layer = String(i) }
        else { throw SceneError("\(at): \"layer\" must name a layer id") }
        guard let target = scene.layer(id: layer) else { throw SceneError("\(at): no layer with id \"\(layer)\"") }
        // A change sets at least one property, or only adds a transition (then "set" may be left out).
        let set = o["set"] as? [String: Any] ?? [:]
        guard (o["set"] == nil && o["transition"] != nil) || !set.isEmpty else {
            throw SceneError("\(at) (layer \"\(layer)\"): \"set\" must be an object of property values")
        }
        var values: [(LayerKeyPath, AnimatableValue)] = []
        for key in set.keys.sorted(by: { a, b in a.contains(".") == b.contains(".") ? a < b : !a.contains(".") }) {
            guard let raw = set[key] else { continue }
            let kp = try SceneParser.keyPath(key, of: target.kind, at: "\(at) (layer \"\(layer)\")")
            values.append((kp, try SceneValues.layerValue(raw, keyPath: kp, key: key, at: "\(at) (layer \"\(layer)\")")))
        }
        var duration: Double?
        if let d = o["duration"] {
            guard let n = SceneValues.number(d).map(Double.init), n > 0 else { throw SceneError("\(at): \"duration\" must be a number > 0") }
            duration = n
        }
        var function: TimingFunction?
        if let f = o["timingFunction"] {
            guard let parsed = SceneAnimation.timingFunction(f) else {
                throw SceneError("\(at): \"timingFunction\" must be a name or [c1x, c1y, c2x, c2y] with x values in 0…1")
            }
            function = parsed
        }
        var disable = false
        if let d = o["disableActions"] {
            guard let b = d as? Bool else { throw SceneError("\(at): \"disableActions\" must be true or false") }
            disable = b
        }
        var transition: AnimationSpec?
        if let raw = o["transition"] {
            guard var object = raw as? [String: Any] else { throw SceneError("\(at): \"transition\" must be a transition object") }
            if object["type"] == nil { object["type"] = "transition" }
            guard object["type"] as? String == "transition" else { throw SceneError("\(at): \"transition\" must have type \"transition\"") }
            transition = try SceneAnimation.parse(object, layer: layer, key: "transition")
        }
        return SceneChange(time: t, layer: layer, values: values, duration: duration, timingFunction: function,
                           disableActions: disable, transition: transition)
    }
}
