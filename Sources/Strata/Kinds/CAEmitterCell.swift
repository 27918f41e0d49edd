import Foundation
import StrataCore

/// One source of particles of a `CAEmitterLayer`, as Core Animation's: its values are copied into the
/// layer when `emitterCells` is set (change a cell then and set the array again, or reach a value through
/// the layer's key path `emitterCells.NAME.KEY`). Ranges widen a value to a uniform choice in
/// [value − range, value + range]; speeds add per second of a particle's age (docs/emitter.md).
open class CAEmitterCell: NSObject {
    /// The cell's values (its sub-cells' are taken from `emitterCells` when read).
    var values = EmitterCellModel()
    private var subcells: [CAEmitterCell]?
    private var image: CGImage?

    /// Values of keys the cell has no property for, set with `setValue(_:forKey:)`.
    private var otherValues: [String: Any] = [:]

    public override init() {}

    /// The value a key has before it is set (Core Animation's defaults; nil for a key the cell does not know).
    open class func defaultValue(forKey key: String) -> Any? { EmitterCellModel().value(forKey: key).flatMap(ValueConversion.any) }

    /// The cell's name, used in the layer's key paths (`emitterCells.NAME.KEY`; the first sibling of that name
    /// matches). nil by default.
    open var name: String? { get { values.name } set { values.name = newValue } }
    /// Whether the cell emits (true by default). A disabled cell emits nothing, and none of its particles or
    /// their sub-particles are drawn. KVC key `enabled`.
    open var isEnabled: Bool { get { values.isEnabled } set { values.isEnabled = newValue } }
    /// Particles born per second (0 by default), times the layer's `birthRate` for a top-level cell. Must be ≥ 0
    /// and finite: the layer refuses cells with other values, logging the cell and key.
    open var birthRate: Float { get { Float(values.birthRate) } set { values.birthRate = CGFloat(newValue) } }
    /// How long each particle lives, in seconds (0 by default: none is ever alive), times the layer's `lifetime`.
    /// Must be ≥ 0.
    open var lifetime: Float { get { Float(values.lifetime) } set { values.lifetime = CGFloat(newValue) } }
    /// Widens `lifetime` to a uniform choice in [lifetime − range, lifetime + range] per particle; must be ≥ 0.
    /// Every range is read so (Apple's documents also read as ± range/2): see <doc:Status#Classes-and-protocols>.
    open var lifetimeRange: Float { get { Float(values.lifetimeRange) } set { values.lifetimeRange = CGFloat(newValue) } }
    /// The emission axis's angle out of the layer's plane toward +z, in radians (0 by default: in the plane).
    open var emissionLatitude: CGFloat { get { values.emissionLatitude } set { values.emissionLatitude = newValue } }
    /// The emission axis's angle in the layer's plane from +x toward +y, in radians (0 by default: along +x).
    open var emissionLongitude: CGFloat { get { values.emissionLongitude } set { values.emissionLongitude = newValue } }
    /// The half-angle, in radians, of the cone of directions around the emission axis, covered uniformly (0 by
    /// default; π or more: every direction), Strata's reading of Core Animation's loosely documented range: see
    /// <doc:Status#Classes-and-protocols>.
    open var emissionRange: CGFloat { get { values.emissionRange } set { values.emissionRange = newValue } }
    /// Each particle's initial speed along its direction, in points per second (0 by default), times the layer's
    /// `velocity`; may be negative.
    open var velocity: CGFloat { get { values.velocity } set { values.velocity = newValue } }
    /// Widens `velocity` to a uniform choice in [velocity − range, velocity + range] per particle; must be ≥ 0.
    open var velocityRange: CGFloat { get { values.velocityRange } set { values.velocityRange = newValue } }
    /// Acceleration along x, in points per second squared (0 by default; not scaled by the layer).
    open var xAcceleration: CGFloat { get { values.xAcceleration } set { values.xAcceleration = newValue } }
    /// Acceleration along y, in points per second squared (0 by default; positive pulls down on screen).
    open var yAcceleration: CGFloat { get { values.yAcceleration } set { values.yAcceleration = newValue } }
    /// Acceleration along z, in points per second squared (0 by default).
    open var zAcceleration: CGFloat { get { values.zAcceleration } set { values.zAcceleration = newValue } }
    /// The particle's size as a multiple of its contents' size (image pixels ÷ `contentsScale`); 1 by default,
    /// times the layer's `scale`. Must be ≥ 0.
    open var scale: CGFloat { get { values.scale } set { values.scale = newValue } }
    /// Widens `scale` to a uniform choice in [scale − range, scale + range] per particle; must be ≥ 0.
    open var scaleRange: CGFloat { get { values.scaleRange } set { values.scaleRange = newValue } }
    /// Change of scale per second of the particle's age (0 by default; the scale stops at 0).
    open var scaleSpeed: CGFloat { get { values.scaleSpeed } set { values.scaleSpeed = newValue } }
    /// Rotation speed of each particle about its centre, in radians per second (0 by default; positive turns +x
    /// toward +y), times the layer's `spin`.
    open var spin: CGFloat { get { values.spin } set { values.spin = newValue } }
    /// Widens `spin` to a uniform choice in [spin − range, spin + range] per particle; must be ≥ 0.
    open var spinRange: CGFloat { get { values.spinRange } set { values.spinRange = newValue } }
    /// Multiplies the contents (opaque white by default; nil counts as white).
    open var color: CGColor? { get { CGColor(values.color) } set { values.color = newValue?.color ?? .white } }
    /// Widens the red component of `color` to a uniform choice in ± this range per particle (0 by default;
    /// must be ≥ 0); the result is clamped to 0…1.
    open var redRange: Float { get { Float(values.redRange) } set { values.redRange = CGFloat(newValue) } }
    /// Widens the green component of `color` to a uniform choice in ± this range per particle (0 by default;
    /// must be ≥ 0); clamped to 0…1.
    open var greenRange: Float { get { Float(values.greenRange) } set { values.greenRange = CGFloat(newValue) } }
    /// Widens the blue component of `color` to a uniform choice in ± this range per particle (0 by default;
    /// must be ≥ 0); clamped to 0…1.
    open var blueRange: Float { get { Float(values.blueRange) } set { values.blueRange = CGFloat(newValue) } }
    /// Widens the alpha component of `color` to a uniform choice in ± this range per particle (0 by default;
    /// must be ≥ 0); clamped to 0…1.
    open var alphaRange: Float { get { Float(values.alphaRange) } set { values.alphaRange = CGFloat(newValue) } }
    /// Change of the particle colour's red component per second of its age (0 by default), clamped to 0…1.
    open var redSpeed: Float { get { Float(values.redSpeed) } set { values.redSpeed = CGFloat(newValue) } }
    /// Change of the particle colour's green component per second of its age (0 by default), clamped to 0…1.
    open var greenSpeed: Float { get { Float(values.greenSpeed) } set { values.greenSpeed = CGFloat(newValue) } }
    /// Change of the particle colour's blue component per second of its age (0 by default), clamped to 0…1.
    open var blueSpeed: Float { get { Float(values.blueSpeed) } set { values.blueSpeed = CGFloat(newValue) } }
    /// Change of the particle colour's alpha per second of its age (0 by default; negative fades it out), clamped
    /// to 0…1.
    open var alphaSpeed: Float { get { Float(values.alphaSpeed) } set { values.alphaSpeed = CGFloat(newValue) } }
    /// The particle's image (a CGImage; nil: the cell's particles draw nothing).
    /// A `CGImage`, or nil; anything else is logged, naming the type, and changes nothing (as `CALayer.contents`).
    open var contents: Any? {
        get { image }
        set {
            switch newValue {
            case nil: image = nil
            case let cg as CGImage: image = cg
            case let some? where ContentsValue.isNothing(some): image = nil
            case let some?:
                StrataLog.logger.error("CAEmitterCell: contents rejected: unsupported: contents of type \(type(of: some)) (a CGImage or nil)")
                return
            }
            values.contentsImage = image?.imageID
        }
    }
    /// The part of `contents` each particle samples, in unit coordinates of the image ((0, 0, 1, 1), the whole
    /// image, by default); the quad keeps the whole image's size.
    open var contentsRect: CGRect { get { values.contentsRect } set { values.contentsRect = newValue } }
    /// Image pixels per point of the particle's quad (1 by default); must be > 0.
    open var contentsScale: CGFloat { get { values.contentsScale } set { values.contentsScale = newValue } }
    /// A filter's name, as Core Animation's (a `String`, such as `CALayerContentsFilter.nearest.rawValue`).
    open var minificationFilter: String {
        get { values.minificationFilter.name }
        set { if let f = ContentsFilter(name: newValue) { values.minificationFilter = f } else { Self.refuse(newValue) } }
    }
    /// The filter used when a particle shows its image larger than its pixels: `"linear"` (the default),
    /// `"nearest"` or `"trilinear"`; another name is logged and ignored.
    open var magnificationFilter: String {
        get { values.magnificationFilter.name }
        set { if let f = ContentsFilter(name: newValue) { values.magnificationFilter = f } else { Self.refuse(newValue) } }
    }
    /// Cells each particle of this one emits from where it is (nil: none).
    open var emitterCells: [CAEmitterCell]? { get { subcells } set { subcells = newValue } }

    // CAMediaTiming: when the cell emits, in its emitter's time (a sub-cell's: its parent particle's age).
    /// When the cell starts emitting, in seconds of its clock: the layer's local time for a top-level cell, its
    /// parent particle's age for a sub-cell (so a sub-cell's `beginTime` delays it after each parent's birth).
    open var beginTime: CFTimeInterval { get { values.timing.beginTime } set { values.timing.beginTime = newValue } }
    /// How long one cycle of the cell's emission window lasts, in seconds; 0 (the default), with
    /// `repeatDuration` 0, means it emits for ever (as a layer's time, not an animation's 0.25 s).
    open var duration: CFTimeInterval { get { values.timing.duration } set { values.timing.duration = newValue } }
    /// Scales the cell's clock: the emission window lasts its active duration ÷ |speed| (1 by default); 0 emits
    /// nothing. Particles always age in layer time, whatever the cell's speed.
    open var speed: Float { get { Float(values.timing.speed) } set { values.timing.speed = Double(newValue) } }
    /// Kept and sent, but it changes nothing: it moves the cell's local time inside its window, not the window.
    open var timeOffset: CFTimeInterval { get { values.timing.timeOffset } set { values.timing.timeOffset = newValue } }
    /// How many cycles of `duration` the emission window lasts (0 by default: one); must be ≥ 0.
    open var repeatCount: Float { get { Float(values.timing.repeatCount) } set { values.timing.repeatCount = Double(newValue) } }
    /// How long, in seconds, the emission window repeats for, taking precedence over `repeatCount` when above 0;
    /// must be ≥ 0.
    open var repeatDuration: CFTimeInterval { get { values.timing.repeatDuration } set { values.timing.repeatDuration = newValue } }
    /// Whether each cycle runs forwards then back, doubling the emission window's cycle (false by default).
    open var autoreverses: Bool { get { values.timing.autoreverses } set { values.timing.autoreverses = newValue } }
    /// The cell's fill mode (`removed` by default), kept and sent with its timing but changing nothing: the
    /// cell emits only inside its window. An unknown mode is logged and ignored.
    open var fillMode: CAMediaTimingFillMode {
        get { CAMediaTimingFillMode(rawValue: values.timing.fillMode.name) }
        set { if let f = FillMode(name: newValue.rawValue) { values.timing.fillMode = f } else { Self.refuse(newValue.rawValue) } }
    }

    /// The cell with its sub-cells as the layer sends it, and the images they show.
    var model: EmitterCellModel {
        var m = values
        m.emitterCells = (subcells ?? []).map(\.model)
        return m
    }
    var images: [CGImage] { (image.map { [$0] } ?? []) + (subcells ?? []).flatMap(\.images) }

    /// A cell made from values read back from a layer (its contents image is the one set, when known).
    convenience init(model: EmitterCellModel, images: [UInt64: CGImage]) {
        self.init()
        values = model
        values.emitterCells = []
        image = model.contentsImage.flatMap { images[$0] }
        subcells = model.emitterCells.isEmpty ? nil : model.emitterCells.map { CAEmitterCell(model: $0, images: images) }
    }

    // MARK: key-value coding (Core Animation's: every property by name, and any other key kept for the app)

    /// Sets a property by name (a number, a colour, `enabled`, `name`, `contents`, the filters, `emitterCells`,
    /// `contentsRect`, the media timing properties), or keeps the value of another key for the app. A value of
    /// the wrong type for a property is logged, naming the key, and changes nothing.
    open func setValue(_ value: Any?, forKey key: String) {
        switch assignChecked(value, forKey: key) {
        case .assigned: break
        case .wrongType: Self.refuseValue(key)
        case .noSuchKey: otherValues[key] = value
        }
    }

    /// Sets a property by name as `setValue(_:forKey:)` does, saying whether the cell has it and took the value
    /// (the C API's form: docs/c-api.md); another key is not kept.
    package func assignChecked(_ value: Any?, forKey key: String) -> KeyValueAssignment {
        if let timing = setTiming(value, forKey: key) { return timing ? .assigned : .wrongType }
        switch key {
        case "name":
            guard value == nil || value is String else { return .wrongType }
            name = value as? String
        case "contents":
            guard value == nil || value is CGImage || value.map(ContentsValue.isNothing) == true else { return .wrongType }
            contents = value
        case "minificationFilter", "magnificationFilter":
            guard let filter = value as? String ?? (value as? CALayerContentsFilter)?.rawValue else { return .wrongType }
            if key == "minificationFilter" { minificationFilter = filter } else { magnificationFilter = filter }
        case "emitterCells":
            guard value == nil || value is [CAEmitterCell] else { return .wrongType }
            emitterCells = value as? [CAEmitterCell]
        case "contentsRect":
            guard case let .rect(r)? = value.flatMap({ ValueConversion.convert($0, kind: .rect) }) else { return .wrongType }
            contentsRect = r
        default:
            guard values.value(forKey: key) != nil else { return .noSuchKey }
            let kind: ValueKind = key == "color" ? .color : key == "enabled" ? .bool : .scalar
            guard let v = value.flatMap({ ValueConversion.convert($0, kind: kind) }), (try? values.setValue(v, forKey: key)) != nil else {
                return .wrongType
            }
        }
        return .assigned
    }

    /// A property's value by name, or another key's as set (its `defaultValue(forKey:)` until then).
    open func value(forKey key: String) -> Any? {
        if let timing = timingValue(forKey: key) { return timing }
        switch key {
        case "name": return name
        case "contents": return contents
        case "minificationFilter": return minificationFilter
        case "magnificationFilter": return magnificationFilter
        case "emitterCells": return emitterCells
        case "contentsRect": return contentsRect
        default:
            if let v = values.value(forKey: key) { return ValueConversion.any(v) }
            return otherValues[key] ?? Self.defaultValue(forKey: key)
        }
    }

    private static func refuseValue(_ key: String) {
        StrataLog.logger.error("CAEmitterCell: setValue(_:forKey:) rejected: invalid value for \(key)")
    }

    private static func refuse(_ name: String) {
        StrataLog.logger.error("[Strata] CAEmitterCell: unknown value \"\(name)\" ignored, as Core Animation ignores it")
    }
}
