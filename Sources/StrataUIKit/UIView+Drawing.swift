/// Drawing with `draw(_:)`. Swift cannot ask whether a class overrides a method, so the first time a view
/// of a class is displayed its `draw(_:)` runs into the layer's backing store; if that reaches UIView's own
/// empty `draw(_:)`, the class is remembered as one that does not draw: its views get no backing store and
/// `setNeedsDisplay()` does nothing for them, as in UIKit. (So an override must not call `super.draw(_:)`,
/// which UIKit's documentation says it need not do.) The order of calls is UIKit's, seed 003 D7's:
/// the layer's `display()`, the view's `draw(_:in:)` (the layer delegate's method, which ported code may
/// override and call `super` from), then `draw(_:)`; a sublayer's `draw(in:)` comes after.
extension UIView {
    /// Whether views of this class draw with `draw(_:)` (unknown classes are assumed to until one shows
    /// otherwise).
    static var drawsWithDrawRect: Bool { DrawProbe.known[ObjectIdentifier(self)] ?? true }

    /// UIView's own `draw(_:)` ran: the view's class draws nothing itself.
    func drewNothing() { DrawProbe.reachedDefault = true }

    /// The layer delegate's `display(_:)`: the backing store drawn through `draw(_:in:)` and `draw(_:)`,
    /// unless the class turns out to draw nothing, when the layer keeps what it showed.
    func displayLayer() {
        let kind = ObjectIdentifier(type(of: self))
        guard DrawProbe.known[kind] != false else { return }
        let before = layer.contents
        let outer = DrawProbe.reachedDefault
        DrawProbe.reachedDefault = false
        layer.drawBackingStore()
        let drewNothing = DrawProbe.reachedDefault
        DrawProbe.reachedDefault = outer
        if DrawProbe.known[kind] == nil { DrawProbe.known[kind] = !drewNothing }
        if drewNothing { layer.contents = before }
    }
}

/// What is known about view classes' drawing.
@MainActor
enum DrawProbe {
    static var known: [ObjectIdentifier: Bool] = [
        ObjectIdentifier(UIView.self): false, ObjectIdentifier(UIWindow.self): false, ObjectIdentifier(UIImageView.self): false,
    ]
    static var reachedDefault = false
}
