/// Drawing with `draw(_:)`. Swift cannot ask whether a class overrides a method, so a view's `draw(_:)` runs
/// into the layer's backing store when the view is first committed; if that reaches UIView's own empty
/// `draw(_:)` and nothing was painted (an override that calls `super` and paints counts as drawing), the
/// store is dropped and the layer keeps what it showed, and later views of that class are not drawn on
/// their own first commit (UIKit gives a view that does not override `draw(_:)` no backing store).
/// `setNeedsDisplay()` always draws again (except for UIView, UIWindow and UIImageView themselves, which
/// never draw). The order of calls is UIKit's, seed 003 D7's: the layer's `display()`, the view's
/// `draw(_:in:)` (the layer delegate's method, which ported code may override and call `super` from), then
/// `draw(_:)`; a sublayer's `draw(in:)` comes after.
extension UIView {
    /// Whether a new view of this class is drawn on its first commit (unknown classes are, until one of
    /// them turns out to draw nothing).
    static var drawsWithDrawRect: Bool { DrawProbe.known[ObjectIdentifier(self)] ?? true }

    /// Whether `setNeedsDisplay()` draws views of this class (all but the library's non-drawing classes).
    static var mayDraw: Bool { !DrawProbe.neverDraw.contains(ObjectIdentifier(self)) }

    /// UIView's own `draw(_:)` ran.
    func drewNothing() { DrawProbe.reachedDefault = true }

    /// The layer delegate's `draw(_:in:)`: `draw(_:)` with the layer's bounds, noting whether it painted.
    func drawContent(_ rect: CGRect, in ctx: CGContext) {
        let before = ctx.paintOperations
        draw(rect)
        if ctx.paintOperations != before { DrawProbe.painted = true }
    }

    /// The layer delegate's `display(_:)`: the backing store drawn through `draw(_:in:)` and `draw(_:)`,
    /// unless that drew nothing, when the layer keeps what it showed.
    func displayLayer() {
        let kind = ObjectIdentifier(type(of: self))
        guard Self.mayDraw else { return }
        let before = layer.contents
        let outer = (DrawProbe.reachedDefault, DrawProbe.painted)
        (DrawProbe.reachedDefault, DrawProbe.painted) = (false, false)
        layer.drawBackingStore()
        let drewNothing = DrawProbe.reachedDefault && !DrawProbe.painted
        (DrawProbe.reachedDefault, DrawProbe.painted) = outer
        if DrawProbe.known[kind] == nil { DrawProbe.known[kind] = !drewNothing }
        if drewNothing { layer.contents = before }
    }
}

/// What is known about view classes' drawing.
@MainActor
enum DrawProbe {
    /// The library's classes that never draw.
    static let neverDraw: Set<ObjectIdentifier> = [
        ObjectIdentifier(UIView.self), ObjectIdentifier(UIWindow.self), ObjectIdentifier(UIImageView.self),
    ]
    static var known: [ObjectIdentifier: Bool] = Dictionary(uniqueKeysWithValues: neverDraw.map { ($0, false) })
    static var reachedDefault = false
    static var painted = false
}
