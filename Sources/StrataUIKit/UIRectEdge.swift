/// Edges of a rectangle (UIKit's UIRectEdge, its raw values): the screen edges a
/// `UIScreenEdgePanGestureRecognizer` starts from.
public struct UIRectEdge: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The top edge (raw value 1).
    public static let top = UIRectEdge(rawValue: 1 << 0)
    /// The left edge (raw value 2).
    public static let left = UIRectEdge(rawValue: 1 << 1)
    /// The bottom edge (raw value 4).
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    /// The right edge (raw value 8).
    public static let right = UIRectEdge(rawValue: 1 << 3)
    /// All four edges (raw value 15).
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}
