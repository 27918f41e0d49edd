import Foundation
import StrataCore
import StrataRender

/// What one kind of layer adds to a frame's drawing on the server: the content it draws between its
/// contents and its first sublayer, and how it places its sublayers. One type per kind, in this folder;
/// `DrawListBuilder` asks a node's kind and knows none itself (as Chromium's `LayerImpl::AppendQuads`).
protocol LayerKindContent: Sendable {
    /// False for a kind that draws nothing of its own (no background, contents, border, shadow, mask or
    /// rasterized bitmap: CATransformLayer); the builder then asks it only for its sublayers.
    var drawsLayer: Bool { get }
    /// How many separately drawn pieces the kind's content has (group opacity composites a layer with
    /// more than one piece offscreen).
    func pieces(_ node: RenderNode) -> Int
    /// Appends the kind's content in the layer's coordinates through `matrix` (layer → target, or → the
    /// current motion slot's space under one), times `alpha`, its colours' red, green and blue multiplied
    /// by `tint`. What it appends under a slot must move with it (`MotionSlots.moves`) or the layer is
    /// drawn on the CPU instead.
    func appendContent(_ node: RenderNode, matrix: Transform3D, alpha: CGFloat, tint: Color, motion: KindMotion, into list: inout DrawList)
    /// How much later (local seconds; negative: earlier) than the layer itself its sublayers are last shown
    /// (a replicator's delayed copies): the frame schedule keeps their animations running that much longer.
    func timeSpread(_ node: RenderNode) -> Double
    /// How many evaluations of the sublayers' animations the layer draws (a replicator's delayed copies;
    /// 1 for other kinds): each counts towards the motion path's threshold.
    func copies(_ node: RenderNode) -> Int
    /// Appends the sublayers through `matrix`, each inheriting `alpha`.
    func appendSublayers(_ node: RenderNode, matrix: Transform3D, alpha: CGFloat, builder: DrawListBuilder, into list: inout DrawList)
    /// Why the layer, animated, cannot move with a motion slot because of what the kind draws, or nil
    /// (`MotionEligibility.drawing`). `shapesMove`: whether shapes may (`Compositor.shapesMoveOnTheGPU`).
    /// What is known only while drawing (a run of colour glyphs) the kind reports in `appendContent`
    /// (`DrawList.motionRefusal`).
    func motionRefusal(_ node: RenderNode, shapesMove: Bool) -> MotionCPUReason?
    /// Whether an animation's values fit the layer's as the GPU evaluates them (`MotionPlanner.plan`).
    func animationFits(_ spec: AnimationSpec, _ model: LayerModel) -> Bool
    /// What a new layer of the kind keeps between frames when its drawing changes on its own (nil: nothing).
    func makeState() -> KindState?
    /// Whether the kind's own content draws only inside the layer's bounds, and it places its sublayers
    /// flat in the layer's plane (the default `appendSublayers`): then a layer of it outside the clip it is
    /// in may be left out of the frame (`DrawListBuilder.culls`). False where either is not certain.
    var drawsWithinBounds: Bool { get }
    /// Asks for what the layer needs from elsewhere to show when it comes into view, while it is left out of
    /// the frame (`DrawListBuilder.culls`): a text layer's layout from the text worker.
    func prepareUnseen(_ node: RenderNode, service: TextLayoutService)
    /// Hands what this layer's drawing keeps (a text layer's layout) to `copy`, this layer's frozen copy
    /// (`RenderNode.frozenCopy`: a transition's old appearance), so that the copy draws what the layer
    /// showed without making it again.
    func carry(into copy: any LayerKindContent)
}

extension LayerKindContent {
    var drawsLayer: Bool { true }
    func pieces(_ node: RenderNode) -> Int { 0 }
    func timeSpread(_ node: RenderNode) -> Double { 0 }
    func copies(_ node: RenderNode) -> Int { 1 }
    func appendContent(_ node: RenderNode, matrix: Transform3D, alpha: CGFloat, tint: Color, motion: KindMotion, into list: inout DrawList) {}
    /// A kind that draws nothing of its own has no slot space to draw its sublayers in.
    func motionRefusal(_ node: RenderNode, shapesMove: Bool) -> MotionCPUReason? { drawsLayer ? nil : .kindContent }
    func animationFits(_ spec: AnimationSpec, _ model: LayerModel) -> Bool { true }
    func makeState() -> KindState? { nil }
    func carry(into copy: any LayerKindContent) {}
    var drawsWithinBounds: Bool { false }
    func prepareUnseen(_ node: RenderNode, service: TextLayoutService) {}
    func appendSublayers(_ node: RenderNode, matrix: Transform3D, alpha: CGFloat, builder: DrawListBuilder, into list: inout DrawList) {
        builder.emitFlattenedSublayers(node, matrix: matrix, alpha: alpha, into: &list)
    }
}

/// What a kind's content learns of the motion slot it is drawn under (`DrawList.currentSlot`).
struct KindMotion {
    /// What of the layer's own values its slot animates (empty when the slot is an ancestor's).
    var animated: MotionRef.Fields = []
    /// The builder: where the slot's space is (`slotToTarget`), whether shapes may move
    /// (`Compositor.shapesMoveOnTheGPU`).
    var builder: DrawListBuilder
}

/// The content of each kind of layer.
enum KindContents {

    static func content(for kind: LayerKind) -> any LayerKindContent {
        switch kind {
        case .layer: PlainLayerContent()
        case .transform: TransformLayerContent()
        case .shape: ShapeLayerContent()
        case .gradient: GradientLayerContent()
        case .replicator: ReplicatorLayerContent()
        case .text: TextLayerContent()
        case .scroll: PlainLayerContent() // scrolling is the bounds' origin, drawn as any layer's
        case .emitter: EmitterLayerContent()
        case .tiled: TiledLayerContent()
        case .host: HostLayerContent()
        }
    }
}

/// CALayer: its background, contents and border (drawn by the builder) and nothing more; sublayers
/// flattened into its plane.
struct PlainLayerContent: LayerKindContent {
    var drawsWithinBounds: Bool { true }
}
