import Foundation
import StrataCore

/// Where a layer is and how it is placed in its superlayer: every one animatable (implicit animation)
/// unless said otherwise.
extension CALayer {
    func setFrame(_ newValue: CGRect) {
        LayerLock.with {
            var m = modelValues
            m.setFrame(newValue)
            set(.bounds, m.bounds)
            set(.position, m.position)
        }
    }
}
