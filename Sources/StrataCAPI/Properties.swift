import CStrataAPI
import Foundation
import Strata
import StrataCore

/// Layer properties by key path (docs/c-api.md): one setter and getter per kind of value C can spell,
/// checked against Strata's property table, then applied by the layer's checked forms.
enum CProperties {
    /// The key path `key` names on `layer`, refused when Strata has no such key path or the layer's class
    /// does not carry it.
    static func keyPath(_ key: UnsafePointer<CChar>?, on layer: CALayer) throws(CFailure) -> LayerKeyPath {
        let text = try CArgument.string(key, "key")
        let parsed: LayerKeyPath
        do { parsed = try LayerKeyPath(parsing: text) } catch { throw CFailure(STRATA_UNKNOWN_KEY, "\(error)") }
        if case let .failure(refusal) = layer.checkedValue(parsed) { try CLayers.check(refusal) }
        return parsed
    }

    /// The C kind of value a key path holds.
    static func kind(_ kp: LayerKeyPath) -> Int {
        if kp.isWhole, kp.property.rule.names != nil { return STRATA_VALUE_STRING }
        return kind(kp.kind)
    }

    static func kind(_ kind: ValueKind) -> Int {
        switch kind {
        case .scalar: STRATA_VALUE_NUMBER
        case .bool: STRATA_VALUE_BOOL
        case .point: STRATA_VALUE_POINT
        case .size: STRATA_VALUE_SIZE
        case .rect: STRATA_VALUE_RECT
        case .transform: STRATA_VALUE_TRANSFORM
        case .color: STRATA_VALUE_COLOR
        case .string, .text: STRATA_VALUE_STRING
        case .numbers: STRATA_VALUE_NUMBERS
        case .colors: STRATA_VALUE_COLORS
        case .vector3, .path, .emitterCells, .filters, .image: STRATA_VALUE_OTHER
        }
    }

    /// Whether a value of this kind may be nil (`strata_layer_clear`).
    static func isOptional(_ kind: ValueKind) -> Bool {
        switch kind {
        case .color, .path, .numbers, .colors, .string, .text: true
        default: false
        }
    }

    static func noun(_ cKind: Int) -> String {
        switch cKind {
        case STRATA_VALUE_NUMBER: "a number"
        case STRATA_VALUE_BOOL: "a bool"
        case STRATA_VALUE_POINT: "a point"
        case STRATA_VALUE_SIZE: "a size"
        case STRATA_VALUE_RECT: "a rect"
        case STRATA_VALUE_TRANSFORM: "a transform"
        case STRATA_VALUE_COLOR: "a color"
        case STRATA_VALUE_STRING: "a string"
        case STRATA_VALUE_NUMBERS: "a list of numbers"
        case STRATA_VALUE_COLORS: "a list of colors"
        default: "a value C cannot set yet"
        }
    }

    /// Refuses a key path whose value is not of `cKind`.
    static func expect(_ kp: LayerKeyPath, _ cKind: Int) throws(CFailure) {
        let actual = kind(kp)
        guard actual == cKind else {
            let takes = kp.kind == .image ? "an image, which C cannot set yet" : noun(actual)
            throw CFailure(STRATA_VALUE_TYPE, "\(kp) holds \(takes), not \(noun(cKind))")
        }
    }

    /// Sets `key` on `layer` to the value `make` builds, once the key is known to hold a `cKind` value.
    static func set(_ layer: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ cKind: Int,
                    _ make: (LayerKeyPath) throws(CFailure) -> AnimatableValue) throws(CFailure) {
        let l = try CLayers.layer(layer)
        let kp = try keyPath(key, on: l)
        try expect(kp, cKind)
        try CLayers.check(l.setChecked(kp, try make(kp)))
    }

    /// The model value of `key` on `layer`, once the key is known to hold a `cKind` value.
    static func get(_ layer: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ cKind: Int) throws(CFailure) -> (LayerKeyPath, AnimatableValue) {
        let l = try CLayers.layer(layer)
        let kp = try keyPath(key, on: l)
        try expect(kp, cKind)
        switch l.checkedValue(kp) {
        case let .success(v): return (kp, v)
        case let .failure(refusal): try CLayers.check(refusal); throw .internalError("\(kp): no value")
        }
    }

    /// Reads a value of the expected case, or says the table and the value disagree (never expected).
    static func extract<T>(_ v: AnimatableValue, _ kp: LayerKeyPath, _ pick: (AnimatableValue) -> T?) throws(CFailure) -> T {
        guard let x = pick(v) else { throw .internalError("\(kp) holds \(v), not what its table entry says") }
        return x
    }

    static func color(_ c: strata_color) -> Color { Color(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha) }
    static func color(_ c: Color?) -> strata_color {
        guard let c else { return strata_color(red: 0, green: 0, blue: 0, alpha: 0) }
        return strata_color(red: Double(c.red), green: Double(c.green), blue: Double(c.blue), alpha: Double(c.alpha))
    }

    /// A string value for a key path: an enumeration's name as its index, or text.
    static func stringValue(_ text: String?, _ kp: LayerKeyPath) throws(CFailure) -> AnimatableValue {
        if kp.isWhole, let names = kp.property.rule.names {
            guard let text else { throw CFailure(STRATA_VALUE_TYPE, "\(kp) cannot be nil") }
            guard let i = names.firstIndex(of: text) else {
                throw .invalid("\(kp) takes one of \(names.map { "\"\($0)\"" }.joined(separator: ", ")), not \"\(text)\"")
            }
            return .scalar(CGFloat(i))
        }
        return kp.kind == .text ? .text(text.map { AttributedText($0) }) : .string(text)
    }

    /// Writes up to `capacity` values and the list's length.
    static func copyOut<T>(_ values: [T], _ out: UnsafeMutablePointer<T>?, _ capacity: Int, _ count: UnsafeMutablePointer<Int>?) throws(CFailure) {
        let count = try CArgument.out(count, "count")
        let n = min(values.count, CArgument.capacity(capacity))
        if n > 0 {
            guard let out else { throw .invalid("out is NULL with a capacity of \(capacity)") }
            for i in 0..<n { out[i] = values[i] }
        }
        count.pointee = values.count
    }
}
