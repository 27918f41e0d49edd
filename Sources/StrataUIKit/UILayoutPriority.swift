/// How much a constraint matters, 1…1000 (UIKit's UILayoutPriority): 1000 is required; lower ones give way,
/// a higher priority always before a lower one (how they map to solver strengths: LayoutEngine+Strength.swift).
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable {
    public var rawValue: Float
    public init(rawValue: Float) { self.rawValue = rawValue }
    /// A priority of `rawValue` (the same as `init(rawValue:)`): 1000 is required, 1 the lowest. The value is
    /// not checked or clamped.
    public init(_ rawValue: Float) { self.rawValue = rawValue }

    /// A required constraint (1000): the engine must satisfy it; of required constraints that conflict, the
    /// later one is broken and UIKit's message logged.
    public static let required = UILayoutPriority(1000)
    /// The priority of a view's content compression resistance by default (750).
    public static let defaultHigh = UILayoutPriority(750)
    /// The priority of a drag that may resize its scene (510), as UIKit's; Strata gives it no special meaning.
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    /// The priority at which a scene keeps its size (500), as UIKit's; Strata gives it no special meaning.
    public static let sceneSizeStayPut = UILayoutPriority(500)
    /// The priority of a drag that may not resize its scene (490), as UIKit's; Strata gives it no special meaning.
    public static let dragThatCannotResizeScene = UILayoutPriority(490)
    /// The priority of a view's content hugging by default (250).
    public static let defaultLow = UILayoutPriority(250)
    /// The priority at which a view's size is fitted to its content (50): `systemLayoutSizeFitting(_:)` asks for the
    /// target size at this priority on both axes.
    public static let fittingSizeLevel = UILayoutPriority(50)

    public static func < (lhs: UILayoutPriority, rhs: UILayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }
    /// The priority `rhs` higher (`.defaultHigh + 1` is 751); the result is not clamped to 1…1000.
    public static func + (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority { UILayoutPriority(lhs.rawValue + rhs) }
    /// The priority `rhs` lower (`.required - 1` is 999, the highest optional priority); the result is not
    /// clamped to 1…1000.
    public static func - (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority { UILayoutPriority(lhs.rawValue - rhs) }
}

extension UILayoutPriority: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public init(floatLiteral value: Float) { self.init(value) }
    public init(integerLiteral value: Int) { self.init(Float(value)) }
}
