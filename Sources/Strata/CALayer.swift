import Foundation
import Logging
import StrataCore
import StrataProtocol

/// A layer with Core Animation's model/presentation split. Setting a property changes the model at
/// once; inside a committed tree it also asks for the implicit animation (0.25 s or the transaction's
/// duration) from the on-screen value. Thread-safe through the transaction lock.
///
/// This file is the surface iOS code overrides: Core Animation's properties and methods, `open` and declared
/// in the class because Swift cannot override members of extensions. Each is a line or two that forwards to
/// its implementation in the extension file its MARK names, where its behaviour is explained.
open class CALayer: NSObject {
    // Model state (guarded by LayerLock). The layer whose alpha masks this one is retained, as in Core Animation.
    var modelValues = LayerModel()
    var contentsImage: CGImage?
    var sublayerList: [CALayer] = []
    weak var parent: CALayer?
    var maskLayer: CALayer?
    weak var maskedLayer: CALayer?
    var animationEntries: [AnimationEntry] = []
    // What the last commit carried: the basis of presentation() and of the next diff.
    var committedModel = LayerModel()
    var hasBeenCommitted = false
    var isAttachedRoot = false
    /// The output `StrataConnection.attach(_:toOutput:)` named ("": the primary output).
    var rootOutput = ""
    /// What the server holds for the layer, of whichever connection recorded it (`server`, CALayer+ServerShadow.swift).
    var serverState: ServerShadow?
    let layerID: LayerID
    let isPresentationCopy: Bool
    /// For a presentation layer: the layer it presents (`model()`), and the media time it shows.
    var presentedLayer: CALayer?
    var presentationTime: CFTimeInterval?
    /// Marked by `setNeedsLayout()`; cleared when `layoutSublayers()` runs.
    var needsLayoutFlag = false
    var inputHandlerStorage: ((StrataInputEvent) -> Void)?
    var autoresizingMaskValue = CAAutoresizingMask()
    /// A GL frame presented to this layer that goes with its next commit (CAEAGLLayer, CAMetalLayer), and
    /// the drawable ring of a layer that shows drawables, made on first use.
    var pendingDrawable: PendingDrawable?
    var drawableRingStorage: DrawableRing?
    /// Asked first when an action is looked up (held weakly, as in Core Animation).
    public weak var delegate: CALayerDelegate?
    /// Actions by event key, searched after the delegate.
    public var actions: [String: CAAction]?
    /// Default values and actions: its "actions" entry (a [String: CAAction]) is searched after `actions`.
    public var style: [AnyHashable: Any]?
    var anonymousKeyCounter = 0
    /// Values of keys the layer stores for subclasses (Core Animation's `@dynamic` properties), as set and
    /// as of the last commit (the basis of the presentation's custom values).
    var customValues: [String: Any] = [:]
    var committedCustomValues: [String: Any] = [:]
    /// `setNeedsDisplay()` was called and `display()` has not run since (`dirtyRect` nil: the whole layer);
    /// `displayMarkedByScale`: only a `contentsScale` change marked it (CALayer+Display.swift).
    var needsDisplayFlag = false
    var displayMarkedByScale = false
    var dirtyRect: CGRect?
    var needsDisplayOnBoundsChangeValue = false
    /// The property being set and its new value, while `set` looks up the action (guarded by LayerLock).
    var changingTo: (property: LayerProperty, value: AnimatableValue)?
    var isOpaqueValue = false
    var drawsAsynchronouslyValue = false
    var nameValue: String?
    var keyValueObserversStorage: KeyValueObservers?

    /// Whether `draw(in:)` gets a context that records its commands and replays them onto the backing store
    /// on a background queue, as Core Animation's does (AsyncDrawing.swift). Default false.
    open var drawsAsynchronously: Bool { get { LayerLock.with { drawsAsynchronouslyValue } } set { LayerLock.with { drawsAsynchronouslyValue = newValue } } }
    /// The layer's name, for the app's own use (finding layers, debugging); not sent to the server.
    open var name: String? { get { LayerLock.with { nameValue } } set { LayerLock.with { nameValue = newValue } } }

    public override init() {
        layerID = LayerRegistry.register()
        isPresentationCopy = false
        modelValues = LayerModel(kind: Self.layerKind)
        committedModel = modelValues
        super.init()
        LayerRegistry.track(self)
    }

    /// The kind of layer this class is (its properties and what the server draws for it).
    class var layerKind: LayerKind { .layer }

    /// Creates a shadow copy of `layer` for Core Animation's own use: presentation layers are made with
    /// it, through the class's own override (LayerConstruction.swift), so they are instances of the layer's
    /// class. Subclasses with stored properties override it (`override init(layer: Any)`, as on iOS) to copy
    /// them, assigning to `self` (keys kept with `setValue(_:forKey:)` are copied here). A subclass that
    /// declares initialisers of its own needs this override, as on iOS, where it crashes without it. A copy
    /// is a layer of its own: assigning to it changes the copy, never the model; it has no id on the server,
    /// runs no actions and sends nothing.
    public init(layer: Any) {
        layerID = 0
        isPresentationCopy = true
        if let source = layer as? CALayer {
            modelValues = source.modelValues
            contentsImage = source.contentsImage
            customValues = source.customValues
            delegate = source.delegate
            nameValue = source.nameValue
            drawsAsynchronouslyValue = source.drawsAsynchronouslyValue
        }
        super.init()
    }

    /// Archiving is not supported: returns nil. Required, as on iOS (NSCoding), so that subclasses'
    /// `required init?(coder:)` compiles as written there and can call `super.init(coder:)`.
    public required init?(coder: NSCoder) { return nil }

    deinit { if !isPresentationCopy { releasedByApp() } }

    // MARK: custom keys (CALayer+CustomKeys.swift)

    /// The value a key has before it is set: Core Animation's defaults for Strata's properties, nil for
    /// other keys. Subclasses override it for their own keys.
    open class func defaultValue(forKey key: String) -> Any? { LayerProperty(name: key).flatMap { ValueConversion.any($0.defaultValue) } }
    /// Whether an archive would keep `key`'s value: true, Core Animation's default (Strata never archives layers).
    open class func shouldArchiveValue(forKey key: String) -> Bool { true }
    /// Whether changing or animating `key` needs the contents redrawn; false for every built-in key.
    open class func needsDisplay(forKey key: String) -> Bool { false }

    // MARK: drawing (CALayer+Display.swift)

    /// Updates the contents: the delegate's `display(_:)` when there is a delegate, else the backing store
    /// drawn with `draw(in:)`. Run by `displayIfNeeded()` and each frame while a `needsDisplay(forKey:)` key animates.
    open func display() {
        if let delegate = LayerLock.with({ self.delegate }) { delegate.display(self) } else { drawBackingStore() }
    }
    /// Draws the contents into `ctx` (the backing store, in the layer's coordinates, scaled by `contentsScale`):
    /// the delegate's `draw(_:in:)` by default.
    open func draw(in ctx: CGContext) { LayerLock.with { delegate }?.draw(self, in: ctx) }
    /// Draws the layer and its sublayers into `ctx` now, in the layer's own coordinates, from model values
    /// (animations are ignored); what is drawn and skipped is in the *Drawing* row of <doc:Status#CALayer-methods-and-function-families>.
    open func render(in ctx: CGContext) { LayerRenderer(ctx: ctx).renderRoot(self) }

    // MARK: layout and geometry (CALayer+Layout.swift, GeometryQueries.swift)

    /// Places the sublayers (once per commit for a marked layer, before display): the delegate's `layoutSublayers(of:)`.
    open func layoutSublayers() { LayerLock.with { delegate }?.layoutSublayers(of: self) }
    /// Called when the bounds' size changed from `oldSize`: each sublayer's `resize(withOldSuperlayerSize:)`.
    open func resizeSublayers(withOldSize oldSize: CGSize) {
        for sublayer in LayerLock.with({ sublayerList }) { sublayer.resize(withOldSuperlayerSize: oldSize) }
    }
    /// Follows the superlayer's new bounds by `autoresizingMask` (nothing without one).
    open func resize(withOldSuperlayerSize oldSize: CGSize) { autoresize(oldSuperlayerSize: oldSize) }
    /// Whether `p` (in the layer's coordinates) is inside it: its bounds (`hitTest(_:)` asks it).
    open func contains(_ p: CGPoint) -> Bool { geometryValues().bounds.contains(p) }
    /// The farthest descendant (this layer included) under `p`, a point in the superlayer's coordinates, as Core
    /// Animation finds it; on a `presentation()` layer from presentation values.
    open func hitTest(_ p: CGPoint) -> CALayer? { LayerLock.with { GeometryQueries(self).hitTest(p) } }
    /// The size the layer would like in its superlayer: its bounds' size (a text layer's: its laid-out text's).
    open func preferredFrameSize() -> CGSize { read { $0.bounds.size } }

    // MARK: actions (CALayer+Actions.swift)

    /// The action for `event`: the delegate's `action(for:forKey:)`, `actions`, `style`'s "actions", the
    /// class's `defaultAction(forKey:)`, then the implicit animation; an `NSNull` found at any step means none.
    open func action(forKey event: String) -> CAAction? { searchAction(forKey: event) }
    /// Subclasses return the action for keys that are fundamental to them; nil by default.
    open class func defaultAction(forKey event: String) -> CAAction? { nil }

    // MARK: geometry (CALayer+Geometry.swift)

    /// The layer's own coordinate space: its origin is the point at the top-left corner, its size the
    /// layer's size in points (default `.zero`). Animatable (implicitly in a committed tree); a size change
    /// marks the layer for layout. A non-finite value is logged and changes nothing.
    open var bounds: CGRect { get { read { $0.bounds } } set { set(.bounds, newValue) } }
    /// Where the anchor point lies in the superlayer's coordinates (default `.zero`). Animatable (implicitly in
    /// a committed tree); a non-finite value is logged and changes nothing.
    open var position: CGPoint { get { read { $0.position } } set { set(.position, newValue) } }
    /// The point of the bounds placed at `position`, about which `transform` applies, in unit coordinates of the
    /// bounds from the top-left (default (0.5, 0.5), the centre). Animatable (implicitly in a committed tree).
    open var anchorPoint: CGPoint { get { read { $0.anchorPoint } } set { set(.anchorPoint, newValue) } }
    /// The layer's place on the z axis (default 0): siblings are drawn by zPosition, then index; it translates
    /// along z, which shows through a superlayer's perspective `sublayerTransform` and orders a
    /// `CATransformLayer`'s sublayers by depth. Animatable (implicitly in a committed tree).
    open var zPosition: CGFloat { get { read { $0.zPosition } } set { set(.zPosition, newValue) } }
    /// The layer's transform relative to its anchor point, a full 4×4 matrix including m34 perspective
    /// (default identity); the sublayers are flattened into the layer's plane. Animatable (implicitly in a
    /// committed tree) by decomposition, and through `transform.*` key paths.
    open var transform: CATransform3D { get { read { $0.transform } } set { set(.transform, newValue) } }
    /// The anchor point's z in the layer's own space (default 0): the centre of its transform, with anchorPoint.
    open var anchorPointZ: CGFloat { get { read { $0.anchorPointZ } } set { set(.anchorPointZ, newValue) } }
    /// Applied to the sublayers, about the anchor point, when rendering (typically perspective: m34).
    open var sublayerTransform: CATransform3D { get { read { $0.sublayerTransform } } set { set(.sublayerTransform, newValue) } }
    /// Whether the layer's own background, contents and border are drawn when it faces away (default true).
    open var isDoubleSided: Bool { get { read { $0.isDoubleSided } } set { set(.isDoubleSided, newValue) } }
    /// Derived from bounds, position, anchorPoint and transform; setting it animates bounds and position.
    open var frame: CGRect { get { read { $0.frame } } set { setFrame(newValue) } }

    // MARK: appearance (animatable unless said otherwise)

    /// The layer's opacity, from 0 (transparent) to 1 (opaque, the default), applied to its subtree: as a group
    /// when `allowsGroupOpacity` and there is more than one piece. Animatable (implicitly in a committed tree).
    open var opacity: Float { get { read { Float($0.opacity) } } set { set(.opacity, CGFloat(newValue)) } }
    /// The colour filling the bounds, rounded by `cornerRadius` (default nil: none). Animatable (implicitly in a
    /// committed tree) per straight-alpha sRGB component; nil interpolates as transparent black.
    open var backgroundColor: CGColor? { get { read { $0.backgroundColor.map(CGColor.init) } } set { set(.backgroundColor, newValue?.color) } }
    /// Whether the layer and its subtree are not drawn (default false). Unlike Core Animation there is no
    /// implicit animation: the change shows at the next frame after the commit; explicit animations switch
    /// half-way. In a displayed tree it runs the `onOrderIn`/`onOrderOut` actions.
    /// See <doc:Status#CALayer-properties-(spec-§13)>.
    open var isHidden: Bool { get { read { $0.isHidden } } set { set(.hidden, newValue) } }
    /// Radius of the rounded corners of the background, the border and (with masksToBounds) the clip.
    open var cornerRadius: CGFloat { get { read { $0.cornerRadius } } set { set(.cornerRadius, newValue) } }
    /// Which corners cornerRadius rounds (default all four). Not animatable.
    open var maskedCorners: CACornerMask {
        get { read { CACornerMask(rawValue: UInt($0.maskedCorners)) } } set { set(.maskedCorners, UInt8(newValue.rawValue & 15)) }
    }
    /// Width of the border, drawn inside the bounds above the contents and sublayers (default 0).
    open var borderWidth: CGFloat { get { read { $0.borderWidth } } set { set(.borderWidth, newValue) } }
    /// Colour of the border (default opaque black).
    open var borderColor: CGColor? { get { read { $0.borderColor.map(CGColor.init) } } set { set(.borderColor, newValue?.color) } }
    /// Whether the contents, sublayers and shadow are clipped to the bounds, rounded by cornerRadius (default false).
    open var masksToBounds: Bool { get { read { $0.masksToBounds } } set { set(.masksToBounds, newValue) } }
    /// The shadow's colour (default opaque black; nil draws none).
    open var shadowColor: CGColor? { get { read { $0.shadowColor.map(CGColor.init) } } set { set(.shadowColor, newValue?.color) } }
    /// The shadow's opacity, 0 (default: no shadow) to 1.
    open var shadowOpacity: Float { get { read { Float($0.shadowOpacity) } } set { set(.shadowOpacity, CGFloat(newValue)) } }
    /// The shadow's offset in the layer's coordinates (default (0, −3): upwards, +y being down).
    open var shadowOffset: CGSize { get { read { $0.shadowOffset } } set { set(.shadowOffset, newValue) } }
    /// The shadow's blur radius in points (default 3).
    open var shadowRadius: CGFloat { get { read { $0.shadowRadius } } set { set(.shadowRadius, newValue) } }
    /// The shadow's shape (nonzero winding, layer coordinates) instead of the alpha of what the layer draws
    /// (default nil); copied, as Core Animation retains an immutable CGPath. Animatable between paths of one structure.
    open var shadowPath: CGPath? { get { read { $0.shadowPath.map(CGPath.init) } } set { set(.shadowPath, newValue?.path) } }
    /// Core Image filters of the layer's drawing and its sublayers' (`CIFilter`s, or their names), applied in
    /// order on the server's GPU (docs/filters.md); nil: none. Their inputs animate by key path
    /// (`filters.NAME.inputRadius`).
    open var filters: [Any]? {
        get { let f = filterObjects(.filters); return f.isEmpty ? nil : f } set { setFilters(.filters, newValue) }
    }
    /// Core Image filters of what lies behind the layer, within its bounds and corners: frosted glass.
    open var backgroundFilters: [Any]? {
        get { let f = filterObjects(.backgroundFilters); return f.isEmpty ? nil : f } set { setFilters(.backgroundFilters, newValue) }
    }
    /// How the layer's drawing combines with what lies beneath it: a blend mode's `CIFilter`, or its name
    /// (`"multiplyBlendMode"`, `"CIScreenBlendMode"`); nil: source over.
    open var compositingFilter: Any? {
        get { filterObjects(.compositingFilter).first } set { setFilters(.compositingFilter, newValue) }
    }
    /// Whether an opacity below 1 composites the background, contents and sublayers once, as a group
    /// (default true); false applies it to each piece. Not animatable.
    open var allowsGroupOpacity: Bool { get { read { $0.allowsGroupOpacity } } set { set(.allowsGroupOpacity, newValue) } }
    /// Whether the edges in `edgeAntialiasingMask` are anti-aliased (Strata's default true). Not animatable.
    open var allowsEdgeAntialiasing: Bool { get { read { $0.allowsEdgeAntialiasing } } set { set(.allowsEdgeAntialiasing, newValue) } }
    /// Which edges are anti-aliased (default all four); turning one off hides seams between abutting layers.
    open var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { read { CAEdgeAntialiasingMask(rawValue: UInt32($0.edgeAntialiasingMask)) } } set { set(.edgeAntialiasingMask, UInt8(newValue.rawValue & 15)) }
    }
    /// Whether the layer and its sublayers (shadow included, opacity not) are drawn once into a bitmap that is
    /// reused while the subtree is unchanged (default false). Animatable (switches half-way).
    open var shouldRasterize: Bool { get { read { $0.shouldRasterize } } set { set(.shouldRasterize, newValue) } }
    /// Bitmap pixels per layer unit when rasterizing (default 1); must be > 0.
    open var rasterizationScale: CGFloat { get { read { $0.rasterizationScale } } set { set(.rasterizationScale, newValue) } }

    // MARK: contents (CALayer+Contents.swift)

    /// The layer's image (typed `Any?` as Apple's): a `CGImage` or nil; another value is logged and changes nothing.
    open var contents: Any? { get { LayerLock.with { contentsImage } } set { setContents(newValue) } }
    /// Where the contents image goes within the bounds (default `.resize`). Not animatable.
    open var contentsGravity: CALayerContentsGravity {
        get { CALayerContentsGravity(rawValue: name(of: .contentsGravity)) } set { set(.contentsGravity, named: newValue.rawValue, what: "gravity") }
    }
    /// The part of the image shown, in unit coordinates from its top-left (default (0, 0, 1, 1)).
    open var contentsRect: CGRect { get { read { $0.contentsRect } } set { set(.contentsRect, newValue) } }
    /// The stretchable middle of the image (unit coordinates, default all of it): the rest keeps its size (nine-slice).
    open var contentsCenter: CGRect { get { read { $0.contentsCenter } } set { set(.contentsCenter, newValue) } }
    /// How contents drawn smaller than their pixels are sampled (default `.linear`). Not animatable.
    open var minificationFilter: CALayerContentsFilter {
        get { CALayerContentsFilter(rawValue: name(of: .minificationFilter)) } set { set(.minificationFilter, named: newValue.rawValue, what: "filter") }
    }
    /// How contents drawn larger than their pixels are sampled (default `.linear`). Not animatable.
    open var magnificationFilter: CALayerContentsFilter {
        get { CALayerContentsFilter(rawValue: name(of: .magnificationFilter)) } set { set(.magnificationFilter, named: newValue.rawValue, what: "filter") }
    }
    /// How the corners `cornerRadius` rounds are curved (default `.circular`; `.continuous`: Apple's smooth
    /// corners, reaching `cornerCurveExpansionFactor(.continuous)` radii along each edge). Not animatable.
    open var cornerCurve: CALayerCornerCurve {
        get { CALayerCornerCurve(rawValue: name(of: .cornerCurve)) } set { set(.cornerCurve, named: newValue.rawValue, what: "corner curve") }
    }
    /// How far a corner of `curve` reaches along its edges, in radii: 1 for circular, 1.528665 for continuous.
    open class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat {
        curve == .continuous ? CornerCurve.continuousExpansion : 1
    }
    /// Levels of detail added under `.trilinear` minification (default 0; positive is blurrier). Not animatable.
    open var minificationFilterBias: Float { get { read { Float($0.minificationFilterBias) } } set { set(.minificationFilterBias, CGFloat(newValue)) } }

    // MARK: backing store and display (CALayer+Display.swift)

    /// Pixels per point of the contents (default 1): the backing store is bounds × contentsScale pixels, and
    /// positioned gravities show an image at pixels ÷ contentsScale. Not animatable.
    open var contentsScale: CGFloat { get { LayerLock.with { modelValues.contentsScale } } set { setContentsScale(newValue) } }
    /// Whether the backing store has no alpha: what `draw(in:)` leaves transparent shows black (default false).
    open var isOpaque: Bool { get { LayerLock.with { isOpaqueValue } } set { setOpaque(newValue) } }
    /// Whether a change of the bounds' size marks the layer as needing display (default false).
    open var needsDisplayOnBoundsChange: Bool {
        get { LayerLock.with { needsDisplayOnBoundsChangeValue } } set { LayerLock.with { needsDisplayOnBoundsChangeValue = newValue } }
    }
    /// Marks the whole layer for redrawing; `display()` runs when the transaction commits.
    open func setNeedsDisplay() { markNeedsDisplay() }
    /// Marks `rect` (layer coordinates) for redrawing: `draw(in:)` gets a context clipped to the dirty region.
    open func setNeedsDisplay(_ rect: CGRect) { markNeedsDisplay(in: rect) }
    /// Whether `setNeedsDisplay()` was called since the last display.
    open func needsDisplay() -> Bool { LayerLock.with { needsDisplayFlag } }
    /// Runs `display()` now if the layer is marked as needing it.
    open func displayIfNeeded() { displayIfMarked() }

    // MARK: flipped geometry (CALayer+GeometryFlipped.swift)

    /// Whether the sublayers' space is flipped vertically (y up from the bottom of the bounds); the layer's own
    /// drawing is not. Default false; not animatable.
    open var isGeometryFlipped: Bool { get { LayerLock.with { modelValues.isGeometryFlipped } } set { set(.geometryFlipped, .bool(newValue)) } }
    /// Whether the contents are implicitly flipped: an odd number of layers from here to the root have flipped geometry.
    open func contentsAreFlipped() -> Bool { flippedFromRoot() }

    // MARK: hierarchy (CALayer+Hierarchy.swift)

    /// A layer whose subtree's alpha masks this layer, in its coordinates and time; it must have no
    /// superlayer and mask no other layer.
    open var mask: CALayer? { get { LayerLock.with { maskLayer } } set { setMask(newValue) } }
    /// The layer this one is a sublayer of; nil for a root, an unparented layer, a mask and a presentation layer.
    open var superlayer: CALayer? { LayerLock.with { parent } }
    /// The sublayers, back to front by index (nil when there are none). Setting it removes the current ones and
    /// adds the new ones in order (each taken out of its previous superlayer); not animated.
    open var sublayers: [CALayer]? { get { LayerLock.with { sublayerList.isEmpty ? nil : sublayerList } } set { replaceSublayers(with: newValue) } }
    /// Appends `layer` at the front of the sublayers, taking it out of its previous superlayer (or detaching it
    /// when it is an attached root). In a displayed tree it runs the layer's `onOrderIn` action. Adding the
    /// receiver or an ancestor of it traps; on a presentation layer it is logged and does nothing.
    open func addSublayer(_ layer: CALayer) { LayerLock.with { insertSublayer(layer, at: UInt32(sublayerList.count)) } }
    /// Inserts `layer` into the sublayers at `index` (clamped to the count), taking it out of its previous
    /// superlayer first, as `addSublayer(_:)` does.
    open func insertSublayer(_ layer: CALayer, at index: UInt32) { insert(sublayer: layer, at: index) }
    /// Inserts `layer` just below `sibling`; a `sibling` that is nil or not a sublayer puts it at the back (index 0).
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) { insert(sublayer: layer, nextTo: sibling, above: false) }
    /// Inserts `layer` just above `sibling`; a `sibling` that is nil or not a sublayer puts it at the front.
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) { insert(sublayer: layer, nextTo: sibling, above: true) }
    /// Puts `new` where `old` is in the sublayers and removes `old`; nothing happens when `old` is not a
    /// sublayer. In a displayed tree the receiver runs its `transition` action (by default a fade).
    open func replaceSublayer(_ old: CALayer, with new: CALayer) { replace(sublayer: old, with: new) }
    /// Removes the layer from its superlayer (nothing without one), running its `onOrderOut` action in a
    /// displayed tree and marking the superlayer for layout. An attached root is detached with
    /// `StrataConnection.detach(_:)` instead.
    open func removeFromSuperlayer() { detachFromSuperlayer() }

    // MARK: animations (CALayer+Animations.swift)

    /// Adds a copy of `anim`, replacing an animation with the same key (nil: a unique key); one Strata cannot
    /// carry is logged, naming the layer and the key, and not added.
    open func add(_ anim: CAAnimation, forKey key: String?) { addCopy(of: anim, forKey: key) }
    /// The layer's copy of the animation added under `key`, or nil; after the commit a `beginTime` of 0 reads as
    /// the stamped commit time. Changing the copy does not change the running animation.
    open func animation(forKey key: String) -> CAAnimation? { LayerLock.with { animationEntries.first { $0.key == key }?.animation } }
    /// The keys of the layer's animations, in the order added (nil when there are none). A finished animation
    /// removed on completion leaves the list when the server reports it stopped; without a server finished
    /// animations stay listed, with no effect.
    open func animationKeys() -> [String]? { LayerLock.with { animationEntries.isEmpty ? nil : animationEntries.map(\.key) } }
    /// Removes the animation under `key` (nothing when there is none); its delegate gets
    /// `animationDidStop(_:finished: false)` when the server had it.
    open func removeAnimation(forKey key: String) { removeEntries { $0.key == key } }
    /// Removes every animation of the layer; each delegate gets `animationDidStop(_:finished: false)` for
    /// animations the server had.
    open func removeAllAnimations() { removeEntries { _ in true } }

    // MARK: layout (CALayer+Layout.swift)

    /// Marks the layer for layout: `layoutSublayers()` runs once, in the current transaction's commit, top-down
    /// before any `display()` (or earlier, from `layoutIfNeeded()`).
    open func setNeedsLayout() { LayerLock.with { needsLayoutFlag = true; CATransaction.noteChange(self) } }
    /// Whether the layer is marked for layout (by `setNeedsLayout()`, a change of its bounds' size, or sublayers
    /// added or removed) and has not been laid out since.
    open func needsLayout() -> Bool { LayerLock.with { needsLayoutFlag } }
    /// Lays out now: every marked layer of the subtree from the topmost ancestor that needs layout, top-down.
    open func layoutIfNeeded() {
        var visited: Set<ObjectIdentifier> = []
        LayerLock.with { layoutFromTopmostMarked(visited: &visited) }
    }
    /// How the layer's frame follows its superlayer's bounds when their size changes (default none): each axis's
    /// change is shared by the flexible margins and size in proportion to their lengths. "Min" is the smaller
    /// coordinate, so `kCALayerMinYMargin` is the top margin in Strata's y-down space (the bottom on macOS).
    /// See <doc:Status#CALayer-properties-(spec-§13)>.
    open var autoresizingMask: CAAutoresizingMask { get { LayerLock.with { autoresizingMaskValue } } set { LayerLock.with { autoresizingMaskValue = newValue } } }

    // MARK: media timing (CALayer+MediaTiming.swift): the layer's time space within its superlayer's

    /// Start of the layer's time space, in its superlayer's time.
    open var beginTime: CFTimeInterval { get { read { $0.timing.beginTime } } set { set(.beginTime, .scalar(CGFloat(newValue))) } }
    /// Rate of the layer's time relative to its superlayer's (0 pauses the layer and its subtree).
    open var speed: Float { get { read { Float($0.timing.speed) } } set { set(.speed, .scalar(CGFloat(newValue))) } }
    /// Offset added to the layer's local time.
    open var timeOffset: CFTimeInterval { get { read { $0.timing.timeOffset } } set { set(.timeOffset, .scalar(CGFloat(newValue))) } }
    /// The simple duration of the layer's time; 0 (the default) never ends. A positive one cycles the
    /// layer's time like an animation group's, shaping every animation in its subtree.
    open var duration: CFTimeInterval { get { read { $0.timing.duration } } set { set(.duration, .scalar(CGFloat(newValue))) } }
    /// How many times a cycling layer's time repeats (`.infinity` forever).
    open var repeatCount: Float {
        get { read { Float($0.timing.repeatCount) } } set { set(.repeatCount, .scalar(newValue.isInfinite ? .greatestFiniteMagnitude : CGFloat(newValue))) }
    }
    /// How long a cycling layer's time repeats, in its parent's time scaled by speed.
    open var repeatDuration: CFTimeInterval {
        get { read { $0.timing.repeatDuration } } set { set(.repeatDuration, .scalar(newValue.isInfinite ? .greatestFiniteMagnitude : CGFloat(newValue))) }
    }
    /// Whether a cycling layer's time runs backwards after each forward cycle.
    open var autoreverses: Bool { get { read { $0.timing.autoreverses } } set { set(.autoreverses, .bool(newValue)) } }
    /// Whether a cycling layer's time holds its edge values outside the active interval (`.removed`: model values).
    open var fillMode: CAMediaTimingFillMode {
        get { read { CAMediaTimingFillMode(rawValue: $0.timing.fillMode.name) } } set { set(.fillMode, .scalar(CGFloat(newValue.fillMode.rawValue))) }
    }
    /// Converts `t` from `layer`'s time space (nil: global media time, CACurrentMediaTime) to this layer's.
    open func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        LayerLock.with { TimeSpace.convert(t, from: layer?.timeSpace(committed: false), to: timeSpace(committed: false)) }
    }
    /// Converts `t` from this layer's time space to `layer`'s (nil: global media time).
    open func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        LayerLock.with { TimeSpace.convert(t, from: timeSpace(committed: false), to: layer?.timeSpace(committed: false)) }
    }

    // MARK: converting between layers (CALayer+Conversion.swift); a rectangle converts to its corners' bounding box

    /// Converts `p` from `layer`'s coordinates (nil: the root space, where roots are attached) to this layer's,
    /// through every position, anchor point, bounds origin, transform, sublayer transform and geometry flip,
    /// perspective included. A point that maps behind the viewer or through a plane seen edge-on gives
    /// (NaN, NaN). On presentation layers, presentation values.
    open func convert(_ p: CGPoint, from layer: CALayer?) -> CGPoint { converting { $0.convert(p, from: layer.map($0.modelSide), to: $0.layer) } }
    /// Converts `p` from this layer's coordinates to `layer`'s (nil: the root space), as `convert(_:from:)` does.
    open func convert(_ p: CGPoint, to layer: CALayer?) -> CGPoint { converting { $0.convert(p, from: $0.layer, to: layer.map($0.modelSide)) } }
    /// Converts `r` from `layer`'s coordinates (nil: the root space) to this layer's: the bounding box of its
    /// converted corners, or `.null` when a corner maps behind the viewer.
    open func convert(_ r: CGRect, from layer: CALayer?) -> CGRect { converting { $0.convert(r, from: layer.map($0.modelSide), to: $0.layer) } }
    /// Converts `r` from this layer's coordinates to `layer`'s (nil: the root space): the bounding box of its
    /// converted corners, or `.null` when a corner maps behind the viewer.
    open func convert(_ r: CGRect, to layer: CALayer?) -> CGRect { converting { $0.convert(r, from: $0.layer, to: layer.map($0.modelSide)) } }

    // MARK: presentation (CALayer+Presentation.swift)

    /// The values on screen now: the last committed model with the committed animations applied at
    /// CACurrentMediaTime(), computed with the core code the server renders with; nil before the first commit.
    /// Of the layer's own class, so `shapeLayer.presentation()?.strokeEnd` needs no cast.
    open func presentation() -> Self? { presentation(at: CACurrentMediaTime()) }
    /// For a layer returned by `presentation()`, the layer it presents; for any other layer, itself.
    open func model() -> Self { (presentedLayer as? Self) ?? self }

    // MARK: key-value coding (CALayer+CustomKeys.swift, CALayer+KVC.swift)

    /// Sets a property (as `setValue(_:forKeyPath:)`) or a custom key, running its action and marking the layer
    /// for display as `needsDisplay(forKey:)` says.
    open func setValue(_ value: Any?, forKey key: String) { store(value, forKey: key) }
    /// A property's model value, or a custom key's (its `defaultValue(forKey:)` until set); on a presentation
    /// layer custom keys hold their animated values.
    open func value(forKey key: String) -> Any? { storedValue(forKey: key) }
    /// Sets a property or key-path component, taking values as Core Animation does; what Strata does not carry
    /// and wrong values are logged, naming the layer and the key path, and change nothing.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) { store(value, forKeyPath: keyPath) }
    /// The model value at a property's key path or component (`"position.x"`, `"transform.rotation.z"`,
    /// `"filters.NAME.inputRadius"`), enumerated properties as their Swift type and lists as `[NSNumber]` or
    /// `[CGColor]`; on a presentation layer its presented values. nil, without logging, for a key path Strata
    /// does not carry and for a custom key (read those with `value(forKey:)`, where Core Animation's key-value
    /// coding reads them by key path too). See <doc:Status#CALayer-methods-and-function-families>.
    open func value(forKeyPath keyPath: String) -> Any? { modelValue(forKeyPath: keyPath) }

    // MARK: affine transforms (CATransform3D+Affine.swift)

    /// The layer's `transform` as an affine transform (its x/y part).
    open func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }
    /// Sets `transform` to the 3D equivalent of `m` (with the implicit animation of `transform`).
    open func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }
}
