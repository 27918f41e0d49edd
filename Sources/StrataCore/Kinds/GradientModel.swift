import Foundation

/// CAGradientLayer's gradient shapes (kCAGradientLayerAxial, …).
public enum GradientType: UInt8, NamedCases {
    /// Along the line from startPoint to endPoint.
    case axial = 0
    /// Ellipses around startPoint reaching endPoint's distance along each axis.
    case radial
    /// Around startPoint, starting towards endPoint and turning clockwise on screen.
    case conic

    public var name: String {
        switch self {
        case .axial: "axial"
        case .radial: "radial"
        case .conic: "conic"
        }
    }
}

extension GradientType: ScalarEnumeration {}

/// CAGradientLayer's values: colours blended across the bounds by the server, above the background and
/// contents.
public struct GradientModel: Equatable, Sendable {
    public var colors: [Color]? = nil
    /// Where each colour sits (unit distance along the gradient); nil spreads them evenly. A count other
    /// than `colors`' draws nothing.
    public var locations: [CGFloat]? = nil
    /// In unit coordinates of the bounds (top-left (0, 0), bottom-right (1, 1)).
    public var startPoint = CGPoint(x: 0.5, y: 0)
    public var endPoint = CGPoint(x: 0.5, y: 1)
    public var type: GradientType = .axial

    public init() {}

    /// The stops drawn, sorted by location (equal locations keep their order); nil when nothing is drawn:
    /// no colours, or `locations` of a count other than `colors`' (the seed's rule). Locations in any order
    /// are sorted (**Strata's choice**). The server's drawing and the client's `render(in:)` both draw these.
    public var drawnStops: (colors: [Color], locations: [CGFloat])? {
        guard let colors, !colors.isEmpty else { return nil }
        let locations = locations ?? colors.indices.map { colors.count > 1 ? CGFloat($0) / CGFloat(colors.count - 1) : 0 }
        guard locations.count == colors.count else { return nil }
        let sorted = zip(colors, locations).enumerated().sorted { a, b in
            a.element.1 != b.element.1 ? a.element.1 < b.element.1 : a.offset < b.offset
        }
        return (sorted.map(\.element.0), sorted.map(\.element.1))
    }
}

extension LayerModel {
    /// The gradient values (defaults for a layer of another kind, where setting them changes nothing).
    public var gradient: GradientModel {
        get { if case let .gradient(g) = kindValues { g } else { GradientModel() } }
        set { if kind == .gradient { kindValues = .gradient(newValue) } }
    }
}

extension LayerProperty {
    public static let colors = LayerProperty(70, "colors", { $0.gradient.colors }, { $0.gradient.colors = $1 }, kinds: .gradient, rule: .gradientColors)
    public static let locations = LayerProperty(71, "locations", { $0.gradient.locations }, { $0.gradient.locations = $1 }, kinds: .gradient, rule: .gradientLocations)
    public static let startPoint = LayerProperty(72, "startPoint", { $0.gradient.startPoint }, { $0.gradient.startPoint = $1 }, kinds: .gradient)
    public static let endPoint = LayerProperty(73, "endPoint", { $0.gradient.endPoint }, { $0.gradient.endPoint = $1 }, kinds: .gradient)
    public static let gradientType = LayerProperty(74, "type", { $0.gradient.type }, { $0.gradient.type = $1 }, kinds: .gradient, animation: .none)

    static let gradientProperties: [LayerProperty] = [colors, locations, startPoint, endPoint, gradientType]
}

extension ValueRule {
    /// The most colours a gradient may blend (a bound on what one layer makes the GPU do per pixel).
    public static let maxGradientStops = 256

    static let gradientColors = ValueRule.custom(shape: "null or an array of at most \(maxGradientStops) colours") { value in
        guard case let .colors(list) = value, let list, list.count > maxGradientStops else { return nil }
        return "has \(list.count) colours, more than \(maxGradientStops)"
    }

    static let gradientLocations = ValueRule.custom(shape: "null or an array of at most \(maxGradientStops) numbers") { value in
        guard case let .numbers(list) = value, let list, list.count > maxGradientStops else { return nil }
        return "has \(list.count) locations, more than \(maxGradientStops)"
    }
}
