import Foundation

// CGFloat, CGPoint, CGSize and CGRect come from Foundation on every platform; the core model uses them
// directly so values pass between the client API and the server unchanged.

extension CGPoint {
    @inlinable public static func + (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x + b.x, y: a.y + b.y) }
    @inlinable public static func - (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x - b.x, y: a.y - b.y) }
}

extension CGRect {
    /// Component-wise equality without CGRect's standardisation (negative sizes stay as given).
    @inlinable public func isIdentical(to other: CGRect) -> Bool {
        origin.x == other.origin.x && origin.y == other.origin.y
            && size.width == other.size.width && size.height == other.size.height
    }
}
