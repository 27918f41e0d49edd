import Foundation
import StrataCore
import StrataRender

/// One output's frames as the compositor keeps them between two: its last draw list, damage history and
/// schedule, what a frame that keeps the list needs (docs/architecture.md, "Frames that keep their list"),
/// and the deferred clients' roots waiting to be made again (`remake`).
final class OutputFrames {
    var drawList = DrawList()
    var damage = DamageTracker()
    var needsRedraw = true
    /// What this output's last frame scheduled.
    var schedule = Compositor.Schedule()
    /// The frame number of its last frame.
    var lastFrame: UInt64 = 0
    /// The roots its last frame drew, bottom first (what hit tests search).
    var roots: [RenderNode] = []
    /// While its draw list has motion slots: the plan it was drawn with (a whole repaint), the nodes
    /// of its slots, the time it was built for and the time of the last frame that reused it (their
    /// presentation values are those of `presentedAt`: the build's until `presentShown` brings them to
    /// the last frame).
    var motionPlan: FramePlan?
    var motionNodes: [RenderNode] = []
    /// Siblings drawn in an order an animated zPosition may change (`MotionPlanner.noteSiblings`).
    var orderedSiblings: [[(node: RenderNode, index: Int)]] = []
    var depthOrders: [[(node: RenderNode, space: Transform3D, order: Int)]] = []
    /// Bitmaps its last frame drew in parts are not whole yet: the next frame is drawn (reusing the list
    /// where it can) and draws their next parts.
    var partsPending = false
    /// Deferred clients' roots this output shows as their last bitmaps while they are made again (nil: none).
    var remake: RootRemake?
    /// The slots of `motionNodes` by node, made at the first look after each build (`slots(of:)`).
    private var slotIndex: (build: UInt64, slots: [ObjectIdentifier: [Int]])?
    var builtAt = 0.0
    var shownAt = 0.0
    var presentedAt = 0.0

    /// The slots of the list that place `node` (a replicator's copies: several).
    func slots(of node: RenderNode) -> [Int] {
        guard let build = drawList.motion?.version else { return [] }
        if slotIndex?.build != build {
            var slots: [ObjectIdentifier: [Int]] = [:]
            for (slot, placed) in motionNodes.enumerated() { slots[ObjectIdentifier(placed), default: []].append(slot) }
            slotIndex = (build, slots)
        }
        return slotIndex?.slots[ObjectIdentifier(node)] ?? []
    }

    /// The next frame is drawn whole: the framebuffer may not show what was last drawn.
    func invalidate() {
        needsRedraw = true
        damage.invalidate()
    }

    /// Whether a frame at `time` can reuse the last draw list, its motion slots evaluated at `time`:
    /// nothing is scheduled to start or end before it and nothing drawn animates on the CPU.
    func canReuse(at time: Double) -> Bool {
        guard !needsRedraw, motionPlan != nil, !drawList.cpuAnimating, !drawList.deferredWork, time >= builtAt else { return false }
        if let next = schedule.nextChange, next <= time { return false }
        // The GPU moves zPositions; the siblings' order is the CPU's, and a new one needs a new list.
        return MotionPlanner.siblingOrderHolds(orderedSiblings, elapsed: time - builtAt)
            && MotionPlanner.depthOrderHolds(depthOrders, elapsed: time - builtAt)
    }

    /// The clients whose roots wait to be made again.
    var clientsToRemake: Set<UInt32> { remake?.clients ?? [] }

    /// `clients`' roots are to be made again (a frame applied their updates and kept the list).
    func remakeRoots(of clients: Set<UInt32>) {
        guard !clients.isEmpty else { return }
        if remake == nil { remake = RootRemake(clients: clients) } else { remake?.clients.formUnion(clients) }
    }
}

/// Deferred clients (`ClientBudgets`) whose updates a frame applied while it kept its list, showing their
/// roots' last bitmaps: those bitmaps are made again between frames, a slice at a time (`RootSlicing`,
/// `Compositor.prepareRoots`), and put in by a later frame (`Compositor.remakeRoots`), or the list is
/// built whole. One value, so that what was made towards them goes when they are done: a remake exists
/// only while it has clients.
struct RootRemake {
    /// The clients whose roots are made again (never empty).
    fileprivate(set) var clients: Set<UInt32>
    /// Frames drawn since without putting them in (`Compositor.postponesRemake`).
    var framesWaited = 0
    /// Their new bitmaps, made while the frame thread waited for the next frame (`prepareRoots`).
    var made: RemadeRoots?
    /// What the slices made of them so far (`Compositor.makeRoots`).
    var slicing: RootSlicing?

    fileprivate init(clients: Set<UInt32>) { self.clients = clients }
}

/// Roots' new bitmaps, by root: each a command to put in place of its last one in the list; the
/// `ClientScene.changes` of each client they were made at, and what each client's took (milliseconds).
struct RemadeRoots {
    var commands: [RasterOwner: DrawCommand] = [:]
    var changes: [UInt32: UInt64] = [:]
    var costs: [UInt32: Double] = [:]
}
