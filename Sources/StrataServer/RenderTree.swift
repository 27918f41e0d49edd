import Foundation
import StrataCore
import StrataProtocol
import StrataRender

/// One layer in the server's retained render tree.
///
/// Only layers that animate are evaluated each frame: a node is *active* while it has animations or a
/// transition's old appearance, and `activeInSubtree` counts the active nodes in its subtree (its mask's
/// included), so evaluation walks only the branches that lead to them. Every other node's presentation
/// is its model, kept so as the model changes. The links (sublayers, parent, mask) change only through
/// the methods below, which keep the counts.
final class RenderNode {
    let id: LayerID
    let kind: LayerKind
    /// Whose bitmap the renderer keeps for this layer's shadow while it moves (`movingShadow`): an
    /// identity of its own, apart from the layer's shouldRasterize bitmap.
    private(set) lazy var shadowBitmapOwner = BitmapOwner()
    final class BitmapOwner {}
    /// How this node's kind draws (Kinds/): found once, from the kind.
    let content: any LayerKindContent
    /// A pending presentation is evaluated before the model or the animations change: it stays what its
    /// frame showed (a transition's old appearance copies it).
    var model: LayerModel {
        willSet { if pendingLocalTime != nil { resolvePresentation() } }
        didSet { valuesHoldModel = false }
    }
    /// Recomputed in place each frame while the node is active; the model otherwise. The evaluation may
    /// leave it for later (`deferPresentation`): the first read evaluates it then, at the frame's time.
    var presentation: LayerModel {
        _read {
            if pendingLocalTime != nil { resolvePresentation() }
            yield values
        }
        set {
            pendingLocalTime = nil
            valuesHoldModel = false
            values = newValue
        }
        _modify {
            if pendingLocalTime != nil { resolvePresentation() }
            valuesHoldModel = false
            yield &values
        }
    }
    private var values: LayerModel
    /// Whether `values` equals the model in every field but those the lane block writes (so a frame
    /// evaluating the block resets only those): true after a frame evaluated through the block, until
    /// the model or the presentation is set otherwise.
    private var valuesHoldModel = false
    /// This node's rows in its scene's `AnimationLaneTable` (nil: its animations are evaluated by
    /// `Presentation.apply`), made again on the first evaluation after its animations change.
    private var laneBlock: AnimationLaneTable.Block?
    private var laneBlockIsStale = false
    /// The local time whose presentation `presentation` has yet to evaluate (nil: it is current).
    private(set) var pendingLocalTime: Double?
    /// What the draw list reads of a layer before (or instead of) evaluating it: its presentation, or while
    /// that is pending its model, which is the same in every property but those its animations change
    /// (the frame leaves a layer pending only when those are all ones the GPU path animates: a layer in a
    /// motion slot is drawn from its model values, and its siblings' painter's order needs no animation
    /// evaluated).
    var drawnValues: LayerModel {
        _read {
            if pendingLocalTime == nil { yield values } else { yield model }
        }
    }
    /// `drawnValues.zPosition`, read without copying the values (siblings' painter's order); for a layer
    /// whose animations move it in z, its presentation's (evaluated now if pending): the order is the
    /// CPU's to work out, even where the GPU animates the rest.
    var drawnZPosition: CGFloat {
        if pendingLocalTime != nil, animatesZPosition { resolvePresentation() }
        return pendingLocalTime == nil ? values.zPosition : model.zPosition
    }
    /// Whether an attached animation changes zPosition (its siblings' order may change as it runs).
    var animatesZPosition: Bool { !zAnimations.isEmpty }
    /// The attached animations that change zPosition, to evaluate it alone (`zPosition(at:)`): found when
    /// first asked after the animations change (a commit attaching many to one layer pays once, not per
    /// attachment).
    private var zAnimations: [AttachedAnimation] {
        if let known = zAnimationsFound { return known }
        let found = animations.filter { $0.prepared.changedProperties.contains(.zPosition) }
        zAnimationsFound = found
        return found
    }
    private var zAnimationsFound: [AttachedAnimation]?
    /// Whether an attached animation (or a transition) may move this layer's drawing or its sublayers'
    /// on screen between frames: found when first asked after the animations change.
    var animatesPlacement: Bool {
        if let known = placementAnimatesFound { return known }
        let found = !transitionSources.isEmpty
            || animations.contains { $0.prepared.changedProperties.contains(where: Self.placementProperties.contains) }
        placementAnimatesFound = found
        return found
    }
    private var placementAnimatesFound: Bool?
    /// The properties whose animation moves a layer's drawing or its sublayers' on screen.
    static let placementProperties: Set<LayerProperty> = [.position, .anchorPoint, .anchorPointZ, .transform, .bounds, .zPosition,
                                                          .sublayerTransform, .instanceTransform]
    /// Whether something attached to this layer or a layer above it (its superlayers, or the layer it
    /// masks) may move it on screen between frames: a text layer's glyphs then leave the pixel grid.
    var placementMayAnimate: Bool {
        var n: RenderNode? = self
        while let c = n {
            if c.isActive, c.animatesPlacement { return true }
            n = c.upLink
        }
        return false
    }
    /// The image shown as contents. A scene's own nodes count as its users (`ServerImage.shownBy`); frozen
    /// copies do not.
    var contents: ServerImage? {
        didSet {
            guard scene != nil, oldValue !== contents else { return }
            oldValue?.shownBy -= 1
            contents?.shownBy += 1
        }
    }
    /// Attached animations in the order added; changed only through `attach` and `detachAnimations`,
    /// which keep the key index and the client's usage.
    private(set) var animations: [AttachedAnimation] = [] {
        willSet { if pendingLocalTime != nil { resolvePresentation() } }
        didSet {
            motionPlanCache = nil
            quietSpan = nil
            zAnimationsFound = nil
            placementAnimatesFound = nil
            laneBlockIsStale = true
            slotPropertiesOnly = nil
            refreshActivity()
        }
    }
    /// The local times around the last evaluation in which none of its animations starts or ends
    /// (`Presentation.quietSpan`): frames inside it skip the start and end bookkeeping. Kept while they stay.
    var quietSpan: Presentation.QuietSpan?
    /// The GPU path's plan for these animations (`MotionPlanner.plan`), kept while they stay the same.
    var motionPlanCache: MotionPlanner.CachedPlan?
    /// Whether its animations change only properties motion slots animate (no transition among them):
    /// asked every frame (`Compositor.mayMoveOnTheGPU`), found on the first ask after they change (a commit
    /// attaching many animations to one layer pays once, not once per attachment).
    var animatesOnlySlotProperties: Bool {
        if let known = slotPropertiesOnly { return known }
        let found = animations.allSatisfy { a in
            !a.prepared.isTransition && a.prepared.changedProperties.allSatisfy { MotionSlots.Property($0) != nil }
        }
        slotPropertiesOnly = found
        return found
    }
    private var slotPropertiesOnly: Bool?
    /// Each attached animation's key, with its estimated variable size as counted into the scene's usage:
    /// whether a key is attached is known without a search.
    private var animationBytes: [String: Int] = [:]
    /// The estimated variable size of the model's values, as counted into the scene's usage.
    private(set) var valueBytes = 0
    /// Keys whose start has been reported.
    var startedKeys: Set<String> = []
    /// Keys whose end has been reported (animations kept after completion by isRemovedOnCompletion = false).
    var finishedKeys: Set<String> = []
    /// Transaction that added each animation, for completion tracking.
    var animationTransaction: [String: UInt64] = [:]
    private(set) weak var parent: RenderNode?
    let sublayers = SublayerList()
    /// The chunk of the list that holds this node: its parent's sublayers, or its scene's roots.
    weak var chunk: SublayerList.Chunk?
    var isRoot = false
    /// While its client's updates are deferred (render budgets), a root's bitmap: drawn from again, not
    /// built again, in the frames that apply nothing of that client's and where nothing in it animates.
    var frozenRaster: (content: RasterContent, rect: CGRect)?
    /// The layer whose subtree's alpha masks this one (in this layer's coordinates), and the layer this
    /// one masks.
    private(set) var mask: RenderNode?
    private(set) weak var masking: RenderNode?
    /// The layers on the longest chain of sublayer and mask links below this one (0: none), and how many
    /// of its linked layers (sublayers and mask) have each height: kept as links change, so a link that
    /// would nest layers past `RenderTreeLimits.maxNesting` is refused without walking the subtree.
    private(set) var height = 0
    private var childHeights: [Int32] = []
    /// The frame in which this node was last evaluated as part of an attached tree, and the output that
    /// frame was for ("" for `Compositor.advance`).
    var evaluatedFrame: UInt64 = 0
    var evaluatedOutput = ""
    /// For a root: the output it shows on ("": the primary output).
    var output = ""
    /// The old appearance of each transition attached to this node (by animation key): a frozen copy of
    /// the subtree as it was on screen before the commit that added it; nil when it wasn't there.
    var transitionSources: [String: TransitionSource] = [:] {
        didSet {
            placementAnimatesFound = nil
            refreshActivity()
            // The copies hold layers of their own: they count against the client's layer quota.
            if let usage = scene?.usage {
                usage.copiedLayers += transitionSources.values.reduce(0) { $0 + $1.layerCount }
                    - oldValue.values.reduce(0) { $0 + $1.layerCount }
            }
        }
    }
    /// The transition drawing this node in the current frame (set by evaluation).
    var activeTransition: (key: String, transition: Transition, progress: Double)?
    /// Whether this node has animations or transition sources, and how many such nodes its subtree holds.
    private(set) var isActive = false
    private(set) var activeInSubtree = 0
    /// The scene whose `activeNodes` lists this node while it is active (nil for frozen copies).
    private weak var scene: ClientScene?
    /// The client scene this node belongs to (nil for frozen copies).
    var owner: ClientScene? { scene }
    /// The local time of this node's animations in the frame being evaluated (nil: inactive time), how
    /// fast it runs against global time, and whether it is affine in global time (not under a cycling layer).
    var localTime: Double?
    var localRate = 1.0
    var localAffine = true

    /// Its local time `elapsed` seconds of global time after the frame that set `localTime` (nil where that
    /// frame found it inactive, or its time not affine in global time: under a cycling layer).
    func localTime(afterGlobal elapsed: Double) -> Double? {
        guard localAffine, let local = localTime else { return nil }
        return local + localRate * elapsed
    }

    /// The time spaces from global media time down to this node (its ancestors' and its own timing).
    var timeSpace: TimeSpace {
        var chain: [LayerTiming] = []
        var n: RenderNode? = self
        while let c = n { chain.append(c.model.timing); n = c.parent }
        return TimeSpace(chain: chain.reversed())
    }

    init(id: LayerID, kind: LayerKind = .layer, scene: ClientScene? = nil) {
        self.id = id
        self.kind = kind
        content = KindContents.content(for: kind)
        model = LayerModel(kind: kind)
        values = model
        self.scene = scene
    }

    /// The layer this one hangs from: its superlayer, or the layer it masks.
    var upLink: RenderNode? { parent ?? masking }

    /// Why `child` cannot be linked below this node (as a sublayer or as its mask), or nil when it can:
    /// the link would close a cycle through sublayers and masks, or make a chain longer than
    /// `RenderTreeLimits.maxNesting`. O(maxNesting): the chain above this node is never longer.
    func linkProblem(adding child: RenderNode) -> String? {
        var above = 0
        var n: RenderNode? = self
        while let c = n {
            if c === child { return "layer \(child.id) is \(id) or holds it (through sublayers or masks): the link would make a cycle" }
            above += 1
            n = c.upLink
        }
        let chain = above + 1 + child.height
        if chain > RenderTreeLimits.maxNesting {
            return "the link would nest \(chain) layers (sublayers and masks); the limit is \(RenderTreeLimits.maxNesting)"
        }
        return nil
    }

    /// How much setting `property` to `value` changes the estimated size of the model's values.
    func valueBytesChange(_ property: LayerProperty, to value: AnimatableValue) -> Int {
        MemoryEstimate.bytes(of: value) - MemoryEstimate.bytes(of: model[property])
    }

    /// Whether an animation is attached under `key`, in O(1).
    func hasAnimation(_ key: String) -> Bool { animationBytes[key] != nil }

    /// Attaches `animation`, whose key must not be attached already.
    func attach(_ animation: AttachedAnimation) {
        let bytes = MemoryEstimate.bytes(of: animation.spec)
        animationBytes[animation.key] = bytes
        if let usage = scene?.usage {
            usage.animations += 1
            usage.modelBytes += bytes
        }
        animations.append(animation)
    }

    /// Detaches every animation `leaves` picks, in one pass.
    func detachAnimations(where leaves: (AttachedAnimation) -> Bool) {
        var kept: [AttachedAnimation] = []
        kept.reserveCapacity(animations.count)
        for a in animations {
            guard leaves(a) else { kept.append(a); continue }
            let bytes = animationBytes.removeValue(forKey: a.key) ?? 0
            if let usage = scene?.usage {
                usage.animations -= 1
                usage.modelBytes -= bytes
            }
        }
        if kept.count != animations.count { animations = kept }
    }

    /// Detaches the animation under `key`; false when none is attached under it.
    @discardableResult
    func detachAnimation(key: String) -> Bool {
        guard hasAnimation(key) else { return false }
        detachAnimations { $0.key == key }
        return true
    }

    /// The presentation at local time `time`: the model with the animations applied, now. Through the
    /// scene's lane table when the animations are all ones it holds (the same values, found faster).
    func present(at time: Double) {
        pendingLocalTime = nil
        if laneBlockIsStale { makeLaneBlock() }
        if let block = laneBlock, let lanes = scene?.lanes {
            if valuesHoldModel {
                lanes.resetTargets(of: block, in: &values, from: model)
            } else {
                values = model
                valuesHoldModel = true
            }
            lanes.apply(block, onto: &values, at: time)
        } else {
            values = model
            valuesHoldModel = false
            Presentation.apply(animations, onto: &values, at: time)
        }
    }

    /// The presented zPosition at local time `time`, evaluating only the animations that change it (a frame
    /// that reuses its draw list checks its siblings' order with it).
    func zPosition(at time: Double) -> CGFloat {
        guard animatesZPosition else { return model.zPosition }
        return Presentation.apply(zAnimations, to: model, at: time).zPosition
    }

    private func makeLaneBlock() {
        laneBlockIsStale = false
        valuesHoldModel = false
        guard let lanes = scene?.lanes else { return }
        if let old = laneBlock { lanes.release(old) }
        laneBlock = animations.isEmpty ? nil : lanes.add(animations.map(\.prepared))
    }

    deinit {
        if let block = laneBlock { scene?.lanes.release(block) }
    }

    /// Leaves the presentation at local time `time` to be evaluated when it is first read (a layer the GPU
    /// will likely animate is not read at all on the CPU in most frames).
    func deferPresentation(at time: Double) {
        pendingLocalTime = time
    }

    private func resolvePresentation() {
        if let time = pendingLocalTime { present(at: time) }
    }

    /// Sets a model value; an inactive node's presentation follows at once.
    func setModel(_ property: LayerProperty, _ value: AnimatableValue) {
        if let usage = scene?.usage {
            let change = valueBytesChange(property, to: value)
            valueBytes += change
            usage.modelBytes += change
        }
        model[property] = value
        if !isActive { presentation = model }
    }

    /// Inserts `child` (detached from any parent first) at `index`. The caller has checked `linkProblem`.
    func insert(_ child: RenderNode, at index: Int) {
        child.removeFromParent()
        sublayers.insert(child, at: index)
        child.parent = self
        childLinked(child)
    }

    func removeFromParent() {
        guard let p = parent else { return }
        p.childUnlinked(self)
        p.sublayers.remove(self)
        parent = nil
    }

    /// Makes `m` this node's mask (nil removes the mask). The caller has checked `linkProblem`.
    func setMask(_ m: RenderNode?) {
        if let old = mask {
            childUnlinked(old)
            old.masking = nil
        }
        mask = m
        if let m {
            m.masking = self
            childLinked(m)
        }
    }

    /// Unlinks a node being released: from its parent, its mask, the layer it masks and its sublayers
    /// (which become detached layers of the client).
    func unlinkForRelease() {
        detachAnimations { _ in true }
        scene?.usage.modelBytes -= valueBytes
        valueBytes = 0
        transitionSources.removeAll()
        contents = nil
        removeFromParent()
        masking?.setMask(nil)
        setMask(nil)
        for child in sublayers.removeAll() {
            child.parent = nil
            if child.activeInSubtree > 0 { adjustActive(by: -child.activeInSubtree) }
        }
        childHeights.removeAll()
        height = 0
    }

    /// Counts a newly linked sublayer or mask into this node's active count and heights (and above).
    private func childLinked(_ child: RenderNode) {
        if child.activeInSubtree > 0 { adjustActive(by: child.activeInSubtree) }
        childHeightChanged(from: nil, to: child.height)
    }

    private func childUnlinked(_ child: RenderNode) {
        if child.activeInSubtree > 0 { adjustActive(by: -child.activeInSubtree) }
        childHeightChanged(from: child.height, to: nil)
    }

    /// A linked layer's height went from `old` to `new` (nil: it was not, or is no longer, linked).
    /// Walks up only while heights change: O(maxNesting) levels.
    private func childHeightChanged(from old: Int?, to new: Int?) {
        var node: RenderNode? = self
        var (old, new) = (old, new)
        while let n = node {
            if let o = old { n.childHeights[o] -= 1 }
            if let w = new {
                while n.childHeights.count <= w { n.childHeights.append(0) }
                n.childHeights[w] += 1
            }
            while n.childHeights.last == 0 { n.childHeights.removeLast() }
            let h = n.childHeights.count
            guard h != n.height else { return }
            (old, new) = (n.height, h)
            n.height = h
            node = n.upLink
        }
    }

    private func refreshActivity() {
        let now = !animations.isEmpty || !transitionSources.isEmpty
        guard now != isActive else { return }
        isActive = now
        scene?.activeNodes[ObjectIdentifier(self)] = now ? self : nil
        adjustActive(by: now ? 1 : -1)
        if !now {
            presentation = model
            activeTransition = nil
            localTime = nil
        }
    }

    /// Adds `delta` to the active count of this node and every node above it (a mask counts into the
    /// layer it masks, whose time it runs in).
    private func adjustActive(by delta: Int) {
        var n: RenderNode? = self
        while let c = n {
            c.activeInSubtree += delta
            n = c.parent ?? c.masking
        }
    }

    /// A detached copy of this subtree as presented now: presentation values become the model, contents
    /// are shared, animations and transitions are left behind.
    func frozenCopy() -> RenderNode {
        let copy = RenderNode(id: id, kind: kind)
        copy.model = presentation
        copy.presentation = presentation
        copy.contents = contents
        for sub in sublayers { copy.insert(sub.frozenCopy(), at: copy.sublayers.count) }
        copy.setMask(mask?.frozenCopy())
        return copy
    }

    /// The layers of this subtree, masks included.
    var subtreeCount: Int {
        sublayers.reduce(1) { $0 + $1.subtreeCount } + (mask?.subtreeCount ?? 0)
    }

    /// Every image this subtree shows.
    var subtreeImages: [ServerImage] {
        (contents.map { [$0] } ?? []) + sublayers.flatMap(\.subtreeImages) + (mask?.subtreeImages ?? [])
    }
}

/// A transition's old appearance (nil: the layer was not on screen, so nothing old is drawn).
struct TransitionSource {
    let old: RenderNode?
    /// The layers the copy holds.
    let layerCount: Int

    /// `layerCount`: the layers of `old` (the caller counted them before copying, for the quota).
    init(old: RenderNode?, layerCount: Int) {
        self.old = old
        self.layerCount = layerCount
    }
}

