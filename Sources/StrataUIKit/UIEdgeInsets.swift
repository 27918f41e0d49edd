/// Insets from each edge of a rectangle (UIKit's UIEdgeInsets), in points.
public struct UIEdgeInsets: Hashable, Sendable {
    /// The inset from the top edge, in points (negative grows the rectangle).
    public var top: CGFloat
    /// The inset from the left edge, in points (negative grows the rectangle).
    public var left: CGFloat
    /// The inset from the bottom edge, in points (negative grows the rectangle).
    public var bottom: CGFloat
    /// The inset from the right edge, in points (negative grows the rectangle).
    public var right: CGFloat

    /// Insets of 0 on every edge.
    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }
    /// Insets with the given values for each edge, in points.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    /// Insets of 0 on every edge.
    public static let zero = UIEdgeInsets()
}

extension CGRect {
    /// The rectangle less `insets` (UIKit's `inset(by:)`; negative insets grow it).
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(x: minX + insets.left, y: minY + insets.top,
               width: width - insets.left - insets.right, height: height - insets.top - insets.bottom)
    }
}
