import Foundation
import StrataLayout

/// The Auto Layout engine of one view tree, kept on its root: a `Solver` holding the tree's constraints in
/// the root's bounds coordinates. Each pass (`syncAndSolve`) lists the constraints the tree wants now (the
/// app's, the frames of views that translate their autoresizing masks, content sizes, system guides) and
/// changes the solver only where they differ: a changed constant removes and re-adds that one constraint.
@MainActor
final class LayoutEngine {
    weak var root: UIView?
    let solver = Solver()
    /// What is in the solver, by the key of what asked for it.
    var entries: [LayoutEntryKey: LayoutEntry] = [:]
    /// The views the last pass gave variables to.
    var participants: Set<ObjectIdentifier> = []
    /// The views some constraint names: only their frames are set (one that none names keeps its frame).
    var constrained: Set<ObjectIdentifier> = []
    /// Called with each "Unable to simultaneously satisfy constraints." report (tests read it; it is logged too).
    static var reportHandler: (@MainActor (String) -> Void)?

    init(root: UIView) { self.root = root }

    func syncAndSolve() {
        guard let root else { return }
        let (wanted, views, named) = LayoutRequests.collect(root: root)
        participants = views
        constrained = named
        let ladder = PriorityLadder(wanted.map(\.priority))
        let specs = wanted.map { LayoutSpec(request: $0, strength: ladder.strength(for: $0.priority)) }
        let wantedKeys = Set(wanted.map(\.key))
        var dropped = false
        for (key, entry) in entries where !wantedKeys.contains(key) {
            drop(key, entry)
            dropped = true
        }
        // Every changed constraint leaves before any comes back: changes that agree with each other (a reused
        // cell's new content height and its new row height) must not contradict each other half-way.
        var changed: [(LayoutRequest, LayoutSpec)] = []
        for (request, spec) in zip(wanted, specs) {
            if let entry = entries[request.key] {
                if entry.spec == spec { continue }
                drop(request.key, entry)
                dropped = true
            }
            changed.append((request, spec))
        }
        for (request, spec) in changed { add(request, spec, reporting: true) }
        // A constraint broken earlier may fit now that another is gone.
        if dropped {
            for (request, spec) in zip(wanted, specs) where entries[request.key]?.constraint == nil {
                add(request, spec, reporting: false)
            }
        }
        solver.updateVariables()
    }

    private func drop(_ key: LayoutEntryKey, _ entry: LayoutEntry) {
        if let constraint = entry.constraint { try? solver.removeConstraint(constraint) }
        entries[key] = nil
    }

    private func add(_ request: LayoutRequest, _ spec: LayoutSpec, reporting: Bool) {
        let constraint = Constraint(request.expression, request.relation, strength: spec.strength)
        do {
            try solver.addConstraint(constraint)
            entries[request.key] = LayoutEntry(spec: spec, constraint: constraint, request: request)
        } catch {
            // A required constraint contradicting those already in: it is broken (left out), as in UIKit.
            entries[request.key] = LayoutEntry(spec: spec, constraint: nil, request: request)
            if reporting { report(unsatisfiable: request, constraint) }
        }
    }

    /// The rectangle of an item's variables in `view`'s bounds coordinates.
    func rect(of variables: ItemVariables, in view: UIView) -> CGRect {
        let origin = self.origin(of: view)
        return CGRect(x: variables.left.value - origin.x, y: variables.top.value - origin.y,
                      width: variables.width.value, height: variables.height.value)
    }

    /// A view's frame from the solution: its rectangle in its superview's bounds coordinates.
    func frame(of view: UIView) -> CGRect? {
        guard let superview = view.superview, constrained.contains(ObjectIdentifier(view)) else { return nil }
        return rect(of: view.autoLayout.variables, in: superview)
    }

    /// Where `view`'s bounds origin is in the root's coordinates.
    func origin(of view: UIView) -> CGPoint {
        let v = view.autoLayout.variables
        return CGPoint(x: v.left.value - view.bounds.minX, y: v.top.value - view.bounds.minY)
    }
}

/// What asked for a constraint in the solver.
enum LayoutEntryKey: Hashable {
    /// An app's `NSLayoutConstraint`.
    case constraint(ObjectIdentifier)
    /// A view that translates its autoresizing mask (or the root): x, y, width, height fixed.
    case autoresizing(ObjectIdentifier, Int)
    /// A content size: axis × (hugging, compression resistance).
    case content(ObjectIdentifier, Int)
    /// A system layout guide's edges.
    case guide(ObjectIdentifier, Int)
}

struct LayoutEntry {
    let spec: LayoutSpec
    /// Nil when it was broken as unsatisfiable.
    let constraint: Constraint?
    let request: LayoutRequest
}
