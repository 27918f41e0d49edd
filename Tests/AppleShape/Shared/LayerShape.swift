import Foundation
import Strata

// Apple-shaped uses of CALayer (docs/status.md, "Apple's Swift interface"): each compiles as written for iOS.
final class ShapeProbeLayer: CALayer {}
