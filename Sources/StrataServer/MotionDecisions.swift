import Foundation
import StrataCore
import StrataRender

/// The motion verdicts of one build, each decided before anything of its layer is emitted.
///
/// A layer that may move with a slot (its frame, timing and plan allow it) is decided where the builder first
/// meets it outside any slot: a dry run (`DrawListBuilder.decide`) walks it and its subtree with the builder's
/// own code into a list that is thrown away, every animated layer in it recording whether it moved (what it
/// draws, and what its subtree draws, can move with its slot) or why not. The real emission then reads those
/// decisions in the order the dry run met the layers: the same code over the same values meets them in the
/// same order. So every rule is written once (`MotionEligibility`, the kinds), and nothing emitted is taken back.
///
/// A layer whose subtree could not move is not tried again in the build, nor are the layers around it that
/// failed with it: a refusal deep in a chain of animated layers fails each level once.
final class MotionDecisions {
    enum Decision: Equatable {
        case moves
        case cpu(MotionCPUReason)
    }

    /// Layers whose subtree could not move in this build, with why.
    private var refused: [ObjectIdentifier: MotionCPUReason] = [:]
    /// The decisions of the dry run in progress or being read, in the order it met the layers.
    private var entries: [(node: ObjectIdentifier, decision: Decision)] = []
    /// The next entry the real emission reads.
    private var next = 0
    /// Whether a dry run is in progress: the builder records, and emits into a list that is thrown away.
    private(set) var recording = false
    /// Whether the real emission is inside a decided layer: each animated layer it meets reads its entry.
    private(set) var replaying = false

    /// Forgets the last build's decisions.
    func reset() {
        refused.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
        next = 0
        recording = false
        replaying = false
    }

    /// Why `node`'s subtree could not move earlier in this build, or nil.
    func refusal(of node: RenderNode) -> MotionCPUReason? { refused[ObjectIdentifier(node)] }

    // MARK: the dry run

    func beginRecording() {
        entries.removeAll(keepingCapacity: true)
        next = 0
        recording = true
    }

    /// Makes `node`'s entry where the dry run meets it (before its subtree's), to fill in when it is done.
    func open(_ node: RenderNode) -> Int {
        entries.append((ObjectIdentifier(node), .moves))
        return entries.count - 1
    }

    /// Fills in entry `index` with what the dry run made of its layer; a subtree that could not move is remembered.
    func close(_ index: Int, _ outcome: DrawListBuilder.MotionEmission) {
        switch outcome {
        case .moved: entries[index].decision = .moves
        case .cpu(let reason): entries[index].decision = .cpu(reason)
        case .refused(let reason):
            entries[index].decision = .cpu(reason)
            refused[entries[index].node] = reason
        }
    }

    func endRecording() { recording = false }

    // MARK: the real emission

    /// Starts reading the dry run's decisions: the first is the decided layer's own.
    func beginReplay() {
        next = 0
        replaying = true
    }

    /// `node`'s decision, the next entry; nil when the next entry is another layer's (the real emission met
    /// the layers otherwise than the dry run: a defect, which `DrawListBuilder` reports and draws around).
    func take(_ node: RenderNode) -> Decision? {
        guard next < entries.count, entries[next].node == ObjectIdentifier(node) else { return nil }
        next += 1
        return entries[next - 1].decision
    }

    /// The decided layer has been emitted.
    func endReplay() {
        replaying = false
        entries.removeAll(keepingCapacity: true)
        next = 0
    }
}
