import Foundation
import StrataCore

/// geometryFlipped: a layer whose sublayers' geometry is read in a vertically flipped space (y up from
/// the bottom of its bounds), and the `contentsAreFlipped()` that follows from it.
extension CALayer {
    func flippedFromRoot() -> Bool {
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
