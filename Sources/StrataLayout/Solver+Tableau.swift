/// The tableau's operations (the paper's, in kiwi's arrangement): making a constraint's row, choosing the
/// symbol it is solved for, the primal simplex on the objective and pivoting.
extension Solver {
    func newSymbol(_ kind: Symbol.Kind) -> Symbol {
        defer { state.nextID += 1 }
        return Symbol(id: state.nextID, kind: kind)
    }

    func symbol(for variable: Variable) -> Symbol {
        if let known = state.variables[variable] { return known }
        let made = newSymbol(.external)
        state.variables[variable] = made
        return made
    }

    func insert(_ constraint: Constraint) throws {
        var (row, tag) = makeRow(constraint)
        var subject = chooseSubject(row, tag)
        if subject == nil, row.cells.keys.allSatisfy(\.isDummy) {
            // Only dummies: the constraint is a restatement of required equalities, or contradicts them.
            guard nearZero(row.constant) else { throw SolverError.unsatisfiableConstraint(constraint) }
            subject = tag.marker
        }
        if let subject {
            row.solve(for: subject)
            substitute(subject, row)
            state.rows[subject] = row
        } else {
            guard try addWithArtificialVariable(row) else { throw SolverError.unsatisfiableConstraint(constraint) }
        }
        state.constraints[constraint] = tag
        try optimize()
    }

    /// The constraint's row with basic variables substituted, its slack, error or dummy symbols added
    /// (errors weighted by the strength in the objective), the constant made non-negative.
    func makeRow(_ constraint: Constraint) -> (Row, Solver.Tag) {
        let expression = constraint.expression
        var row = Row(constant: expression.constant)
        for term in expression.terms where !nearZero(term.coefficient) {
            let symbol = symbol(for: term.variable)
            if let basic = state.rows[symbol] { row.insert(basic, term.coefficient) } else { row.insert(symbol, term.coefficient) }
        }
        let tag: Solver.Tag
        let required = constraint.strength >= Strength.required
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            let slack = newSymbol(.slack)
            row.insert(slack, sign)
            if required {
                tag = Solver.Tag(marker: slack, other: nil)
            } else {
                let error = newSymbol(.error)
                row.insert(error, -sign)
                state.objective.insert(error, constraint.strength)
                tag = Solver.Tag(marker: slack, other: error)
            }
        case .equal:
            if required {
                let dummy = newSymbol(.dummy)
                row.insert(dummy)
                tag = Solver.Tag(marker: dummy, other: nil)
            } else {
                let plus = newSymbol(.error), minus = newSymbol(.error)
                row.insert(plus, -1)
                row.insert(minus, 1)
                state.objective.insert(plus, constraint.strength)
                state.objective.insert(minus, constraint.strength)
                tag = Solver.Tag(marker: plus, other: minus)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return (row, tag)
    }

    /// An external symbol if the row has one; else the constraint's own slack or error symbol when its
    /// coefficient is negative (so the basic value stays feasible); else none.
    func chooseSubject(_ row: Row, _ tag: Solver.Tag) -> Symbol? {
        if let external = row.firstSymbol(where: { symbol, _ in symbol.isExternal }) { return external }
        for candidate in [tag.marker, tag.other].compactMap({ $0 }) where candidate.isPivotable {
            if row.coefficient(for: candidate) < 0 { return candidate }
        }
        return nil
    }

    /// Phase one for a row with no good subject: minimise an artificial variable standing for it; the
    /// constraint is satisfiable if that reaches zero.
    func addWithArtificialVariable(_ row: Row) throws -> Bool {
        let artificial = newSymbol(.slack)
        state.rows[artificial] = row
        state.artificial = row
        try optimize(artificialObjective: true)
        let success = nearZero(state.artificial?.constant ?? 0)
        state.artificial = nil
        if var basic = state.rows.removeValue(forKey: artificial) {
            if basic.cells.isEmpty { return success }
            guard let entering = basic.firstSymbol(where: { symbol, _ in symbol.isPivotable }) else { return false }
            basic.solve(for: artificial, entering)
            substitute(entering, basic)
            state.rows[entering] = basic
        }
        for key in Array(state.rows.keys) { state.rows[key]?.remove(artificial) }
        state.objective.remove(artificial)
        return success
    }

    /// Replaces `symbol` by `row` everywhere, noting the restricted rows it makes negative.
    func substitute(_ symbol: Symbol, _ row: Row) {
        for key in Array(state.rows.keys) {
            guard state.rows[key]?.coefficient(for: symbol) != 0 else { continue }
            state.rows[key]?.substitute(symbol, row)
            if !key.isExternal, let constant = state.rows[key]?.constant, constant < 0 {
                state.infeasibleRows.append(key)
            }
        }
        state.objective.substitute(symbol, row)
        state.artificial?.substitute(symbol, row)
    }

    /// The primal simplex: pivots until no symbol in the objective can lower it.
    func optimize(artificialObjective: Bool = false) throws {
        while true {
            let objective = artificialObjective ? (state.artificial ?? Row()) : state.objective
            guard let entering = objective.firstSymbol(where: { symbol, c in !symbol.isDummy && c < 0 }) else { return }
            guard let leaving = leavingRow(for: entering) else {
                throw SolverError.internalSolverError("the objective is unbounded")
            }
            pivot(leaving: leaving, entering: entering)
        }
    }

    /// The restricted row that bounds `entering` first (the minimum ratio; ties to the lowest id).
    func leavingRow(for entering: Symbol) -> Symbol? {
        var best: (symbol: Symbol, ratio: Double)?
        for (symbol, row) in state.rows where !symbol.isExternal {
            let c = row.coefficient(for: entering)
            guard c < 0 else { continue }
            let ratio = -row.constant / c
            if let b = best, ratio > b.ratio || (ratio == b.ratio && symbol > b.symbol) { continue }
            best = (symbol, ratio)
        }
        return best?.symbol
    }

    func pivot(leaving: Symbol, entering: Symbol) {
        guard var row = state.rows.removeValue(forKey: leaving) else { return }
        row.solve(for: leaving, entering)
        substitute(entering, row)
        state.rows[entering] = row
    }
}
