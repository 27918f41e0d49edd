import Foundation
import StrataLayout

/// UIKit's report of contradicting required constraints: which ones are involved (each whose removal
/// would let the broken one in) and which is broken (the one added last: all involved are required).
extension LayoutEngine {
    func report(unsatisfiable request: LayoutRequest, _ constraint: Constraint) {
        let involved = conflictingEntries(with: constraint)
        let listed = (involved.map { $0.request.describe() } + [request.describe()]).map { "    \"\($0)\"" }
        let broken = request.describe()
        var lines = [
            "Unable to simultaneously satisfy constraints.",
            "\tProbably at least one of the constraints in the following list is one you don't want. ",
            "\tTry this: ",
            "\t\t(1) look at each constraint and try to figure out which you don't expect; ",
            "\t\t(2) find the code that added the unwanted constraint or constraints and fix it. ",
        ]
        if listed.contains(where: { $0.contains("NSAutoresizingMaskLayoutConstraint") }) {
            lines.append("\t(Note: If you're seeing NSAutoresizingMaskLayoutConstraints that you don't understand, refer to the documentation for the UIView property translatesAutoresizingMaskIntoConstraints) ")
        }
        lines += ["(", listed.joined(separator: ",\n"), ")", "", "Will attempt to recover by breaking constraint ", broken, ""]
        lines.append("Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.")
        let message = lines.joined(separator: "\n")
        StrataLog.logger.error("\(message)")
        Self.reportHandler?(message)
    }

    /// The required constraints in the solver that share variables with `constraint` (transitively) and
    /// without which it would be satisfiable, in the order they were asked for.
    private func conflictingEntries(with constraint: Constraint) -> [LayoutEntry] {
        let required = entries.values.filter { $0.constraint != nil && $0.request.priority == .required }
        var variables = Set(constraint.expression.terms.map { ObjectIdentifier($0.variable) })
        var component: [LayoutEntry] = []
        var remaining = required
        var grew = true
        while grew {
            grew = false
            remaining.removeAll { entry in
                let own = Set(entry.request.expression.terms.map { ObjectIdentifier($0.variable) })
                guard !own.isDisjoint(with: variables) else { return false }
                variables.formUnion(own)
                component.append(entry)
                grew = true
                return true
            }
        }
        var involved: [LayoutEntry] = []
        for entry in component {
            guard let other = entry.constraint, (try? solver.removeConstraint(other)) != nil else { continue }
            if (try? solver.addConstraint(constraint)) != nil {
                involved.append(entry)
                try? solver.removeConstraint(constraint)
            }
            try? solver.addConstraint(other)
        }
        return involved.sorted { $0.request.describe() < $1.request.describe() }
    }
}
