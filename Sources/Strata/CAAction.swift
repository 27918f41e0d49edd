import Foundation

/// An object that responds to a layer event (Core Animation's CAAction): run when a property changes or
/// the layer is ordered in or out, with the event's key and the layer.
public protocol CAAction {
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

/// Every animation is an action: running it adds it to the layer under the event's key.
extension CAAnimation: CAAction {
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }
}

/// `NSNull` as an action ends the search with no action (Core Animation's explicit "no action").
extension NSNull: CAAction {
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

/// Layer events that are not property names.
public let kCAOnOrderIn = "onOrderIn"
public let kCAOnOrderOut = "onOrderOut"
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
