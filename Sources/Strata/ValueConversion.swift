import Foundation
import StrataCore

/// Converts Core Animation's untyped `Any` values (fromValue, setValue(_:forKeyPath:)) to core values.
/// As lenient as Core Animation: numbers of any Swift type or NSNumber, geometry and transforms as
/// themselves or wrapped in NSValue (`NSValue(cgPoint:)`, `NSValue(caTransform3D:)`, …), lists as
/// arrays of numbers or NSNumbers and of CGColors.
enum ValueConversion {
    static func value(_ any: Any?, kind: ValueKind, key: String) throws -> AnimatableValue? {
        guard let any else { return nil }
        guard let v = convert(any, kind: kind) else { throw StrataError.invalidValue(key: key, expected: accepted(kind)) }
        return v
    }

    /// What a value of `kind` may be, in Swift's terms, for messages ("expected a CGPoint (or an NSValue of one)").
    static func accepted(_ kind: ValueKind) -> String {
        switch kind {
        case .scalar: "a number (any numeric type or NSNumber)"
        case .point: "a CGPoint (or an NSValue of one)"
        case .size: "a CGSize (or an NSValue of one)"
        case .rect: "a CGRect (or an NSValue of one)"
        case .transform: "a CATransform3D (or an NSValue of one)"
        case .color: "a CGColor or nil"
        case .bool: "a Bool"
        case .vector3: "an array of three numbers"
        case .path: "a CGPath or nil"
        case .numbers: "an array of numbers or nil"
        case .colors: "an array of CGColors or nil"
        case .string: "a font name (String), a CTFont or CGFont, or nil"
        case .text: "a String, an NSAttributedString or nil"
        case .emitterCells: "an array of CAEmitterCells or nil"
        case .filters: "an array of CIFilters (or filter names), or nil"
        case .image: "a CGImage, or NSNull for no image"
        }
    }

    /// What `kp` takes: an enumerated property's names, else its kind's values.
    static func accepted(_ kp: LayerKeyPath) -> String {
        guard kp.component == nil, let names = kp.property.rule.names else { return accepted(kp.kind) }
        return "one of " + names.map { "\"\($0)\"" }.joined(separator: ", ") + " (a String or its Core Animation type)"
    }

    static func convert(_ any: Any, kind: ValueKind) -> AnimatableValue? {
        switch kind {
        case .scalar:
            if let n = number(any) { return .scalar(n) }
        case .point:
            if let p = any as? CGPoint { return .point(p) }
            if let v = wrapped(any), String(cString: v.objCType) != "[16d]" { return .point(v.pointValue) }
        case .size:
            if let s = any as? CGSize { return .size(s) }
            if let v = wrapped(any), String(cString: v.objCType) != "[16d]" { return .size(v.sizeValue) }
        case .rect:
            if let r = any as? CGRect { return .rect(r) }
            if let v = wrapped(any), String(cString: v.objCType) != "[16d]" { return .rect(v.rectValue) }
        case .transform:
            if let t = any as? Transform3D { return .transform(t) }
            if let v = wrapped(any), let t = v.transform3DValue { return .transform(t) }
        case .color:
            if let c = any as? CGColor { return .color(c.color) }
        case .bool:
            if let b = any as? Bool { return .bool(b) }
            if let n = any as? NSNumber { return .bool(n.boolValue) }
        case .vector3:
            // Core Animation passes three NSNumbers in an array.
            if let list = any as? [Any], list.count == 3, case let ns = list.compactMap(number), ns.count == 3 {
                return .vector3(ns[0], ns[1], ns[2])
            }
        case .path:
            if let p = any as? CGPath { return .path(p.path) }
            // NSNull stands for an absent path where a value is required (an animation from no shadowPath).
            if any is NSNull { return .path(nil) }
        case .numbers:
            if any is NSNull { return .numbers(nil) }
            if let list = any as? [Any], case let ns = list.compactMap(number), ns.count == list.count { return .numbers(ns) }
        case .colors:
            if any is NSNull { return .colors(nil) }
            if let list = any as? [Any], case let cs = list.compactMap({ ($0 as? CGColor)?.color }), cs.count == list.count {
                return .colors(cs)
            }
        case .string:
            if any is NSNull { return .string(nil) }
            if let name = FontConversion.name(any) { return .string(name) }
        case .text:
            if any is NSNull { return .text(nil) }
            if let t = AttributedTextConversion.text(any) { return .text(t) }
        case .emitterCells:
            if any is NSNull { return .emitterCells([]) }
            if let cells = any as? [CAEmitterCell] { return .emitterCells(cells.map(\.model)) }
        case .filters:
            return FilterConversion.filters(any).map { .filters($0) }
        case .image:
            // The commit defines the image before the animation naming it (`CAAnimation.contentsImages`).
            if let image = any as? CGImage { return .image(ContentsImage(image.imageID)) }
            if ContentsValue.isNothing(any) { return .image(.none) }
        }
        return nil
    }

    /// An NSValue that is not a number (NSNumber is an NSValue too).
    private static func wrapped(_ any: Any) -> NSValue? {
        guard let v = any as? NSValue, !(v is NSNumber) else { return nil }
        return v
    }

    /// A value of whatever kind `any` is (custom keys have no declared kind); nil for types that can't be
    /// interpolated.
    static func infer(_ any: Any) -> AnimatableValue? {
        switch any {
        case let b as Bool: return .bool(b)
        case let p as CGPoint: return .point(p)
        case let s as CGSize: return .size(s)
        case let r as CGRect: return .rect(r)
        case let t as Transform3D: return .transform(t)
        case let c as CGColor: return .color(c.color)
        case let p as CGPath: return .path(p.path)
        default: return number(any).map { .scalar($0) }
        }
    }

    /// `v` as the Swift type of `model` where that is a number type (a Float key reads back as Float).
    static func any(_ v: AnimatableValue, like model: Any?) -> Any? {
        if case let .scalar(x) = v {
            switch model {
            case is Float: return Float(x)
            case is Double: return Double(x)
            case is Int: return x
            default: return x
            }
        }
        return any(v)
    }

    static func number(_ any: Any) -> CGFloat? {
        switch any {
        case let v as CGFloat: v
        case let v as Double: CGFloat(v)
        case let v as Float: CGFloat(v)
        case let v as Int: CGFloat(v)
        case let v as NSNumber: CGFloat(v.doubleValue)
        default: nil
        }
    }

    /// Back to the Swift type Core Animation code expects from `value(forKeyPath:)`; nil for an absent colour,
    /// path or list. Lists of numbers come back as `[NSNumber]`, as Core Animation's do.
    static func any(_ v: AnimatableValue) -> Any? {
        switch v {
        case .scalar(let x): x
        case .point(let p): p
        case .size(let s): s
        case .rect(let r): r
        case .transform(let t): t
        case .color(let c): c.map { CGColor($0) }
        case .bool(let b): b
        case let .vector3(x, y, z): [x, y, z]
        case .path(let p): p.map { CGPath($0) }
        case .numbers(let n): n.map { $0.map { NSNumber(value: Double($0)) } }
        case .colors(let c): c.map { $0.map { CGColor($0) } }
        case .string(let s): s
        case .text(let t): t.map(AttributedTextConversion.object)
        case .emitterCells(let cells): cells.map { CAEmitterCell(model: $0, images: [:]) }
        case .filters(let filters): filters.map(CIFilter.init(model:))
        // Images are the layer's `contents` (CALayer+Contents.swift), read as CGImages there.
        case .image: nil
        }
    }
}
