import Foundation

/// CAEmitterCell's values, with Core Animation's defaults. Every "range" widens its value to a uniform
/// choice in [value − range, value + range] per particle; every "speed" adds that much per second of the
/// particle's age. Angles are in radians, times in seconds, lengths in the layer's points.
public struct EmitterCellModel: Equatable, Sendable {
    /// Names the cell in key paths such as `emitterCells.fire.birthRate`.
    public var name: String?
    public var isEnabled = true
    /// Particles per second (times the layer's birthRate for a top-level cell).
    public var birthRate: CGFloat = 0
    public var lifetime: CGFloat = 0
    public var lifetimeRange: CGFloat = 0
    /// Angle from the xy-plane toward +z (0 emits in the plane; see docs/emitter.md).
    public var emissionLatitude: CGFloat = 0
    /// Angle in the xy-plane from +x toward +y.
    public var emissionLongitude: CGFloat = 0
    /// Half-angle of the cone of directions around the emission axis (π or more: every direction).
    public var emissionRange: CGFloat = 0
    public var velocity: CGFloat = 0
    public var velocityRange: CGFloat = 0
    public var xAcceleration: CGFloat = 0
    public var yAcceleration: CGFloat = 0
    public var zAcceleration: CGFloat = 0
    public var scale: CGFloat = 1
    public var scaleRange: CGFloat = 0
    public var scaleSpeed: CGFloat = 0
    /// Rotation speed in radians per second.
    public var spin: CGFloat = 0
    public var spinRange: CGFloat = 0
    /// Multiplies the contents (a tint).
    public var color = Color.white
    public var redRange: CGFloat = 0
    public var greenRange: CGFloat = 0
    public var blueRange: CGFloat = 0
    public var alphaRange: CGFloat = 0
    public var redSpeed: CGFloat = 0
    public var greenSpeed: CGFloat = 0
    public var blueSpeed: CGFloat = 0
    public var alphaSpeed: CGFloat = 0
    /// An opaque image id; nil draws no contents.
    public var contentsImage: UInt64?
    public var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    public var contentsScale: CGFloat = 1
    public var minificationFilter: ContentsFilter = .linear
    public var magnificationFilter: ContentsFilter = .linear
    /// Cells each particle of this cell emits from where it is.
    public var emitterCells: [EmitterCellModel] = []
    /// When the cell emits (see `emissionWindow`).
    public var timing = MediaTiming()

    /// Most levels of cells, the top level included.
    public static let maxDepth = 4
    /// Most cells in one layer's tree, all levels together.
    public static let maxCells = 64

    public init(name: String? = nil) { self.name = name }
}

extension EmitterCellModel {
    /// The interval [lower, upper) in which the cell emits, in its clock: the layer's local time for a
    /// top-level cell, the parent particle's age for a sub-cell. It runs from `beginTime` for the timing's
    /// active duration divided by |speed|; a duration and repeatDuration of 0 mean forever (as a layer's
    /// duration, unlike an animation's 0.25 s), and a speed of 0 (a paused clock) emits nothing. timeOffset
    /// moves the cell's local time inside the interval and so does not change it. Particles age in layer time
    /// whatever the cell's speed.
    public var emissionWindow: (lower: Double, upper: Double) {
        let t = timing
        guard t.speed != 0 else { return (0, 0) }
        guard t.duration > 0 || t.repeatDuration > 0 else { return (t.beginTime, .infinity) }
        return (t.beginTime, t.endTime)
    }

    /// Whether the cell emits at `time` in its clock.
    public func emits(at time: Double) -> Bool {
        let w = emissionWindow
        return isEnabled && time >= w.lower && time < w.upper
    }
}
