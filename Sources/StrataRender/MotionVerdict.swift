import Foundation

/// Whether a layer with animations moves with a motion slot (the GPU evaluates its animations each
/// frame) or is drawn with values the CPU evaluates, and why. Decided while a frame's draw list is built
/// (the server's `MotionEligibility` and `MotionPlanner`), kept on the layer, shown by `strata tree` and
/// counted by `strata stats`, so that a user can see why a layer costs CPU.
public enum MotionVerdict: Equatable, Sendable {
    case gpu
    case cpu(MotionCPUReason)

    /// As `strata tree` shows it: "gpu", or "cpu: " and the reason.
    public var description: String {
        switch self {
        case .gpu: "gpu"
        case .cpu(let reason): "cpu: \(reason.description)"
        }
    }
}

/// Why a layer's animations are evaluated on the CPU. One case per rule of the GPU path; the table in
/// docs/animation.md *On the GPU* lists them with what to change to move the layer to the GPU.
public enum MotionCPUReason: Hashable, Sendable, CaseIterable {
    /// The GPU path is off (`gpu-animations = off`, `strata-bench --cpu-animations`).
    case pathOff
    /// Fewer layers animate in the frame than the path's threshold (`gpu-animations`): the CPU is cheaper.
    case fewAnimatedLayers
    /// Its local time is not an affine function of global time: an ancestor repeats or autoreverses, or
    /// it is a replicator's delayed copy below such a layer.
    case timeNotAffine
    /// Its local time runs backwards (a negative speed here or above).
    case timeRunsBackwards
    /// A transition (CATransition) shows on it.
    case transition
    /// An animation changes a property motion slots do not animate (the channel table, `MotionChannel`).
    case propertyOffSlots
    /// More animations than one slot evaluates (`MotionSlots.maxAnimations`).
    case tooManyAnimations
    /// An animation the GPU's records do not evaluate (`GPUAnimationRecord`: its timing or values).
    case animationOffRecords
    /// An animation's values do not fit the layer as the GPU draws it (gradient `locations` of another length).
    case valuesDoNotFit
    /// What its kind draws cannot move with a slot (it draws nothing of its own, a shape on a software
    /// rasteriser, colour glyphs).
    case kindContent
    /// A replicator copy's tint would multiply colours the slot animates.
    case tintedColours
    /// One-sided (`isDoubleSided` false) with drawing that cannot be culled on the GPU (a kind's, a bitmap).
    case oneSided
    /// Its shadow cannot move with the slot (a shadowPath, a transform animated here or above, shape
    /// colours animated, an animated offset over a slot inside it).
    case shadow
    /// An animated anchor point or bounds under a sublayer transform or flipped geometry.
    case sublayerSpace
    /// Drawing that cannot move with a slot (a clip, a CPU-filled path, a shape or label that must be drawn
    /// again at a new scale), its own or in its subtree; or a layer below refused for its own reason.
    case drawing
    /// Under more animated layers, each with a slot, than slots nest (`MotionSlots.maxDepth`).
    case nestedTooDeep
    /// Drawn into a rasterized layer's bitmap or a replicator's repeated body, which the CPU draws once.
    case drawnIntoBitmap
    /// Contents larger than the texture limit (drawn as one quad per tile) whose bounds, contentsRect or
    /// placement it animates: the pieces would need placing again.
    case splitImage
    /// Filters, a backdrop or a blend mode (docs/filters.md): composites made where the list was built.
    case filters

    /// The stable name `strata stats` counts it under.
    public var name: String {
        switch self {
        case .pathOff: "path_off"
        case .fewAnimatedLayers: "few_animated_layers"
        case .timeNotAffine: "time_not_affine"
        case .timeRunsBackwards: "time_runs_backwards"
        case .transition: "transition"
        case .propertyOffSlots: "property_off_slots"
        case .tooManyAnimations: "too_many_animations"
        case .animationOffRecords: "animation_off_records"
        case .valuesDoNotFit: "values_do_not_fit"
        case .kindContent: "kind_content"
        case .tintedColours: "tinted_colours"
        case .oneSided: "one_sided"
        case .shadow: "shadow"
        case .sublayerSpace: "sublayer_space"
        case .drawing: "drawing"
        case .nestedTooDeep: "nested_too_deep"
        case .drawnIntoBitmap: "drawn_into_bitmap"
        case .splitImage: "split_image"
        case .filters: "filters"
        }
    }

    /// A sentence for `strata tree`.
    public var description: String {
        switch self {
        case .pathOff: "the GPU path is off"
        case .fewAnimatedLayers: "fewer animated layers than the GPU path's threshold"
        case .timeNotAffine: "its time repeats or autoreverses (here or above)"
        case .timeRunsBackwards: "its time runs backwards"
        case .transition: "a transition shows on it"
        case .propertyOffSlots: "an animated property motion slots do not animate"
        case .tooManyAnimations: "more animations than one slot evaluates"
        case .animationOffRecords: "an animation the GPU records do not evaluate"
        case .valuesDoNotFit: "an animation's values do not fit the layer as drawn"
        case .kindContent: "its kind's drawing cannot move with a slot"
        case .tintedColours: "a replicator's tint over colours it animates"
        case .oneSided: "one-sided with drawing the GPU cannot cull"
        case .shadow: "its shadow cannot move with the slot"
        case .sublayerSpace: "animated anchor point or bounds under a sublayer transform"
        case .drawing: "drawing that cannot move with a slot (a clip, a CPU-drawn path, shape or label), its own or below"
        case .nestedTooDeep: "under more animated layers than slots nest"
        case .drawnIntoBitmap: "drawn into a rasterized bitmap or a replicator's body"
        case .splitImage: "contents beyond the texture limit whose placement it animates"
        case .filters: "filters, background filters or a blend mode, composited where the list was built"
        }
    }
}
