import Foundation

/// Which corners `cornerRadius` rounds (CALayer.maskedCorners). With Strata's y-down layers, minY is
/// the top edge, as on iOS.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top-left corner (minX, minY; value 1).
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
    /// The top-right corner (maxX, minY; value 2).
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    /// The bottom-left corner (minX, maxY; value 4).
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
    /// The bottom-right corner (maxX, maxY; value 8).
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
}
