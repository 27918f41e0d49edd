import Foundation
import Logging
import StrataCore
import StrataProtocol

/// A layer with Core Animation's model/presentation split. Setting a property changes the model at
/// once; inside a committed tree it also asks for the implicit animation (0.25 s or the transaction's
/// duration) from the on-screen value. Thread-safe through the transaction lock.
open class CALayer {
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
    public var name: String? {
        get { LayerLock.with { nameValue } }
        set { LayerLock.with { nameValue = newValue } }
    }

    final class AnimationEntry {
        /// Issued by the layer lock's holder, never reused: what the server shadow, start/stop matching and
        /// completion groups know an entry by. (An `ObjectIdentifier` is an address: an entry freed when
        /// replaced under its key left it to the next entry, which then looked already sent.)
        let serial: UInt64
        nonisolated(unsafe) private static var lastSerial: UInt64 = 0
        let key: String
        let animation: CAAnimation
        var spec: AnimationSpec
        var committed = false
        /// Whether the delegate heard of its start and stop: a restored session re-sends running
        /// animations and reports them again, and the delegate hears of each once.
        var startDelivered = false
        var stopDelivered = false
        /// The animated custom key (a subclass's own property) when the animation is evaluated here, not
        /// by the server.
        let customKey: String?
        /// Called with the layer lock held.
        init(key: String, animation: CAAnimation, spec: AnimationSpec, customKey: String? = nil) {
            Self.lastSerial += 1
            serial = Self.lastSerial
            self.key = key; self.animation = animation; self.spec = spec; self.customKey = customKey
        }
    }

    public init() {
        layerID = LayerRegistry.register()
        isPresentationCopy = false
        modelValues = LayerModel(kind: Self.layerKind)
        committedModel = modelValues
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

    // MARK: property changes and implicit animations

    /// Reads the model under the layer lock (the typed accessors' getter).
    func read<T>(_ body: (LayerModel) -> T) -> T { LayerLock.with { body(modelValues) } }

    /// Sets a typed property value (the typed accessors' setter).
    func set<V: LayerValue>(_ property: LayerProperty, _ value: V) { set(property, value.animatableValue) }

    /// The Core Animation name of an enumerated property's value.
    func name(of property: LayerProperty) -> String {
        read { m in
            guard case let .scalar(x) = m[property], let names = property.rule.names, let i = Int(exactly: x), names.indices.contains(i)
            else { return "" }
            return names[i]
        }
    }

    /// Sets an enumerated property by its Core Animation name; an unknown name is logged, naming the layer
    /// and the key ("… lineCap rejected: unsupported: line cap NAME"), and changes nothing.
    func set(_ property: LayerProperty, named name: String, what: String) {
        guard let names = property.rule.names, let i = names.firstIndex(of: name) else {
            let accepted = (property.rule.names ?? []).map { "\"\($0)\"" }.joined(separator: ", ")
            StrataLog.logger.error("\(logName): \(property.name) rejected: unsupported: \(what) \(name) (it takes one of \(accepted))")
            return
        }
        set(property, .scalar(CGFloat(i)))
    }

    /// How log messages name this layer: its class and id ("CAShapeLayer (layer 7)").
    var logName: String { "\(type(of: self)) (layer \(layerID))" }

    /// Why `value` cannot be `property`'s value on this layer (a property of another kind, a non-finite
    /// number, a value out of range), or nil.
    func rejection(_ property: LayerProperty, _ value: AnimatableValue) -> String? {
        if !property.isCarried(by: modelValues.kind) {
            return "\(type(of: self)) has no \(property.name) (a property of \(LayerKind.allCases.filter(property.isCarried).map(\.className).joined(separator: ", ")))"
        }
        if case let .path(path?) = value, path.elements.count > WireFormat.maxListCount {
            return "\(property.name) has \(path.elements.count) path elements, more than the \(WireFormat.maxListCount) a commit carries"
        }
        if !value.isFinite {
            // A whole path would bury the bad point: name it.
            if case let .path(path?) = value, let i = path.points.firstIndex(where: { !$0.x.isFinite || !$0.y.isFinite }) {
                return "\(property.name) must be finite, got point \(i) at (\(path.points[i].x), \(path.points[i].y))"
            }
            return "\(property.name) must be finite, got \(value)"
        }
        return property.rangeError(value)
    }

    /// Sets a property: the model changes at once; inside a committed tree the property's action runs
    /// (the implicit animation). A value the property cannot take is logged, naming the layer and the
    /// key, and changes nothing.
    func set(_ property: LayerProperty, _ value: AnimatableValue) {
        if let why = rejection(property, value) {
            StrataLog.logger.error("\(logName): \(property.name) rejected: \(why)")
            return
        }
        LayerLock.with {
            // A presentation copy keeps what is assigned to it (its init(layer:), code drawing it) and
            // nothing else happens: no action, no commit, the model untouched.
            guard !isPresentationCopy else { modelValues[property] = value; return }
            let old = modelValues[property]
            // The action is looked up before the model changes, so it sees the value on screen.
            let inTree = hasBeenCommitted && (parent != nil || isAttachedRoot)
            // The built-in action may depend on where the value goes (shadowPath animates only between paths
            // of one structure): it reads `changingTo` while the action is looked up.
            let outer = changingTo // an action's lookup may set other properties
            changingTo = (property, value)
            let action = old != value && inTree && !CATransaction.disableActions() ? action(forKey: property.name) : nil
            changingTo = outer
            modelValues[property] = value
            CATransaction.noteChange(self)
            action?.run(forKey: property.name, object: self, arguments: nil)
            if old != value, type(of: self).needsDisplay(forKey: property.name)
                || (property == .bounds && needsDisplayOnBoundsChangeValue && Self.size(of: old) != Self.size(of: value)) {
                setNeedsDisplay()
            }
            if property == .bounds, let oldSize = Self.size(of: old), oldSize != Self.size(of: value) {
                // A new size lays the sublayers out again and resizes those with an autoresizing mask.
                needsLayoutFlag = true
                resizeSublayers(withOldSize: oldSize)
            }
            if property == .hidden, old != value, hasBeenCommitted, isInAttachedTree {
                runAction(forKey: value == .bool(true) ? kCAOnOrderOut : kCAOnOrderIn)
            }
        }
    }

    private static func size(of v: AnimatableValue) -> CGSize? {
        if case let .rect(r) = v { return r.size }
        return nil
    }
}
