/// An incremental Cassowary solver (Badros, Borning and Stuckey, as kiwi implements it): constraints and
/// edit variables are added and removed one at a time, each change re-optimising from the last solution.
/// Required constraints hold exactly; among the others a stronger one wins over any number of weaker ones
/// as far as `Strength` packs them, and equal strengths trade off by weight. Use it from one thread.
public final class Solver {
    /// The symbols standing for a constraint in the tableau: its slack or dummy (`marker`), and its second
    /// error symbol for a non-required equality (`other`).
    struct Tag {
        var marker: Symbol
        var other: Symbol?
    }

    struct EditInfo {
        let tag: Tag
        let constraint: Constraint
        var constant: Double
    }

    /// The whole state, a value, so a failed `addConstraint` restores it exactly.
    struct State {
        var constraints: [Constraint: Tag] = [:]
        var rows: [Symbol: Row] = [:]
        var variables: [Variable: Symbol] = [:]
        var edits: [Variable: EditInfo] = [:]
        var infeasibleRows: [Symbol] = []
        var objective = Row()
        var artificial: Row?
        var nextID = 1
    }

    var state = State()

    public init() {}

    /// Adds a constraint. Throws `duplicateConstraint` if it is already added and `unsatisfiableConstraint`
    /// if it is required and contradicts the required constraints already added (the solver is then as before).
    public func addConstraint(_ constraint: Constraint) throws {
        guard state.constraints[constraint] == nil else { throw SolverError.duplicateConstraint(constraint) }
        // Only a required constraint can be unsatisfiable; copying the state (the tableau's rows) costs a
        // pass over it, so optional constraints, which cannot fail, skip it.
        guard constraint.strength >= Strength.required else { return try insert(constraint) }
        let saved = state
        do {
            try insert(constraint)
        } catch {
            state = saved
            throw error
        }
    }

    /// Removes a constraint added before (`unknownConstraint` otherwise).
    public func removeConstraint(_ constraint: Constraint) throws {
        guard let tag = state.constraints.removeValue(forKey: constraint) else {
            throw SolverError.unknownConstraint(constraint)
        }
        try remove(constraint, tag: tag)
    }

    public func hasConstraint(_ constraint: Constraint) -> Bool { state.constraints[constraint] != nil }

    /// How many constraints are added, edit variables' included (a check that nothing was left behind).
    public var constraintCount: Int { state.constraints.count }

    /// Makes `variable` suggestible at `strength`, which must be below required (`badRequiredStrength`).
    public func addEditVariable(_ variable: Variable, strength: Double) throws {
        guard state.edits[variable] == nil else { throw SolverError.duplicateEditVariable(variable) }
        let strength = Strength.clip(strength)
        guard strength < Strength.required else { throw SolverError.badRequiredStrength }
        let constraint = Constraint(Expression(variable), .equal, strength: strength)
        try addConstraint(constraint)
        guard let tag = state.constraints[constraint] else { throw SolverError.internalSolverError("edit constraint lost") }
        state.edits[variable] = EditInfo(tag: tag, constraint: constraint, constant: 0)
    }

    public func removeEditVariable(_ variable: Variable) throws {
        guard let info = state.edits[variable] else { throw SolverError.unknownEditVariable(variable) }
        try removeConstraint(info.constraint)
        state.edits[variable] = nil
    }

    public func hasEditVariable(_ variable: Variable) -> Bool { state.edits[variable] != nil }

    /// Suggests a value for an edit variable; the solution follows by the dual simplex from the last one.
    public func suggestValue(_ variable: Variable, _ value: Double) throws {
        guard var info = state.edits[variable] else { throw SolverError.unknownEditVariable(variable) }
        let delta = value - info.constant
        info.constant = value
        state.edits[variable] = info
        try applySuggestion(delta, tag: info.tag)
    }

    /// Writes the current solution into every variable the solver knows.
    public func updateVariables() {
        for (variable, symbol) in state.variables {
            variable.value = state.rows[symbol]?.constant ?? 0
        }
    }

    /// Removes every constraint and edit variable.
    public func reset() { state = State() }
}
