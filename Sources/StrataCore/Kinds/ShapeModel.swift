import Foundation

/// CAShapeLayer's values: a path filled, then stroked, by the server between the layer's contents and
/// its first sublayer, not clipped by its bounds.
public struct ShapeModel: Equatable, Sendable {
    public var path: Path? = nil
    public var fillColor: Color? = Color(red: 0, green: 0, blue: 0, alpha: 1)
    public var fillRule: FillRule = .nonZero
    public var strokeColor: Color? = nil
    public var lineWidth: CGFloat = 1
    public var lineCap: LineCap = .butt
    public var lineJoin: LineJoin = .miter
    public var miterLimit: CGFloat = 10
    public var lineDashPattern: [CGFloat]? = nil
    public var lineDashPhase: CGFloat = 0
    /// The part of the path stroked, as fractions of its length (clamped to 0…1 when drawn).
    public var strokeStart: CGFloat = 0
    public var strokeEnd: CGFloat = 1

    public init() {}
}

extension LayerModel {
    /// The shape values (defaults for a layer of another kind, where setting them changes nothing).
    public var shape: ShapeModel {
        get { if case let .shape(s) = kindValues { s } else { ShapeModel() } }
        set { if kind == .shape { kindValues = .shape(newValue) } }
    }
}

extension LayerProperty {
    public static let path = LayerProperty(50, "path", { $0.shape.path }, { $0.shape.path = $1 }, kinds: .shape)
    public static let fillColor = LayerProperty(51, "fillColor", { $0.shape.fillColor }, { $0.shape.fillColor = $1 }, kinds: .shape)
    public static let fillRule = LayerProperty(52, "fillRule", { $0.shape.fillRule }, { $0.shape.fillRule = $1 }, kinds: .shape, animation: .none)
    public static let strokeColor = LayerProperty(53, "strokeColor", { $0.shape.strokeColor }, { $0.shape.strokeColor = $1 }, kinds: .shape)
    public static let lineWidth = LayerProperty(54, "lineWidth", { $0.shape.lineWidth }, { $0.shape.lineWidth = $1 }, kinds: .shape, rule: .nonNegative)
    public static let lineCap = LayerProperty(55, "lineCap", { $0.shape.lineCap }, { $0.shape.lineCap = $1 }, kinds: .shape, animation: .none)
    public static let lineJoin = LayerProperty(56, "lineJoin", { $0.shape.lineJoin }, { $0.shape.lineJoin = $1 }, kinds: .shape, animation: .none)
    public static let miterLimit = LayerProperty(57, "miterLimit", { $0.shape.miterLimit }, { $0.shape.miterLimit = $1 }, kinds: .shape, rule: .nonNegative)
    public static let lineDashPattern = LayerProperty(58, "lineDashPattern", { $0.shape.lineDashPattern }, { $0.shape.lineDashPattern = $1 }, kinds: .shape, animation: .none,
                                                      rule: .dashPattern)
    public static let lineDashPhase = LayerProperty(59, "lineDashPhase", { $0.shape.lineDashPhase }, { $0.shape.lineDashPhase = $1 }, kinds: .shape)
    public static let strokeStart = LayerProperty(60, "strokeStart", { $0.shape.strokeStart }, { $0.shape.strokeStart = $1 }, kinds: .shape)
    public static let strokeEnd = LayerProperty(61, "strokeEnd", { $0.shape.strokeEnd }, { $0.shape.strokeEnd = $1 }, kinds: .shape)

    static let shapeProperties: [LayerProperty] = [
        path, fillColor, fillRule, strokeColor, lineWidth, lineCap, lineJoin, miterLimit, lineDashPattern, lineDashPhase,
        strokeStart, strokeEnd,
    ]
}

extension ValueRule {
    /// The most entries a dash pattern may have.
    public static let maxDashes = 1024

    /// A dash pattern: nil or a list of lengths ≥ 0 whose sum is positive (CoreGraphics refuses zeros).
    static let dashPattern = ValueRule.custom(shape: "null or an array of lengths ≥ 0, not all zero") { value in
        guard case let .numbers(list) = value, let list, !list.isEmpty else { return nil }
        if list.count > maxDashes { return "has \(list.count) entries, more than \(maxDashes)" }
        if let bad = list.first(where: { !($0 >= 0) }) { return "must hold lengths ≥ 0, got \(bad)" }
        if list.reduce(0, +) <= 0 { return "must not be all zeros" }
        return nil
    }
}
