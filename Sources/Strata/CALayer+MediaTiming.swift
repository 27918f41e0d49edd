import Foundation
import Logging
import StrataCore
import StrataProtocol

extension CALayer {
    // MARK: media timing (CAMediaTiming on the layer)

    /// Start of the layer's time space, in its superlayer's time.
    public var beginTime: CFTimeInterval {
        get { LayerLock.with { modelValues.timing.beginTime } }
        set { set(.beginTime, .scalar(CGFloat(newValue))) }
    }
    /// Rate of the layer's time relative to its superlayer's (0 pauses the layer and its subtree).
    public var speed: Float {
        get { LayerLock.with { Float(modelValues.timing.speed) } }
        set { set(.speed, .scalar(CGFloat(newValue))) }
    }
    /// Offset added to the layer's local time.
    public var timeOffset: CFTimeInterval {
        get { LayerLock.with { modelValues.timing.timeOffset } }
        set { set(.timeOffset, .scalar(CGFloat(newValue))) }
    }

    /// The simple duration of the layer's time; 0 (the default) means it never ends. With a positive duration
    /// the layer's time cycles like an animation group's, shaping every animation in its subtree.
    public var duration: CFTimeInterval {
        get { LayerLock.with { modelValues.timing.duration } }
        set { set(.duration, .scalar(CGFloat(newValue))) }
    }
    /// How many times a cycling layer's time repeats (`.infinity` forever).
    public var repeatCount: Float {
        get { LayerLock.with { Float(modelValues.timing.repeatCount) } }
        set { set(.repeatCount, .scalar(newValue.isInfinite ? .greatestFiniteMagnitude : CGFloat(newValue))) }
    }
    /// How long a cycling layer's time repeats, in its parent's time scaled by speed.
    public var repeatDuration: CFTimeInterval {
        get { LayerLock.with { modelValues.timing.repeatDuration } }
        set { set(.repeatDuration, .scalar(newValue.isInfinite ? .greatestFiniteMagnitude : CGFloat(newValue))) }
    }
    /// Whether a cycling layer's time runs backwards after each forward cycle.
    public var autoreverses: Bool {
        get { LayerLock.with { modelValues.timing.autoreverses } }
        set { set(.autoreverses, .bool(newValue)) }
    }
    /// Whether a cycling layer's time holds its edge values outside the active interval; with `.removed`
    /// the subtree shows model values there.
    public var fillMode: CAMediaTimingFillMode {
        get { LayerLock.with { CAMediaTimingFillMode(rawValue: modelValues.timing.fillMode.name) } }
        set { set(.fillMode, .scalar(CGFloat(newValue.fillMode.rawValue))) }
    }

    /// The chain of time spaces from global media time to this layer, from model values (as Core Animation's
    /// convertTime uses them) or from the last committed ones (as the presentation uses them).
    func timeSpace(committed: Bool) -> TimeSpace {
        var chain: [LayerTiming] = []
        var n: CALayer? = self
        while let c = n { chain.append(committed ? c.committedModel.timing : c.modelValues.timing); n = c.parent }
        return TimeSpace(chain: chain.reversed())
    }

    /// Converts `t` from `layer`'s time space (nil: global media time, CACurrentMediaTime) to this layer's.
    public func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        LayerLock.with { TimeSpace.convert(t, from: layer?.timeSpace(committed: false), to: timeSpace(committed: false)) }
    }

    /// Converts `t` from this layer's time space to `layer`'s (nil: global media time).
    public func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        LayerLock.with { TimeSpace.convert(t, from: timeSpace(committed: false), to: layer?.timeSpace(committed: false)) }
    }
}
