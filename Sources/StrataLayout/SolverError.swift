/// What the solver refuses (kiwi's exceptions). The solver is unchanged after each, except
/// `internalSolverError`, which means a bug.
public enum SolverError: Error, Sendable, CustomStringConvertible {
    case duplicateConstraint(Constraint)
    /// A required constraint that cannot hold together with the required ones already added.
    case unsatisfiableConstraint(Constraint)
    case unknownConstraint(Constraint)
    case duplicateEditVariable(Variable)
    case unknownEditVariable(Variable)
    /// An edit variable cannot be required.
    case badRequiredStrength
    case internalSolverError(String)

    public var description: String {
        switch self {
        case .duplicateConstraint(let c): "duplicate constraint: \(c)"
        case .unsatisfiableConstraint(let c): "unsatisfiable constraint: \(c)"
        case .unknownConstraint(let c): "unknown constraint: \(c)"
        case .duplicateEditVariable(let v): "duplicate edit variable: \(v)"
        case .unknownEditVariable(let v): "unknown edit variable: \(v)"
        case .badRequiredStrength: "an edit variable cannot have the required strength"
        case .internalSolverError(let why): "internal solver error: \(why)"
        }
    }
}
