import Foundation
import StrataLayout

/// One constraint the tree wants: a linear relation at a UIKit priority, and how the log names it.
struct LayoutRequest {
    let key: LayoutEntryKey
    let expression: StrataLayout.Expression
    let relation: RelationalOperator
    let priority: UILayoutPriority
    let describe: @MainActor () -> String
}

/// A request as the solver holds it, compared to tell whether a pass must replace it.
struct LayoutSpec: Equatable {
    let terms: [Term]
    let constant: Double
    let relation: RelationalOperator
    let strength: Double

    init(request: LayoutRequest, strength: Double) {
        terms = request.expression.terms
        constant = request.expression.constant
        relation = request.relation
        self.strength = strength
    }

    /// Whether `other` is this with another constant alone (the solver can change it in place).
    func differsOnlyInConstant(from other: LayoutSpec) -> Bool {
        constant != other.constant && relation == other.relation && strength == other.strength && sameTerms(other)
    }

    private func sameTerms(_ other: LayoutSpec) -> Bool {
        terms.count == other.terms.count
            && zip(terms, other.terms).allSatisfy { $0.variable === $1.variable && $0.coefficient == $1.coefficient }
    }

    static func == (lhs: LayoutSpec, rhs: LayoutSpec) -> Bool {
        lhs.constant == rhs.constant && lhs.relation == rhs.relation && lhs.strength == rhs.strength && lhs.sameTerms(rhs)
    }
}

/// How UIKit priorities become solver strengths. Required (1000, or more) is required. The optional
/// priorities in use are ranked: the lowest gets 0.01 and each next one 1000 times the one below, so that
/// with up to four distinct optional priorities one unit of error at a higher priority outweighs a thousand
/// at the lower; with more, the factor shrinks to spread them evenly over 0.01…1e7 (below required, 1.001e9).
/// Equal priorities trade off by the size of their errors. A new distinct priority re-weights the optional
/// constraints (removed and added again), which the engine's comparison of specs does on its own.
struct PriorityLadder {
    static let lowest = 0.01
    static let highest = 1e7
    private var strengths: [Float: Double] = [:]

    init(_ priorities: [UILayoutPriority]) {
        let levels = Set(priorities.map(\.rawValue).filter { $0 < UILayoutPriority.required.rawValue }).sorted()
        guard !levels.isEmpty else { return }
        let span = log10(Self.highest / Self.lowest)
        let step = levels.count < 2 ? 3 : min(3, span / Double(levels.count - 1))
        for (rank, level) in levels.enumerated() {
            strengths[level] = Self.lowest * pow(10, step * Double(rank))
        }
    }

    func strength(for priority: UILayoutPriority) -> Double {
        strengths[priority.rawValue] ?? Strength.required
    }
}
