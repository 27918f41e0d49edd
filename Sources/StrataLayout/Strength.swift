/// Constraint strengths (kiwi's `strength` namespace): a strength is a Double, and three levels of 0…1000 each
/// are packed so that one unit of a higher level outweighs the whole of the level below (as far as the
/// weights stay under 1000).
public enum Strength {
    public static let required = create(1000, 1000, 1000)
    public static let strong = create(1, 0, 0)
    public static let medium = create(0, 1, 0)
    public static let weak = create(0, 0, 1)

    /// A strength of `a` strong, `b` medium and `c` weak units, each times `weight` and clamped to 0…1000.
    public static func create(_ a: Double, _ b: Double, _ c: Double, _ weight: Double = 1) -> Double {
        var result = 0.0
        result += max(0, min(1000, a * weight)) * 1_000_000
        result += max(0, min(1000, b * weight)) * 1000
        result += max(0, min(1000, c * weight))
        return result
    }

    /// A strength clamped to 0…required.
    public static func clip(_ value: Double) -> Double { max(0, min(required, value)) }
}
