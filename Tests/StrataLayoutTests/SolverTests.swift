import Testing
@testable import StrataLayout

/// The solver's own behaviour: exact solutions of small systems, strengths, edits and every error.
@Suite("Cassowary solver")
struct SolverTests {
    @Test func requiredEqualitiesAndInequalitiesHold() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.addConstraint(Constraint(x + y, .equal, 20))
        try solver.addConstraint(Constraint(x, .greaterThanOrEqual, 5))
        try solver.addConstraint(Constraint(x, .equal, 10, strength: Strength.weak))
        solver.updateVariables()
        #expect(x.value == 10)
        #expect(y.value == 10)
        try solver.addConstraint(Constraint(y, .equal, 18, strength: Strength.strong))
        solver.updateVariables()
        #expect(x.value == 5)
        #expect(y.value == 15)
    }

    @Test func aStrongerConstraintWinsOverManyWeakerOnes() throws {
        let x = Variable("x")
        let solver = Solver()
        for _ in 0..<50 { try solver.addConstraint(Constraint(x, .equal, 100, strength: Strength.medium)) }
        try solver.addConstraint(Constraint(x, .equal, 7, strength: Strength.strong))
        solver.updateVariables()
        #expect(x.value == 7)
    }

    @Test func equalStrengthsTradeOffByWeight() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.addConstraint(Constraint(x, .lessThanOrEqual, 10, strength: Strength.create(0, 0, 1, 2)))
        try solver.addConstraint(Constraint(x, .greaterThanOrEqual, 20, strength: Strength.weak))
        solver.updateVariables()
        #expect(x.value == 10)
    }

    @Test func removingAConstraintReoptimises() throws {
        let x = Variable("x")
        let solver = Solver()
        let strong = Constraint(x, .equal, 40, strength: Strength.strong)
        try solver.addConstraint(Constraint(x, .equal, 10, strength: Strength.weak))
        try solver.addConstraint(strong)
        solver.updateVariables()
        #expect(x.value == 40)
        #expect(solver.hasConstraint(strong))
        try solver.removeConstraint(strong)
        #expect(!solver.hasConstraint(strong))
        solver.updateVariables()
        #expect(x.value == 10)
    }

    @Test func suggestedValuesMoveTheSolution() throws {
        let left = Variable("left"), width = Variable("width"), right = Variable("right")
        let solver = Solver()
        try solver.addConstraint(Constraint(right, .equal, left + width))
        try solver.addConstraint(Constraint(width, .greaterThanOrEqual, 30))
        try solver.addConstraint(Constraint(right, .lessThanOrEqual, 200))
        try solver.addEditVariable(left, strength: Strength.strong)
        try solver.addEditVariable(width, strength: Strength.medium)
        try solver.suggestValue(left, 20)
        try solver.suggestValue(width, 50)
        solver.updateVariables()
        #expect([left.value, width.value, right.value] == [20, 50, 70])
        try solver.suggestValue(left, 190)
        solver.updateVariables()
        #expect([left.value, width.value, right.value] == [170, 30, 200])
        try solver.suggestValue(width, 10)
        solver.updateVariables()
        #expect([left.value, width.value, right.value] == [170, 30, 200])
        try solver.suggestValue(left, 0)
        solver.updateVariables()
        #expect([left.value, width.value, right.value] == [0, 30, 30])
        try solver.removeEditVariable(width)
        #expect(!solver.hasEditVariable(width))
    }

    @Test func anUnsatisfiableRequiredConstraintIsNamedAndLeavesTheSolverAsItWas() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.addConstraint(Constraint(x, .greaterThanOrEqual, 10))
        let bad = Constraint(x, .lessThanOrEqual, 5)
        #expect {
            try solver.addConstraint(bad)
        } throws: { error in
            guard case SolverError.unsatisfiableConstraint(let named) = error else { return false }
            return named === bad
        }
        #expect(!solver.hasConstraint(bad))
        try solver.addConstraint(Constraint(x, .equal, 12, strength: Strength.weak))
        solver.updateVariables()
        #expect(x.value == 12)
        let contradiction = Constraint(Expression(constant: 3), .equal)
        #expect(throws: SolverError.self) { try solver.addConstraint(contradiction) }
    }

    @Test func misuseThrowsInsteadOfTrapping() throws {
        let x = Variable("x")
        let solver = Solver()
        let c = Constraint(x, .equal, 1)
        try solver.addConstraint(c)
        #expect(throws: SolverError.self) { try solver.addConstraint(c) }
        #expect(throws: SolverError.self) { try solver.removeConstraint(Constraint(x, .equal, 2)) }
        #expect(throws: SolverError.self) { try solver.addEditVariable(x, strength: Strength.required) }
        #expect(throws: SolverError.self) { try solver.suggestValue(x, 3) }
        #expect(throws: SolverError.self) { try solver.removeEditVariable(x) }
        try solver.addEditVariable(x, strength: Strength.strong)
        #expect(throws: SolverError.self) { try solver.addEditVariable(x, strength: Strength.weak) }
    }

    @Test func aConstantChangedInPlaceMovesTheSolutionAndAContradictionLeavesItAsItWas() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        let width = Constraint(x, .equal, 100)
        try solver.addConstraint(width)
        try solver.addConstraint(Constraint(y - x, .equal, 24)) // y follows x
        let floor = Constraint(y, .lessThanOrEqual, 200)
        try solver.addConstraint(floor)
        let wider = Constraint(x, .equal, 150)
        try solver.replaceConstant(of: width, with: wider)
        solver.updateVariables()
        #expect(x.value == 150 && y.value == 174)
        #expect(!solver.hasConstraint(width) && solver.hasConstraint(wider))
        // 190 + 24 breaks y ≤ 200: refused, and the solver keeps the old constant.
        let tooWide = Constraint(x, .equal, 190)
        #expect(throws: SolverError.self) { try solver.replaceConstant(of: wider, with: tooWide) }
        #expect(solver.hasConstraint(wider) && !solver.hasConstraint(tooWide))
        solver.updateVariables()
        #expect(x.value == 150 && y.value == 174)
        // An optional inequality loosened and tightened, both ways through its slack.
        let preferred = Constraint(x, .greaterThanOrEqual, 160, strength: Strength.strong)
        try solver.addConstraint(preferred) // loses to the required x == 150
        let lower = Constraint(x, .greaterThanOrEqual, 120, strength: Strength.strong)
        try solver.replaceConstant(of: preferred, with: lower)
        let narrower = Constraint(x, .equal, 130)
        try solver.replaceConstant(of: wider, with: narrower)
        solver.updateVariables()
        #expect(x.value == 130 && y.value == 154)
        // More than the constant differs: removed and added.
        let other = Constraint(Expression([Term(x, 2)]), .equal, 100)
        try solver.replaceConstant(of: narrower, with: other)
        solver.updateVariables()
        #expect(x.value == 50 && y.value == 74)
        #expect(throws: SolverError.self) { try solver.replaceConstant(of: narrower, with: width) }
    }

    @Test func strengthsPackThreeLevels() {
        #expect(Strength.required == 1_001_001_000)
        #expect(Strength.strong == 1_000_000)
        #expect(Strength.medium == 1000)
        #expect(Strength.weak == 1)
        #expect(Strength.create(2, 3, 4, 10) == 20_030_040)
        #expect(Strength.create(5000, 0, 0) == 1_000_000_000)
    }

    @Test func expressionsCombineLikeTermsAndOperatorsBuildThem() throws {
        let x = Variable("x"), y = Variable("y")
        let e = 2 * x + y - x * 0.5 + 3 - (y / 2)
        let reduced = e.reduced()
        #expect(reduced.terms.map(\.coefficient) == [1.5, 0.5])
        #expect(reduced.terms.map(\.variable) == [x, y])
        #expect(reduced.constant == 3)
        let c = Constraint(x + x, .lessThanOrEqual, y, strength: Strength.medium)
        #expect(c.expression.terms.count == 2 && c.strength == Strength.medium)
        let weaker = Constraint(c, strength: Strength.weak)
        #expect(weaker.relation == .lessThanOrEqual && weaker.strength == Strength.weak)
        #expect(Constraint(x, .equal, 1, strength: 5e9).strength == Strength.required)
        let solver = Solver()
        try solver.addConstraint(Constraint(x, .equal, 4))
        try solver.addConstraint(Constraint(e, .equal, 0))
        solver.updateVariables()
        #expect(x.value == 4)
        #expect(y.value == -18)
    }
}
