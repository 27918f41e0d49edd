import Foundation

/// What kind of layer a layer is: its Core Animation class. The kind decides which properties the layer
/// carries (`LayerProperty.kinds`), which values its model holds (`LayerModel.kindValues`) and, on the
/// server, what it draws. A layer's kind is fixed when it is created.
public enum LayerKind: UInt8, NamedCases {
    /// CALayer.
    case layer = 0
    /// CATransformLayer: sublayers share its 3D space; it draws nothing itself.
    case transform
    /// CAShapeLayer: a path filled and stroked by the server.
    case shape
    /// CAGradientLayer: colours blended across the bounds by the server.
    case gradient
    /// CAReplicatorLayer: its sublayers drawn several times by the server.
    case replicator
    /// CATextLayer: a string laid out and drawn by the server.
    case text
    /// CAScrollLayer: a plain layer whose bounds' origin the client scrolls.
    case scroll
    /// CAEmitterLayer: particles its cells emit, evaluated and drawn by the server.
    case emitter
    /// CATiledLayer: tiles the app draws on demand, at the levels of detail the server asks for.
    case tiled
    /// StrataLayerHost (Apple's CALayerHost): shows another client's exported context under it (remote
    /// layer hosting), then its own sublayers.
    case host

    /// The name scene files use (`"class": "shape"`).
    public var name: String {
        switch self {
        case .layer: "layer"
        case .transform: "transform"
        case .shape: "shape"
        case .gradient: "gradient"
        case .replicator: "replicator"
        case .text: "text"
        case .scroll: "scroll"
        case .emitter: "emitter"
        case .tiled: "tiled"
        case .host: "host"
        }
    }

    /// Core Animation's class name.
    public var className: String {
        switch self {
        case .layer: "CALayer"
        case .transform: "CATransformLayer"
        case .shape: "CAShapeLayer"
        case .gradient: "CAGradientLayer"
        case .replicator: "CAReplicatorLayer"
        case .text: "CATextLayer"
        case .scroll: "CAScrollLayer"
        case .emitter: "CAEmitterLayer"
        case .tiled: "CATiledLayer"
        case .host: "StrataLayerHost"
        }
    }
}

/// A set of layer kinds (which kinds carry a property).
public struct LayerKinds: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public init(_ kind: LayerKind) { rawValue = 1 << UInt32(kind.rawValue) }

    public static let all = LayerKinds(rawValue: .max)
    public static let shape = LayerKinds(.shape)
    public static let gradient = LayerKinds(.gradient)
    public static let replicator = LayerKinds(.replicator)
    public static let text = LayerKinds(.text)
    public static let scroll = LayerKinds(.scroll)
    public static let emitter = LayerKinds(.emitter)
    public static let tiled = LayerKinds(.tiled)
    public static let host = LayerKinds(.host)

    public func contains(_ kind: LayerKind) -> Bool { contains(LayerKinds(kind)) }
}
