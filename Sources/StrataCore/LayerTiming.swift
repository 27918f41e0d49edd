import Foundation

/// A layer's own time space (CAMediaTiming on CALayer): its local time is
/// `(parent time − beginTime) · speed + timeOffset`. Nested layers compose, so speed 2 under speed 2
/// runs 4× as fast, and speed 0 freezes the subtree at timeOffset (the seeds' pause/resume recipe).
public struct LayerTiming: Hashable, Sendable {
    public var beginTime: Double = 0
    public var speed: Double = 1
    public var timeOffset: Double = 0

    public init(beginTime: Double = 0, speed: Double = 1, timeOffset: Double = 0) {
        self.beginTime = beginTime; self.speed = speed; self.timeOffset = timeOffset
    }

    public var isIdentity: Bool { beginTime == 0 && speed == 1 && timeOffset == 0 }

    /// Parent time → this layer's local time.
    public func local(fromParent t: Double) -> Double { (t - beginTime) * speed + timeOffset }

    /// This layer's local time → parent time; nil when the layer is paused (speed 0: no parent time maps to it
    /// uniquely).
    public func parent(fromLocal t: Double) -> Double? {
        speed == 0 ? nil : (t - timeOffset) / speed + beginTime
    }
}

/// The chain of time spaces from the global media time (CACurrentMediaTime) down to one layer,
/// root first.
public struct TimeSpace: Sendable {
    public var chain: [LayerTiming]

    public init(chain: [LayerTiming]) { self.chain = chain }

    /// Global media time → the layer's local time.
    public func local(fromGlobal t: Double) -> Double {
        chain.reduce(t) { $1.local(fromParent: $0) }
    }

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
