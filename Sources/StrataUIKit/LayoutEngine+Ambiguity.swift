import Foundation
import StrataLayout

/// UIKit's ambiguity debugging: a variable is ambiguous when an edit weaker than every constraint can move
/// it, that is when moving it costs nothing.
extension LayoutEngine {
    static let probeStrength = PriorityLadder.lowest * 1e-4

    /// The view's variables that are free to move.
    func ambiguousVariables(of view: UIView) -> [Variable] {
        syncAndSolve()
        guard participants.contains(ObjectIdentifier(view)) else { return [] }
        return view.autoLayout.variables.all.filter { variable in
            let start = variable.value
            guard (try? solver.addEditVariable(variable, strength: Self.probeStrength)) != nil else { return false }
            defer {
                try? solver.suggestValue(variable, start)
                try? solver.removeEditVariable(variable)
                solver.updateVariables()
            }
            for offset in [1.0, -1.0] {
                try? solver.suggestValue(variable, start + offset)
                solver.updateVariables()
                if abs(variable.value - start) > 1e-6 { return true }
            }
            return false
        }
    }

    /// Moves the view's free variables by 20 points (back the other way if that is blocked) and applies them.
    func exercise(_ view: UIView) {
        let free = ambiguousVariables(of: view)
        guard !free.isEmpty else { return }
        var edited: [Variable] = []
        for variable in free {
            let start = variable.value
            guard (try? solver.addEditVariable(variable, strength: Self.probeStrength)) != nil else { continue }
            edited.append(variable)
            try? solver.suggestValue(variable, start + 20)
            solver.updateVariables()
            if abs(variable.value - start) < 1e-6 { try? solver.suggestValue(variable, start - 20) }
        }
        solver.updateVariables()
        // The frame is taken while the edits hold: removing them lets the free variables fall back.
        let moved = frame(of: view)
        for variable in edited { try? solver.removeEditVariable(variable) }
        solver.updateVariables()
        if let moved { view.frame = moved }
    }
}

extension UIView {
    func layoutIsAmbiguous() -> Bool {
        guard let engine = layoutEngineIfActive else { return false }
        return !engine.ambiguousVariables(of: self).isEmpty
    }

    func exerciseAmbiguity() {
        layoutEngineIfActive?.exercise(self)
    }
}
