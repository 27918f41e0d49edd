import Foundation
import Logging
import StrataCore
import StrataProtocol

/// A layer with Core Animation's model/presentation split. Setting a property changes the model at
/// once; inside a committed tree it also asks for the implicit animation (0.25 s or the transaction's
/// duration) from the on-screen value. Thread-safe through the transaction lock.
open class CALayer: @unchecked Sendable {
    // Model state (guarded by LayerLock).
    var model = LayerModel()
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
    let layerID: LayerID
    let isPresentationCopy: Bool

    /// Asked first when an action is looked up (held weakly, as in Core Animation).
    public weak var delegate: CALayerDelegate?
    /// Actions by event key, searched after the delegate.
    public var actions: [String: CAAction]?
    /// Default values and actions: its "actions" entry (a [String: CAAction]) is searched after `actions`.
    public var style: [AnyHashable: Any]?
    private var anonymousKeyCounter = 0

    /// Values of keys the layer stores for subclasses (Core Animation's `@dynamic` properties), as set,
    /// and as of the last commit (the basis of the presentation's custom values).
    var customValues: [String: Any] = [:]
    var committedCustomValues: [String: Any] = [:]
    /// `setNeedsDisplay()` was called and `display()` has not run since; the dirty rectangle in the
    /// layer's coordinates (nil: the whole layer).
    var needsDisplayFlag = false
    var dirtyRect: CGRect?
    var needsDisplayOnBoundsChangeValue = false
    /// The property being set and its new value, while `set` looks up the action (guarded by LayerLock).
    private var changingTo: (property: LayerProperty, value: AnimatableValue)?
    var isOpaqueValue = false

    final class AnimationEntry {
        let key: String
        let animation: CAAnimation
        var spec: AnimationSpec
        var committed = false
        /// The animated custom key (a subclass's own property) when the animation is evaluated here, not
        /// by the server.
        let customKey: String?
        init(key: String, animation: CAAnimation, spec: AnimationSpec, customKey: String? = nil) {
            self.key = key; self.animation = animation; self.spec = spec; self.customKey = customKey
        }
    }

    public init() {
        layerID = LayerRegistry.register()
        isPresentationCopy = false
        LayerRegistry.track(self)
    }

    /// Creates a shadow copy of `layer` for Core Animation's own use: presentation layers are made with
    /// it, so they are instances of the layer's class. Subclasses with stored properties override it to
    /// copy them (keys kept with `setValue(_:forKey:)` are copied here). Copies have no id on the server
    /// and run no actions.
    public required init(layer: Any) {
        layerID = 0
        isPresentationCopy = true
        if let source = layer as? CALayer {
            model = source.model
            contentsImage = source.contentsImage
            customValues = source.customValues
        }
    }

    deinit {
        if !isPresentationCopy, let shadow = serverState {
            LayerRegistry.released(layerID, generation: shadow.generation)
            // Its animations will never report a stop: completion blocks waiting for them go on without them.
            let queue = StrataConnection.current?.callbackQueue ?? .global()
            for entry in animationEntries { LayerLock.with { CompletionTracker.stopped(ObjectIdentifier(entry), queue: queue) } }
        }
    }

    // MARK: geometry

    public var bounds: CGRect {
        get { LayerLock.with { model.bounds } }
        set { set(.bounds, .rect(newValue)) }
    }
    public var position: CGPoint {
        get { LayerLock.with { model.position } }
        set { set(.position, .point(newValue)) }
    }
    public var anchorPoint: CGPoint {
        get { LayerLock.with { model.anchorPoint } }
        set { set(.anchorPoint, .point(newValue)) }
    }
    public var zPosition: CGFloat {
        get { LayerLock.with { model.zPosition } }
        set { set(.zPosition, .scalar(newValue)) }
    }
    public var transform: CATransform3D {
        get { LayerLock.with { model.transform } }
        set { set(.transform, .transform(newValue)) }
    }
    /// Radius of the rounded corners of the background, the border and (with masksToBounds) the clip.
    public var cornerRadius: CGFloat {
        get { LayerLock.with { model.cornerRadius } }
        set { set(.cornerRadius, .scalar(newValue)) }
    }
    /// Width of the border, drawn inside the bounds above the contents and sublayers (default 0).
    public var borderWidth: CGFloat {
        get { LayerLock.with { model.borderWidth } }
        set { set(.borderWidth, .scalar(newValue)) }
    }
    /// Colour of the border (default opaque black).
    public var borderColor: CGColor? {
        get { LayerLock.with { model.borderColor.map { CGColor($0) } } }
        set { set(.borderColor, .color(newValue?.color)) }
    }
    /// Whether the contents and sublayers (and the shadow) are clipped to the bounds, rounded by
    /// cornerRadius (default false).
    public var masksToBounds: Bool {
        get { LayerLock.with { model.masksToBounds } }
        set { set(.masksToBounds, .bool(newValue)) }
    }
    /// The shadow's colour (default opaque black; nil draws none).
    public var shadowColor: CGColor? {
        get { LayerLock.with { model.shadowColor.map { CGColor($0) } } }
        set { set(.shadowColor, .color(newValue?.color)) }
    }
    /// The shadow's opacity, 0 (default: no shadow) to 1.
    public var shadowOpacity: Float {
        get { LayerLock.with { Float(model.shadowOpacity) } }
        set { set(.shadowOpacity, .scalar(CGFloat(newValue))) }
    }
    /// The shadow's offset in the layer's coordinates (default (0, −3): upwards, +y being down).
    public var shadowOffset: CGSize {
        get { LayerLock.with { model.shadowOffset } }
        set { set(.shadowOffset, .size(newValue)) }
    }
    /// The shadow's blur radius in points (default 3).
    public var shadowRadius: CGFloat {
        get { LayerLock.with { model.shadowRadius } }
        set { set(.shadowRadius, .scalar(newValue)) }
    }
    /// The shadow's shape: this path filled (nonzero winding) in the layer's coordinates, instead of the
    /// alpha of the layer's contents and sublayers (default nil). Animatable between paths of the same
    /// structure. The path is copied, as Core Animation retains an immutable CGPath.
    public var shadowPath: CGPath? {
        get { LayerLock.with { model.shadowPath.map { CGPath($0) } } }
        set { set(.shadowPath, .path(newValue?.path)) }
    }
    /// The part of the contents image shown, in unit coordinates with the origin at the image's top-left
    /// (default (0, 0, 1, 1)); sprites pick their frame with it. Animatable.
    public var contentsRect: CGRect {
        get { LayerLock.with { model.contentsRect } }
        set { set(.contentsRect, .rect(newValue)) }
    }
    /// The stretchable middle of the contents (unit coordinates, default (0, 0, 1, 1): all of it). The
    /// parts around it keep their natural size when the contents are scaled (nine-slice). Animatable.
    public var contentsCenter: CGRect {
        get { LayerLock.with { model.contentsCenter } }
        set { set(.contentsCenter, .rect(newValue)) }
    }
    /// Which corners cornerRadius rounds (default all four). Not animatable.
    public var maskedCorners: CACornerMask {
        get { LayerLock.with { CACornerMask(rawValue: UInt(model.maskedCorners)) } }
        set { set(.maskedCorners, .scalar(CGFloat(newValue.rawValue & 15))) }
    }
    /// Whether the layer's own background, contents and border are drawn when it faces away from the
    /// viewer (default true). Its sublayers decide for themselves.
    public var isDoubleSided: Bool {
        get { LayerLock.with { model.isDoubleSided } }
        set { set(.isDoubleSided, .bool(newValue)) }
    }
    /// The anchor point's z in the layer's own space (default 0): with anchorPoint, the point of the layer
    /// placed at (position, zPosition), and the centre of its transform. Animatable.
    public var anchorPointZ: CGFloat {
        get { LayerLock.with { model.anchorPointZ } }
        set { set(.anchorPointZ, .scalar(newValue)) }
    }
    /// How contents are sampled when drawn smaller than their pixels (default `.linear`; `.trilinear`
    /// also blends mipmap levels). Not animatable.
    public var minificationFilter: CALayerContentsFilter {
        get { LayerLock.with { CALayerContentsFilter(rawValue: model.minificationFilter.name) } }
        set { setFilter(.minificationFilter, newValue) }
    }
    /// How contents are sampled when drawn larger than their pixels (default `.linear`; `.nearest` keeps
    /// pixel art sharp). Not animatable.
    public var magnificationFilter: CALayerContentsFilter {
        get { LayerLock.with { CALayerContentsFilter(rawValue: model.magnificationFilter.name) } }
        set { setFilter(.magnificationFilter, newValue) }
    }

    /// Whether a layer with opacity below 1 composites its background, contents and sublayers once, as a
    /// group, before applying the opacity (default true); false applies it to each piece separately, so
    /// overlapping sublayers show through each other. Not animatable.
    public var allowsGroupOpacity: Bool {
        get { LayerLock.with { model.allowsGroupOpacity } }
        set { set(.allowsGroupOpacity, .bool(newValue)) }
    }
    /// Whether the layer's edges are anti-aliased (those in `edgeAntialiasingMask`). Core Animation takes
    /// the default from the app's Info.plist; Strata's is true. Not animatable.
    public var allowsEdgeAntialiasing: Bool {
        get { LayerLock.with { model.allowsEdgeAntialiasing } }
        set { set(.allowsEdgeAntialiasing, .bool(newValue)) }
    }
    /// Which edges are anti-aliased when `allowsEdgeAntialiasing` is true (default all four). Turning an
    /// edge off keeps layers that meet edge to edge from showing a seam. Not animatable.
    public var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { LayerLock.with { CAEdgeAntialiasingMask(rawValue: UInt32(model.edgeAntialiasingMask)) } }
        set { set(.edgeAntialiasingMask, .scalar(CGFloat(newValue.rawValue & 15))) }
    }

    /// Whether the layer and its sublayers (shadow included, opacity not) are drawn once into a bitmap in
    /// the layer's own space, and that bitmap composited and reused while the subtree is unchanged
    /// (default false). Animatable (a Bool: switches half-way).
    public var shouldRasterize: Bool {
        get { LayerLock.with { model.shouldRasterize } }
        set { set(.shouldRasterize, .bool(newValue)) }
    }
    /// Bitmap pixels per layer unit when rasterizing (default 1); must be > 0. Animatable.
    public var rasterizationScale: CGFloat {
        get { LayerLock.with { model.rasterizationScale } }
        set { set(.rasterizationScale, .scalar(newValue)) }
    }

    /// Levels of detail added when `minificationFilter` is `.trilinear` and the contents are drawn
    /// smaller (default 0; positive is blurrier, negative sharper). Not animatable.
    public var minificationFilterBias: Float {
        get { LayerLock.with { Float(model.minificationFilterBias) } }
        set { set(.minificationFilterBias, .scalar(CGFloat(newValue))) }
    }

    private func setFilter(_ property: LayerProperty, _ filter: CALayerContentsFilter) {
        guard let f = ContentsFilter(name: filter.rawValue) else {
            StrataLog.logger.error("\(property.name) rejected: unsupported: filter \(filter.rawValue)")
            return
        }
        set(property, .scalar(CGFloat(f.rawValue)))
    }

    /// Where the contents image goes within the bounds (default `.resize`). Not animatable.
    public var contentsGravity: CALayerContentsGravity {
        get { LayerLock.with { CALayerContentsGravity(rawValue: model.contentsGravity.name) } }
        set {
            guard let g = ContentsGravity(name: newValue.rawValue) else {
                StrataLog.logger.error("contentsGravity rejected: unsupported: gravity \(newValue.rawValue)")
                return
            }
            set(.contentsGravity, .scalar(CGFloat(g.rawValue)))
        }
    }
    /// Applied to the sublayers, about the anchor point, when rendering (typically perspective: m34).
    public var sublayerTransform: CATransform3D {
        get { LayerLock.with { model.sublayerTransform } }
        set { set(.sublayerTransform, .transform(newValue)) }
    }
    /// Derived from bounds, position, anchorPoint and transform; not animatable itself (setting it
    /// animates bounds and position).
    public var frame: CGRect {
        get { LayerLock.with { model.frame } }
        set {
            LayerLock.with {
                var m = model
                m.setFrame(newValue)
                set(.bounds, .rect(m.bounds))
                set(.position, .point(m.position))
            }
        }
    }

    // MARK: appearance

    public var opacity: Float {
        get { LayerLock.with { Float(model.opacity) } }
        set { set(.opacity, .scalar(CGFloat(newValue))) }
    }
    public var backgroundColor: CGColor? {
        get { LayerLock.with { model.backgroundColor.map { CGColor($0) } } }
        set { set(.backgroundColor, .color(newValue?.color)) }
    }
    public var isHidden: Bool {
        get { LayerLock.with { model.isHidden } }
        set { set(.hidden, .bool(newValue)) }
    }
    /// The layer's image (Core Animation's `contents`); a CGImage here.
    public var contents: CGImage? {
        get { LayerLock.with { contentsImage } }
        set {
            LayerLock.with {
                let changed = contentsImage !== newValue
                contentsImage = newValue
                CATransaction.noteChange(self)
                // A "contents" action (e.g. from the delegate) runs; there is no built-in cross-fade.
                if changed, hasBeenCommitted, parent != nil || isAttachedRoot { runAction(forKey: "contents") }
            }
        }
    }

    // MARK: media timing (CAMediaTiming on the layer)

    /// Start of the layer's time space, in its superlayer's time.
    public var beginTime: CFTimeInterval {
        get { LayerLock.with { model.timing.beginTime } }
        set { set(.beginTime, .scalar(CGFloat(newValue))) }
    }
    /// Rate of the layer's time relative to its superlayer's (0 pauses the layer and its subtree).
    public var speed: Float {
        get { LayerLock.with { Float(model.timing.speed) } }
        set { set(.speed, .scalar(CGFloat(newValue))) }
    }
    /// Offset added to the layer's local time.
    public var timeOffset: CFTimeInterval {
        get { LayerLock.with { model.timing.timeOffset } }
        set { set(.timeOffset, .scalar(CGFloat(newValue))) }
    }

    /// The simple duration of the layer's time; 0 (the default) means it never ends. With a positive duration
    /// the layer's time cycles like an animation group's, shaping every animation in its subtree.
    public var duration: CFTimeInterval {
        get { LayerLock.with { model.timing.duration } }
        set { set(.duration, .scalar(CGFloat(newValue))) }
    }
    /// How many times a cycling layer's time repeats (`.infinity` forever).
    public var repeatCount: Float {
        get { LayerLock.with { Float(model.timing.repeatCount) } }
        set { set(.repeatCount, .scalar(newValue.isInfinite ? .greatestFiniteMagnitude : CGFloat(newValue))) }
    }
    /// How long a cycling layer's time repeats, in its parent's time scaled by speed.
    public var repeatDuration: CFTimeInterval {
        get { LayerLock.with { model.timing.repeatDuration } }
        set { set(.repeatDuration, .scalar(newValue.isInfinite ? .greatestFiniteMagnitude : CGFloat(newValue))) }
    }
    /// Whether a cycling layer's time runs backwards after each forward cycle.
    public var autoreverses: Bool {
        get { LayerLock.with { model.timing.autoreverses } }
        set { set(.autoreverses, .bool(newValue)) }
    }
    /// Whether a cycling layer's time holds its edge values outside the active interval; with `.removed`
    /// the subtree shows model values there.
    public var fillMode: CAMediaTimingFillMode {
        get { LayerLock.with { CAMediaTimingFillMode(rawValue: model.timing.fillMode.name) } }
        set { set(.fillMode, .scalar(CGFloat(newValue.fillMode.rawValue))) }
    }

    /// The chain of time spaces from global media time to this layer, from model values (as Core Animation's
    /// convertTime uses them) or from the last committed ones (as the presentation uses them).
    func timeSpace(committed: Bool) -> TimeSpace {
        var chain: [LayerTiming] = []
        var n: CALayer? = self
        while let c = n { chain.append(committed ? c.committedModel.timing : c.model.timing); n = c.parent }
        return TimeSpace(chain: chain.reversed())
    }

    /// Converts `t` from `layer`'s time space (nil: global media time, CACurrentMediaTime) to this layer's.
    public func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        LayerLock.with { TimeSpace.convert(t, from: layer?.timeSpace(committed: false), to: timeSpace(committed: false)) }
    }

    /// Converts `t` from this layer's time space to `layer`'s (nil: global media time).
    public func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        LayerLock.with { TimeSpace.convert(t, from: timeSpace(committed: false), to: layer?.timeSpace(committed: false)) }
    }

    // MARK: KVC

    /// Sets a property or key-path component (`"transform.rotation.z"`, `"position.x"`, …).
    /// Logs and ignores key paths Strata does not carry ("unsupported: key path …").
    public func setValue(_ value: Any?, forKeyPath keyPath: String) {
        do {
            let kp = try LayerKeyPath(parsing: keyPath)
            // nil clears an optional colour or path (backgroundColor = nil, shadowPath = nil); enumerations
            // take their names.
            let converted = value == nil && kp.kind == .color ? .color(nil) : value == nil && kp.kind == .path ? .path(nil)
                : value.flatMap { Self.enumerationValue($0, kp.property) ?? ValueConversion.convert($0, kind: kp.kind) }
            guard let v = converted else {
                throw StrataError.invalidValue(key: keyPath, expected: "\(kp.kind)")
            }
            LayerLock.with {
                let whole = kp.set(v, in: model[kp.property])
                set(kp.property, whole)
            }
        } catch {
            StrataLog.logger.error("setValue(_:forKeyPath:) rejected: \(error)")
        }
    }

    public func value(forKeyPath keyPath: String) -> Any? {
        guard let kp = try? LayerKeyPath(parsing: keyPath) else { return nil }
        return LayerLock.with {
            switch kp.property {
            case .contentsGravity: contentsGravity
            case .fillMode: fillMode
            default: ValueConversion.any(model[kp])
            }
        }
    }

    /// contentsGravity and fillMode by name (their Swift types or raw strings), as Core Animation's KVC
    /// takes them; nil for other properties or unknown names.
    private static func enumerationValue(_ any: Any, _ property: LayerProperty) -> AnimatableValue? {
        switch (property, any) {
        case let (.contentsGravity, g as CALayerContentsGravity): ContentsGravity(name: g.rawValue).map { .scalar(CGFloat($0.rawValue)) }
        case let (.contentsGravity, s as String): ContentsGravity(name: s).map { .scalar(CGFloat($0.rawValue)) }
        case let (.fillMode, f as CAMediaTimingFillMode): FillMode(name: f.rawValue).map { .scalar(CGFloat($0.rawValue)) }
        case let (.fillMode, s as String): FillMode(name: s).map { .scalar(CGFloat($0.rawValue)) }
        default: nil
        }
    }

    // MARK: hierarchy

    /// A layer whose subtree's alpha masks this layer: it is drawn in this layer's coordinates (its
    /// position relative to this layer's bounds) and runs in this layer's time. It must have no
    /// superlayer and mask no other layer (a programming error otherwise, as a cycle is).
    public var mask: CALayer? {
        get { LayerLock.with { maskLayer } }
        set {
            LayerLock.with {
                if let m = newValue {
                    precondition(m !== self && m.parent == nil && !m.isAttachedRoot && (m.maskedLayer == nil || m.maskedLayer === self),
                                 "a mask layer has no superlayer, is not attached and masks only one layer")
                }
                maskLayer?.maskedLayer = nil
                maskLayer = newValue
                newValue?.maskedLayer = self
                CATransaction.noteChange(self)
            }
        }
    }

    public var superlayer: CALayer? { LayerLock.with { parent } }

    public var sublayers: [CALayer]? {
        get { LayerLock.with { sublayerList.isEmpty ? nil : sublayerList } }
        set {
            LayerLock.with {
                for l in sublayerList { l.parent = nil }
                sublayerList = []
                for l in newValue ?? [] { insertSublayer(l, at: UInt32(sublayerList.count)) }
                CATransaction.noteChange(self)
            }
        }
    }

    public func addSublayer(_ layer: CALayer) {
        LayerLock.with { insertSublayer(layer, at: UInt32(sublayerList.count)) }
    }

    public func insertSublayer(_ layer: CALayer, at index: UInt32) {
        LayerLock.with {
            precondition(!layer.isAncestor(of: self), "insertSublayer: the layer is the receiver or one of its ancestors")
            precondition(!layer.isPresentationCopy && !isPresentationCopy, "insertSublayer: presentation layers cannot be rearranged")
            if let p = layer.parent {
                let oldIndex = p.sublayerList.firstIndex { $0 === layer }
                p.sublayerList.removeAll { $0 === layer }
                CATransaction.noteChange(p)
                if p === self, let oldIndex, oldIndex < Int(index) {
                    sublayerList.insert(layer, at: min(Int(index) - 1, sublayerList.count))
                    layer.parent = self
                    CATransaction.noteChange(self)
                    return
                }
            }
            if layer.isAttachedRoot { StrataConnection.detachRootLocked(layer) }
            sublayerList.insert(layer, at: min(Int(index), sublayerList.count))
            layer.parent = self
            CATransaction.noteChange(self)
            CATransaction.noteChange(layer)
            if isInAttachedTree { layer.runAction(forKey: kCAOnOrderIn) }
        }
    }

    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        LayerLock.with {
            let i = sibling.flatMap { s in sublayerList.firstIndex { $0 === s } } ?? 0
            insertSublayer(layer, at: UInt32(i))
        }
    }

    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        LayerLock.with {
            let i = sibling.flatMap { s in sublayerList.firstIndex { $0 === s }.map { $0 + 1 } } ?? sublayerList.count
            insertSublayer(layer, at: UInt32(i))
        }
    }

    public func replaceSublayer(_ old: CALayer, with new: CALayer) {
        LayerLock.with {
            guard let i = sublayerList.firstIndex(where: { $0 === old }) else { return }
            old.removeFromSuperlayer()
            insertSublayer(new, at: UInt32(i))
            // The superlayer's subtree changes, so it runs the transition (old appearance → new).
            if isInAttachedTree { runAction(forKey: kCATransition) }
        }
    }

    public func removeFromSuperlayer() {
        LayerLock.with {
            guard let p = parent else { return }
            if isInAttachedTree { runAction(forKey: kCAOnOrderOut) }
            p.sublayerList.removeAll { $0 === self }
            parent = nil
            CATransaction.noteChange(p)
            CATransaction.noteChange(self)
        }
    }

    func isAncestor(of other: CALayer) -> Bool {
        var n: CALayer? = other
        while let c = n { if c === self { return true }; n = c.parent }
        return false
    }

    // MARK: animations

    /// Adds a copy of `anim`; an existing animation with the same key is replaced. A nil key gets a
    /// unique one. Animations Strata cannot carry are logged as "unsupported: …" and not added.
    public func add(_ anim: CAAnimation, forKey key: String?) {
        let copy = anim.copy()
        // No fromValue, toValue or byValue: Core Animation animates from the previous presentation value to
        // the current one, i.e. from what is on screen now to the value beneath the animation.
        if let basic = copy as? CABasicAnimation, basic.fromValue == nil, basic.toValue == nil, basic.byValue == nil,
           let path = basic.keyPath {
            if let custom = basic.customKey {
                basic.fromValue = LayerLock.with {
                    hasBeenCommitted ? presentationCustomValues(at: CACurrentMediaTime())[custom] : customValues[custom]
                } ?? type(of: self).defaultValue(forKey: custom)
            } else if let kp = try? LayerKeyPath(parsing: path) {
                basic.fromValue = LayerLock.with {
                    let onScreen = hasBeenCommitted ? presentationModel(at: CACurrentMediaTime()) : model
                    return ValueConversion.any(onScreen[kp]) ?? (kp.kind == .path ? NSNull() : CGColor(Color.clear))
                }
            }
        }
        let spec: AnimationSpec
        do { spec = try copy.makeSpec() } catch {
            StrataLog.logger.error("add(_:forKey:) rejected animation: \(error)")
            return
        }
        LayerLock.with {
            let k: String
            if copy is CATransition { k = kCATransition } // Core Animation stores every transition there
            else if let key { k = key } else { anonymousKeyCounter += 1; k = "strata.anonymous.\(anonymousKeyCounter)" }
            animationEntries.removeAll { $0.key == k }
            animationEntries.append(AnimationEntry(key: k, animation: copy, spec: spec,
                                                   customKey: (copy as? CAPropertyAnimation)?.customKey))
            CATransaction.noteAnimationAdded(self, key: k)
        }
    }

    public func animation(forKey key: String) -> CAAnimation? {
        LayerLock.with { animationEntries.first { $0.key == key }?.animation }
    }

    public func animationKeys() -> [String]? {
        LayerLock.with { animationEntries.isEmpty ? nil : animationEntries.map(\.key) }
    }

    public func removeAnimation(forKey key: String) {
        LayerLock.with {
            guard animationEntries.contains(where: { $0.key == key }) else { return }
            animationEntries.removeAll { $0.key == key }
            CATransaction.noteChange(self)
        }
    }

    public func removeAllAnimations() {
        LayerLock.with {
            guard !animationEntries.isEmpty else { return }
            animationEntries.removeAll()
            CATransaction.noteChange(self)
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

    /// Core Animation's built-in action: for an animatable property (not `hidden`), a basic animation
    /// from the on-screen value over the transaction's duration and timing function; for `kCATransition`
    /// (a sublayer replaced), a fade transition over the transaction's duration.
    private func implicitAction(forKey event: String) -> CAAction? {
        if event == kCATransition {
            let fade = CATransition()
            fade.duration = CATransaction.animationDuration()
            fade.timingFunction = CATransaction.animationTimingFunction()
            return fade
        }
        guard let property = LayerProperty(name: event), ImplicitAction.animates(property) else { return nil }
        return LayerLock.with { () -> CAAction? in
            let onScreen = presentationModel(at: CACurrentMediaTime())[property]
            if let target = changingTo, target.property == property,
               !ImplicitAction.animates(property, from: onScreen, to: target.value) { return nil }
            let action = ImplicitAction.animation(
                for: property, from: onScreen,
                duration: CATransaction.animationDuration(), timingFunction: CATransaction.animationTimingFunction()?.function)
            let anim = CABasicAnimation(keyPath: property.name)
            if case let .basic(from?, _, _) = action.spec.kind {
                // An absent colour animates from transparent black; an absent path stays absent (NSNull).
                anim.fromValue = ValueConversion.any(from) ?? (property.kind == .path ? NSNull() : CGColor(Color.clear))
            }
            anim.duration = action.spec.timing.duration
            anim.timingFunction = action.spec.timingFunction.map(CAMediaTimingFunction.init)
            return anim
        }
    }

    /// Whether the layer is in a tree shown on a display (for the order-in/out events).
    var isInAttachedTree: Bool {
        var n: CALayer? = self
        while let c = n { if c.isAttachedRoot { return true }; n = c.parent }
        return false
    }

    /// Looks up and runs the action for `event`, unless actions are disabled in the current transaction.
    func runAction(forKey event: String) {
        guard !CATransaction.disableActions(), let action = action(forKey: event) else { return }
        action.run(forKey: event, object: self, arguments: nil)
    }

    // MARK: presentation

    /// The values on screen now: the last committed model with the committed animations applied at
    /// CACurrentMediaTime(), computed with the same core code the server renders with. nil before the
    /// layer's first commit.
    public func presentation() -> CALayer? { presentation(at: CACurrentMediaTime()) }

    /// `presentation()` at an explicit media time (Strata addition for tools and tests).
    public func presentation(at time: CFTimeInterval) -> CALayer? {
        LayerLock.with { () -> CALayer? in
            guard hasBeenCommitted, !isPresentationCopy else { return isPresentationCopy ? self : nil }
            let copy = type(of: self).init(layer: self)
            copy.model = presentationModel(at: time)
            copy.customValues = presentationCustomValues(at: time)
            return copy
        }
    }

    /// Presentation at global media time `time`: the committed animations run in the layer's local time.
    func presentationModel(at time: Double) -> LayerModel {
        let committed = animationEntries.filter(\.committed).map { AttachedAnimation(key: $0.key, spec: $0.spec) }
        guard !committed.isEmpty else { return committedModel }
        // An inactive layer time (outside a cycling layer's active interval, no fill) shows the model.
        guard let local = timeSpace(committed: true).activeLocal(fromGlobal: time) else { return committedModel }
        return Presentation.apply(committed, to: committedModel, at: local)
    }

    // MARK: property changes and implicit animations

    func set(_ property: LayerProperty, _ value: AnimatableValue) {
        LayerLock.with {
            precondition(!isPresentationCopy, "presentation layers are read-only")
            let old = model[property]
            // The action is looked up before the model changes, so it sees the value on screen.
            let inTree = hasBeenCommitted && (parent != nil || isAttachedRoot)
            // The built-in action may depend on where the value goes (shadowPath animates only between paths
            // of one structure): it reads `changingTo` while the action is looked up.
            let outer = changingTo // an action's lookup may set other properties
            changingTo = (property, value)
            let action = old != value && inTree && !CATransaction.disableActions() ? action(forKey: property.name) : nil
            changingTo = outer
            model[property] = value
            CATransaction.noteChange(self)
            action?.run(forKey: property.name, object: self, arguments: nil)
            if old != value, type(of: self).needsDisplay(forKey: property.name)
                || (property == .bounds && needsDisplayOnBoundsChangeValue && Self.size(of: old) != Self.size(of: value)) {
                setNeedsDisplay()
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
