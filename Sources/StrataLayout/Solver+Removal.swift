/// Removing a constraint and moving edit variables: the marker symbol is made basic and its row dropped;
/// a suggestion shifts constants and the dual simplex restores feasibility.
extension Solver {
    func remove(_ constraint: Constraint, tag: Solver.Tag) throws {
        // Its error symbols leave the objective first, so the re-optimisation no longer weighs them.
        for error in [tag.marker, tag.other].compactMap({ $0 }) where error.kind == .error {
            if let row = state.rows[error] {
                state.objective.insert(row, -constraint.strength)
            } else {
                state.objective.insert(error, -constraint.strength)
            }
        }
        if state.rows.removeValue(forKey: tag.marker) == nil {
            guard let leaving = markerLeavingRow(tag.marker) else {
                throw SolverError.internalSolverError("no row to remove the constraint's marker from")
            }
            guard var row = state.rows.removeValue(forKey: leaving) else { return }
            row.solve(for: leaving, tag.marker)
            substitute(tag.marker, row)
        }
        try optimize()
    }

    /// The row to pivot the marker into: a restricted row it bounds most tightly, else any restricted row,
    /// else an external one.
    func markerLeavingRow(_ marker: Symbol) -> Symbol? {
        var negative: (Symbol, Double)?, positive: (Symbol, Double)?, external: Symbol?
        for (symbol, row) in state.rows.sorted(by: { $0.key < $1.key }) {
            let c = row.coefficient(for: marker)
            if c == 0 { continue }
            if symbol.isExternal {
                external = symbol
            } else if c < 0 {
                let ratio = -row.constant / c
                if negative.map({ ratio < $0.1 }) ?? true { negative = (symbol, ratio) }
            } else {
                let ratio = row.constant / c
                if positive.map({ ratio < $0.1 }) ?? true { positive = (symbol, ratio) }
            }
        }
        return negative?.0 ?? positive?.0 ?? external
    }

    func applySuggestion(_ delta: Double, tag: Solver.Tag) throws {
        if state.rows[tag.marker] != nil {
            if state.rows[tag.marker]?.add(-delta) ?? 0 < 0 { state.infeasibleRows.append(tag.marker) }
        } else if let other = tag.other, state.rows[other] != nil {
            if state.rows[other]?.add(delta) ?? 0 < 0 { state.infeasibleRows.append(other) }
        } else {
            for key in Array(state.rows.keys) {
                guard let c = state.rows[key]?.coefficient(for: tag.marker), c != 0 else { continue }
                let constant = state.rows[key]?.add(delta * c) ?? 0
                if constant < 0, !key.isExternal { state.infeasibleRows.append(key) }
            }
        }
        try dualOptimize()
    }

    /// The dual simplex: pivots each infeasible row back to a non-negative constant, keeping optimality.
    func dualOptimize() throws {
        while let leaving = state.infeasibleRows.popLast() {
            guard let row = state.rows[leaving], row.constant < 0 else { continue }
            var best: (symbol: Symbol, ratio: Double)?
            for (symbol, c) in row.cells where c > 0 && !symbol.isDummy {
                let ratio = state.objective.coefficient(for: symbol) / c
                if let b = best, ratio > b.ratio || (ratio == b.ratio && symbol > b.symbol) { continue }
                best = (symbol, ratio)
            }
            guard let entering = best?.symbol else { throw SolverError.internalSolverError("dual optimise failed") }
            pivot(leaving: leaving, entering: entering)
        }
    }
}
