/// Errors the core model raises for input it cannot honour.
public enum StrataError: Error, Equatable, CustomStringConvertible, Sendable {
    /// A feature Strata does not implement yet: "unsupported: NAME".
    case unsupported(String)
    /// A value whose shape does not match what the key expects.
    case invalidValue(key: String, expected: String)
    /// A CATransition type Strata does not render (Apple's private types): "unsupported transition: NAME".
    case unsupportedTransition(String)
    /// A value of the right shape out of its range, with the reason (naming what it was given for).
    case invalid(String)

    public var description: String {
        switch self {
        case .unsupported(let name): "unsupported: \(name)"
        case let .invalidValue(key, expected): "invalid value for \(key): expected \(expected)"
        case .unsupportedTransition(let name): "unsupported transition: \(name)"
        case .invalid(let reason): reason
        }
    }
}
