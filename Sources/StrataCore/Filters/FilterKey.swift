import Foundation

/// A key path into a layer's named filters, as Core Animation's: `filters.blur.inputRadius`,
/// `backgroundFilters.frost.inputRadius`, `filters.tint.enabled`. It reads and writes inside the list's
/// value, so animations and KVC reach a filter's inputs. A name matches the first filter of that name; a path
/// naming no filter reads nothing (the key's zero) and writes nothing, as a cell key path does.
public struct FilterKey: Hashable, Sendable, CustomStringConvertible {
    /// `filters` or `backgroundFilters`.
    public let list: String
    public let name: String
    public let key: String

    /// The lists a key path may name.
    public static let lists = ["filters", "backgroundFilters"]

    /// Parses `LIST.NAME.KEY`; nil when LIST is not a filter list or the path has another shape. The key is
    /// checked against the filter the path finds, when it is used.
    public init?(parsing text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, Self.lists.contains(parts[0]), !parts[1].isEmpty, !parts[2].isEmpty else { return nil }
        list = parts[0]; name = parts[1]; key = parts[2]
    }

    public var description: String { "\(list).\(name).\(key)" }

    /// The value's shape: a flag for `enabled`, a list for a vector input (`inputRVector`), else a number.
    public var kind: ValueKind {
        if key == "enabled" { return .bool }
        return FilterType.vectorKeys.contains(key) ? .numbers : .scalar
    }

    /// Whether the key is one some filter has (an input, or `enabled`).
    public var namesAKnownKey: Bool { key == "enabled" || FilterType.inputKeys.contains(key) }

    public func get(from whole: AnimatableValue) -> AnimatableValue {
        guard case let .filters(filters) = whole, let f = filters.first(where: { $0.name == name }),
              let value = f.value(forKey: key) else { return .zero(of: kind) }
        return value
    }

    public func set(_ part: AnimatableValue, in whole: AnimatableValue) -> AnimatableValue {
        guard case var .filters(filters) = whole, let i = filters.firstIndex(where: { $0.name == name }) else { return whole }
        // An animation's value past the input's range (a spring overshooting a radius of 0) is clamped to it.
        filters[i].setClamped(part, forKey: key)
        return .filters(filters)
    }

    /// Why setting `value` here in `whole` fails (no filter of that name, a key it lacks, a value out of
    /// range), or nil.
    public func setError(_ value: AnimatableValue, in whole: AnimatableValue) -> String? {
        guard case var .filters(filters) = whole, let i = filters.firstIndex(where: { $0.name == name }) else {
            return "\(list): no filter named \(name)"
        }
        do { try filters[i].setValue(value, forKey: key) } catch { return "\(error)" }
        return nil
    }
}
