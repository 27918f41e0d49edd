/// A column of the tableau. External symbols stand for variables; slack symbols for inequalities; error
/// symbols for the violation of non-required constraints (in the objective); dummy symbols mark required
/// equalities (never pivoted in, so a required equality stays exact).
struct Symbol: Hashable, Comparable {
    enum Kind: UInt8 { case external, slack, error, dummy }

    let id: Int
    let kind: Kind

    var isExternal: Bool { kind == .external }
    var isDummy: Bool { kind == .dummy }
    /// Whether it may enter the basis while adding a row through an artificial variable.
    var isPivotable: Bool { kind == .slack || kind == .error }

    static func < (lhs: Symbol, rhs: Symbol) -> Bool { lhs.id < rhs.id }
}

/// Within this of zero counts as zero: what the pivots' rounding leaves behind.
func nearZero(_ value: Double) -> Bool { abs(value) < 1e-8 }
