import Foundation

/// A Swift type a layer property is stored as, and how it travels as an `AnimatableValue`. The property
/// table (`LayerProperty`) declares each property with its stored type; this conversion is what lets one
/// declaration serve the wire, scene files, key paths and animation.
public protocol LayerValue: Sendable {
    static var valueKind: ValueKind { get }
    var animatableValue: AnimatableValue { get }
    /// nil when `value` is not of this type's kind (callers validate kinds first).
    init?(animatableValue value: AnimatableValue)
}

extension CGFloat: LayerValue {
    public static var valueKind: ValueKind { .scalar }
    public var animatableValue: AnimatableValue { .scalar(self) }
    public init?(animatableValue value: AnimatableValue) {
        guard case let .scalar(x) = value else { return nil }
        self = x
    }
}

extension Double: LayerValue {
    public static var valueKind: ValueKind { .scalar }
    public var animatableValue: AnimatableValue { .scalar(CGFloat(self)) }
    public init?(animatableValue value: AnimatableValue) {
        guard case let .scalar(x) = value else { return nil }
        self = Double(x)
    }
}

extension Bool: LayerValue {
    public static var valueKind: ValueKind { .bool }
    public var animatableValue: AnimatableValue { .bool(self) }
    public init?(animatableValue value: AnimatableValue) {
        guard case let .bool(b) = value else { return nil }
        self = b
    }
}

extension CGPoint: LayerValue {
    public static var valueKind: ValueKind { .point }
    public var animatableValue: AnimatableValue { .point(self) }
    public init?(animatableValue value: AnimatableValue) {
        guard case let .point(p) = value else { return nil }
        self = p
    }
}

extension CGSize: LayerValue {
    public static var valueKind: ValueKind { .size }
    public var animatableValue: AnimatableValue { .size(self) }
    public init?(animatableValue value: AnimatableValue) {
        guard case let .size(s) = value else { return nil }
        self = s
    }
}

extension CGRect: LayerValue {
    public static var valueKind: ValueKind { .rect }
    public var animatableValue: AnimatableValue { .rect(self) }
    public init?(animatableValue value: AnimatableValue) {
        guard case let .rect(r) = value else { return nil }
        self = r
    }
}

extension Transform3D: LayerValue {
    public static var valueKind: ValueKind { .transform }
    public var animatableValue: AnimatableValue { .transform(self) }
    public init?(animatableValue value: AnimatableValue) {
        guard case let .transform(t) = value else { return nil }
        self = t
    }
}

/// Values stored as optionals, nil being Core Animation's "none" (a nil colour, path or list).
public protocol OptionalLayerValue: Sendable {
    static var valueKind: ValueKind { get }
    static func wrap(_ value: Self?) -> AnimatableValue
    /// `.some(nil)` for an absent value of the right kind, nil for another kind.
    static func unwrap(_ value: AnimatableValue) -> Self??
}

extension Optional: LayerValue where Wrapped: OptionalLayerValue {
    public static var valueKind: ValueKind { Wrapped.valueKind }
    public var animatableValue: AnimatableValue { Wrapped.wrap(self) }
    public init?(animatableValue value: AnimatableValue) {
        guard let v = Wrapped.unwrap(value) else { return nil }
        self = v
    }
}

extension Color: OptionalLayerValue {
    public static var valueKind: ValueKind { .color }
    public static func wrap(_ value: Color?) -> AnimatableValue { .color(value) }
    public static func unwrap(_ value: AnimatableValue) -> Color?? {
        guard case let .color(c) = value else { return nil }
        return .some(c)
    }
}

extension Path: OptionalLayerValue {
    public static var valueKind: ValueKind { .path }
    public static func wrap(_ value: Path?) -> AnimatableValue { .path(value) }
    public static func unwrap(_ value: AnimatableValue) -> Path?? {
        guard case let .path(p) = value else { return nil }
        return .some(p)
    }
}

extension String: OptionalLayerValue {
    public static var valueKind: ValueKind { .string }
    public static func wrap(_ value: String?) -> AnimatableValue { .string(value) }
    public static func unwrap(_ value: AnimatableValue) -> String?? {
        guard case let .string(s) = value else { return nil }
        return .some(s)
    }
}

extension AttributedText: OptionalLayerValue {
    public static var valueKind: ValueKind { .text }
    public static func wrap(_ value: AttributedText?) -> AnimatableValue { .text(value) }
    public static func unwrap(_ value: AnimatableValue) -> AttributedText?? {
        guard case let .text(t) = value else { return nil }
        return .some(t)
    }
}

extension Array: OptionalLayerValue where Element: ListElement {
    public static var valueKind: ValueKind { Element.listKind }
    public static func wrap(_ value: [Element]?) -> AnimatableValue { Element.wrapList(value) }
    public static func unwrap(_ value: AnimatableValue) -> [Element]?? { Element.unwrapList(value) }
}

/// What a list value holds: numbers (`ValueKind.numbers`) or colours (`.colors`).
public protocol ListElement: Sendable {
    static var listKind: ValueKind { get }
    static func wrapList(_ list: [Self]?) -> AnimatableValue
    static func unwrapList(_ value: AnimatableValue) -> [Self]??
}

extension CGFloat: ListElement {
    public static var listKind: ValueKind { .numbers }
    public static func wrapList(_ list: [CGFloat]?) -> AnimatableValue { .numbers(list) }
    public static func unwrapList(_ value: AnimatableValue) -> [CGFloat]?? {
        guard case let .numbers(n) = value else { return nil }
        return .some(n)
    }
}

extension Color: ListElement {
    public static var listKind: ValueKind { .colors }
    public static func wrapList(_ list: [Color]?) -> AnimatableValue { .colors(list) }
    public static func unwrapList(_ value: AnimatableValue) -> [Color]?? {
        guard case let .colors(c) = value else { return nil }
        return .some(c)
    }
}

/// An enumeration stored as its raw value, a whole number (contentsGravity, fillMode, lineCap, …): it
/// travels as a scalar and is named by Core Animation's strings in KVC and scene files.
public protocol ScalarEnumeration: LayerValue, NamedCases, RawRepresentable where RawValue == UInt8 {}

extension ScalarEnumeration {
    public static var valueKind: ValueKind { .scalar }
    public var animatableValue: AnimatableValue { .scalar(CGFloat(rawValue)) }
    public init?(animatableValue value: AnimatableValue) {
        guard case let .scalar(x) = value, let raw = UInt8(exactly: x), let v = Self(rawValue: raw) else { return nil }
        self = v
    }
}

extension ContentsGravity: ScalarEnumeration {}
extension ContentsFilter: ScalarEnumeration {}
extension CornerCurve: ScalarEnumeration {}
extension FillMode: ScalarEnumeration {}
extension LineCap: ScalarEnumeration {}
extension LineJoin: ScalarEnumeration {}
extension FillRule: ScalarEnumeration {}

/// A bit mask of 0…15 stored as a byte (maskedCorners, edgeAntialiasingMask).
extension UInt8: LayerValue {
    public static var valueKind: ValueKind { .scalar }
    public var animatableValue: AnimatableValue { .scalar(CGFloat(self)) }
    public init?(animatableValue value: AnimatableValue) {
        guard case let .scalar(x) = value, let v = UInt8(exactly: x) else { return nil }
        self = v
    }
}
