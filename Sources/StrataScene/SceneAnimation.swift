import Foundation
import StrataCore

/// Parses one ANIMATION object of a scene file.
enum SceneAnimation {
    static let keys: Set<String> = ["type", "keyPath", "fromValue", "toValue", "byValue", "duration", "beginTime",
                                    "repeatCount", "autoreverses", "timingFunction", "fillMode", "removedOnCompletion",
                                    "speed", "timeOffset", "repeatDuration", "additive", "cumulative",
                                    "mass", "stiffness", "damping", "initialVelocity", "valueFunction"]
    static let springKeys: Set<String> = ["mass", "stiffness", "damping", "initialVelocity"]
    static let keyframeKeys: Set<String> = ["type", "keyPath", "values", "keyTimes", "timingFunctions", "calculationMode",
                                            "tensionValues", "continuityValues", "biasValues", "duration", "beginTime",
                                            "repeatCount", "autoreverses", "timingFunction", "fillMode", "removedOnCompletion",
                                            "speed", "timeOffset", "repeatDuration", "additive", "cumulative", "valueFunction",
                                            "path", "rotationMode"]

    static let groupKeys: Set<String> = ["type", "animations", "duration", "beginTime", "repeatCount", "autoreverses",
                                         "timingFunction", "fillMode", "removedOnCompletion", "speed", "timeOffset", "repeatDuration"]
    static let transitionKeys: Set<String> = ["type", "transitionType", "subtype", "startProgress", "endProgress", "duration",
                                              "beginTime", "repeatCount", "autoreverses", "timingFunction", "fillMode",
                                              "removedOnCompletion", "speed", "timeOffset", "repeatDuration"]

    /// The animation object's keys in the order their checks depend on each other.
    /// `images` gives a `contents` animation's image files their ids (nil: such an animation is refused).
    static func parse(_ any: Any, layer: String, key: String, depth: Int = 0, images: SceneImages? = nil) throws -> AnimationSpec {
        let at = "layer \"\(layer)\" animation \"\(key)\""
        guard let o = any as? [String: Any] else { throw SceneError("\(at): must be a JSON object") }
        let r = Fields(o: o, at: at, images: images)
        let type = try checkedType(r)
        var kp: LayerKeyPath?
        var children: [AnimationSpec] = []
        if type == "transition" {
            // No key path: a transition draws the layer's old and new appearance.
        } else if type == "group" {
            guard depth < AnimationSpec.maxGroupDepth else { throw SceneError("\(at): groups nest at most \(AnimationSpec.maxGroupDepth) deep") }
            guard let list = o["animations"] as? [Any] else { throw SceneError("\(at): \"animations\" must be an array of ANIMATION") }
            children = try list.enumerated().map { try parse($0.element, layer: layer, key: "\(key).animations[\($0.offset)]", depth: depth + 1, images: images) }
        } else {
            guard let path = o["keyPath"] as? String else { throw SceneError("\(at): \"keyPath\" is required") }
            do { kp = try LayerKeyPath(parsing: path) } catch { throw SceneError("\(at): \"keyPath\": \(error)") }
            // Before its values: a value of a property that cannot animate is not what is wrong.
            if let kp, !kp.isAnimatable { throw SceneError("\(at): \(StrataError.unsupported("animation of \(kp)"))") }
        }
        let valueFunction = try self.valueFunction(o, at: at)
        // With a value function the values are its inputs (a number, or [x, y, z] for scale and translate).
        let valueKind = valueFunction?.inputKind ?? kp?.kind ?? .scalar
        let timing = try mediaTiming(r)
        let function = try timingFunction(o, at: at)
        let (from, to, by) = (try r.value("fromValue", kp, valueKind), try r.value("toValue", kp, valueKind), try r.value("byValue", kp, valueKind))
        let kind: AnimationSpec.Kind
        if type == "transition" {
            kind = .transition(try transition(o, at: at))
        } else if type == "group" {
            kind = .group(children)
        } else if type == "keyframe", let kp {
            kind = .keyframe(try keyframes(r, kp, valueKind))
        } else if type == "spring" {
            kind = .spring(from: from, to: to, by: by, Spring(
                mass: try r.number("mass") ?? 1, stiffness: try r.number("stiffness") ?? 100,
                damping: try r.number("damping") ?? 10, initialVelocity: try r.number("initialVelocity") ?? 0))
        } else {
            kind = .basic(from: from, to: to, by: by)
        }
        let spec = AnimationSpec(keyPath: kp, kind: kind,
                                 timing: timing, timingFunction: function,
                                 isRemovedOnCompletion: try r.flag("removedOnCompletion") ?? true,
                                 isAdditive: try r.flag("additive") ?? false, isCumulative: try r.flag("cumulative") ?? false,
                                 valueFunction: valueFunction)
        if depth == 0 {
            do { try spec.validate() } catch { throw SceneError("\(at): \(error)") }
        }
        return spec
    }

    /// The object's `valueFunction`, if it has one.
    private static func valueFunction(_ o: [String: Any], at: String) throws -> ValueFunction? {
        guard let f = o["valueFunction"] else { return nil }
        guard let name = f as? String, let parsed = ValueFunction(rawValue: name) else {
            throw SceneError("\(at): \"valueFunction\" must be one of \(ValueFunction.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return parsed
    }

    /// The object's `timingFunction`, if it has one.
    private static func timingFunction(_ o: [String: Any], at: String) throws -> TimingFunction? {
        guard let f = o["timingFunction"] else { return nil }
        guard let parsed = timingFunction(f) else {
            throw SceneError("\(at): \"timingFunction\" must be one of linear, easeIn, easeOut, easeInEaseOut, default, or [c1x, c1y, c2x, c2y] with x values in 0…1")
        }
        return parsed
    }

    /// An ANIMATION object and where it is, for messages: its fields read with their shapes checked.
    struct Fields {
        let o: [String: Any]
        let at: String
        var images: SceneImages?

        /// A value of `kind` for key path `kp` (nil when absent, or when the animation has no key path).
        func value(_ name: String, _ kp: LayerKeyPath?, _ kind: ValueKind) throws -> AnimatableValue? {
            guard let v = o[name], let kp else { return nil }
            return try parsed(v, kind, for: kp, at: "\"\(name)\"")
        }

        /// `v` as a value of `kind`; an image (`contents`) by its file.
        func parsed(_ v: Any, _ kind: ValueKind, for kp: LayerKeyPath, at what: String) throws -> AnimatableValue {
            if kind == .image, let images { return try images.value(v, at: "\(at): \(what)") }
            guard let parsed = SceneValues.parse(v, kind: kind) else {
                throw SceneError("\(at): \(what) must be \(SceneValues.shapeDescription(kind)) for \(kp)")
            }
            return parsed
        }

        func number(_ name: String, _ range: ClosedRange<Double>? = nil) throws -> Double? {
            guard let v = o[name] else { return nil }
            guard let n = SceneValues.number(v).map(Double.init), range.map({ $0.contains(n) }) ?? true else {
                throw SceneError("\(at): \"\(name)\" must be a number\(range.map { " in \($0.lowerBound)…\($0.upperBound)" } ?? "")")
            }
            return n
        }

        func flag(_ name: String) throws -> Bool? {
            guard let v = o[name] else { return nil }
            guard let b = v as? Bool else { throw SceneError("\(at): \"\(name)\" must be true or false") }
            return b
        }

        func numbers(_ name: String) throws -> [Double]? {
            guard let v = o[name] else { return nil }
            guard let list = v as? [Any], case let ns = list.compactMap(SceneValues.number), ns.count == list.count else {
                throw SceneError("\(at): \"\(name)\" must be an array of numbers")
            }
            return ns.map(Double.init)
        }
    }

    /// The animation's `type`, checked, with its keys checked against the type's.
    private static func checkedType(_ r: Fields) throws -> String {
        let (o, at) = (r.o, r.at)
        guard let type = o["type"] as? String else {
            throw SceneError("\(at): \"type\" is required (\"basic\", \"spring\", \"keyframe\", \"group\" or \"transition\")")
        }
        let allowed = type == "group" ? groupKeys : type == "keyframe" ? keyframeKeys : type == "transition" ? transitionKeys : keys
        for k in o.keys.sorted() where !allowed.contains(k) { throw SceneError("\(at): unknown key \"\(k)\"") }
        guard ["basic", "spring", "group", "keyframe", "transition"].contains(type) else {
            throw SceneError("\(at): unsupported: animation type \"\(type)\"")
        }
        if type == "basic", let k = o.keys.sorted().first(where: { springKeys.contains($0) }) {
            throw SceneError("\(at): \"\(k)\" belongs to \"spring\" animations")
        }
        return type
    }

    /// The media timing keys (duration, beginTime, speed, timeOffset, repeatDuration, repeatCount,
    /// autoreverses, fillMode), checked in that order.
    private static func mediaTiming(_ r: Fields) throws -> MediaTiming {
        var t = MediaTiming()
        t.duration = try r.number("duration", 0...1e9) ?? 0
        t.beginTime = try r.number("beginTime", -1e9...1e9) ?? 0
        t.speed = try r.number("speed", -1e6...1e6) ?? 1
        t.timeOffset = try r.number("timeOffset", -1e9...1e9) ?? 0
        t.repeatDuration = try r.number("repeatDuration", 0...1e9) ?? 0
        if let c = r.o["repeatCount"] {
            if (c as? String) == "infinity" { t.repeatCount = .infinity }
            else if let n = SceneValues.number(c), n >= 0 { t.repeatCount = Double(n) }
            else { throw SceneError("\(r.at): \"repeatCount\" must be a number ≥ 0 or \"infinity\"") }
        }
        t.autoreverses = try r.flag("autoreverses") ?? false
        if let f = r.o["fillMode"] {
            guard let name = f as? String, let mode = FillMode(name: name) else {
                throw SceneError("\(r.at): \"fillMode\" must be one of removed, forwards, backwards, both")
            }
            t.fillMode = mode
        }
        return t
    }

    /// A keyframe animation's own keys: a path or values, the calculation and rotation modes, key times,
    /// per-segment timing functions and the cubic modes' tension, continuity and bias.
    private static func keyframes(_ r: Fields, _ kp: LayerKeyPath, _ valueKind: ValueKind) throws -> Keyframes {
        let (o, at) = (r.o, r.at)
        let path = try o["path"].map { try ScenePath.parse($0, at: at) }
        var rotation: Keyframes.RotationMode?
        if let m = o["rotationMode"] {
            guard let name = m as? String, let parsed = Keyframes.RotationMode(rawValue: name) else {
                throw SceneError("\(at): \"rotationMode\" must be \"auto\" or \"autoReverse\"")
            }
            rotation = parsed
        }
        guard let list = o["values"] as? [Any] ?? (path != nil ? [] : nil) else {
            throw SceneError("\(at): \"values\" (or a \"path\") must be given as an array of values")
        }
        let values = try list.enumerated().map { i, v in try r.parsed(v, valueKind, for: kp, at: "\"values\"[\(i)]") }
        var mode = Keyframes.Mode.linear
        if let m = o["calculationMode"] {
            guard let name = m as? String, let parsed = Keyframes.Mode(rawValue: name) else {
                throw SceneError("\(at): \"calculationMode\" must be one of linear, discrete, paced, cubic, cubicPaced")
            }
            mode = parsed
        }
        var functions: [TimingFunction]?
        if let f = o["timingFunctions"] {
            guard let list = f as? [Any] else { throw SceneError("\(at): \"timingFunctions\" must be an array") }
            functions = try list.enumerated().map { i, item in
                guard let tf = timingFunction(item) else {
                    throw SceneError("\(at): \"timingFunctions\"[\(i)] must be a name or [c1x, c1y, c2x, c2y] with x values in 0…1")
                }
                return tf
            }
        }
        return Keyframes(values: values, keyTimes: try r.numbers("keyTimes"), timingFunctions: functions, mode: mode,
                         tension: try r.numbers("tensionValues"), continuity: try r.numbers("continuityValues"),
                         bias: try r.numbers("biasValues"), path: path, rotationMode: rotation)
    }

    /// A CATransition's own properties: `transitionType` (CATransition.type, default fade), `subtype`,
    /// `startProgress`, `endProgress`.
    static func transition(_ o: [String: Any], at: String) throws -> Transition {
        var t = Transition()
        if let raw = o["transitionType"] {
            guard let name = raw as? String else { throw SceneError("\(at): \"transitionType\" must be a string") }
            do { t.kind = try Transition.Kind(name: name) } catch { throw SceneError("\(at): \(error)") }
        }
        if let raw = o["subtype"] {
            guard let name = raw as? String, let d = Transition.Direction(name: name) else {
                throw SceneError("\(at): \"subtype\" must be one of fromLeft, fromRight, fromTop, fromBottom")
            }
            t.direction = d
        }
        for (name, assign) in [("startProgress", { (v: Double) in t.startProgress = v }), ("endProgress", { t.endProgress = $0 })] {
            guard let raw = o[name] else { continue }
            guard let v = SceneValues.number(raw).map(Double.init), (0...1).contains(v) else {
                throw SceneError("\(at): \"\(name)\" must be a number in 0…1")
            }
            assign(v)
        }
        return t
    }

    /// A timing function given by name or as [c1x, c1y, c2x, c2y]; nil when malformed.
    static func timingFunction(_ any: Any) -> TimingFunction? {
        if let name = any as? String { return TimingFunction.named[name] }
        guard let p = SceneValues.numbers(any, count: 4), (0...1).contains(p[0]), (0...1).contains(p[2]) else { return nil }
        return TimingFunction(Double(p[0]), Double(p[1]), Double(p[2]), Double(p[3]))
    }
}
