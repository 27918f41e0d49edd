import Foundation

/// A layer's own time space (CAMediaTiming on CALayer). Its local time is
/// `(parent time − beginTime) · speed + timeOffset`. Nested layers compose, so speed 2 under speed 2
/// runs 4× as fast, and speed 0 freezes the subtree at timeOffset (the seeds' pause/resume recipe).
///
/// A layer's `duration` of 0 (the default) means its time never ends: repeats, autoreverse and fill
/// mode then have no effect. With a positive duration the layer's time runs like an animation group's:
/// it cycles through `0…duration` (`repeatCount`/`repeatDuration`, mirrored by `autoreverses`), and
/// outside its active interval the subtree's animations apply only where `fillMode` holds the edge
/// time; otherwise the layer's time is inactive and its subtree shows model values.
public struct LayerTiming: Hashable, Sendable {
    public var beginTime: Double = 0
    public var speed: Double = 1
    public var timeOffset: Double = 0
    public var duration: Double = 0
    public var repeatCount: Double = 0
    public var repeatDuration: Double = 0
    public var autoreverses = false
    public var fillMode: FillMode = .removed

    public init(beginTime: Double = 0, speed: Double = 1, timeOffset: Double = 0) {
        self.beginTime = beginTime; self.speed = speed; self.timeOffset = timeOffset
    }

    public var isIdentity: Bool { self == LayerTiming() }

    /// Whether the layer's time cycles (a positive duration): local time is then piecewise in parent time.
    public var cycles: Bool { duration > 0 }

    /// Parent time → this layer's local time, ignoring cycles (the linear map `convertTime` and commit
    /// stamping use).
    public func local(fromParent t: Double) -> Double { (t - beginTime) * speed + timeOffset }

    /// Parent time → the local time the subtree's animations see; nil when the layer's time is inactive
    /// (outside its active interval without a fill mode that holds it).
    public func activeLocal(fromParent t: Double) -> Double? {
        guard cycles else { return local(fromParent: t) }
        return mediaTiming.sample(at: t, removedOnCompletion: false).map { $0.fraction * duration }
    }

    /// Where parent time `t` falls against a cycling layer's active interval (always active otherwise).
    public func phase(atParent t: Double) -> MediaTiming.Phase {
        cycles ? mediaTiming.phase(at: t) : .active
    }

    /// The same timing as an animation's: a cycling layer's time maps like an animation group's.
    private var mediaTiming: MediaTiming {
        var m = MediaTiming()
        m.beginTime = beginTime; m.duration = duration; m.speed = speed; m.timeOffset = timeOffset
        m.repeatCount = repeatCount; m.repeatDuration = repeatDuration; m.autoreverses = autoreverses
        m.fillMode = fillMode
        return m
    }

    /// This layer's local time → parent time through the linear map; nil when the layer is paused (speed 0:
    /// no parent time maps to it uniquely).
    public func parent(fromLocal t: Double) -> Double? {
        speed == 0 ? nil : (t - timeOffset) / speed + beginTime
    }
}

/// The chain of time spaces from the global media time (CACurrentMediaTime) down to one layer,
/// root first.
public struct TimeSpace: Sendable {
    public var chain: [LayerTiming]

    public init(chain: [LayerTiming]) { self.chain = chain }

    /// Global media time → the layer's local time through the linear maps (no cycles).
    public func local(fromGlobal t: Double) -> Double {
        chain.reduce(t) { $1.local(fromParent: $0) }
    }

    /// Global media time → the local time the layer's animations run at; nil when the layer or an
    /// ancestor is inactive (see `LayerTiming`).
    public func activeLocal(fromGlobal t: Double) -> Double? {
        var time = t
        for timing in chain {
            guard let local = timing.activeLocal(fromParent: time) else { return nil }
            time = local
        }
        return time
    }

    /// Whether some layer on the way cycles (local time is then not affine in global time).
    public var cycles: Bool { chain.contains { $0.cycles } }

    /// The layer's local time → global media time; nil when some layer on the way is paused.
    public func global(fromLocal t: Double) -> Double? {
        var time = t
        for timing in chain.reversed() {
            guard let p = timing.parent(fromLocal: time) else { return nil }
            time = p
        }
        return time
    }

    /// How fast local time runs against global time (0 when frozen).
    public var rate: Double { chain.reduce(1) { $0 * $1.speed } }

    /// Converts a time between two layers' spaces through global time (CALayer.convertTime); a nil space
    /// means global time. A paused layer's local time determines no global time: converting from a space
    /// that passes through one treats `t` as global time.
    public static func convert(_ t: Double, from: TimeSpace?, to: TimeSpace?) -> Double {
        let global = from.map { $0.global(fromLocal: t) ?? t } ?? t
        return to.map { $0.local(fromGlobal: global) } ?? global
    }
}
