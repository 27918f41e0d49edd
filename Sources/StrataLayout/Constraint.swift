/// How a constraint's expression relates to 0.
public enum RelationalOperator: Sendable, CustomStringConvertible {
    case lessThanOrEqual, equal, greaterThanOrEqual

    public var description: String {
        switch self {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
    }
}

/// `expression (relation) 0` at a strength (kiwi's `Constraint`). Immutable; identity is the object, so the
/// same constraint can be removed from the solver it was added to.
public final class Constraint: Hashable, Sendable, CustomStringConvertible {
    public let expression: Expression
    public let relation: RelationalOperator
    public let strength: Double

    /// `expression relation 0`; like terms are combined and the strength is clipped to 0…required.
    public init(_ expression: Expression, _ relation: RelationalOperator, strength: Double = Strength.required) {
        self.expression = expression.reduced()
        self.relation = relation
        self.strength = Strength.clip(strength)
    }

    /// `lhs relation rhs`, as `lhs - rhs relation 0`.
    public convenience init<L: ExpressionConvertible, R: ExpressionConvertible>(
        _ lhs: L, _ relation: RelationalOperator, _ rhs: R, strength: Double = Strength.required
    ) {
        self.init(lhs - rhs, relation, strength: strength)
    }

    /// `lhs relation constant`.
    public convenience init<L: ExpressionConvertible>(
        _ lhs: L, _ relation: RelationalOperator, _ constant: Double, strength: Double = Strength.required
    ) {
        self.init(lhs - constant, relation, strength: strength)
    }

    /// The same relation at another strength (kiwi's `Constraint(other, strength)`).
    public convenience init(_ other: Constraint, strength: Double) {
        self.init(other.expression, other.relation, strength: strength)
    }

    public static func == (lhs: Constraint, rhs: Constraint) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var description: String { "\(expression) \(relation) 0 (strength \(strength))" }
}
