import Foundation
import StrataCore

/// A layer whose sublayers share its 3D space: they are not flattened into its plane but drawn, with
/// sublayers of nested transform layers, far to near by depth. It draws nothing of its own (background,
/// contents, border and shadow are ignored, as in Core Animation).
open class CATransformLayer: CALayer {
    override class var layerKind: LayerKind { .transform }
}
