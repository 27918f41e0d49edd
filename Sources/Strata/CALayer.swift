import Foundation
import Logging
import StrataCore
import StrataProtocol

/// A layer with Core Animation's model/presentation split. Setting a property changes the model at
/// once; inside a committed tree it also asks for the implicit animation (0.25 s or the transaction's
/// duration) from the on-screen value. Thread-safe through the transaction lock.
open class CALayer: NSObject {
    // Model state (guarded by LayerLock).
    var modelValues = LayerModel()
    var contentsImage: CGImage?
    var sublayerList: [CALayer] = []
    weak var parent: CALayer?
    /// The layer whose alpha masks this one (retained, as in Core Animation), and the layer this one masks.
    var maskLayer: CALayer?
    weak var maskedLayer: CALayer?
    var animationEntries: [AnimationEntry] = []

    // What the last commit carried: the basis of presentation() and of the next diff.
    var committedModel = LayerModel()
    var hasBeenCommitted = false
    var isAttachedRoot = false
    /// The output `StrataConnection.attach(_:toOutput:)` named ("": the primary output).
    var rootOutput = ""
    /// State the current connection's server has for this layer (nil: not created there). Owned by the
    /// connection's encoder; state left from an earlier connection reads as nil.
    var server: ServerShadow? {
        get { serverState?.generation == ConnectionGeneration.current ? serverState : nil }
        set { serverState = newValue }
    }
    private var serverState: ServerShadow?
    /// The state recorded for the connection of `generation`, if this layer was on its server.
    func shadow(ofGeneration generation: UInt64) -> ServerShadow? {
        serverState?.generation == generation ? serverState : nil
    }
    let layerID: LayerID
    let isPresentationCopy: Bool
    /// For a presentation layer, the layer it presents (what `model()` returns).
    var presentedLayer: CALayer?
    /// For a presentation layer, the media time it shows (geometry queries read its relatives then).
    var presentationTime: CFTimeInterval?
    /// Marked by `setNeedsLayout()`; cleared when `layoutSublayers()` runs.
    var needsLayoutFlag = false
    /// `inputHandler` (Strata's input API).
    var inputHandlerStorage: (@MainActor (StrataInputEvent) -> Void)?
    var autoresizingMaskValue = CAAutoresizingMask()
    /// A GL frame presented to this layer that goes with its next commit (CAEAGLLayer, CAMetalLayer).
    var pendingDrawable: PendingDrawable?
    /// The drawable ring of a layer that shows drawables (`drawableRing`), made on first use.
    var drawableRingStorage: DrawableRing?

    /// Asked first when an action is looked up (held weakly, as in Core Animation).
    public weak var delegate: CALayerDelegate?
    /// Actions by event key, searched after the delegate.
    public var actions: [String: CAAction]?
    /// Default values and actions: its "actions" entry (a [String: CAAction]) is searched after `actions`.
    public var style: [AnyHashable: Any]?
    var anonymousKeyCounter = 0

    /// Values of keys the layer stores for subclasses (Core Animation's `@dynamic` properties), as set,
    /// and as of the last commit (the basis of the presentation's custom values).
    var customValues: [String: Any] = [:]
    var committedCustomValues: [String: Any] = [:]
    /// `setNeedsDisplay()` was called and `display()` has not run since; the dirty rectangle in the
    /// layer's coordinates (nil: the whole layer).
    var needsDisplayFlag = false
    /// The pending display came only from a `contentsScale` change: an image set as `contents` before the
    /// commit cancels it (the image is what the layer shows; drawing would replace it with an empty store).
    var displayMarkedByScale = false
    var dirtyRect: CGRect?
    var needsDisplayOnBoundsChangeValue = false
    /// The property being set and its new value, while `set` looks up the action (guarded by LayerLock).
    var changingTo: (property: LayerProperty, value: AnimatableValue)?
    var isOpaqueValue = false
    var drawsAsynchronouslyValue = false
    var nameValue: String?
    /// Key-value observations of the layer (made at the first `observe`).
    var keyValueObserversStorage: KeyValueObservers?

    /// Whether `draw(in:)` gets a context that queues its drawing commands (a Cairo recording) and
    /// replays them onto the backing store on a background queue, as Core Animation's does. `draw(in:)`
    /// and the delegate's `draw(_:in:)` still run on the thread that displays; the commit carrying the layer
    /// waits for the replay, and the pixels are those drawn synchronously. Such a context has no pixels of
    /// its own: its `makeImage()` returns nil. Default false; keyed `"drawsAsynchronously"`. Declared here so
    /// subclasses can override it (see CALayer+Display.swift, AsyncDrawing.swift).
    open var drawsAsynchronously: Bool {
        get { LayerLock.with { drawsAsynchronouslyValue } }
        set { LayerLock.with { drawsAsynchronouslyValue = newValue } }
    }

    /// The layer's name, for the app's own use (finding layers, debugging); not sent to the server. Keyed
    /// `"name"` for `value(forKey:)`/`setValue(_:forKey:)`.
    open var name: String? {
        get { LayerLock.with { nameValue } }
        set { LayerLock.with { nameValue = newValue } }
    }

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
    /// it, so they are instances of the layer's class. Subclasses with stored properties override it
    /// (`override init(layer: Any)`, as on iOS) to copy them, assigning to `self` (keys kept with
    /// `setValue(_:forKey:)` are copied here). A copy is a layer of its own: assigning to it changes the
    /// copy, never the model; it has no id on the server, runs no actions and sends nothing.
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

    /// How Strata makes a presentation copy of the layer's own class: through the class's `init(layer:)`.
    /// Inherited by every subclass that overrides `init()` and `init(layer:)` or no initialiser at all. A
    /// subclass that declares other initialisers and not these two must add them (`override init()` and
    /// `override init(layer:)`), as Core Animation also needs them at run time (docs/status.md).
    public required convenience init(presentationCopyOf layer: CALayer) {
        self.init(layer: layer)
    }

    /// A new layer of the class a metatype names, through that class's `init()`: how a view makes the layer
    /// its `layerClass` names (UIKit's `+layerClass`). Inherited like `init(presentationCopyOf:)`.
    public required convenience init(newLayerOfClass: Void) {
        self.init()
    }

    /// Archiving is not supported: returns nil. Required, as on iOS (NSCoding), so that subclasses'
    /// `required init?(coder:)` compiles as written there and can call `super.init(coder:)`.
    public required init?(coder: NSCoder) {
        return nil
    }

    deinit {
        if !isPresentationCopy, let shadow = serverState {
            LayerRegistry.released(layerID, generation: shadow.generation)
            // Its animations, and those replaced whose stop the server had yet to report, will never report
            // one: completion blocks waiting for them go on without them.
            let serials = animationEntries.map(\.serial) + shadow.inFlight.values.joined().map(\.serial)
            LayerLock.with { for serial in serials { CompletionTracker.stopped(serial) } }
        }
    }

    // MARK: custom keys (see CALayer+CustomKeys.swift)

    /// The value a key has before it is set: Core Animation's defaults for Strata's properties, nil for
    /// other keys. Subclasses override it for their own keys.
    open class func defaultValue(forKey key: String) -> Any? {
        LayerProperty(name: key).flatMap { ValueConversion.any($0.defaultValue) }
    }

    /// Whether an archive of the layer would keep `key`'s value: true, Core Animation's default. Strata
    /// never archives layers (`init?(coder:)` gives nil); the method is here for subclasses that override it.
    open class func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// Whether changing `key` (or animating it) needs the layer's contents redrawn; false for every
    /// built-in key. Subclasses return true for their content-defining keys.
    open class func needsDisplay(forKey key: String) -> Bool { false }

    // MARK: drawing (see CALayer+Display.swift)

    /// Updates the layer's contents: the delegate's `display(_:)` when there is a delegate (whose default
    /// draws the backing store), else the backing store drawn with `draw(in:)`. Called by
    /// `displayIfNeeded()` (at commit for layers marked with `setNeedsDisplay()`) and once per frame
    /// while a custom key with `needsDisplay(forKey:)` animates. Subclasses override it to set
    /// `contents` themselves.
    open func display() {
        if let delegate = LayerLock.with({ self.delegate }) { delegate.display(self) } else { drawBackingStore() }
    }

    /// Draws the layer's contents into `ctx`, a context over the backing store in the layer's coordinates
    /// (bounds origin at the top-left, y down, scaled by `contentsScale`). The default asks the delegate's
    /// `draw(_:in:)`; subclasses override it.
    open func draw(in ctx: CGContext) {
        LayerLock.with { delegate }?.draw(self, in: ctx)
    }

    // MARK: layout and geometry (see CALayer+Layout.swift, GeometryQueries.swift)

    /// Places the sublayers (CALayer+Layout runs it, once per commit for a marked layer, before display):
    /// the delegate's `layoutSublayers(of:)`; subclasses override it.
    open func layoutSublayers() {
        LayerLock.with { delegate }?.layoutSublayers(of: self)
    }

    /// Called when the bounds' size changed from `oldSize`: each sublayer's `resize(withOldSuperlayerSize:)`.
    open func resizeSublayers(withOldSize oldSize: CGSize) {
        for sublayer in LayerLock.with({ sublayerList }) { sublayer.resize(withOldSuperlayerSize: oldSize) }
    }

    /// Follows the superlayer's new bounds by `autoresizingMask` (nothing without one).
    open func resize(withOldSuperlayerSize oldSize: CGSize) {
        LayerLock.with {
            guard let parent, !autoresizingMaskValue.isEmpty else { return }
            let now = parent.modelValues.bounds
            let old = CGRect(origin: now.origin, size: oldSize)
            let resized = Autoresizing.frame(modelValues.frame, flags: autoresizingMaskValue, oldBounds: old, newBounds: now)
            if resized != modelValues.frame { frame = resized }
        }
    }

    /// Whether `p` (in the layer's coordinates) is inside it: its bounds (Core Animation's default;
    /// subclasses override it, and `hitTest(_:)` asks it).
    open func contains(_ p: CGPoint) -> Bool { geometryValues().bounds.contains(p) }

    /// The farthest descendant (this layer included) under `p`, a point in the superlayer's coordinates:
    /// sublayers front to back (zPosition, then index; a transform layer's by depth), hidden layers
    /// skipped, and with `masksToBounds` nothing outside the rounded bounds. On a `presentation()` layer it
    /// reads presentation values and returns presentation layers, as Core Animation's does.
    open func hitTest(_ p: CGPoint) -> CALayer? { LayerLock.with { GeometryQueries(self).hitTest(p) } }

    /// The size the layer would like in its superlayer: its bounds' size (Core Animation's default without
    /// a layout manager; a text layer returns its laid-out text's size).
    open func preferredFrameSize() -> CGSize { read { $0.bounds.size } }

    // MARK: actions

    /// The action for `event`, searched as Core Animation does: the delegate's `action(for:forKey:)`, the
    /// `actions` dictionary, the `style` dictionary's "actions", the class's `defaultAction(forKey:)`, then
    /// the built-in implicit animation for an animatable property. An `NSNull` found at any step ends the
    /// search with no action.
    open func action(forKey event: String) -> CAAction? {
        if let a = delegate?.action(for: self, forKey: event) { return a is NSNull ? nil : a }
        if let a = actions?[event] { return a is NSNull ? nil : a }
        if let styleActions = style?["actions"] as? [String: CAAction], let a = styleActions[event] { return a is NSNull ? nil : a }
        if let a = Self.defaultAction(forKey: event) { return a is NSNull ? nil : a }
        return implicitAction(forKey: event)
    }

    /// Subclasses return the action for keys that are fundamental to them; nil by default.
    open class func defaultAction(forKey event: String) -> CAAction? { nil }

    // The surface iOS code overrides: Core Animation's properties and methods, `open` and declared here because
    // Swift cannot override members of extensions. Each is a line or forwards to its implementation in the
    // extension file its MARK names.

    // MARK: geometry (CALayer+Geometry.swift)

    open var bounds: CGRect { get { read { $0.bounds } } set { set(.bounds, newValue) } }
    open var position: CGPoint { get { read { $0.position } } set { set(.position, newValue) } }
    open var anchorPoint: CGPoint { get { read { $0.anchorPoint } } set { set(.anchorPoint, newValue) } }
    open var zPosition: CGFloat { get { read { $0.zPosition } } set { set(.zPosition, newValue) } }
    open var transform: CATransform3D { get { read { $0.transform } } set { set(.transform, newValue) } }

    /// The anchor point's z in the layer's own space (default 0): with anchorPoint, the point of the layer
    /// placed at (position, zPosition), and the centre of its transform.
    open var anchorPointZ: CGFloat { get { read { $0.anchorPointZ } } set { set(.anchorPointZ, newValue) } }

    /// Applied to the sublayers, about the anchor point, when rendering (typically perspective: m34).
    open var sublayerTransform: CATransform3D { get { read { $0.sublayerTransform } } set { set(.sublayerTransform, newValue) } }

    /// Whether the layer's own background, contents and border are drawn when it faces away from the
    /// viewer (default true). Its sublayers decide for themselves. Not animatable.
    open var isDoubleSided: Bool { get { read { $0.isDoubleSided } } set { set(.isDoubleSided, newValue) } }

    /// Derived from bounds, position, anchorPoint and transform; not animatable itself (setting it
    /// animates bounds and position).
    open var frame: CGRect { get { read { $0.frame } } set { setFrame(newValue) } }

    // MARK: appearance: opacity, background, corners, border, shadow, edges and rasterization. Animatable
    // (implicit animation) unless said otherwise.

    open var opacity: Float { get { read { Float($0.opacity) } } set { set(.opacity, CGFloat(newValue)) } }
    open var backgroundColor: CGColor? { get { read { $0.backgroundColor.map(CGColor.init) } } set { set(.backgroundColor, newValue?.color) } }
    open var isHidden: Bool { get { read { $0.isHidden } } set { set(.hidden, newValue) } }

    /// Radius of the rounded corners of the background, the border and (with masksToBounds) the clip.
    open var cornerRadius: CGFloat { get { read { $0.cornerRadius } } set { set(.cornerRadius, newValue) } }

    /// Which corners cornerRadius rounds (default all four). Not animatable.
    open var maskedCorners: CACornerMask {
        get { read { CACornerMask(rawValue: UInt($0.maskedCorners)) } }
        set { set(.maskedCorners, UInt8(newValue.rawValue & 15)) }
    }

    /// Width of the border, drawn inside the bounds above the contents and sublayers (default 0).
    open var borderWidth: CGFloat { get { read { $0.borderWidth } } set { set(.borderWidth, newValue) } }

    /// Colour of the border (default opaque black).
    open var borderColor: CGColor? { get { read { $0.borderColor.map(CGColor.init) } } set { set(.borderColor, newValue?.color) } }

    /// Whether the contents and sublayers (and the shadow) are clipped to the bounds, rounded by
    /// cornerRadius (default false).
    open var masksToBounds: Bool { get { read { $0.masksToBounds } } set { set(.masksToBounds, newValue) } }

    /// The shadow's colour (default opaque black; nil draws none).
    open var shadowColor: CGColor? { get { read { $0.shadowColor.map(CGColor.init) } } set { set(.shadowColor, newValue?.color) } }

    /// The shadow's opacity, 0 (default: no shadow) to 1.
    open var shadowOpacity: Float { get { read { Float($0.shadowOpacity) } } set { set(.shadowOpacity, CGFloat(newValue)) } }

    /// The shadow's offset in the layer's coordinates (default (0, −3): upwards, +y being down).
    open var shadowOffset: CGSize { get { read { $0.shadowOffset } } set { set(.shadowOffset, newValue) } }

    /// The shadow's blur radius in points (default 3).
    open var shadowRadius: CGFloat { get { read { $0.shadowRadius } } set { set(.shadowRadius, newValue) } }

    /// The shadow's shape: this path filled (nonzero winding) in the layer's coordinates, instead of the
    /// alpha of the layer's contents and sublayers (default nil). Animatable between paths of the same
    /// structure. The path is copied, as Core Animation retains an immutable CGPath.
    open var shadowPath: CGPath? { get { read { $0.shadowPath.map(CGPath.init) } } set { set(.shadowPath, newValue?.path) } }

    /// Whether a layer with opacity below 1 composites its background, contents and sublayers once, as a
    /// group, before applying the opacity (default true); false applies it to each piece separately, so
    /// overlapping sublayers show through each other. Not animatable.
    open var allowsGroupOpacity: Bool { get { read { $0.allowsGroupOpacity } } set { set(.allowsGroupOpacity, newValue) } }

    /// Whether the layer's edges are anti-aliased (those in `edgeAntialiasingMask`). Core Animation takes
    /// the default from the app's Info.plist; Strata's is true. Not animatable.
    open var allowsEdgeAntialiasing: Bool { get { read { $0.allowsEdgeAntialiasing } } set { set(.allowsEdgeAntialiasing, newValue) } }

    /// Which edges are anti-aliased when `allowsEdgeAntialiasing` is true (default all four). Turning an
    /// edge off keeps layers that meet edge to edge from showing a seam. Not animatable.
    open var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { read { CAEdgeAntialiasingMask(rawValue: UInt32($0.edgeAntialiasingMask)) } }
        set { set(.edgeAntialiasingMask, UInt8(newValue.rawValue & 15)) }
    }

    /// Whether the layer and its sublayers (shadow included, opacity not) are drawn once into a bitmap in
    /// the layer's own space, and that bitmap composited and reused while the subtree is unchanged
    /// (default false). Animatable (a Bool: switches half-way).
    open var shouldRasterize: Bool { get { read { $0.shouldRasterize } } set { set(.shouldRasterize, newValue) } }

    /// Bitmap pixels per layer unit when rasterizing (default 1); must be > 0. Animatable.
    open var rasterizationScale: CGFloat { get { read { $0.rasterizationScale } } set { set(.rasterizationScale, newValue) } }

    // MARK: contents (CALayer+Contents.swift)

    /// The layer's image (Core Animation's `contents`, typed `Any?` as Apple's): a `CGImage` or nil; another value
    /// is logged and changes nothing (CALayer+Contents.swift).
    open var contents: Any? { get { LayerLock.with { contentsImage } } set { setContents(newValue) } }

    /// Where the contents image goes within the bounds (default `.resize`). Not animatable.
    open var contentsGravity: CALayerContentsGravity {
        get { CALayerContentsGravity(rawValue: name(of: .contentsGravity)) }
        set { set(.contentsGravity, named: newValue.rawValue, what: "gravity") }
    }

    /// The part of the contents image shown, in unit coordinates with the origin at the image's top-left
    /// (default (0, 0, 1, 1)); sprites pick their frame with it. Animatable.
    open var contentsRect: CGRect { get { read { $0.contentsRect } } set { set(.contentsRect, newValue) } }

    /// The stretchable middle of the contents (unit coordinates, default (0, 0, 1, 1): all of it). The
    /// parts around it keep their natural size when the contents are scaled (nine-slice). Animatable.
    open var contentsCenter: CGRect { get { read { $0.contentsCenter } } set { set(.contentsCenter, newValue) } }

    /// How contents are sampled when drawn smaller than their pixels (default `.linear`; `.trilinear`
    /// also blends mipmap levels). Not animatable.
    open var minificationFilter: CALayerContentsFilter {
        get { CALayerContentsFilter(rawValue: name(of: .minificationFilter)) }
        set { set(.minificationFilter, named: newValue.rawValue, what: "filter") }
    }

    /// How contents are sampled when drawn larger than their pixels (default `.linear`; `.nearest` keeps
    /// pixel art sharp). Not animatable.
    open var magnificationFilter: CALayerContentsFilter {
        get { CALayerContentsFilter(rawValue: name(of: .magnificationFilter)) }
        set { set(.magnificationFilter, named: newValue.rawValue, what: "filter") }
    }

    /// Levels of detail added when `minificationFilter` is `.trilinear` and the contents are drawn
    /// smaller (default 0; positive is blurrier, negative sharper). Not animatable.
    open var minificationFilterBias: Float {
        get { read { Float($0.minificationFilterBias) } }
        set { set(.minificationFilterBias, CGFloat(newValue)) }
    }

    // MARK: backing store and display (CALayer+Display.swift)

    /// Pixels per point of the contents: the backing store is drawn at bounds × contentsScale pixels (2
    /// draws sharply on a 2× display), and position-based `contentsGravity` shows an image at its pixel
    /// size ÷ contentsScale. Default 1; changing it marks a layer showing its own backing store for
    /// display (drawn again at the new scale); an image the app set as `contents` stays (as in Core
    /// Animation, where setting contentsScale is how a 2× image is shown at its point size). Not animatable.
    open var contentsScale: CGFloat { get { LayerLock.with { modelValues.contentsScale } } set { setContentsScale(newValue) } }

    /// Whether the backing store is opaque: it has no alpha, so what `draw(in:)` leaves transparent shows
    /// black (as in Core Animation). Affects only the backing store, not an image set as `contents`.
    /// Changing it marks the layer for display. Default false.
    open var isOpaque: Bool { get { LayerLock.with { isOpaqueValue } } set { setOpaque(newValue) } }

    /// Whether a change of the bounds' size marks the layer as needing display. Default false.
    open var needsDisplayOnBoundsChange: Bool {
        get { LayerLock.with { needsDisplayOnBoundsChangeValue } }
        set { LayerLock.with { needsDisplayOnBoundsChangeValue = newValue } }
    }

    /// Marks the whole layer for redrawing; `display()` runs when the transaction commits.
    open func setNeedsDisplay() { markNeedsDisplay() }

    /// Marks `rect` (layer coordinates) for redrawing: the backing store keeps its other pixels, and
    /// `draw(in:)` gets a context clipped to the dirty region.
    open func setNeedsDisplay(_ rect: CGRect) { markNeedsDisplay(in: rect) }

    /// Whether `setNeedsDisplay()` was called since the last display.
    open func needsDisplay() -> Bool { LayerLock.with { needsDisplayFlag } }

    /// Runs `display()` now if the layer is marked as needing it.
    open func displayIfNeeded() {
        guard LayerLock.with({ needsDisplayFlag }) else { return }
        display()
        LayerLock.with { needsDisplayFlag = false; dirtyRect = nil }
    }

    // MARK: flipped geometry (CALayer+GeometryFlipped.swift)

    /// Whether the sublayers' geometry is flipped vertically: their positions (and everything below them)
    /// are placed in a space whose y runs up from the bottom edge of this layer's bounds. The layer's own
    /// background, contents and border are not flipped. Default false; not animatable.
    open var isGeometryFlipped: Bool {
        get { LayerLock.with { modelValues.isGeometryFlipped } }
        set { set(.geometryFlipped, .bool(newValue)) }
    }

    /// Whether the layer's contents are implicitly flipped when rendered: true when an odd number of the
    /// layers from this one up to its root (itself included) have flipped geometry (Strata's display is
    /// not flipped), as Core Animation defines it. When true, the backing store's context is y-flipped
    /// before `draw(in:)` (and dirty rectangles with it), as Core Animation documents: a flipped layer then
    /// draws in the same y-up space its sublayers are placed in.
    open func contentsAreFlipped() -> Bool { flippedFromRoot() }

    // MARK: hierarchy (CALayer+Hierarchy.swift)

    /// A layer whose subtree's alpha masks this layer: it is drawn in this layer's coordinates (its
    /// position relative to this layer's bounds) and runs in this layer's time. It must have no
    /// superlayer and mask no other layer (a programming error otherwise, as a cycle is).
    open var mask: CALayer? { get { LayerLock.with { maskLayer } } set { setMask(newValue) } }
    open var superlayer: CALayer? { LayerLock.with { parent } }
    open var sublayers: [CALayer]? { get { LayerLock.with { sublayerList.isEmpty ? nil : sublayerList } } set { replaceSublayers(with: newValue) } }

    open func addSublayer(_ layer: CALayer) {
        LayerLock.with { insertSublayer(layer, at: UInt32(sublayerList.count)) }
    }

    open func insertSublayer(_ layer: CALayer, at index: UInt32) { insert(sublayer: layer, at: index) }

    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        LayerLock.with {
            let i = sibling.flatMap { s in sublayerList.firstIndex { $0 === s } } ?? 0
            insertSublayer(layer, at: UInt32(i))
        }
    }

    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        LayerLock.with {
            let i = sibling.flatMap { s in sublayerList.firstIndex { $0 === s }.map { $0 + 1 } } ?? sublayerList.count
            insertSublayer(layer, at: UInt32(i))
        }
    }

    open func replaceSublayer(_ old: CALayer, with new: CALayer) { replace(sublayer: old, with: new) }
    open func removeFromSuperlayer() { detachFromSuperlayer() }

    // MARK: animations (CALayer+Animations.swift)

    /// Adds a copy of `anim`; an existing animation with the same key is replaced. A nil key gets a
    /// unique one. Animations Strata cannot carry or whose values are wrong are logged, naming the layer and the
    /// key ("CALayer (layer 3), animation key "spin": add(_:forKey:) rejected animation: …"), and not added.
    open func add(_ anim: CAAnimation, forKey key: String?) { addCopy(of: anim, forKey: key) }

    open func animation(forKey key: String) -> CAAnimation? {
        LayerLock.with { animationEntries.first { $0.key == key }?.animation }
    }

    open func animationKeys() -> [String]? {
        LayerLock.with { animationEntries.isEmpty ? nil : animationEntries.map(\.key) }
    }

    open func removeAnimation(forKey key: String) {
        LayerLock.with {
            guard animationEntries.contains(where: { $0.key == key }) else { return }
            animationEntries.removeAll { $0.key == key }
            CATransaction.noteChange(self)
        }
    }

    open func removeAllAnimations() {
        LayerLock.with {
            guard !animationEntries.isEmpty else { return }
            animationEntries.removeAll()
            CATransaction.noteChange(self)
        }
    }

    // MARK: layout (CALayer+Layout.swift)

    open func setNeedsLayout() {
        LayerLock.with {
            needsLayoutFlag = true
            CATransaction.noteChange(self)
        }
    }

    open func needsLayout() -> Bool { LayerLock.with { needsLayoutFlag } }

    /// Lays out now: from the topmost ancestor that needs layout (this layer if none does), every marked
    /// layer of that subtree, top-down.
    open func layoutIfNeeded() {
        var visited: Set<ObjectIdentifier> = []
        LayerLock.with { layoutFromTopmostMarked(visited: &visited) }
    }

    open var autoresizingMask: CAAutoresizingMask {
        get { LayerLock.with { autoresizingMaskValue } }
        set { LayerLock.with { autoresizingMaskValue = newValue } }
    }

    // MARK: media timing (CALayer+MediaTiming.swift)

    /// Start of the layer's time space, in its superlayer's time.
    open var beginTime: CFTimeInterval {
        get { LayerLock.with { modelValues.timing.beginTime } }
        set { set(.beginTime, .scalar(CGFloat(newValue))) }
    }

    /// Rate of the layer's time relative to its superlayer's (0 pauses the layer and its subtree).
    open var speed: Float {
        get { LayerLock.with { Float(modelValues.timing.speed) } }
        set { set(.speed, .scalar(CGFloat(newValue))) }
    }

    /// Offset added to the layer's local time.
    open var timeOffset: CFTimeInterval {
        get { LayerLock.with { modelValues.timing.timeOffset } }
        set { set(.timeOffset, .scalar(CGFloat(newValue))) }
    }

    /// The simple duration of the layer's time; 0 (the default) means it never ends. With a positive duration
    /// the layer's time cycles like an animation group's, shaping every animation in its subtree.
    open var duration: CFTimeInterval {
        get { LayerLock.with { modelValues.timing.duration } }
        set { set(.duration, .scalar(CGFloat(newValue))) }
    }

    /// How many times a cycling layer's time repeats (`.infinity` forever).
    open var repeatCount: Float {
        get { LayerLock.with { Float(modelValues.timing.repeatCount) } }
        set { set(.repeatCount, .scalar(newValue.isInfinite ? .greatestFiniteMagnitude : CGFloat(newValue))) }
    }

    /// How long a cycling layer's time repeats, in its parent's time scaled by speed.
    open var repeatDuration: CFTimeInterval {
        get { LayerLock.with { modelValues.timing.repeatDuration } }
        set { set(.repeatDuration, .scalar(newValue.isInfinite ? .greatestFiniteMagnitude : CGFloat(newValue))) }
    }

    /// Whether a cycling layer's time runs backwards after each forward cycle.
    open var autoreverses: Bool {
        get { LayerLock.with { modelValues.timing.autoreverses } }
        set { set(.autoreverses, .bool(newValue)) }
    }

    /// Whether a cycling layer's time holds its edge values outside the active interval; with `.removed`
    /// the subtree shows model values there.
    open var fillMode: CAMediaTimingFillMode {
        get { LayerLock.with { CAMediaTimingFillMode(rawValue: modelValues.timing.fillMode.name) } }
        set { set(.fillMode, .scalar(CGFloat(newValue.fillMode.rawValue))) }
    }

    /// Converts `t` from `layer`'s time space (nil: global media time, CACurrentMediaTime) to this layer's.
    open func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        LayerLock.with { TimeSpace.convert(t, from: layer?.timeSpace(committed: false), to: timeSpace(committed: false)) }
    }

    /// Converts `t` from this layer's time space to `layer`'s (nil: global media time).
    open func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        LayerLock.with { TimeSpace.convert(t, from: timeSpace(committed: false), to: layer?.timeSpace(committed: false)) }
    }

    // MARK: converting between layers (CALayer+Conversion.swift)

    open func convert(_ p: CGPoint, from layer: CALayer?) -> CGPoint {
        LayerLock.with { let q = GeometryQueries(self); return q.convert(p, from: layer.map(q.modelSide), to: q.layer) }
    }

    open func convert(_ p: CGPoint, to layer: CALayer?) -> CGPoint {
        LayerLock.with { let q = GeometryQueries(self); return q.convert(p, from: q.layer, to: layer.map(q.modelSide)) }
    }

    /// The bounding box of the converted corners.
    open func convert(_ r: CGRect, from layer: CALayer?) -> CGRect {
        LayerLock.with { let q = GeometryQueries(self); return q.convert(r, from: layer.map(q.modelSide), to: q.layer) }
    }

    open func convert(_ r: CGRect, to layer: CALayer?) -> CGRect {
        LayerLock.with { let q = GeometryQueries(self); return q.convert(r, from: q.layer, to: layer.map(q.modelSide)) }
    }

    // MARK: presentation (CALayer+Presentation.swift)

    /// The values on screen now: the last committed model with the committed animations applied at
    /// CACurrentMediaTime(), computed with the same core code the server renders with. nil before the
    /// layer's first commit. Of the layer's own class (`Self`, as in Core Animation), so
    /// `shapeLayer.presentation()?.strokeEnd` reads a shape's value without a cast.
    open func presentation() -> Self? { presentation(at: CACurrentMediaTime()) }

    /// The model layer: for a layer returned by `presentation()`, the layer it presents; for any other
    /// layer, itself (as Core Animation's `model()`).
    open func model() -> Self { (presentedLayer as? Self) ?? self }

    // MARK: key-value coding (CALayer+CustomKeys.swift, CALayer+KVC.swift)

    /// Sets a property (as `setValue(_:forKeyPath:)`) or a custom key. A custom key's action (from
    /// `action(forKey:)`) runs when its value changes in a committed, displayed layer; a key for which
    /// `needsDisplay(forKey:)` is true marks the layer as needing display.
    open func setValue(_ value: Any?, forKey key: String) { store(value, forKey: key) }

    /// A property's model value, or a custom key's (its `defaultValue(forKey:)` until set). On a
    /// presentation layer, custom keys hold their animated values.
    open func value(forKey key: String) -> Any? {
        if key == "name" { return name }
        if key == "drawsAsynchronously" { return drawsAsynchronously }
        guard Self.isCustomKey(key) else { return value(forKeyPath: key) }
        return LayerLock.with { customValues[key] ?? type(of: self).defaultValue(forKey: key) }
    }

    /// Sets a property or key-path component. Values are taken as Core Animation takes them: numbers of any
    /// type, NSValue-wrapped geometry, enumerations by name (a String or their Swift type), nil for an
    /// optional colour, path or list. Key paths Strata does not carry, properties of other layer kinds and
    /// wrong values are logged, naming the layer and the key path ("CALayer (layer 3): setValue(_:forKeyPath:)
    /// rejected: invalid value for position …"), and change nothing.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) { store(value, forKeyPath: keyPath) }

    open func value(forKeyPath keyPath: String) -> Any? {
        guard let kp = try? LayerKeyPath(parsing: keyPath) else { return nil }
        if kp.component == nil, kp.property.rule.names != nil {
            let name = name(of: kp.property)
            return Self.enumerationTypes[kp.property]?(name) ?? name
        }
        return LayerLock.with { ValueConversion.any(modelValues[kp]) }
    }

    // MARK: affine transforms (CATransform3D+Affine.swift)

    /// The layer's `transform` as an affine transform (its x/y part).
    open func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }

    /// Sets `transform` to the 3D equivalent of `m` (with the implicit animation of `transform`).
    open func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }
}
