/// Changing a constraint's constant in place: what UIKit's engine does when an app sets
/// `NSLayoutConstraint.constant` (its most common change), at the cost of a suggestion rather than a removal
/// and an addition.
///
/// A constraint stands in the tableau by its marker symbol (its slack, error or dummy; `Solver.Tag`), which its
/// row held with coefficient m: `expression + m·marker (+ …) = 0`. Moving the expression's constant by Δ is the
/// same system with the marker moved by Δ/m, so every row's constant shifts by its marker coefficient times
/// that (or the marker's own row by its negation), and the dual simplex restores feasibility from the last
/// solution, as `suggestValue` does for an edit variable (kiwi's `suggestValue` is this for an edit's equality).
extension Solver {
    /// Replaces `old`, added before, by `new`, which must differ from it only in its expression's constant.
    /// Throws `unknownConstraint` if `old` is not added, `duplicateConstraint` if `new` is, and
    /// `unsatisfiableConstraint(new)` if `new` is required and contradicts the required constraints (the solver
    /// is then as before, `old` still in). Anything else about `new` that differs removes `old` and adds `new`.
    public func replaceConstant(of old: Constraint, with new: Constraint) throws {
        guard let tag = state.constraints[old] else { throw SolverError.unknownConstraint(old) }
        guard state.constraints[new] == nil else { throw SolverError.duplicateConstraint(new) }
        guard Self.differOnlyInConstant(old, new), let shifts = markerShift(tag, old, by: new.expression.constant - old.expression.constant)
        else { return try removeAndAdd(old, new) }
        // Kept to restore: only a required constraint can make the system infeasible, but a failure leaves
        // the tableau half-pivoted whatever the cause (the copy is what `addConstraint` pays for a required one).
        let saved = state
        state.constraints[old] = nil
        state.constraints[new] = tag
        shifts()
        do {
            try dualOptimize()
        } catch {
            state = saved
            throw new.strength >= Strength.required ? SolverError.unsatisfiableConstraint(new) : error
        }
    }

    private func removeAndAdd(_ old: Constraint, _ new: Constraint) throws {
        try removeConstraint(old)
        do {
            try addConstraint(new)
        } catch {
            try? addConstraint(old)
            throw error
        }
    }

    static func differOnlyInConstant(_ a: Constraint, _ b: Constraint) -> Bool {
        a.relation == b.relation && a.strength == b.strength && a.expression.terms.count == b.expression.terms.count
            && zip(a.expression.terms, b.expression.terms).allSatisfy { $0.variable === $1.variable && $0.coefficient == $1.coefficient }
    }

    /// The change to the rows for the constant moved by `delta`, or nil where it cannot be made in place: a
    /// basic dummy (a required equality found redundant: moving it may contradict the others, which only an
    /// addition can tell) or a marker in no row.
    private func markerShift(_ tag: Tag, _ constraint: Constraint, by delta: Double) -> (() -> Void)? {
        let (m, o) = markerCoefficients(constraint)
        if state.rows[tag.marker] != nil {
            if tag.marker.isDummy { return nil }
            return { self.shiftBasic(tag.marker, by: -delta / m) }
        }
        if let other = tag.other, let oc = o, state.rows[other] != nil {
            return { self.shiftBasic(other, by: -delta / oc) }
        }
        guard state.rows.values.contains(where: { $0.coefficient(for: tag.marker) != 0 }) else { return nil }
        return {
            let shift = delta / m
            for key in Array(self.state.rows.keys) {
                guard let c = self.state.rows[key]?.coefficient(for: tag.marker), c != 0 else { continue }
                let constant = self.state.rows[key]?.add(c * shift) ?? 0
                if constant < 0, !key.isExternal { self.state.infeasibleRows.append(key) }
            }
        }
    }

    private func shiftBasic(_ symbol: Symbol, by value: Double) {
        if state.rows[symbol]?.add(value) ?? 0 < 0, !symbol.isExternal { state.infeasibleRows.append(symbol) }
    }

    /// The coefficients `makeRow` gave the marker and the other symbol, before any change of sign.
    private func markerCoefficients(_ constraint: Constraint) -> (marker: Double, other: Double?) {
        let required = constraint.strength >= Strength.required
        switch constraint.relation {
        case .lessThanOrEqual: return (1, required ? nil : -1)
        case .greaterThanOrEqual: return (-1, required ? nil : 1)
        case .equal: return required ? (1, nil) : (-1, 1)
        }
    }
}
