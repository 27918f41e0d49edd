import Foundation
import StrataCore

/// CAEmitterLayer's shapes (kCAEmitterLayerPoint is "point", …).
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// All particles start at the emitter's centre, whatever the mode (the default).
    public static let point = Self(rawValue: "point")
    /// A line along x, `emitterSize.width` long, centred on the emitter's position.
    public static let line = Self(rawValue: "line")
    /// A rectangle in the xy plane of `emitterSize`, centred on the emitter's position.
    public static let rectangle = Self(rawValue: "rectangle")
    /// A box of `emitterSize` by `emitterDepth` (along z), centred on the emitter's position.
    public static let cuboid = Self(rawValue: "cuboid")
    /// A circle in the xy plane of radius `emitterSize.width` ÷ 2, centred on the emitter's position.
    public static let circle = Self(rawValue: "circle")
    /// A sphere of radius `emitterSize.width` ÷ 2, centred on the emitter's position and `emitterZPosition`.
    public static let sphere = Self(rawValue: "sphere")
}

/// CAEmitterLayer's modes (kCAEmitterLayerPoints is "points", …).
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Particles start at the shape's vertices: a line's ends, a rectangle's or cuboid's corners (a circle's
    /// or sphere's centre).
    public static let points = Self(rawValue: "points")
    /// Particles start on the shape's outline, uniformly by length or area: a line's ends, a rectangle's
    /// perimeter, a cuboid's edges, a circle's circumference, a sphere's surface.
    public static let outline = Self(rawValue: "outline")
    /// Particles start anywhere on the shape's surface, uniformly: a line, a rectangle, a cuboid's faces, a
    /// circle's disc, a sphere's surface.
    public static let surface = Self(rawValue: "surface")
    /// Particles start anywhere inside the shape, uniformly: a cuboid's or sphere's volume, the surface of
    /// the flat shapes (the default).
    public static let volume = Self(rawValue: "volume")
}

/// CAEmitterLayer's render modes (kCAEmitterLayerUnordered is "unordered", …).
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Particles drawn in generation order (cell by cell), blended source-over (the default).
    public static let unordered = Self(rawValue: "unordered")
    /// The earliest born drawn first, blended source-over; Strata orders particles within each top-level
    /// cell only, not across cells. See <doc:Status#Layer-subclasses>.
    public static let oldestFirst = Self(rawValue: "oldestFirst")
    /// The earliest born drawn last, blended source-over; exact within each top-level cell only, not across
    /// cells. See <doc:Status#Layer-subclasses>.
    public static let oldestLast = Self(rawValue: "oldestLast")
    /// Meant to draw the farthest particles first; Strata does not sort by depth and draws them in generation
    /// order. See <doc:Status#Layer-subclasses>.
    public static let backToFront = Self(rawValue: "backToFront")
    /// Particles drawn in generation order and added to what lies beneath (ONE, ONE on premultiplied colour): overlaps glow.
    public static let additive = Self(rawValue: "additive")
}

/// A layer whose cells emit particles, evaluated and drawn by the server each frame (docs/emitter.md):
/// the app's process does no work per particle or per frame. `birthRate` multiplies the top-level cells'
/// birth rates (sub-cells' are not affected); `lifetime`, `velocity`, `scale` and `spin` multiply every
/// cell's values of the same name.
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

    /// Sets `emitterCells`, or says why the layer refuses them (the C API's form: docs/c-api.md).
    package func setEmitterCellsChecked(_ cells: [CAEmitterCell]?) -> String? {
        LayerLock.with {
            if let why = rejection(.emitterCells, .emitterCells((cells ?? []).map(\.model))) { return why }
            emitterCells = cells
            return nil
        }
    }
    /// The images the cells show, sent with the commit that carries them.
    var cellImages: [CGImage] = []

    /// Multiplies the birth rate of every top-level cell (default 1; sub-cells are not affected); a negative
    /// value is logged and changes nothing.
    /// Animatable; an animated rate is integrated, not sampled per frame.
    public var birthRate: Float { get { read { Float($0.emitter.birthRate) } } set { set(.birthRate, CGFloat(newValue)) } }
    /// Multiplies every cell's particle lifetime (default 1); a negative value is logged and changes nothing. Animatable.
    public var lifetime: Float { get { read { Float($0.emitter.lifetime) } } set { set(.lifetime, CGFloat(newValue)) } }
    /// Multiplies every cell's particle velocity (default 1; negative reverses it). Animatable.
    public var velocity: Float { get { read { Float($0.emitter.velocity) } } set { set(.velocity, CGFloat(newValue)) } }
    /// Multiplies every cell's particle scale (default 1). Animatable.
    public var scale: Float { get { read { Float($0.emitter.scale) } } set { set(.scale, CGFloat(newValue)) } }
    /// Multiplies every cell's particle spin rate (default 1; negative reverses it). Animatable.
    public var spin: Float { get { read { Float($0.emitter.spin) } } set { set(.spin, CGFloat(newValue)) } }
    /// The centre of the emission shape, in the layer's coordinates (default (0, 0)). Animatable.
    public var emitterPosition: CGPoint { get { read { $0.emitter.emitterPosition } } set { set(.emitterPosition, newValue) } }
    /// The z of the emission shape's centre (default 0). Animatable.
    public var emitterZPosition: CGFloat { get { read { $0.emitter.emitterZPosition } } set { set(.emitterZPosition, newValue) } }
    /// The emission shape's width and height (default (0, 0)): a line's length, a circle's or sphere's
    /// diameter (the width); a negative one is logged and changes nothing. Animatable.
    public var emitterSize: CGSize { get { read { $0.emitter.emitterSize } } set { set(.emitterSize, newValue) } }
    /// The depth along z of a `cuboid` emission shape (default 0); a negative value is logged and changes nothing. Animatable.
    public var emitterDepth: CGFloat { get { read { $0.emitter.emitterDepth } } set { set(.emitterDepth, newValue) } }
    /// The shape particles are emitted from (default `.point`). An unknown name is logged and changes nothing.
    public var emitterShape: CAEmitterLayerEmitterShape {
        get { CAEmitterLayerEmitterShape(rawValue: name(of: .emitterShape)) }
        set { set(.emitterShape, named: newValue.rawValue, what: "emitter shape") }
    }
    /// Where on the shape particles start: vertices, outline, surface or volume (default `.volume`). An
    /// unknown name is logged and changes nothing.
    public var emitterMode: CAEmitterLayerEmitterMode {
        get { CAEmitterLayerEmitterMode(rawValue: name(of: .emitterMode)) }
        set { set(.emitterMode, named: newValue.rawValue, what: "emitter mode") }
    }
    /// The order and blending of the particles (default `.unordered`). An unknown name is logged and
    /// changes nothing.
    public var renderMode: CAEmitterLayerRenderMode {
        get { CAEmitterLayerRenderMode(rawValue: name(of: .renderMode)) }
        set { set(.renderMode, named: newValue.rawValue, what: "render mode") }
    }
    /// Whether particles keep their depth in the layer's 3D space (default false: flattened into its plane).
    public var preservesDepth: Bool { get { read { $0.emitter.preservesDepth } } set { set(.preservesDepth, newValue) } }
    /// Seeds every random choice: two runs with one seed show the same particles.
    public var seed: UInt32 { get { read { $0.emitter.seed } } set { set(.seed, .scalar(CGFloat(newValue))) } }
}
