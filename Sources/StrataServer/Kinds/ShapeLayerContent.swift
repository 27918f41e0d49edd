import Foundation
import StrataCore
import StrataRender

/// CAShapeLayer (in progress).
struct ShapeLayerContent: LayerKindContent {}
