import Foundation

/// An unknown of a linear system (kiwi's `Variable`). Identity is the object: two variables with the same
/// name are different unknowns. `value` is what `Solver.updateVariables()` last wrote.
public final class Variable: Hashable, @unchecked Sendable, CustomStringConvertible {
    public let name: String
    // A lock makes the class honestly Sendable, so constraints and errors holding variables can cross threads.
    private let lock = NSLock()
    private var storedValue = 0.0

    public init(_ name: String = "") { self.name = name }

    /// The value the solver last wrote with `updateVariables()` (0 before).
    public var value: Double {
        get { lock.withLock { storedValue } }
        set { lock.withLock { storedValue = newValue } }
    }

    public static func == (lhs: Variable, rhs: Variable) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var description: String { name.isEmpty ? "v\(UInt(bitPattern: ObjectIdentifier(self).hashValue) % 10_000)" : name }
}
