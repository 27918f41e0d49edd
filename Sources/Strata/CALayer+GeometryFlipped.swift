import Foundation
import StrataCore

/// geometryFlipped: a layer whose sublayers' geometry is read in a vertically flipped space (y up from
/// the bottom of its bounds), and the `contentsAreFlipped()` that follows from it.
extension CALayer {
    /// Whether the sublayers' geometry is flipped vertically: their positions (and everything below them)
    /// are placed in a space whose y runs up from the bottom edge of this layer's bounds. The layer's own
    /// background, contents and border are not flipped. Default false; not animatable.
    public var isGeometryFlipped: Bool {
        get { LayerLock.with { modelValues.isGeometryFlipped } }
        set { set(.geometryFlipped, .bool(newValue)) }
    }

    /// Whether the layer's contents are implicitly flipped when rendered: true when an odd number of the
    /// layers from this one up to its root (itself included) have flipped geometry (Strata's display is
    /// not flipped), as Core Animation defines it. When true, the backing store's context is y-flipped
    /// before `draw(in:)` (and dirty rectangles with it), as Core Animation documents: a flipped layer then
    /// draws in the same y-up space its sublayers are placed in.
    public func contentsAreFlipped() -> Bool {
        LayerLock.with {
            var flipped = false
            var n: CALayer? = self
            while let c = n {
                if c.modelValues.isGeometryFlipped { flipped.toggle() }
                n = c.parent
            }
            return flipped
        }
    }
}
