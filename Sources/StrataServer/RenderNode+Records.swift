import Foundation
import StrataCore
import StrataRender

/// A node's place in the tree: its links change only through `RenderNode`'s methods (RenderNode+Tree),
/// which keep the heights and the counts of active nodes.
struct NodeLinks {
    weak var parent: RenderNode?
    let sublayers = SublayerList()
    /// The chunk of the list that holds this node: its parent's sublayers, or its scene's roots.
    weak var chunk: SublayerList.Chunk?
    var isRoot = false
    /// The layer whose subtree's alpha masks this one (in this layer's coordinates), and the layer this
    /// one masks.
    var mask: RenderNode?
    weak var masking: RenderNode?
    /// The layers on the longest chain of sublayer and mask links below this one (0: none), and how many
    /// of its linked layers (sublayers and mask) have each height: kept as links change, so a link that
    /// would nest layers past `RenderTreeLimits.maxNesting` is refused without walking the subtree.
    var height = 0
    var childHeights: [Int32] = []
    /// For a root: the output it shows on ("": the primary output).
    var output = ""
    /// On a host layer: the context (another client's) it shows, while bound. Hosting edges stay out of
    /// `parent`, `mask` and `height`: those are the client's own tree (`ContextRegistry`).
    var hosting: ExportedContext?
    /// On a context's layer: that context.
    weak var exportedAs: ExportedContext?
}

/// How a node's time ran in the last evaluation that reached it.
struct NodeTiming {
    /// Whether the node has animations or transition sources, and how many such nodes its subtree holds
    /// (evaluation walks only the branches that lead to them).
    var isActive = false
    var activeInSubtree = 0
    /// The local time of its animations in the frame being evaluated (nil: inactive time), how fast it runs
    /// against global time, and whether it is affine in global time (not under a cycling layer).
    var localTime: Double?
    var localRate = 1.0
    var localAffine = true
    /// The frame in which it was last evaluated as part of an attached tree, and the output that frame was
    /// for ("" for `Compositor.advance`).
    var evaluatedFrame: UInt64 = 0
    var evaluatedOutput = ""
    /// The local times around the last evaluation in which none of its animations starts or ends
    /// (`Presentation.quietSpan`): frames inside it skip the start and end bookkeeping. Kept while they stay.
    var quietSpan: Presentation.QuietSpan?
}

/// What the GPU path made of a node's animations.
struct NodeMotion {
    /// The path's plan for its animations (`MotionPlanner.plan`), kept while they stay the same.
    var planCache: MotionPlanner.CachedPlan?
    /// `RenderNode.animationsOffSlots` once found (nil: not yet, since the animations last changed).
    var slotRefusal: KnownRefusal?
    struct KnownRefusal { let reason: MotionCPUReason? }
    /// Why its animations cannot be left to the GPU in this frame, found at evaluation (nil: they may; the
    /// builder asks the rest of `MotionEligibility`'s rules). Its presentation then waits until something
    /// reads it (`drawnValues` reads the rest); the builder takes the slot, or reads it and so evaluates it.
    var timingRefusal: MotionCPUReason?
    /// Whether the GPU or the CPU evaluated its animations where it was last drawn, and why (nil: it had none).
    var verdict: MotionVerdict?
}

/// A drawable layer's frames (`presentDrawable`): the drawable shown last, while it is the contents; the
/// frames waiting for their time, in time order; and counts for `strata tree` and `stats`: frames shown,
/// passed over (a newer one was due by the same frame), and vblanks a shown frame stayed for beyond its
/// first (repeats); the target time the shown one first showed at, and whether a later frame was queued then.
struct NodeDrawables {
    var shown: ServerImage?
    var queue: [QueuedDrawable] = []
    var presents = 0
    var dropped = 0
    var repeats = 0
    var shownAt: Double?
    var nextFrameWaited = false
}
