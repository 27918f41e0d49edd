import Foundation

/// One layer property Strata carries: its Core Animation key, wire id, value shape, default, how it
/// animates, which layer kinds carry it, what values it takes, and where a `LayerModel` stores it.
/// Every property is declared once, in the table (`LayerProperty+Table.swift` for CALayer's own, and each
/// kind's file under Kinds/ for its own); key paths, the wire codec, scene files, KVC and animation
/// evaluation read the table, and nothing else lists properties. `contents` is carried separately (an
/// image reference, not a value).
public struct LayerProperty: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// How a property animates.
    public enum Animation: Sendable {
        /// Not animatable: an animation of it is rejected.
        case none
        /// Animates explicitly and has Core Animation's implicit animation when it changes.
        case implicit
        /// Animates explicitly only (`hidden`: a change shows at once, Strata's documented choice).
        case explicitOnly
    }

    /// The declaration, shared: a property is one word to copy (key paths and animations carry it).
    private let declaration: Declaration

    private final class Declaration: Sendable {
        let id: UInt16
        let name: String
        let kind: ValueKind
        let defaultValue: AnimatableValue
        let kinds: LayerKinds
        let animation: Animation
        let isTiming: Bool
        let rule: ValueRule
        let read: @Sendable (borrowing LayerModel) -> AnimatableValue
        let write: @Sendable (inout LayerModel, AnimatableValue) -> Void

        init(id: UInt16, name: String, kind: ValueKind, defaultValue: AnimatableValue, kinds: LayerKinds, animation: Animation,
             isTiming: Bool, rule: ValueRule, read: @escaping @Sendable (borrowing LayerModel) -> AnimatableValue,
             write: @escaping @Sendable (inout LayerModel, AnimatableValue) -> Void) {
            self.id = id; self.name = name; self.kind = kind; self.defaultValue = defaultValue; self.kinds = kinds
            self.animation = animation; self.isTiming = isTiming; self.rule = rule; self.read = read; self.write = write
        }
    }

    /// The wire id (docs/protocol.md).
    public var rawValue: UInt16 { declaration.id }
    /// The Core Animation key (key paths, scene files, `CABasicAnimation(keyPath:)`).
    public var name: String { declaration.name }
    public var kind: ValueKind { declaration.kind }
    public var defaultValue: AnimatableValue { declaration.defaultValue }
    /// The layer kinds that carry it.
    public var kinds: LayerKinds { declaration.kinds }
    public var animation: Animation { declaration.animation }
    /// One of the layer's CAMediaTiming properties.
    public var isTiming: Bool { declaration.isTiming }
    /// Which values are valid beyond their kind.
    public var rule: ValueRule { declaration.rule }
    var read: @Sendable (borrowing LayerModel) -> AnimatableValue { declaration.read }
    var write: @Sendable (inout LayerModel, AnimatableValue) -> Void { declaration.write }

    /// Declares a property stored in `LayerModel` where `get` reads it and `set` writes it (closures, not a
    /// key path: key-path projection costs a copy of the model and a metadata lookup on every access, and
    /// animations read and write properties every frame). Its default is the stored property's initial
    /// value in a model of a kind that carries it.
    @inline(__always)
    init<V: LayerValue>(_ id: UInt16, _ name: String, _ get: @escaping @Sendable (borrowing LayerModel) -> V,
                        _ set: @escaping @Sendable (inout LayerModel, V) -> Void,
                        kinds: LayerKinds = .all, animation: Animation = .implicit, timing: Bool = false, rule: ValueRule = .any) {
        self.init(id, name, kind: V.valueKind, kinds: kinds, animation: animation, timing: timing,
                  rule: V.self is any ScalarEnumeration.Type ? Self.enumerationRule(V.self) : rule,
                  read: { get($0).animatableValue },
                  write: { m, v in if let typed = V(animatableValue: v) { set(&m, typed) } })
    }

    /// Declares a property with its own conversion (a value stored in another form).
    init(_ id: UInt16, _ name: String, kind: ValueKind, kinds: LayerKinds = .all, animation: Animation = .implicit,
         timing: Bool = false, rule: ValueRule = .any,
         read: @escaping @Sendable (borrowing LayerModel) -> AnimatableValue, write: @escaping @Sendable (inout LayerModel, AnimatableValue) -> Void) {
        let carrier = LayerKind.allCases.first(where: kinds.contains) ?? .layer
        declaration = Declaration(id: id, name: name, kind: kind, defaultValue: read(LayerModel(kind: carrier)), kinds: kinds,
                                  animation: animation, isTiming: timing, rule: rule, read: read, write: write)
    }

    private static func enumerationRule<V: LayerValue>(_ type: V.Type) -> ValueRule {
        func names<E: ScalarEnumeration>(_ e: E.Type) -> [String] { E.names }
        guard let named = type as? any ScalarEnumeration.Type else { return .any }
        return .enumeration(names(named))
    }

    /// The property with wire id `rawValue`.
    public init?(rawValue: UInt16) {
        guard Int(rawValue) < Self.byID.count, let p = Self.byID[Int(rawValue)] else { return nil }
        self = p
    }

    /// The property called `name` (any kind's).
    public init?(name: String) {
        guard let p = Self.byName[name] else { return nil }
        self = p
    }

    public static func == (a: LayerProperty, b: LayerProperty) -> Bool { a.rawValue == b.rawValue }
    public func hash(into h: inout Hasher) { h.combine(rawValue) }
    public var description: String { name }

    public var isAnimatable: Bool { animation != .none }

    /// Whether a commit or a scene sets it as a value (`setProperty`). `contents` is set as an image
    /// reference (`setContents`), which keeps the image alive; only animations carry it as a value.
    public var travelsAsProperty: Bool { self != .contents }

    /// Whether a layer of `kind` carries this property.
    public func isCarried(by kind: LayerKind) -> Bool { kinds.contains(kind) }

    /// Why `value` (already of the right kind) is out of range for this property, or nil when it is valid.
    public func rangeError(_ value: AnimatableValue) -> String? { rule.error(value, property: name) }

    /// The properties a layer of `kind` carries, in table order.
    public static func carried(by kind: LayerKind) -> [LayerProperty] { byKind[Int(kind.rawValue)] }

    private static let byID: [LayerProperty?] = {
        var table = [LayerProperty?](repeating: nil, count: Int(allCases.map(\.rawValue).max() ?? 0) + 1)
        for p in allCases { table[Int(p.rawValue)] = p }
        return table
    }()
    private static let byName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })
    private static let byKind = LayerKind.allCases.map { k in allCases.filter { $0.kinds.contains(k) } }
}

/// The values a property takes beyond its value kind, with the wording of the errors that name them.
public enum ValueRule: Sendable {
    case any
    /// A number ≥ 0.
    case nonNegative
    /// A number > 0.
    case positive
    /// A bit mask of 0…15.
    case mask
    /// A raw value of an enumeration whose case names, in raw-value order, are given (0, 1, …).
    case enumeration([String])
    /// Checked by `check`, which returns the reason a value is wrong; `shape` describes valid values.
    case custom(shape: String, check: @Sendable (AnimatableValue) -> String?)

    /// Why `value` is invalid for `property`, or nil. An infinite repeatCount travels as the largest
    /// finite number.
    public func error(_ value: AnimatableValue, property: String) -> String? {
        switch self {
        case .any:
            return nil
        case .custom(_, let check):
            return check(value).map { "\(property) \($0)" }
        default:
            break
        }
        guard case let .scalar(x) = value else { return nil }
        switch self {
        case .nonNegative:
            return x >= 0 ? nil : "\(property) must not be negative, got \(x)"
        case .positive:
            return x > 0 ? nil : "\(property) must be positive, got \(x)"
        case .mask:
            return UInt8(exactly: x).map { $0 <= 15 } == true ? nil : "\(property) must be a mask of 0…15, got \(x)"
        case .enumeration(let names):
            guard let raw = Int(exactly: x), names.indices.contains(raw) else {
                let choices = names.enumerated().map { "\($0.offset) (\($0.element))" }
                let list = choices.count > 1 ? choices.dropLast().joined(separator: ", ") + " or " + (choices.last ?? "") : choices.joined()
                return "\(property) must be \(list), got \(x)"
            }
            return nil
        case .any, .custom:
            return nil
        }
    }

    /// What valid values look like, for scene-file messages ("a number > 0").
    public func shapeDescription(kind: ValueKind) -> String? {
        switch self {
        case .any: nil
        case .nonNegative: "a number ≥ 0"
        case .positive: "a number > 0"
        case .mask: "a whole number 0…15 (a bit mask)"
        case .enumeration(let names): "one of \(names.joined(separator: ", "))"
        case .custom(let shape, _): shape
        }
    }

    /// Core Animation's names of an enumerated property's values (nil for other properties).
    public var names: [String]? {
        if case let .enumeration(names) = self { return names }
        return nil
    }
}
