/// How far in from each edge of an output its safe area begins, in points: the part of the panel a bezel,
/// a frame or a notch hides. Configured per output (`safe-area-insets`), carried to clients with the output
/// and read by UIKit as the window's `safeAreaInsets`. UIEdgeInsets' order: top, left, bottom, right.
public struct SafeAreaInsets: Hashable, Sendable, CustomStringConvertible {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    public static let zero = SafeAreaInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// Every inset finite and at least 0.
    public var isValid: Bool { [top, left, bottom, right].allSatisfy { $0.isFinite && $0 >= 0 } }

    /// Whether the insets leave some of a `width` × `height` point area uncovered on both axes.
    public func leavesRoom(width: Double, height: Double) -> Bool { left + right < width && top + bottom < height }

    /// As the configuration writes them: `TOP,LEFT,BOTTOM,RIGHT`.
    public var description: String {
        [top, left, bottom, right].map(Self.number).joined(separator: ",")
    }

    /// A number of points as a person writes it: 48, not 48.0.
    public static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
