/// Errors the core model raises for input it cannot honour.
public enum StrataError: Error, Equatable, CustomStringConvertible, Sendable {
    /// A feature Strata does not implement yet: "unsupported: NAME".
    case unsupported(String)
    /// A value whose shape does not match what the key expects.
    case invalidValue(key: String, expected: String)

    public var description: String {
        switch self {
        case .unsupported(let name): "unsupported: \(name)"
        case let .invalidValue(key, expected): "invalid value for \(key): expected \(expected)"
        }
    }
}
