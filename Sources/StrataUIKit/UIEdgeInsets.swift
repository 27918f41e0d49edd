/// Insets from each edge of a rectangle (UIKit's UIEdgeInsets), in points.
public struct UIEdgeInsets: Hashable, Sendable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    public static let zero = UIEdgeInsets()
}

extension CGRect {
    /// The rectangle less `insets` (UIKit's `inset(by:)`; negative insets grow it).
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(x: minX + insets.left, y: minY + insets.top,
               width: width - insets.left - insets.right, height: height - insets.top - insets.bottom)
    }
}
