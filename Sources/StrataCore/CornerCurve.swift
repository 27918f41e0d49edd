import Foundation

/// CALayer's cornerCurve (CALayerCornerCurve): circular corners (quarter circles of `cornerRadius`), or
/// Apple's continuous corners, whose curvature grows smoothly from the edges: each corner's curve reaches
/// `continuousExpansion` × the radius along its edges (docs/status.md, `cornerCurve`).
public enum CornerCurve: UInt8, NamedCases {
    case circular = 0, continuous

    public var name: String {
        switch self {
        case .circular: "circular"
        case .continuous: "continuous"
        }
    }

    /// How far a continuous corner reaches along its edges, in radii (Apple's
    /// `cornerCurveExpansionFactor(.continuous)`; UIBezierPath's continuous corner, as measured).
    public static let continuousExpansion: CGFloat = 1.52866483

    /// `cornerCurveExpansionFactor(_:)`: how far a corner of this curve reaches along its edges, in radii.
    public var expansionFactor: CGFloat { self == .continuous ? Self.continuousExpansion : 1 }

    /// The bit a draw command's corner mask carries for continuous corners (above CACornerMask's four).
    public static let continuousCornersBit: UInt8 = 16
}
