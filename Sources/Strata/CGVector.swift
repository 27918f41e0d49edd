import Foundation

/// A two-dimensional vector (CoreGraphics' CGVector, which Linux's Foundation lacks): UIKit's spring
/// timing parameters take their initial velocity as one.
public struct CGVector: Equatable, Hashable, Sendable {
    /// The x component.
    public var dx: CGFloat
    /// The y component.
    public var dy: CGFloat

    /// The zero vector, (0, 0).
    public init() { dx = 0; dy = 0 }
    /// A vector with the components `dx` and `dy`.
    public init(dx: CGFloat, dy: CGFloat) { self.dx = dx; self.dy = dy }
    /// A vector from `Double` components.
    public init(dx: Double, dy: Double) { self.dx = CGFloat(dx); self.dy = CGFloat(dy) }
    /// A vector from integer components.
    public init(dx: Int, dy: Int) { self.dx = CGFloat(dx); self.dy = CGFloat(dy) }

    /// The zero vector, (0, 0).
    public static let zero = CGVector()
}
