/// A rectangle on screen that draws, lays out its subviews and handles touches (UIKit's UIView), backed by
/// a layer of `layerClass` that does the drawing: every geometry and appearance property is the layer's.
/// The view is its layer's delegate: it draws the layer with `draw(_:)`, lays it out with
/// `layoutSubviews()`, and decides its actions, so a property change animates only inside an animation
/// block (`UIView.animate`), never implicitly as a bare layer's does.
@preconcurrency @MainActor
open class UIView: UIResponder, @preconcurrency CALayerDelegate {
    /// The class of the layer a view of this class is backed by (UIKit's `layerClass`): override it to
    /// return `CAShapeLayer.self`, `CAGradientLayer.self`, … . A class that is not a `CALayer` gives a `CALayer`.
    open class var layerClass: AnyClass { CALayer.self }
    /// The value of an intrinsic size that does not constrain a dimension.
    public static let noIntrinsicMetric: CGFloat = -1

    /// The backing layer, made once from `layerClass`.
    public let layer: CALayer
    /// The view this one is a subview of (nil for a window or a view in no hierarchy); held weakly.
    public internal(set) weak var superview: UIView?
    /// The view's direct subviews, back to front: later ones draw above earlier ones (their layers are sublayers
    /// of this view's layer in the same order).
    public internal(set) var subviews: [UIView] = []
    /// The view controller whose root view this is (its `next` responder).
    weak var owningController: UIViewController?
    /// The tint set on this view (nil: inherited).
    var ownTint: UIColor?

    /// An integer the app uses to find the view (`viewWithTag(_:)`).
    open var tag = 0
    /// Whether touches are delivered to it and its subviews (hit testing skips it when false).
    open var isUserInteractionEnabled = true
    /// Whether it receives more than the first of several simultaneous touches (false, as in UIKit).
    open var isMultipleTouchEnabled = false
    /// Block animations running on it that do not allow user interaction (it is not hit while > 0).
    var animationsBlockingInteraction = 0
    /// The layer's `contentsScale` follows the screen's until the app sets `contentScaleFactor`.
    var contentScaleFollowsScreen = true
    var recognizers: [UIGestureRecognizer] = []
    /// The safe-area insets `safeAreaInsetsDidChange()` last announced (UIView+SafeArea.swift).
    var toldSafeAreaInsets = UIEdgeInsets.zero
    /// The insets the view is telling its subviews about (`refreshSafeArea`), which their own follow from.
    var insetsBeingTold: UIEdgeInsets?
    /// The view whose layer is the layer's `mask` (UIView+Mask.swift).
    var maskStorage: UIView?
    /// The view whose `mask` this view is (it holds this one).
    weak var maskedView: UIView?
    /// `layoutMargins` as set, before the safe area is added.
    private var ownLayoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)

    public convenience override init() { self.init(frame: .zero) }

    /// Makes a view with `frame` (in its future superview's coordinates) and a new layer of `layerClass`, whose
    /// delegate it is, at the main screen's scale. The designated initialiser, as UIKit's.
    public init(frame: CGRect) {
        let made = (Self.layerClass as? CALayer.Type).map(LayerConstruction.newLayer(of:)) ?? CALayer()
        layer = made
        super.init()
        made.delegate = self
        made.frame = frame
        made.contentsScale = UIScreen.main.scale
        if Self.drawsWithDrawRect { made.setNeedsDisplay() }
    }

    /// Archiving is not supported (nil), as for layers; required so that UIKit subclasses' `required
    /// init?(coder:)` compiles as written.
    public required init?(coder: NSCoder) { return nil }

    open override var next: UIResponder? { owningController ?? superview }

    /// The window it is in (nil while not in one).
    open var window: UIWindow? {
        var v: UIView? = self
        while let view = v {
            if let w = view as? UIWindow { return w }
            v = view.superview
        }
        return nil
    }

    // MARK: geometry and appearance: each is the backing layer's property under UIKit's name

    /// The view's rectangle in its superview's coordinates (the layer's frame: with a transform other than
    /// the identity, the box around the transformed bounds, and setting it is then undefined, as in UIKit).
    open var frame: CGRect {
        get { layer.frame }
        set { animatedSet(["bounds", "position"]) { layer.frame = newValue } }
    }

    /// Its own coordinate system: the origin is what shows at the top-left corner.
    open var bounds: CGRect {
        get { layer.bounds }
        set { animatedSet(["bounds"]) { layer.bounds = newValue } }
    }

    /// The centre of the frame in the superview's coordinates (the layer's `position`; a view's anchor
    /// point stays at the centre unless the app moves its layer's).
    open var center: CGPoint {
        get { layer.position }
        set { animatedSet(["position"]) { layer.position = newValue } }
    }

    /// The 2-D transform about the centre (the layer's `transform` as an affine transform).
    open var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set { animatedSet(["transform"]) { layer.setAffineTransform(newValue) } }
    }

    /// The 3-D transform (UIKit's `transform3D`): the layer's `transform`.
    open var transform3D: CATransform3D {
        get { layer.transform }
        set { animatedSet(["transform"]) { layer.transform = newValue } }
    }

    /// Opacity 0…1 (the layer's `opacity`). Below 0.01 the view is not hit by touches.
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { animatedSet(["opacity"]) { layer.opacity = Float(newValue) } }
    }

    /// The colour filling the bounds behind the content (the layer's `backgroundColor`; nil, the default, is
    /// clear). Animatable in an animation block.
    open var backgroundColor: UIColor? {
        get { layer.backgroundColor }
        set { animatedSet(["backgroundColor"]) { layer.backgroundColor = newValue } }
    }

    /// Whether the view and its subviews are hidden (the layer's `isHidden`; false by default): not drawn and not
    /// hit by touches. Changes at once, even in an animation block; an arranged view of a stack view collapses.
    open var isHidden: Bool {
        get { layer.isHidden }
        set {
            guard newValue != layer.isHidden else { return }
            layer.isHidden = newValue
            // An arranged view of a stack view collapses when hidden (UIStackView.swift). Hidden inside an
            // animation block it stays on screen while it collapses and the others move, as in UIKit: the
            // block holds `hidden` false for its duration (UIViewAnimationState.makeAnimation).
            guard let stack = superview as? UIStackView else { return }
            if newValue, let block = UIViewAnimationState.animatingBlock, stack.arrangedSubviews.contains(where: { $0 === self }) {
                block.record(view: self, layer: layer, key: "hidden", from: false)
            }
            stack.arrangedSubviewChanged(self)
        }
    }

    /// A view whose alpha masks this one's content, background and subviews (its layer is the layer's
    /// `mask`, placed in this view's bounds by its frame). It must be in no view hierarchy (UIView+Mask.swift).
    open var mask: UIView? {
        get { maskStorage }
        set { setMask(newValue) }
    }

    /// Whether subviews and content are clipped to the bounds (the layer's `masksToBounds`).
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// Whether the view's drawing fills its bounds opaquely (the layer's `isOpaque`): with true, what `draw(_:)`
    /// leaves transparent shows black. False by default, where UIKit's default is true.
    /// See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    open var isOpaque: Bool {
        get { layer.isOpaque }
        set { layer.isOpaque = newValue }
    }

    /// Pixels per point of its drawing (the layer's `contentsScale`; the screen's scale by default).
    open var contentScaleFactor: CGFloat {
        get { layer.contentsScale }
        set { layer.contentsScale = newValue; contentScaleFollowsScreen = false }
    }

    /// How its content fills the bounds: the layer's `contentsGravity`, and with `.redraw` a new size draws
    /// again (`needsDisplayOnBoundsChange`).
    open var contentMode = ContentMode.scaleToFill {
        didSet { apply(contentMode) }
    }

    // MARK: subviews (UIView+Hierarchy.swift does the work; these are open for container views to override)

    /// Adds `view` on top of the other subviews, taking it from its old superview (one already here moves to
    /// the front). The move notifications are sent in UIKit's order; adding the view itself or one of its
    /// ancestors is ignored.
    open func addSubview(_ view: UIView) { place(view, at: nil) }
    /// Inserts `view` at `index` of `subviews` (clamped to the count).
    open func insertSubview(_ view: UIView, at index: Int) { place(view, at: index) }
    /// Inserts `view` just above `sibling` among the subviews, or on top when `sibling` is not a subview.
    open func insertSubview(_ view: UIView, aboveSubview sibling: UIView) { place(view, besides: sibling, above: true) }
    /// Inserts `view` just below `sibling` among the subviews, or on top when `sibling` is not a subview.
    open func insertSubview(_ view: UIView, belowSubview sibling: UIView) { place(view, besides: sibling, above: false) }
    /// Takes the view (and its layer) out of its superview, telling the superview (`willRemoveSubview(_:)`) and
    /// the view (`willMove(toSuperview:)`, `didMoveToSuperview()`, and the window moves when it was in one).
    /// Does nothing without a superview.
    open func removeFromSuperview() { detachFromSuperview() }
    /// Moves subview `view` above all the others; does nothing when `view` is not a subview.
    open func bringSubviewToFront(_ view: UIView) { moveSubview(view, toFront: true) }
    /// Moves subview `view` below all the others; does nothing when `view` is not a subview.
    open func sendSubviewToBack(_ view: UIView) { moveSubview(view, toFront: false) }
    /// Swaps the subviews at indices `a` and `b` of `subviews`, and their layers; indices out of range are
    /// ignored.
    open func exchangeSubview(at a: Int, withSubviewAt b: Int) { swapSubviews(a, b) }

    // MARK: converting between views (UIView+Geometry.swift): `view` nil is the window

    /// `point` in this view's bounds coordinates, converted to `view`'s (nil: the window's, or the top of the
    /// tree when the view is in no window), through every transform between them.
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint { layer.convert(point, to: reference(view).layer) }
    /// `point` in `view`'s coordinates (nil: the window's, or the top of the tree when in no window),
    /// converted to this view's, through every transform between them.
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint { layer.convert(point, from: reference(view).layer) }
    /// `rect` in this view's coordinates converted to `view`'s (nil: the window's): the box around its
    /// transformed corners.
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect { layer.convert(rect, to: reference(view).layer) }
    /// `rect` in `view`'s coordinates (nil: the window's) converted to this view's: the box around its
    /// transformed corners.
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect { layer.convert(rect, from: reference(view).layer) }

    // MARK: gesture recognizers (UIGestureRecognizer.swift)

    /// Attaches `recognizer` to the view (taking it from any view it was on): it then sees the touches that
    /// begin on this view or its subviews, before the views do.
    open func addGestureRecognizer(_ recognizer: UIGestureRecognizer) { attach(recognizer) }
    /// Detaches `recognizer` from the view; does nothing when it is not attached here.
    open func removeGestureRecognizer(_ recognizer: UIGestureRecognizer) { detach(recognizer) }

    // MARK: layout (UIView+Layout.swift)

    /// How the view follows its superview's bounds when they change size (UIKit's bits; the layer's
    /// `autoresizingMask`, whose values are the same).
    open var autoresizingMask: AutoresizingMask {
        get { AutoresizingMask(rawValue: UInt(layer.autoresizingMask.rawValue)) }
        set { layer.autoresizingMask = CAAutoresizingMask(rawValue: .init(newValue.rawValue)) }
    }

    /// Place the subviews here. The default gives the subviews that constraints place (not translating their
    /// autoresizing masks) the engine's frames, as UIKit's does: overrides call super first.
    open func layoutSubviews() { applyEngineFrames() }

    /// Marks the view for layout: `layoutSubviews()` runs once at the next commit (the end of the main run
    /// loop's turn) or at `layoutIfNeeded()`.
    open func setNeedsLayout() { layer.setNeedsLayout() }
    /// Lays out now, top-down, every view marked for layout in the subtree of the topmost marked ancestor (this
    /// view's if none above is), running pending constraint updates first.
    open func layoutIfNeeded() { layer.layoutIfNeeded() }

    /// The smallest size that fits `size` (the default: the current size, as UIKit's base view).
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }
    /// Resizes the view to `sizeThatFits(_:)` of its current size by setting the bounds' size: the layer's
    /// `position` (the view's `center`) stays where it is.
    open func sizeToFit() { bounds.size = sizeThatFits(bounds.size) }

    /// The size the view's content needs (UIKit's base view has none: `noIntrinsicMetric` both ways). Controls
    /// override it (`UILabel`, `UIButton`, `UISwitch`, …); Auto Layout turns it into hugging and
    /// compression-resistance constraints (docs/uikit.md, *Auto Layout*).
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
    /// Whether `intrinsicContentSize` follows the view's own bounds (a wrapping label's height follows its
    /// width), so that the engine reads it at every pass rather than only after an invalidation.
    var intrinsicContentSizeFollowsBounds: Bool { false }
    /// Says the intrinsic size changed: the engine reads it again at the next layout pass.
    open func invalidateIntrinsicContentSize() {
        ViewAutoLayout.structureChanged()
        setNeedsLayout()
        superview?.setNeedsLayout()
        // A stack view's generated constraints read its arranged views' sizes and priorities (UIStackView.swift).
        (superview as? UIStackView)?.arrangedSubviewChanged(self)
    }
    /// Whether the engine turns the view's frame into required constraints (true for views made in code);
    /// false lets constraints place it (UIView+AutoLayout.swift).
    open var translatesAutoresizingMaskIntoConstraints = true {
        didSet { if translatesAutoresizingMaskIntoConstraints != oldValue { ViewAutoLayout.structureChanged() }; superview?.setNeedsLayout() }
    }

    // MARK: Auto Layout (UIView+AutoLayout.swift, LayoutEngine.swift)

    /// The view's leading edge: its left edge, or its right edge when its `effectiveUserInterfaceLayoutDirection`
    /// is right to left. A new anchor object on each read.
    open var leadingAnchor: NSLayoutXAxisAnchor { xAnchor(.leading) }
    /// The view's trailing edge: its right edge, or its left edge when its `effectiveUserInterfaceLayoutDirection`
    /// is right to left. A new anchor object on each read.
    open var trailingAnchor: NSLayoutXAxisAnchor { xAnchor(.trailing) }
    /// The view's left edge (never flipped). A new anchor object on each read.
    open var leftAnchor: NSLayoutXAxisAnchor { xAnchor(.left) }
    /// The view's right edge (never flipped). A new anchor object on each read.
    open var rightAnchor: NSLayoutXAxisAnchor { xAnchor(.right) }
    /// The view's top edge. A new anchor object on each read.
    open var topAnchor: NSLayoutYAxisAnchor { yAnchor(.top) }
    /// The view's bottom edge. A new anchor object on each read.
    open var bottomAnchor: NSLayoutYAxisAnchor { yAnchor(.bottom) }
    /// The view's width. A new anchor object on each read.
    open var widthAnchor: NSLayoutDimension { dimension(.width) }
    /// The view's height. A new anchor object on each read.
    open var heightAnchor: NSLayoutDimension { dimension(.height) }
    /// The view's horizontal centre. A new anchor object on each read.
    open var centerXAnchor: NSLayoutXAxisAnchor { xAnchor(.centerX) }
    /// The view's vertical centre. A new anchor object on each read.
    open var centerYAnchor: NSLayoutYAxisAnchor { yAnchor(.centerY) }
    /// A label's first line's baseline (its font's ascender below the top); any other view's bottom.
    open var firstBaselineAnchor: NSLayoutYAxisAnchor { yAnchor(.firstBaseline) }
    /// A label's last line's baseline (its text height less the font's descent); any other view's bottom.
    open var lastBaselineAnchor: NSLayoutYAxisAnchor { yAnchor(.lastBaseline) }

    /// The layout guides the view owns, in the order added (including `layoutMarginsGuide` and
    /// `safeAreaLayoutGuide` once read).
    open var layoutGuides: [UILayoutGuide] { autoLayout.guides }
    /// Makes the view own `layoutGuide` (taking it from the view that owned it), so constraints can place it in
    /// this view's coordinates.
    open func addLayoutGuide(_ layoutGuide: UILayoutGuide) { adopt(layoutGuide) }
    /// Gives up `layoutGuide`; does nothing when this view does not own it.
    open func removeLayoutGuide(_ layoutGuide: UILayoutGuide) { letGo(of: layoutGuide) }
    /// The guide inset from the bounds by `layoutMargins`.
    open var layoutMarginsGuide: UILayoutGuide { systemGuide(\.marginsGuide, .layoutMargins, "UIViewLayoutMarginsGuide") }
    /// The guide inset from the bounds by `safeAreaInsets`.
    open var safeAreaLayoutGuide: UILayoutGuide { systemGuide(\.safeAreaGuide, .safeArea, "UIViewSafeAreaLayoutGuide") }

    /// UIKit's class method: the direction a semantic content attribute lays out in (the app's is left to right).
    open class func userInterfaceLayoutDirection(for attribute: UISemanticContentAttribute) -> UIUserInterfaceLayoutDirection {
        attribute == .forceRightToLeft ? .rightToLeft : .leftToRight
    }

    /// The view's constraints, layout guides and engine state, made when first used (`autoLayout`).
    var autoLayoutStorage: ViewAutoLayout?
    /// Whether the view needs constraint-based layout to work (false: its constraints are still honoured).
    open class var requiresConstraintBasedLayout: Bool { false }
    /// The constraints installed on this view (each active constraint is on its items' nearest common ancestor).
    open var constraints: [NSLayoutConstraint] { autoLayout.installed }
    /// Installs `constraint` on this view, activating it; one already active is left where it is. Prefer
    /// `isActive` or `NSLayoutConstraint.activate(_:)`, which install on the items' nearest common ancestor.
    open func addConstraint(_ constraint: NSLayoutConstraint) { install(constraint) }
    /// Installs each of `constraints` on this view, as `addConstraint(_:)` does.
    open func addConstraints(_ constraints: [NSLayoutConstraint]) { constraints.forEach(install) }
    /// Deactivates `constraint` if it is installed on this view; otherwise does nothing.
    open func removeConstraint(_ constraint: NSLayoutConstraint) { uninstall(constraint) }
    /// Deactivates each of `constraints` installed on this view, as `removeConstraint(_:)` does.
    open func removeConstraints(_ constraints: [NSLayoutConstraint]) { constraints.forEach(uninstall) }
    /// Update the view's constraints here; call super at the end, as UIKit requires.
    open func updateConstraints() { autoLayout.updateConstraintsCalledSuper = true }
    /// Asks for `updateConstraints()` (a controller's root view: `updateViewConstraints()`) before the next
    /// layout pass, and marks the view for layout.
    open func setNeedsUpdateConstraints() {
        if !autoLayout.needsUpdateConstraints { ViewAutoLayout.pendingUpdates += 1 }
        autoLayout.needsUpdateConstraints = true
        setNeedsLayout()
    }
    /// Whether `updateConstraints()` is pending since `setNeedsUpdateConstraints()`.
    open func needsUpdateConstraints() -> Bool { autoLayout.needsUpdateConstraints }
    /// Runs the pending `updateConstraints()` calls of this view and its subtree now, deepest views first;
    /// a call that does not reach `super` is logged.
    open func updateConstraintsIfNeeded() { runConstraintUpdates() }
    /// How strongly the view resists growing past its intrinsic size along `axis` (`.defaultLow`, 250, by
    /// default).
    open func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority { autoLayout.hugging[axis.rawValue] }
    /// Sets how strongly the view resists growing past its intrinsic size along `axis`; the next layout pass
    /// uses it.
    open func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        autoLayout.hugging[axis.rawValue] = priority
        invalidateIntrinsicContentSize()
    }
    /// How strongly the view resists shrinking below its intrinsic size along `axis` (`.defaultHigh`, 750,
    /// by default).
    open func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        autoLayout.compressionResistance[axis.rawValue]
    }
    /// Sets how strongly the view resists shrinking below its intrinsic size along `axis`; the next layout pass
    /// uses it.
    open func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        autoLayout.compressionResistance[axis.rawValue] = priority
        invalidateIntrinsicContentSize()
    }
    /// How the content lays out in a right-to-left language; `.forceRightToLeft` flips leading and trailing.
    open var semanticContentAttribute = UISemanticContentAttribute.unspecified {
        didSet { ViewAutoLayout.structureChanged(); setNeedsLayout(); superview?.setNeedsLayout() }
    }
    /// The direction its leading and trailing follow: its `semanticContentAttribute`'s, or when unspecified its
    /// superview's (left to right at the root, the application's direction).
    open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { resolvedLayoutDirection() }
    /// The size its constraints and content give it nearest `targetSize` (each axis at fitting priority 50).
    open func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        fittingSize(targetSize, horizontal: .fittingSizeLevel, vertical: .fittingSizeLevel)
    }
    /// The size the view's constraints and content give it nearest `targetSize`, each axis held to the target at
    /// its priority (`.required` fixes it, `.fittingSizeLevel` lets it fit). Solved on a scratch solver over the
    /// view's subtree, so nothing on screen moves; constraints to views outside the subtree are left out.
    open func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                      verticalFittingPriority: UILayoutPriority) -> CGSize {
        fittingSize(targetSize, horizontal: horizontalFittingPriority, vertical: verticalFittingPriority)
    }
    /// Whether the constraints leave the frame free to move (UIKit's debugging method).
    open var hasAmbiguousLayout: Bool { layoutIsAmbiguous() }
    /// Moves an ambiguously placed view to another frame its constraints allow.
    open func exerciseAmbiguityInLayout() { exerciseAmbiguity() }

    // MARK: notifications subclasses override (UIKit's order)

    /// Called before the view moves to `newSuperview` (nil: before it is removed). Does nothing by default.
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// Called after the view moved to a new superview or was removed from one. Does nothing by default.
    open func didMoveToSuperview() {}
    /// Called on the view and each of its subviews before their window changes to `newWindow` (nil: leaving
    /// the window). Does nothing by default.
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// Called on the view and each of its subviews after their window changed (`window` is the new one, or
    /// nil). Does nothing by default.
    open func didMoveToWindow() {}
    /// Called after `subview` was added to this view (not when an existing subview is only reordered). Does
    /// nothing by default.
    open func didAddSubview(_ subview: UIView) {}
    /// Called before `subview` is removed from this view. Does nothing by default.
    open func willRemoveSubview(_ subview: UIView) {}

    // MARK: drawing (UIView+Drawing.swift)

    /// Draws the view's content in `rect` (its bounds) into `UIGraphicsGetCurrentContext()`. Override it to
    /// draw: the view's layer then gets a backing store drawn with it when first committed, when
    /// `setNeedsDisplay()` is called, and (with `contentMode` `.redraw`) when its size changes
    /// (UIView+Drawing.swift). The default draws nothing.
    open func draw(_ rect: CGRect) { drewNothing() }

    /// Marks the whole view to be drawn again with `draw(_:)` at the next commit. Does nothing for plain
    /// `UIView`, `UIWindow` and `UIImageView`, which never draw.
    open func setNeedsDisplay() { if Self.mayDraw { layer.setNeedsDisplay() } }
    /// Marks `rect` (in the view's coordinates) to be drawn again with `draw(_:)` at the next commit: the pixels
    /// outside it keep the previous drawing, and drawing is clipped to it. Does nothing for plain `UIView`,
    /// `UIWindow` and `UIImageView`, which never draw.
    open func setNeedsDisplay(_ rect: CGRect) { if Self.mayDraw { layer.setNeedsDisplay(rect) } }

    // MARK: snapshots (UIView+Snapshot.swift)

    /// A new view, the size of the bounds and in no hierarchy, that looks like this view does now: a copy
    /// of its layer tree as presented (mid-animation values included), drawn by the server as the original
    /// is, which keeps its look while the original changes or goes away. `afterUpdates` commits pending
    /// changes first. Nil when the view's own layer cannot be copied (an emitter, tiled or GL/video layer).
    open func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? { makeSnapshotView(afterScreenUpdates: afterUpdates) }

    // MARK: hit testing (UIView+HitTest.swift)

    /// The deepest visible, interactive descendant (or this view) containing `point` (in this view's
    /// coordinates), front subviews first; nil when the point is outside or the view takes no touches.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? { defaultHitTest(point, with: event) }

    /// Whether `point` (in this view's coordinates) is inside it: its bounds by default.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool { bounds.contains(point) }

    // MARK: the layer's delegate

    // Main-actor, as UIKit's: Core Animation calls a view's layer back on the thread that lays out, displays
    // or commits it, which for a view's layer is the main thread (its changes join the main thread's
    // transaction; per-frame redraws run on the main queue). The conformance is `@preconcurrency`
    // (SE-0423), so a call from another thread stops with Swift's isolation check, as UIKit's main-thread
    // checker would flag it.

    open func action(for layer: CALayer, forKey event: String) -> CAAction? {
        UIViewAnimationState.action(for: self, forKey: event)
    }

    open func display(_ layer: CALayer) { displayLayer() }

    open func draw(_ layer: CALayer, in ctx: CGContext) {
        // CALayer's backing store already made `ctx` UIKit's current context (UIGraphicsGetCurrentContext()).
        drawContent(layer.bounds, in: ctx)
    }

    open func layoutSublayers(of layer: CALayer) { performLayout() }

    // MARK: margins, tint, exclusive touch, editing (UIView+Margins.swift, UIView+Tint.swift)

    /// The insets app code lays subviews out within (8 points each side, UIKit's default; Strata has no
    /// Auto Layout to read them), measured from the safe area's edges while `insetsLayoutMarginsFromSafeArea`
    /// (read back, they include `safeAreaInsets`). Setting them calls `layoutMarginsDidChange()`.
    open var layoutMargins: UIEdgeInsets {
        get { effectiveLayoutMargins(ownLayoutMargins) }
        set {
            guard newValue != ownLayoutMargins else { return }
            ownLayoutMargins = newValue
            layoutMarginsDidChange()
        }
    }
    /// Whether `layoutMargins` are measured from the safe area (true, UIKit's default) or from the bounds.
    open var insetsLayoutMarginsFromSafeArea = true {
        didSet { if insetsLayoutMarginsFromSafeArea != oldValue, safeAreaInsets != .zero { layoutMarginsDidChange() } }
    }
    /// Called when `layoutMargins` changes; the default asks for layout.
    open func layoutMarginsDidChange() { setNeedsLayout() }

    /// The colour controls tint with: its own, else its superview's, else UIKit's system blue. Setting it
    /// calls `tintColorDidChange()` on the view and on each subview that inherits it.
    open var tintColor: UIColor! {
        get { ownTint ?? superview?.tintColor ?? UIView.defaultTint }
        set { changeTint { ownTint = newValue } }
    }
    /// The part of the view the screen's bezel (the output's `safe-area-insets`) and its controllers'
    /// `additionalSafeAreaInsets` cover, from each edge (UIView+SafeArea.swift); zero outside a visible window.
    open var safeAreaInsets: UIEdgeInsets { computedSafeAreaInsets() }
    /// Called when `safeAreaInsets` change (the view is then laid out again); the default does nothing.
    open func safeAreaInsetsDidChange() {}

    /// Called when the tint the view shows changes: set on it, on an ancestor it inherits from, or by a
    /// move to a superview with another tint.
    open func tintColorDidChange() {}

    /// While a touch is down on an exclusive-touch view no other view of its window gets a new touch, and
    /// it gets none while another view has one (WindowEvents.swift).
    open var isExclusiveTouch = false

    /// Makes the first responder resign when it is this view or one of its subviews (`force`: even if it
    /// would refuse); true when it did, false when none of them was the first responder or it refused.
    @discardableResult
    open func endEditing(_ force: Bool) -> Bool { resignFirstResponderWithin(force: force) }

    // MARK: gesture recognizers asking the view

    /// Whether `gestureRecognizer`, attached to this view, may begin (leave `.possible`): asked before its
    /// delegate. Override it to veto; true by default.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
}
