import Foundation

/// A filter as a layer carries it (a `CIFilter` in `filters`, `backgroundFilters` or `compositingFilter`):
/// its type, the name key paths find it by (`filters.NAME.inputRadius`: Core Animation's `name`, which
/// defaults to the type's Core Image name), whether it is enabled (Core Animation's `enabled`), and a
/// value for every input of its type, in the type's order.
public struct FilterModel: Hashable, Sendable {
    public let type: FilterType
    public var name: String
    public var isEnabled = true
    /// One entry per `type.inputs`, in order: a number, or a vector's four numbers.
    public private(set) var values: [[CGFloat]]

    /// Filters in one list at most (a chain is drawn pass after pass).
    public static let maxCount = 16
    /// The longest name, in UTF-8 bytes.
    public static let maxNameBytes = 256

    /// A filter of `type` with its inputs' defaults (Core Image's `setDefaults()`), named after the type.
    public init(type: FilterType, name: String? = nil) {
        self.type = type
        self.name = name ?? type.name
        values = type.inputs.map(\.defaultValue)
    }

    /// The value of an input (`inputRadius`) or `enabled`; nil for a key the filter does not have.
    public func value(forKey key: String) -> AnimatableValue? {
        if key == "enabled" { return .bool(isEnabled) }
        guard let i = type.inputs.firstIndex(where: { $0.key == key }) else { return nil }
        return type.inputs[i].animatable(values[i])
    }

    /// The numbers of an input; nil for a key the filter does not have.
    public func numbers(_ key: String) -> [CGFloat]? {
        type.inputs.firstIndex { $0.key == key }.map { values[$0] }
    }

    /// Sets an input or `enabled`; throws `StrataError` naming the filter and key for a key the filter does
    /// not have (Core Image's "unknown key") or a value out of its range.
    public mutating func setValue(_ value: AnimatableValue, forKey key: String) throws {
        if key == "enabled" {
            guard case let .bool(b) = value else { throw StrataError.invalidValue(key: "\(name).enabled", expected: "a boolean") }
            isEnabled = b
            return
        }
        guard let i = type.inputs.firstIndex(where: { $0.key == key }) else {
            throw StrataError.unsupported("filter \(type.name) key \(key)")
        }
        let input = type.inputs[i]
        let numbers: [CGFloat]
        switch value {
        case .scalar(let x) where !input.isVector: numbers = [x]
        case .numbers(let n?) where input.isVector: numbers = n
        default: throw StrataError.invalidValue(key: "\(name).\(key)", expected: input.isVector ? "a vector of 4 numbers" : "a number")
        }
        if let problem = input.error(numbers, filter: name) { throw StrataError.invalid(problem) }
        values[i] = numbers
    }

    /// Sets an input or `enabled` as an animation's value: numbers clamped into the input's range (NaN to its
    /// default); a value of the wrong shape or a key the filter lacks changes nothing.
    public mutating func setClamped(_ value: AnimatableValue, forKey key: String) {
        if key == "enabled" {
            if case let .bool(b) = value { isEnabled = b }
            return
        }
        guard let i = type.inputs.firstIndex(where: { $0.key == key }) else { return }
        let input = type.inputs[i]
        let numbers: [CGFloat]
        switch value {
        case .scalar(let x) where !input.isVector: numbers = [x]
        case .numbers(let n?) where input.isVector && n.count == input.defaultValue.count: numbers = n
        default: return
        }
        values[i] = zip(numbers, input.defaultValue).map { x, d in x.isNaN ? d : Swift.min(Swift.max(x, input.range.lowerBound), input.range.upperBound) }
    }

    /// Sets the numbers of the input at `index` unchecked (the wire decoder checks them with `validationError`).
    public mutating func setValues(_ numbers: [CGFloat], at index: Int) {
        guard values.indices.contains(index) else { return }
        values[index] = numbers
    }

    /// Why this filter is wrong (a name too long or empty, an input out of range), or nil.
    public var validationError: String? {
        guard !name.isEmpty, name.utf8.count <= Self.maxNameBytes else {
            return "filter \(type.name): a name of 1…\(Self.maxNameBytes) bytes"
        }
        guard !name.contains(".") else { return "filter \(name): a name without \".\" (key paths are split there)" }
        for (input, numbers) in zip(type.inputs, values) {
            if let problem = input.error(numbers, filter: name) { return problem }
        }
        return nil
    }

    /// The radius a blur spreads its input by (points), 0 for a filter that only recolours.
    public var blurRadius: CGFloat {
        guard isEnabled, type == .gaussianBlur else { return 0 }
        return max(0, numbers("inputRadius")?.first ?? 0)
    }
}

extension [FilterModel] {
    /// Why a list for `property` is wrong, to follow the property's name ("filters takes at most 16
    /// filters, not 17"): too many filters, a wrong one, a blend mode among `filters` or a colour filter as
    /// `compositingFilter` (Strata draws blend modes only there); nil when it is right.
    public func validationError(property: String) -> String? {
        let blends = property == "compositingFilter"
        let limit = blends ? 1 : FilterModel.maxCount
        guard count <= limit else { return "takes at most \(limit) filter\(limit == 1 ? "" : "s"), not \(count)" }
        for f in self {
            if let problem = f.validationError { return problem }
            if f.type.isBlendMode != blends {
                return (blends ? "takes only a blend mode" : "takes no blend mode") + ": unsupported: filter \(f.type.name)"
            }
        }
        return nil
    }

    /// The total blur radius (points) the enabled filters spread a layer's pixels by: what they reach.
    public var blurReach: CGFloat { reduce(0) { $0 + $1.blurRadius } }
}
