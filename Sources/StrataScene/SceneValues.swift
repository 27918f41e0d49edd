import Foundation
import StrataCore

/// JSON value shapes of scene files (and of `strata sample` output).
public enum SceneValues {
    static func number(_ any: Any) -> CGFloat? {
        // Scene JSON is read strictly (StrictJSON): numbers are Double, booleans Bool, never each other.
        guard let d = any as? Double, d.isFinite else { return nil }
        return CGFloat(d)
    }

    static func numbers(_ any: Any, count: Int) -> [CGFloat]? {
        guard let a = any as? [Any], a.count == count else { return nil }
        let ns = a.compactMap(number)
        return ns.count == count ? ns : nil
    }

    public static func color(_ any: Any) -> Color? {
        if let s = any as? String { return Color(hex: s) }
        guard let c = numbers(any, count: 4), c.allSatisfy({ (0...1).contains($0) }) else { return nil }
        return Color(red: c[0], green: c[1], blue: c[2], alpha: c[3])
    }

    /// Parses `any` as a value of `kind`; nil when the shape is wrong.
    public static func parse(_ any: Any, kind: ValueKind) -> AnimatableValue? {
        switch kind {
        case .scalar: return number(any).map { .scalar($0) }
        case .point: return numbers(any, count: 2).map { .point(CGPoint(x: $0[0], y: $0[1])) }
        case .size: return numbers(any, count: 2).map { .size(CGSize(width: $0[0], height: $0[1])) }
        case .rect: return numbers(any, count: 4).map { .rect(CGRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3])) }
        case .transform: return numbers(any, count: 16).map { .transform(Transform3D(elements: $0)) }
        case .color:
            if any is NSNull { return .color(nil) }
            return color(any).map { .color($0) }
        case .bool: return (any as? Bool).map { .bool($0) }
        case .vector3: return numbers(any, count: 3).map { .vector3($0[0], $0[1], $0[2]) }
        case .path:
            if any is NSNull { return .path(nil) }
            return (try? ScenePath.parse(any, at: "value")).map { .path($0) }
        case .numbers:
            if any is NSNull { return .numbers(nil) }
            guard let list = any as? [Any], case let ns = list.compactMap(number), ns.count == list.count else { return nil }
            return .numbers(ns)
        case .colors:
            if any is NSNull { return .colors(nil) }
            guard let list = any as? [Any], case let cs = list.compactMap(color), cs.count == list.count else { return nil }
            return .colors(cs)
        case .string:
            if any is NSNull { return .string(nil) }
            return (any as? String).map { .string($0) }
        case .text:
            return (try? SceneText.parse(any, at: "value")).map { .text($0) }
        case .emitterCells:
            // Cells without contents (a scene file's cells with images go through `SceneParser`).
            return (try? SceneEmitterCells.parse(any, at: "value")).flatMap { p in p.allSatisfy(\.contents.isEmpty) ? .emitterCells(p.map(\.cell)) : nil }
        case .filters:
            return (try? SceneFilters.parse(any, at: "value", property: "filters")).map { .filters($0) }
        case .image:
            // Image files are read by the parser (`SceneImages`); here only no image.
            return any is NSNull ? .image(.none) : nil
        }
    }

    /// The value of a layer key (in a layer or a change's `set`); throws naming `at` and the key. A path
    /// (shadowPath) reports which element is wrong.
    static func layerValue(_ any: Any, keyPath kp: LayerKeyPath, key: String, at: String) throws -> AnimatableValue {
        if kp.kind == .path, !(any is NSNull) { return .path(try ScenePath.parse(any, at: at, key: key)) }
        if kp.kind == .text { return .text(try SceneText.parse(any, at: "\(at): \"\(key)\"")) }
        if kp.kind == .filters { return .filters(try SceneFilters.parse(any, at: "\(at): \"\(key)\"", property: kp.property.name)) }
        guard let v = parse(any, keyPath: kp) else { throw SceneError("\(at): \"\(key)\" must be \(shapeDescription(kp))") }
        return v
    }

    /// Parses the value of a layer key: its kind's shape, an enumerated property's value by Core
    /// Animation's name (`"fillMode": "forwards"`, `"lineCap": "round"`), `"infinity"` for the layer's
    /// repeatCount and repeatDuration, and the property's range (its `ValueRule`).
    static func parse(_ any: Any, keyPath kp: LayerKeyPath) -> AnimatableValue? {
        if kp.component == nil, let names = kp.property.rule.names {
            return (any as? String).flatMap { names.firstIndex(of: $0) }.map { .scalar(CGFloat($0)) }
        }
        if kp.property == .repeatCount || kp.property == .repeatDuration, (any as? String) == "infinity" {
            return .scalar(.greatestFiniteMagnitude)
        }
        guard let v = parse(any, kind: kp.kind), kp.property.rangeError(v) == nil else { return nil }
        return v
    }

    static func shapeDescription(_ kp: LayerKeyPath) -> String {
        if kp.property == .repeatCount || kp.property == .repeatDuration { return "a number ≥ 0 or \"infinity\"" }
        guard kp.component == nil, let rule = kp.property.rule.shapeDescription(kind: kp.kind) else { return shapeDescription(kp.kind) }
        return rule
    }

    public static func shapeDescription(_ kind: ValueKind) -> String {
        switch kind {
        case .scalar: "a number"
        case .point: "[x, y]"
        case .size: "[width, height]"
        case .rect: "[x, y, width, height]"
        case .transform: "16 numbers m11…m44"
        case .color: "[r, g, b, a] in 0…1, \"#RRGGBB\" or \"#RRGGBBAA\""
        case .bool: "true or false"
        case .vector3: "[x, y, z]"
        case .path: "a PATH (array of path elements) or null"
        case .numbers: "an array of numbers or null"
        case .colors: "an array of colours ([r, g, b, a] or \"#RRGGBB\") or null"
        case .string: "a string or null"
        case .text: SceneText.shape
        case .emitterCells: SceneEmitterCells.shape
        case .filters: SceneFilters.shape
        case .image: "an image file (PNG or JPEG, relative to the scene) or null"
        }
    }

    /// The JSON form of a value (same shapes the scene format accepts).
    /// The JSON of a value of `keyPath` as a scene file writes it: an enumerated property's value by its
    /// name (`"top"`, `"bevel"`), so that a sampled value can be fed back; other values as `json(_:)`.
    public static func json(_ v: AnimatableValue, keyPath: String) -> Any {
        if case let .scalar(x) = v, let kp = try? LayerKeyPath(parsing: keyPath), kp.component == nil,
           let names = kp.property.rule.names, let raw = Int(exactly: x), names.indices.contains(raw) {
            return names[raw]
        }
        return json(v)
    }

    /// A `contents` value: an image (`name` gives its JSON, nil: null) or a crossfade,
    /// `{"from": IMAGE, "to": IMAGE, "fraction": F}`.
    public static func imageJSON(_ c: ContentsImage, name: (UInt64) -> Any) -> Any {
        func one(_ id: UInt64) -> Any { id == 0 ? NSNull() : name(id) }
        guard c.isCrossfade else { return one(c.from) }
        return ["from": one(c.from), "to": one(c.to), "fraction": c.fraction]
    }

    public static func json(_ v: AnimatableValue) -> Any {
        switch v {
        case .scalar(let x): Double(x)
        case .point(let p): [Double(p.x), Double(p.y)]
        case .size(let s): [Double(s.width), Double(s.height)]
        case .rect(let r): [Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height)]
        case .transform(let t): t.elements.map { Double($0) }
        case .color(let c): c.map { $0.components.map { Double($0) } } ?? NSNull()
        case .bool(let b): b
        case let .vector3(x, y, z): [Double(x), Double(y), Double(z)]
        case .path(let p): p.map { ScenePath.json($0) } ?? NSNull()
        case .numbers(let n): n.map { $0.map { Double($0) } } ?? NSNull()
        case .colors(let c): c.map { $0.map { $0.components.map { Double($0) } } } ?? NSNull()
        case .string(let s): s ?? NSNull()
        case .text(let t): t.map { SceneText.json($0) } ?? NSNull()
        case .emitterCells(let cells): SceneEmitterCells.json(cells)
        case .filters(let filters): SceneFilters.json(filters)
        case .image(let c): imageJSON(c) { Double($0) }
        }
    }
}
