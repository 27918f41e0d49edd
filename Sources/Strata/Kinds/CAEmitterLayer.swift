import Foundation
import StrataCore

/// CAEmitterLayer's shapes (kCAEmitterLayerPoint is "point", …).
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let point = Self(rawValue: "point")
    public static let line = Self(rawValue: "line")
    public static let rectangle = Self(rawValue: "rectangle")
    public static let cuboid = Self(rawValue: "cuboid")
    public static let circle = Self(rawValue: "circle")
    public static let sphere = Self(rawValue: "sphere")
}

/// CAEmitterLayer's modes (kCAEmitterLayerPoints is "points", …).
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let points = Self(rawValue: "points")
    public static let outline = Self(rawValue: "outline")
    public static let surface = Self(rawValue: "surface")
    public static let volume = Self(rawValue: "volume")
}

/// CAEmitterLayer's render modes (kCAEmitterLayerUnordered is "unordered", …).
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let unordered = Self(rawValue: "unordered")
    public static let oldestFirst = Self(rawValue: "oldestFirst")
    public static let oldestLast = Self(rawValue: "oldestLast")
    public static let backToFront = Self(rawValue: "backToFront")
    public static let additive = Self(rawValue: "additive")
}

/// A layer whose cells emit particles, evaluated and drawn by the server each frame (docs/emitter.md):
/// the app's process does no work per particle or per frame. `birthRate`, `lifetime`, `velocity`, `scale`
/// and `spin` multiply every cell's values of the same name.
open class CAEmitterLayer: CALayer {
    override class var layerKind: LayerKind { .emitter }

    /// The cells, copied into the layer when set (as Core Animation does); nil: none.
    public var emitterCells: [CAEmitterCell]? {
        get { LayerLock.with { cellObjects } }
        set {
            let cells = newValue ?? [], models = cells.map(\.model)
            set(.emitterCells, .emitterCells(models))
            // Kept only when the layer took them (wrong values are logged and leave the cells as they were).
            LayerLock.with {
                guard modelValues.emitter.emitterCells == models else { return }
                cellObjects = newValue
                cellImages = cells.flatMap(\.images)
            }
        }
    }
    private var cellObjects: [CAEmitterCell]?
    /// The images the cells show, sent with the commit that carries them.
    var cellImages: [CGImage] = []

    public var birthRate: Float { get { read { Float($0.emitter.birthRate) } } set { set(.birthRate, CGFloat(newValue)) } }
    public var lifetime: Float { get { read { Float($0.emitter.lifetime) } } set { set(.lifetime, CGFloat(newValue)) } }
    public var velocity: Float { get { read { Float($0.emitter.velocity) } } set { set(.velocity, CGFloat(newValue)) } }
    public var scale: Float { get { read { Float($0.emitter.scale) } } set { set(.scale, CGFloat(newValue)) } }
    public var spin: Float { get { read { Float($0.emitter.spin) } } set { set(.spin, CGFloat(newValue)) } }
    public var emitterPosition: CGPoint { get { read { $0.emitter.emitterPosition } } set { set(.emitterPosition, newValue) } }
    public var emitterZPosition: CGFloat { get { read { $0.emitter.emitterZPosition } } set { set(.emitterZPosition, newValue) } }
    public var emitterSize: CGSize { get { read { $0.emitter.emitterSize } } set { set(.emitterSize, newValue) } }
    public var emitterDepth: CGFloat { get { read { $0.emitter.emitterDepth } } set { set(.emitterDepth, newValue) } }
    public var emitterShape: CAEmitterLayerEmitterShape {
        get { CAEmitterLayerEmitterShape(rawValue: name(of: .emitterShape)) }
        set { set(.emitterShape, named: newValue.rawValue, what: "emitter shape") }
    }
    public var emitterMode: CAEmitterLayerEmitterMode {
        get { CAEmitterLayerEmitterMode(rawValue: name(of: .emitterMode)) }
        set { set(.emitterMode, named: newValue.rawValue, what: "emitter mode") }
    }
    public var renderMode: CAEmitterLayerRenderMode {
        get { CAEmitterLayerRenderMode(rawValue: name(of: .renderMode)) }
        set { set(.renderMode, named: newValue.rawValue, what: "render mode") }
    }
    /// Whether particles keep their depth in the layer's 3D space (default false: flattened into its plane).
    public var preservesDepth: Bool { get { read { $0.emitter.preservesDepth } } set { set(.preservesDepth, newValue) } }
    /// Seeds every random choice: two runs with one seed show the same particles.
    public var seed: UInt32 { get { read { $0.emitter.seed } } set { set(.seed, .scalar(CGFloat(newValue))) } }
}
