import Foundation

/// How the ends of open stroked subpaths and of dashes are drawn (CAShapeLayerLineCap, CGLineCap).
public enum LineCap: UInt8, NamedCases {
    case butt = 0, round, square

    /// Core Animation's names (kCALineCapButt is "butt", …).
    public var name: String {
        switch self {
        case .butt: "butt"
        case .round: "round"
        case .square: "square"
        }
    }
}

/// How the corners where stroked segments meet are drawn (CAShapeLayerLineJoin, CGLineJoin).
public enum LineJoin: UInt8, NamedCases {
    case miter = 0, round, bevel

    public var name: String {
        switch self {
        case .miter: "miter"
        case .round: "round"
        case .bevel: "bevel"
        }
    }
}

/// Which points a filled path encloses (CAShapeLayerFillRule, CGPathFillRule): a non-zero winding number,
/// or an odd one.
public enum FillRule: UInt8, NamedCases {
    case nonZero = 0, evenOdd

    /// Core Animation's names: kCAFillRuleNonZero is "non-zero", kCAFillRuleEvenOdd "even-odd".
    public var name: String {
        switch self {
        case .nonZero: "non-zero"
        case .evenOdd: "even-odd"
        }
    }
}
