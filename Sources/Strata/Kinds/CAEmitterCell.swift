import Foundation
import StrataCore

/// One source of particles of a `CAEmitterLayer`, as Core Animation's: its values are copied into the
/// layer when `emitterCells` is set (change a cell then and set the array again, or reach a value through
/// the layer's key path `emitterCells.NAME.KEY`). Ranges widen a value to a uniform choice in
/// [value − range, value + range]; speeds add per second of a particle's age (docs/emitter.md).
open class CAEmitterCell {
    /// The cell's values (its sub-cells' are taken from `emitterCells` when read).
    var values = EmitterCellModel()
    private var subcells: [CAEmitterCell]?
    private var image: CGImage?

    public init() {}

    public class func defaultValue(forKey key: String) -> Any? { EmitterCellModel().value(forKey: key).flatMap(ValueConversion.any) }

    public var name: String? { get { values.name } set { values.name = newValue } }
    public var isEnabled: Bool { get { values.isEnabled } set { values.isEnabled = newValue } }
    public var birthRate: Float { get { Float(values.birthRate) } set { values.birthRate = CGFloat(newValue) } }
    public var lifetime: Float { get { Float(values.lifetime) } set { values.lifetime = CGFloat(newValue) } }
    public var lifetimeRange: Float { get { Float(values.lifetimeRange) } set { values.lifetimeRange = CGFloat(newValue) } }
    public var emissionLatitude: CGFloat { get { values.emissionLatitude } set { values.emissionLatitude = newValue } }
    public var emissionLongitude: CGFloat { get { values.emissionLongitude } set { values.emissionLongitude = newValue } }
    public var emissionRange: CGFloat { get { values.emissionRange } set { values.emissionRange = newValue } }
    public var velocity: CGFloat { get { values.velocity } set { values.velocity = newValue } }
    public var velocityRange: CGFloat { get { values.velocityRange } set { values.velocityRange = newValue } }
    public var xAcceleration: CGFloat { get { values.xAcceleration } set { values.xAcceleration = newValue } }
    public var yAcceleration: CGFloat { get { values.yAcceleration } set { values.yAcceleration = newValue } }
    public var zAcceleration: CGFloat { get { values.zAcceleration } set { values.zAcceleration = newValue } }
    public var scale: CGFloat { get { values.scale } set { values.scale = newValue } }
    public var scaleRange: CGFloat { get { values.scaleRange } set { values.scaleRange = newValue } }
    public var scaleSpeed: CGFloat { get { values.scaleSpeed } set { values.scaleSpeed = newValue } }
    public var spin: CGFloat { get { values.spin } set { values.spin = newValue } }
    public var spinRange: CGFloat { get { values.spinRange } set { values.spinRange = newValue } }
    /// Multiplies the contents (opaque white by default; nil counts as white).
    public var color: CGColor? { get { CGColor(values.color) } set { values.color = newValue?.color ?? .white } }
    public var redRange: Float { get { Float(values.redRange) } set { values.redRange = CGFloat(newValue) } }
    public var greenRange: Float { get { Float(values.greenRange) } set { values.greenRange = CGFloat(newValue) } }
    public var blueRange: Float { get { Float(values.blueRange) } set { values.blueRange = CGFloat(newValue) } }
    public var alphaRange: Float { get { Float(values.alphaRange) } set { values.alphaRange = CGFloat(newValue) } }
    public var redSpeed: Float { get { Float(values.redSpeed) } set { values.redSpeed = CGFloat(newValue) } }
    public var greenSpeed: Float { get { Float(values.greenSpeed) } set { values.greenSpeed = CGFloat(newValue) } }
    public var blueSpeed: Float { get { Float(values.blueSpeed) } set { values.blueSpeed = CGFloat(newValue) } }
    public var alphaSpeed: Float { get { Float(values.alphaSpeed) } set { values.alphaSpeed = CGFloat(newValue) } }
    /// The particle's image (a CGImage; nil: the cell's particles draw nothing).
    public var contents: CGImage? { get { image } set { image = newValue; values.contentsImage = newValue?.imageID } }
    public var contentsRect: CGRect { get { values.contentsRect } set { values.contentsRect = newValue } }
    public var contentsScale: CGFloat { get { values.contentsScale } set { values.contentsScale = newValue } }
    public var minificationFilter: CALayerContentsFilter {
        get { CALayerContentsFilter(rawValue: values.minificationFilter.name) }
        set { if let f = ContentsFilter(name: newValue.rawValue) { values.minificationFilter = f } else { Self.refuse(newValue.rawValue) } }
    }
    public var magnificationFilter: CALayerContentsFilter {
        get { CALayerContentsFilter(rawValue: values.magnificationFilter.name) }
        set { if let f = ContentsFilter(name: newValue.rawValue) { values.magnificationFilter = f } else { Self.refuse(newValue.rawValue) } }
    }
    /// Cells each particle of this one emits from where it is (nil: none).
    public var emitterCells: [CAEmitterCell]? { get { subcells } set { subcells = newValue } }

    // CAMediaTiming: when the cell emits, in its emitter's time (a sub-cell's: its parent particle's age).
    public var beginTime: CFTimeInterval { get { values.timing.beginTime } set { values.timing.beginTime = newValue } }
    public var duration: CFTimeInterval { get { values.timing.duration } set { values.timing.duration = newValue } }
    public var speed: Float { get { Float(values.timing.speed) } set { values.timing.speed = Double(newValue) } }
    public var timeOffset: CFTimeInterval { get { values.timing.timeOffset } set { values.timing.timeOffset = newValue } }
    public var repeatCount: Float { get { Float(values.timing.repeatCount) } set { values.timing.repeatCount = Double(newValue) } }
    public var repeatDuration: CFTimeInterval { get { values.timing.repeatDuration } set { values.timing.repeatDuration = newValue } }
    public var autoreverses: Bool { get { values.timing.autoreverses } set { values.timing.autoreverses = newValue } }
    public var fillMode: CAMediaTimingFillMode {
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

    private static func refuse(_ name: String) {
        StrataLog.logger.error("[Strata] CAEmitterCell: unknown value \"\(name)\" ignored, as Core Animation ignores it")
    }
}
