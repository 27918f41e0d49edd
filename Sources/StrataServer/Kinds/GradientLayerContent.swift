import Foundation
import StrataCore
import StrataRender

/// CAGradientLayer (in progress).
struct GradientLayerContent: LayerKindContent {}
