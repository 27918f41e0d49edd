/// One row of the tableau: `basic = constant + Σ coefficient·symbol` over nonbasic symbols (a value type;
/// the objective is a row too).
struct Row {
    private(set) var cells: [Symbol: Double] = [:]
    private(set) var constant: Double

    init(constant: Double = 0) { self.constant = constant }

    func coefficient(for symbol: Symbol) -> Double { cells[symbol] ?? 0 }

    /// Adds `value` to the constant and returns the new constant.
    @discardableResult
    mutating func add(_ value: Double) -> Double {
        constant += value
        return constant
    }

    /// Adds `coefficient·symbol`, dropping the cell when it cancels to zero.
    mutating func insert(_ symbol: Symbol, _ coefficient: Double = 1) {
        let sum = (cells[symbol] ?? 0) + coefficient
        if nearZero(sum) { cells[symbol] = nil } else { cells[symbol] = sum }
    }

    /// Adds `coefficient` times another row (its constant and cells).
    mutating func insert(_ row: Row, _ coefficient: Double = 1) {
        constant += row.constant * coefficient
        for (symbol, c) in row.cells { insert(symbol, c * coefficient) }
    }

    mutating func remove(_ symbol: Symbol) { cells[symbol] = nil }

    mutating func reverseSign() {
        constant = -constant
        for key in cells.keys { cells[key] = -(cells[key] ?? 0) }
    }

    /// Rewrites `0 = constant + … + c·symbol` as `symbol = …` (the symbol leaves the cells).
    mutating func solve(for symbol: Symbol) {
        guard let c = cells.removeValue(forKey: symbol) else { return }
        let factor = -1 / c
        constant *= factor
        for key in cells.keys { cells[key] = (cells[key] ?? 0) * factor }
    }

    /// Rewrites `lhs = …` (this row, lhs basic) as `rhs = …`: a pivot.
    mutating func solve(for lhs: Symbol, _ rhs: Symbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` with the expression `row` stands for.
    mutating func substitute(_ symbol: Symbol, _ row: Row) {
        guard let c = cells.removeValue(forKey: symbol) else { return }
        insert(row, c)
    }

    /// The lowest-id symbol satisfying `test` (a fixed order: Bland's rule keeps the simplex from cycling).
    func firstSymbol(where test: (Symbol, Double) -> Bool) -> Symbol? {
        var best: Symbol?
        for (symbol, c) in cells where test(symbol, c) {
            if best.map({ symbol < $0 }) ?? true { best = symbol }
        }
        return best
    }
}
