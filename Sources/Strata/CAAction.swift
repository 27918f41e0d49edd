import Foundation

/// An object that responds to a layer event (Core Animation's CAAction): run when a property changes or
/// the layer is ordered in or out, with the event's key and the layer.
public protocol CAAction {
    /// Called when the layer's action search returns this action: `event` is the property name or event key
    /// (`kCAOnOrderIn`, `kCAOnOrderOut`, `kCATransition`), `anObject` the layer. Strata runs property actions just
    /// after the model value changes (the action was looked up before, while the old value was on screen), never
    /// while actions are disabled, and always passes nil `arguments`.
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

/// Every animation is an action: running it adds it to the layer under the event's key.
extension CAAnimation: CAAction {
    /// Adds this animation to `anObject` with `add(_:forKey:)` under `event` (so a copy runs); does nothing when
    /// `anObject` is not a `CALayer`.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }
}

/// `NSNull` as an action ends the search with no action (Core Animation's explicit "no action").
extension NSNull: CAAction {
    /// Does nothing: an `NSNull` found in the action search stops it with no action.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

// Layer events that are not property names.

/// The event (`"onOrderIn"`) whose action runs when the layer is added to a displayed tree or shown again
/// there (`isHidden` set false).
public let kCAOnOrderIn = "onOrderIn"
/// The event (`"onOrderOut"`) whose action runs when the layer is removed from a displayed tree or hidden
/// there.
public let kCAOnOrderOut = "onOrderOut"
/// The event (`"transition"`) whose action runs on a displayed superlayer when `replaceSublayer(_:with:)`
/// changes its subtree; the built-in action is a fade `CATransition` over the transaction's duration. Every
/// `CATransition` is also stored under this key. Strata runs it on the superlayer, where Core Animation's
/// documents name the event but not the layer: see <doc:Status#CALayer-methods-and-function-families>.
public let kCATransition = "transition"

/// The layer delegate's say in actions and drawing (the layout part of CALayerDelegate is not available).
public protocol CALayerDelegate: AnyObject {
    /// The action for `event`; nil lets the search continue, `NSNull()` ends it with no action.
    func action(for layer: CALayer, forKey event: String) -> CAAction?
    /// Updates the layer's contents. Implement it to set `contents` yourself; the default draws the
    /// layer's backing store (which calls `draw(_:in:)`), as Core Animation does when a delegate does not
    /// implement `displayLayer:`.
    func display(_ layer: CALayer)
    /// Draws the layer's contents into its backing store's context (the layer's coordinates, y down).
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Places `layer`'s sublayers when it is laid out (its `layoutSublayers()` asks).
    func layoutSublayers(of layer: CALayer)
    /// Told just before the layer's backing store is drawn (when `display(_:)` is not implemented, or its
    /// default runs), as Core Animation tells it: a delegate may change the layer's drawing properties
    /// (`isOpaque`, `contentsScale`) there.
    func layerWillDraw(_ layer: CALayer)
}

extension CALayerDelegate {
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
    public func display(_ layer: CALayer) { layer.drawBackingStore() }
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    public func layoutSublayers(of layer: CALayer) {}
    public func layerWillDraw(_ layer: CALayer) {}
}
