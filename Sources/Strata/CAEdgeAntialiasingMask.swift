import Foundation

/// Which edges of a layer are anti-aliased (CALayer.edgeAntialiasingMask). The names read y up, as in
/// Core Animation on iOS: the bottom edge is minY, the top edge at the bottom of the screen is maxY.
public struct CAEdgeAntialiasingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The left edge, minX (value 1).
    public static let layerLeftEdge = CAEdgeAntialiasingMask(rawValue: 1)
    /// The right edge, maxX (value 2).
    public static let layerRightEdge = CAEdgeAntialiasingMask(rawValue: 2)
    /// The minY edge (value 4): named y up, as on iOS, so in Strata's y-down layers it is the edge at the top of the screen.
    public static let layerBottomEdge = CAEdgeAntialiasingMask(rawValue: 4)
    /// The maxY edge (value 8): named y up, as on iOS, so in Strata's y-down layers it is the edge at the bottom of the screen.
    public static let layerTopEdge = CAEdgeAntialiasingMask(rawValue: 8)
}
