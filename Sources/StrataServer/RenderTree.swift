import Foundation
import StrataCore
import StrataProtocol
import StrataRender

/// One layer in the server's retained render tree.
///
/// Only layers that animate are evaluated each frame: a node is *active* while it has animations or a
/// transition's old appearance, and `timing.activeInSubtree` counts the active nodes in its subtree (its mask's
/// included), so evaluation walks only the branches that lead to them. Every other node's presentation
/// is its model, kept so as the model changes. The links (sublayers, parent, mask) change only through
/// the methods below, which keep the counts.
final class RenderNode {
    let id: LayerID
    let kind: LayerKind
    /// Whose bitmap the renderer keeps for this layer when it is drawn into one (shouldRasterize, a deferred
    /// client's root, a layer flattened for its motion): made at the first such drawing.
    private(set) lazy var rasterOwner = RasterOwner()
    /// Whose bitmap the renderer keeps for this layer's shadow while it moves (`movingShadow`): an
    /// identity of its own, apart from the layer's shouldRasterize bitmap.
    private(set) lazy var shadowBitmapOwner = BitmapOwner()
    /// Whose bitmap the renderer keeps for a large text layer's glyphs (`keptText`): one per screen scale,
    /// so that outputs of different densities do not take turns remaking one bitmap at two sizes.
    private var textBitmapOwners: [CGFloat: BitmapOwner] = [:]
    func textBitmapOwner(displayScale: CGFloat) -> BitmapOwner {
        if let owner = textBitmapOwners[displayScale] { return owner }
        let owner = BitmapOwner()
        textBitmapOwners[displayScale] = owner
        return owner
    }
    final class BitmapOwner {
        let id = RasterOwner()
        /// The last bitmap made for it (`keptText`), and the key of what it was made from: a text whose
        /// layout and look stay the same takes it again, not its 65,536 glyphs split and measured anew.
        var kept: (key: Int, content: RasterContent, rect: CGRect)?
    }
    /// How this node's kind draws (Kinds/): found once, from the kind.
    let content: any LayerKindContent
    /// Where it hangs in the tree (`NodeLinks`), how its time runs in the frame being evaluated
    /// (`NodeTiming`), what the GPU path made of its animations (`NodeMotion`), and a drawable layer's
    /// frames (`NodeDrawables`): one record per stage (docs/architecture.md, *The walk*).
    var links = NodeLinks()
    var timing = NodeTiming()
    var motion = NodeMotion()
    var drawables = NodeDrawables()
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
    var values: LayerModel
    /// Whether `values` equals the model in every field but those the lane block writes (so a frame
    /// evaluating the block resets only those): true after a frame evaluated through the block, until
    /// the model or the presentation is set otherwise.
    var valuesHoldModel = false
    /// This node's rows in its scene's `AnimationLaneTable` (nil: its animations are evaluated by
    /// `Presentation.apply`), made again on the first evaluation after its animations change.
    var laneBlock: AnimationLaneTable.Block?
    var laneBlockIsStale = false
    /// The local time whose presentation `presentation` has yet to evaluate (nil: it is current).
    var pendingLocalTime: Double?
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
    var zAnimations: [AttachedAnimation] {
        if let known = zAnimationsFound { return known }
        let found = animations.filter { $0.prepared.changedProperties.contains(.zPosition) }
        zAnimationsFound = found
        return found
    }
    var zAnimationsFound: [AttachedAnimation]?
    /// Whether an attached animation (or a transition) may move this layer's drawing or its sublayers'
    /// on screen between frames: found when first asked after the animations change. A scroll view's offset
    /// rounded to the pixel grid (`PreparedAnimation.movesSublayersOnPixelGrid`) does not count: what it moves
    /// lands on whole pixels, so text stays snapped and shadows stay kept composites, and nothing is drawn
    /// differently when the motion starts or ends (which made the frames at each fling's ends repaint all).
    var animatesPlacement: Bool {
        if let known = placementAnimatesFound { return known }
        let found = !transitionSources.isEmpty
            || animations.contains { !$0.prepared.movesSublayersOnPixelGrid && $0.prepared.changedProperties.contains(where: Self.placementProperties.contains) }
        placementAnimatesFound = found
        return found
    }
    var placementAnimatesFound: Bool?
    /// The properties whose animation moves a layer's drawing or its sublayers' on screen.
    static let placementProperties: Set<LayerProperty> = [.position, .anchorPoint, .anchorPointZ, .transform, .bounds, .zPosition,
                                                          .sublayerTransform, .instanceTransform]
    /// Whether something attached to this layer or a layer above it (its superlayers, or the layer it
    /// masks) may move it on screen between frames: a text layer's glyphs then leave the pixel grid.
    var placementMayAnimate: Bool {
        var n: RenderNode? = self
        while let c = n {
            if c.timing.isActive, c.animatesPlacement { return true }
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
            // A drawable's frame may come without a commit: what it and every layer above it span is worked
            // out again.
            var n: RenderNode? = self
            while let c = n {
                c.cullExtent = nil
                n = c.upLink
            }
        }
    }
    /// Where its subtree draws in its own space, for culling (`DrawListBuilder.localExtent`), and the client's
    /// `ClientScene.changes` it was worked out at: kept while the client commits nothing.
    var cullExtent: (version: UInt64, extent: CullExtent?)?
    /// The client's `ClientScene.changes` when this culled subtree last asked for what it needs to show
    /// (`DrawListBuilder.prepareUnseen`): asked again only after a commit or a text layout handed over.
    var unseenPreparedAt: UInt64?
    /// Attached animations in the order added; changed only through `attach` and `detachAnimations`,
    /// which keep the key index and the client's usage.
    var animations: [AttachedAnimation] = [] {
        willSet { if pendingLocalTime != nil { resolvePresentation() } }
        didSet {
            motion.planCache = nil
            timing.quietSpan = nil
            zAnimationsFound = nil
            placementAnimatesFound = nil
            laneBlockIsStale = true
            motion.slotRefusal = nil
            refreshActivity()
            if !animatedImages.isEmpty { releaseUnnamedImages() }
        }
    }
    /// The images its `contents` animations name, by the client's id (RenderNode+Contents.swift).
    var animatedImages: [UInt64: ServerImage] = [:]
    /// Why its animations cannot move with a motion slot whatever is drawn (a transition among them, a
    /// property slots do not animate), or nil: asked every frame (`MotionEligibility.timing`), found on the
    /// first ask after they change (a commit attaching many animations to one layer pays once, not once per
    /// attachment).
    var animationsOffSlots: MotionCPUReason? {
        if let known = motion.slotRefusal { return known.reason }
        let found = MotionEligibility.offSlots(animations)
        motion.slotRefusal = .init(reason: found)
        return found
    }
    /// What its kind keeps between frames when its drawing changes on its own (`LayerKindContent.makeState`).
    var kindState: KindState?
    /// An emitter layer's particle system and cell images (nil for other kinds).
    var emitterState: EmitterState? { kindState as? EmitterState }
    /// Each attached animation's key, with its estimated variable size as counted into the scene's usage:
    /// whether a key is attached is known without a search.
    var animationBytes: [String: Int] = [:]
    /// The estimated variable size of the model's values, as counted into the scene's usage.
    var valueBytes = 0
    /// Keys whose start has been reported.
    var startedKeys: Set<String> = []
    /// Keys whose end has been reported (animations kept after completion by isRemovedOnCompletion = false).
    var finishedKeys: Set<String> = []
    /// Transaction that added each animation, for completion tracking.
    var animationTransaction: [String: UInt64] = [:]
    /// While its client's updates are deferred (render budgets), a root's bitmap: drawn from again, not
    /// built again, in the frames that apply nothing of that client's and where nothing in it animates.
    var rootBitmap: (content: RasterContent, rect: CGRect)?
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
    /// The scene whose `activeNodes` lists this node while it is active (nil for frozen copies).
    weak var scene: ClientScene?
    /// The client scene this node belongs to (nil for frozen copies).
    var owner: ClientScene? { scene }

    deinit {
        if let block = laneBlock { scene?.lanes.release(block) }
    }

    /// Its local time `elapsed` seconds of global time after the frame that set `localTime` (nil where that
    /// frame found it inactive, or its time not affine in global time: under a cycling layer).
    func localTime(afterGlobal elapsed: Double) -> Double? {
        guard timing.localAffine, let local = timing.localTime else { return nil }
        return local + timing.localRate * elapsed
    }

    /// The time spaces from global media time down to this node (its ancestors' and its own timing).
    var timeSpace: TimeSpace {
        var chain: [LayerTiming] = []
        var n: RenderNode? = self
        while let c = n { chain.append(c.model.timing); n = c.links.parent }
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
    var upLink: RenderNode? { links.parent ?? links.masking }

    /// Whether it draws sublayers: its own, or (a host layer) another client's context's layer.
    var drawsSublayers: Bool { !links.sublayers.isEmpty || links.hosting?.layer != nil }
    /// How many sublayers it draws (a host layer's context's layer counts as one).
    var drawnSublayerCount: Int { links.sublayers.count + (links.hosting?.layer != nil ? 1 : 0) }

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
        let chain = above + 1 + child.links.height
        if chain > RenderTreeLimits.maxNesting {
            return "the link would nest \(chain) layers (sublayers and masks); the limit is \(RenderTreeLimits.maxNesting)"
        }
        return nil
    }

    /// How much setting `property` to `value` changes the estimated size of the model's values.
    func valueBytesChange(_ property: LayerProperty, to value: AnimatableValue) -> Int {
        MemoryEstimate.bytes(of: value) - MemoryEstimate.bytes(of: model[property])
    }

    /// Sets a model value; an inactive node's presentation follows at once.
    func setModel(_ property: LayerProperty, _ value: AnimatableValue) {
        if let usage = scene?.usage {
            let change = valueBytesChange(property, to: value)
            valueBytes += change
            usage.modelBytes += change
        }
        model[property] = value
        if !timing.isActive { presentation = model }
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
