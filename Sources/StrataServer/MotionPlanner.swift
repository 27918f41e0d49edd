import Foundation
import StrataCore
import StrataRender

/// Plans, while a frame's draw list is built, the layers the GPU animates (motion slots, see
/// `MotionSlots`; step 3 of `MotionEligibility`): a layer has a plan when every animation it has (every
/// child of a group) is one the GPU path evaluates (`GPUAnimationRecord`) of a property with a
/// `MotionChannel`, and its local time runs affinely and forwards in global time; otherwise the reason.
/// It keeps each animation's row in the renderer's `AnimationTable` for as long as the animation is
/// attached, so rows are packed once, not per build.
final class MotionPlanner {
    let table: AnimationTable
    /// The frame time being built (global), and the nodes given slots in this build, by slot.
    private(set) var time = 0.0
    private(set) var placed: [RenderNode] = []
    private var builds: UInt64 = 0
    private var rows: [ObjectIdentifier: Entry] = [:]
    /// Sibling lists in the order this build drew them, where a sibling's zPosition animates: a later frame
    /// reuses the list only while their zPositions keep that order (`siblingOrderHolds`).
    private(set) var orderedSiblings: [[(node: RenderNode, index: Int)]] = []
    /// A transform layer's sublayers as drawn, far to near, where one of them animates: each with the
    /// space its depth is measured in and its place in the layer's order (`depthOrderHolds`).
    private(set) var depthOrders: [[(node: RenderNode, space: Transform3D, order: Int)]] = []
    /// The build's motion verdicts, each decided before its layer is emitted.
    let decisions = MotionDecisions()

    /// An animation's rows and their properties (a group's: one per child, in order), or nil where the
    /// GPU path does not evaluate it. The sweep frees the rows of an animation no longer attached anywhere:
    /// when this is the last reference to it (a weak reference would do, but would move every retain and
    /// release of the animation, each frame's evaluation's too, onto the runtime's slow side-table path).
    private struct Entry {
        var prepared: PreparedAnimation
        let rows: Rows?
    }

    struct Rows {
        let rows: [Int32]
        let properties: [MotionSlots.Property]
        /// The key paths' components (a transform animation's say whether it may scale).
        let components: [LayerKeyPath.Component?]
    }

    /// What a layer's slot needs: its animations' rows and properties, what they animate, and how fast
    /// its local time runs (its records are packed so that local − their epoch = rate · (time − epoch)).
    struct Plan {
        var rows: [(row: Int32, property: MotionSlots.Property)] = []
        var animatesOpacity = false
        var animatesAnchor = false
        /// The values of the layer's own background, border and shadow that the slot animates.
        var animated: MotionRef.Fields = []
        var rate = 1.0
        /// Whether a transform animation may change the layer's scale (any but a turn about z or a move
        /// in x and y): shapes beneath are flattened for one scale (`MotionSlots.keepsScale`).
        var scaleMayChange = false

        mutating func add(_ row: Int32, _ property: MotionSlots.Property, _ component: LayerKeyPath.Component?) {
            rows.append((row, property))
            // zPosition moves the layer in depth: under perspective that scales it.
            if property == .zPosition || (property == .transform && !Self.keepsScale(component)) { scaleMayChange = true }
            // What the layer's quads take from the slot: the channel says (MotionChannel.drawnFields).
            animated.formUnion(MotionChannel.of(property).drawnFields)
            if property == .opacity { animatesOpacity = true }
            if property == .anchorPoint { animatesAnchor = true }
        }

        static func keepsScale(_ component: LayerKeyPath.Component?) -> Bool {
            switch component {
            case .rotationZ, .rotation, .translationX, .translationY: true
            default: false
            }
        }
    }

    init(table: AnimationTable) { self.table = table }

    static let sweepInterval: UInt64 = 32

    /// Starts a build for a frame at `time`: returns empty slots to fill, with the epoch moved first if
    /// `time` has run too far from it.
    func begin(at time: Double) -> MotionSlots {
        self.time = time
        table.moveEpochIfNeeded(for: time)
        placed.removeAll(keepingCapacity: true)
        orderedSiblings.removeAll(keepingCapacity: true)
        depthOrders.removeAll(keepingCapacity: true)
        decisions.reset()
        countBuild()
        return MotionSlots(version: builds)
    }

    /// Counts a draw-list build, with slots or without. Freeing the rows of animations gone walks every
    /// entry: not at every build (a commit each frame rebuilds the list each frame) but every
    /// `sweepInterval` builds. Until then a freed animation's rows stay reserved; an animation taking its
    /// address replaces them (`rows(for:)`).
    func countBuild() {
        builds &+= 1
        if builds % Self.sweepInterval == 0, !rows.isEmpty { sweep() }
    }

    /// Notes siblings drawn in painter's order (zPosition, then index), in the order drawn: `sublayers` in
    /// index order and `order` the indices drawn (nil: index order).
    func noteSiblings(_ sublayers: [RenderNode], order: [Int]?) {
        guard sublayers.contains(where: \.animatesZPosition) else { return }
        orderedSiblings.append((order ?? Array(sublayers.indices)).map { (sublayers[$0], $0) })
    }

    /// Whether siblings noted by `noteSiblings` are still in painter's order at a global time `elapsed`
    /// seconds after the build: each animated one's zPosition evaluated then on the CPU, from the same
    /// animations (its local time runs affinely: `plan` asked so of every slot).
    static func siblingOrderHolds(_ lists: [[(node: RenderNode, index: Int)]], elapsed: Double) -> Bool {
        for list in lists {
            var previous: (key: CGFloat, place: Int)?
            for (node, index) in list {
                let z: CGFloat
                if node.animatesZPosition {
                    guard let local = node.localTime(afterGlobal: elapsed) else { return false }
                    z = node.zPosition(at: local)
                } else {
                    z = node.model.zPosition
                }
                if let p = previous, !PaintersOrder.precedes(p, (z, index)) { return false }
                previous = (z, index)
            }
        }
        return true
    }

    func noteDepthOrder(_ items: [(node: RenderNode, space: Transform3D, order: Int)]) {
        depthOrders.append(items)
    }

    /// Whether transform layers' sublayers noted by `noteDepthOrder` are still far to near at a global time
    /// `elapsed` seconds after the build: each animated one evaluated then on the CPU (the spaces above
    /// them are still: a transform layer that animates keeps the list from being reused).
    static func depthOrderHolds(_ lists: [[(node: RenderNode, space: Transform3D, order: Int)]], elapsed: Double) -> Bool {
        for list in lists {
            var previous: (key: CGFloat, place: Int)?
            for (node, space, order) in list {
                let values: LayerModel
                if node.timing.isActive {
                    guard let local = node.localTime(afterGlobal: elapsed) else { return false }
                    values = Presentation.apply(node.animations, to: node.model, at: local)
                } else {
                    values = node.model
                }
                let depth = PaintersOrder.depth(of: values.bounds, toSpace: values.localToParent * space)
                if let p = previous, !PaintersOrder.precedes(p, (depth, order)) { return false }
                previous = (depth, order)
            }
        }
        return true
    }

    /// A layer's slot plan, or why its animations stay on the CPU.
    enum Outcome {
        case plan(Plan)
        case cpu(MotionCPUReason)
    }

    /// The slot plan of `node` (evaluated in this frame), or why it stays on the CPU.
    func plan(_ node: RenderNode) -> Outcome {
        if let reason = MotionEligibility.planning(node) { return .cpu(reason) }
        // The node's records are packed relative to its local time at the table's epoch: single-precision
        // times stay small however far its time runs from global time (a root whose time starts at its
        // commit, a large timeOffset), and the shader's local time is rate · (frame time − epoch).
        guard let localEpoch = node.localTime(afterGlobal: table.epoch - time) else { return .cpu(MotionEligibility.noLocalEpoch) }
        // Made once for the node's animations: again only when they, its time or the table's epoch change.
        if let c = node.motion.planCache, c.rebase == table.rebaseCount, c.rate == node.timing.localRate, abs(c.localEpoch - localEpoch) <= 1e-7 {
            return c.plan
        }
        let made = makePlan(node, localEpoch: localEpoch)
        node.motion.planCache = CachedPlan(plan: made, localEpoch: localEpoch, rate: node.timing.localRate, rebase: table.rebaseCount)
        return made
    }

    /// A plan as `plan` caches it on its node, with what it was made for.
    struct CachedPlan {
        let plan: Outcome
        let localEpoch: Double
        let rate: Double
        let rebase: Int
    }

    private func makePlan(_ node: RenderNode, localEpoch: Double) -> Outcome {
        var plan = Plan()
        plan.rate = node.timing.localRate
        for a in node.animations {
            // Made once per change of the node's animations (cached by `plan`), not per frame.
            let prepared = a.prepared
            let leaves = prepared.isGroup ? prepared.spec.groupChildren : [prepared.spec]
            // A group's children each take a row, with the group's timing; they apply in order, as on the CPU.
            if let reason = MotionEligibility.animation(leaves, rowsBefore: plan.rows.count, on: node) { return .cpu(reason) }
            guard GPUAnimationRecord.begin(prepared.spec.timing, cumulative: !prepared.isGroup && prepared.spec.isCumulative, epoch: localEpoch) != nil,
                  let entry = rows(for: a, group: prepared.isGroup, epoch: localEpoch), entry.rows.count == leaves.count
            else { return .cpu(MotionEligibility.offRecords) }
            for (i, row) in entry.rows.enumerated() { plan.add(row, entry.properties[i], entry.components[i]) }
        }
        return .plan(plan)
    }

    /// Records that `node` got slot `slot` (slots are given in order).
    func place(_ node: RenderNode, slot: Int32) {
        // Nothing emitted is taken back: slots are given one after another (a dry run's from its own list).
        assert(Int(slot) == placed.count, "motion slot \(slot) placed after \(placed.count)")
        placed.append(node)
    }

    /// Runs a dry run (`DrawListBuilder.decide`): the slots it places, the sibling and depth orders it notes
    /// are its own, thrown away after it.
    func probing(_ body: () -> Void) {
        let saved = (placed, orderedSiblings, depthOrders)
        placed = []
        orderedSiblings = []
        depthOrders = []
        body()
        (placed, orderedSiblings, depthOrders) = saved
    }

    /// Whether `node`, drawn with CPU-evaluated values, changes from frame to frame now.
    static func isAnimating(_ node: RenderNode, replicated: Bool) -> Bool {
        guard node.timing.isActive else { return false }
        // A kind's own changes (an emitter's particles) move every frame (its state says when frames stop).
        if node.activeTransition != nil || replicated || !node.timing.localAffine || node.kindState != nil { return true }
        guard let t = node.timing.localTime else { return false }
        return Presentation.isAnimating(node.animations, at: t)
    }

    /// The rows of `a` (of each of its children for a `group`) packed relative to `epoch` (its node's local
    /// time at the table's epoch), repacked when that moved (the table's epoch moved, or the node's time
    /// changed); nil when the GPU path does not take it (a child on a property slots do not animate, or one
    /// the records refuse).
    private func rows(for a: AttachedAnimation, group: Bool, epoch: Double) -> Rows? {
        let id = ObjectIdentifier(a.prepared)
        if let e = rows[id] {
            // (Recomputed each build, the same epoch differs by rounding only.)
            for row in e.rows?.rows ?? [] where abs((table.epoch(of: row) ?? .infinity) - epoch) > 1e-7 { table.setEpoch(epoch, of: row) }
            return e.rows
        }
        let spec = a.spec
        let leaves = group ? spec.groupChildren : [spec]
        let properties = leaves.compactMap { $0.keyPath.flatMap { MotionSlots.Property($0.property) } }
        var made: Rows?
        if properties.count == leaves.count {
            var list: [Int32] = []
            for leaf in leaves {
                guard let row = table.insert(leaf, in: group ? spec : nil, epoch: epoch) else { break }
                list.append(row)
            }
            if list.count == leaves.count {
                made = Rows(rows: list, properties: properties, components: leaves.map { $0.keyPath?.component })
            } else {
                list.forEach(table.remove)
            }
        }
        rows[id] = Entry(prepared: a.prepared, rows: made)
        return made
    }

    /// Frees the rows of animations no longer attached (held here only).
    private func sweep() {
        for id in Array(rows.keys) {
            // Taken out to test it: a reference left in the dictionary while testing would be a second one.
            guard var e = rows.removeValue(forKey: id) else { continue }
            if isKnownUniquelyReferenced(&e.prepared) { e.rows?.rows.forEach(table.remove) } else { rows[id] = e }
        }
    }
}
