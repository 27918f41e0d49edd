import Foundation
import StrataLayout

/// The Auto Layout engine of one view tree, kept on its root: a `Solver` holding the tree's constraints in
/// the root's bounds coordinates. A pass (`syncAndSolve`) changes the solver only where what the tree wants
/// differs from what it holds: one changed constant is changed in place (`Solver.replaceConstant`).
///
/// While the tree's structure is unchanged (`ViewAutoLayout.structure`: constraints, hierarchy, intrinsic
/// sizes, priorities, directions) a pass looks only at the constants changed since the last one and at the
/// few values read afresh each time (`LayoutSources`); otherwise it lists the whole tree's requests again.
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
    /// Counts the passes that listed the whole tree (tests read it to tell an incremental pass from a full one).
    private(set) var fullPasses = 0

    /// The structure the last full pass saw; nil before the first.
    private var syncedStructure: UInt64?
    private var ladder = PriorityLadder([])
    private var sources = LayoutSources()
    /// Each request's place in the last full listing: broken constraints are tried again in that order.
    private var order: [LayoutEntryKey: Int] = [:]
    /// The screen's scale at the last pass: frames are placed on its pixel grid (`snapped`).
    private var pixelScale = 1.0
    /// Installed constraints whose constants changed since the last pass.
    private var changedConstants: [NSLayoutConstraint] = []

    init(root: UIView) { self.root = root }

    /// A constant of an installed constraint in this tree changed.
    func constantChanged(_ constraint: NSLayoutConstraint) {
        guard syncedStructure == ViewAutoLayout.structure else { return } // the next pass lists everything
        // Constants changed many times with no pass between (a tree off screen): list it all at the next one.
        guard changedConstants.count < Self.changedConstantsLimit else {
            changedConstants.removeAll()
            syncedStructure = nil
            return
        }
        changedConstants.append(constraint)
    }

    static let changedConstantsLimit = 4096

    func syncAndSolve() {
        guard let root else { return }
        pixelScale = Double(max(1, root.window?.screen.scale ?? UIScreen.main.scale))
        if syncedStructure == ViewAutoLayout.structure, let volatile = LayoutRequests.volatile(sources, root: root) {
            // A constant changed twice, or one of a constraint read afresh anyway, is asked for once.
            var asked = Set(volatile.map(\.key))
            let constants = changedConstants.compactMap { constraint -> LayoutRequest? in
                let key = LayoutEntryKey.constraint(ObjectIdentifier(constraint))
                guard entries[key] != nil, asked.insert(key).inserted else { return nil }
                return LayoutRequests.request(for: constraint, root: root)
            }
            changedConstants.removeAll()
            apply(volatile + constants, complete: false)
            if Self.verifiesIncrementalPasses { verify(root) }
        } else {
            let collection = LayoutRequests.collect(root: root)
            participants = collection.participants
            constrained = collection.constrained
            sources = collection.sources
            ladder = PriorityLadder(collection.requests.map(\.priority))
            order = Dictionary(collection.requests.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
            changedConstants.removeAll()
            syncedStructure = ViewAutoLayout.structure
            fullPasses += 1
            apply(collection.requests, complete: true)
        }
        solver.updateVariables()
    }

    /// Brings the solver to `wanted`: all the tree wants (`complete`), or some of it, the rest unchanged.
    private func apply(_ wanted: [LayoutRequest], complete: Bool) {
        let specs = wanted.map { LayoutSpec(request: $0, strength: ladder.strength(for: $0.priority)) }
        var dropped = false
        if complete {
            let wantedKeys = Set(wanted.map(\.key))
            for (key, entry) in entries where !wantedKeys.contains(key) {
                drop(key, entry)
                dropped = true
            }
        }
        let differing = zip(wanted, specs).filter { entries[$0.0.key]?.spec != $0.1 }
        // One constant changed (an app moving or animating a constraint): changed in place in the solver.
        if differing.count == 1, let (request, spec) = differing.first, changeConstantInPlace(request, spec) {
            retryBroken()
            return
        }
        // Every changed constraint leaves before any comes back: changes that agree with each other (a reused
        // cell's new content height and its new row height) must not contradict each other half-way.
        for (request, _) in differing {
            guard let entry = entries[request.key] else { continue }
            drop(request.key, entry)
            dropped = true
        }
        for (request, spec) in differing { add(request, spec, reporting: true) }
        if dropped { retryBroken() }
    }

    /// `request`'s constraint given its new constant where only that differs (false: it must leave and come back,
    /// or the new constant contradicts the required constraints, which that path reports).
    private func changeConstantInPlace(_ request: LayoutRequest, _ spec: LayoutSpec) -> Bool {
        guard let entry = entries[request.key], let old = entry.constraint, entry.spec.differsOnlyInConstant(from: spec)
        else { return false }
        let changed = Constraint(request.expression, request.relation, strength: spec.strength)
        guard (try? solver.replaceConstant(of: old, with: changed)) != nil else { return false }
        entries[request.key] = LayoutEntry(spec: spec, constraint: changed, request: request)
        return true
    }

    /// A constraint broken earlier may fit now that another is gone or changed: tried again in the tree's order.
    private func retryBroken() {
        let broken = entries.filter { $0.value.constraint == nil }
        guard !broken.isEmpty else { return }
        for (_, entry) in broken.sorted(by: { (order[$0.key] ?? .max) < (order[$1.key] ?? .max) }) {
            add(entry.request, entry.spec, reporting: false)
        }
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

    /// The rectangle of an item's variables in `view`'s bounds coordinates, on the pixel grid (`snapped`).
    func rect(of variables: ItemVariables, in view: UIView) -> CGRect {
        let origin = self.origin(of: view)
        let left = snapped(variables.left.value), top = snapped(variables.top.value)
        let right = snapped(variables.left.value + variables.width.value)
        let bottom = snapped(variables.top.value + variables.height.value)
        return CGRect(x: left - origin.x, y: top - origin.y, width: right - left, height: bottom - top)
    }

    /// A view's frame from the solution: its rectangle in its superview's bounds coordinates.
    func frame(of view: UIView) -> CGRect? {
        guard let superview = view.superview, constrained.contains(ObjectIdentifier(view)) else { return nil }
        return rect(of: view.autoLayout.variables, in: superview)
    }

    /// Where `view`'s bounds origin is in the root's coordinates.
    func origin(of view: UIView) -> CGPoint {
        let v = view.autoLayout.variables
        return CGPoint(x: snapped(v.left.value) - view.bounds.minX, y: snapped(v.top.value) - view.bounds.minY)
    }

    /// UIKit's engine puts views on the screen's pixel grid: each edge, in the root's coordinates, at the
    /// nearest pixel (halves up), so that neighbours share edges. It also clears the solver's floating-point
    /// noise (1136.0000000000002), which would otherwise depend on the order constraints were added in.
    func snapped(_ value: Double) -> CGFloat {
        CGFloat((value * pixelScale + 0.5 + 1e-7).rounded(.down) / pixelScale)
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
