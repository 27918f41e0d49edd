import Foundation

/// A motion of the offset running on the render server: a fling's deceleration (with its spring back or
/// page), or an animated `setContentOffset`. The server plays it as an animation of the layer's
/// `bounds.origin`, its values rounded to device pixels (`valueStep`), whose model value is already the end; a display link on the client follows it to call
/// `scrollViewDidScroll` each frame and end it when its time is up.
@MainActor
final class RunningScroll {
    /// Whether it is a deceleration (`isDecelerating`, `scrollViewDidEndDecelerating`) rather than an
    /// animated scroll (`scrollViewDidEndScrollingAnimation`).
    let decelerates: Bool
    /// When it began and how long it lasts, on the layer's media time.
    let beginTime: CFTimeInterval
    let duration: CFTimeInterval
    let final: CGPoint
    var link: CADisplayLink?
    var lastReported: CGPoint

    init(decelerates: Bool, beginTime: CFTimeInterval, duration: CFTimeInterval, final: CGPoint, from: CGPoint) {
        self.decelerates = decelerates; self.beginTime = beginTime; self.duration = duration
        self.final = final; lastReported = from
    }
}

extension UIScrollView {
    /// The key of the offset's animation on the layer (and of the indicators' on theirs).
    static let motionKey = "UIScrollViewMotion"
    /// An animated `setContentOffset`'s duration. **Choice**: UIKit does not publish it.
    static let animatedScrollDuration: CFTimeInterval = 0.3

    /// Hands `motion` (which starts at the current offset) to the server as keyframes sampled within
    /// `ScrollMotion.tolerance` of the curve, and follows it.
    func startDeceleration(_ scroll: ScrollMotion) {
        let from = super.bounds.origin
        let now = layer.convertTime(CACurrentMediaTime(), from: nil)
        let duration = scroll.duration
        guard duration > 0 else { moveOffset(to: scroll.final); return }
        let times = scroll.sampleTimes()
        let offsets = times.map { scroll.offset(at: $0) }
        let animation = CAKeyframeAnimation(keyPath: "bounds.origin")
        animation.values = offsets
        animation.keyTimes = times.map { NSNumber(value: $0 / duration) }
        animation.calculationMode = .linear
        animation.duration = duration
        animation.beginTime = now
        animation.fillMode = .backwards
        animation.valueStep = pixelStep
        run(animation, beginTime: now, duration: duration, final: pixelAligned(scroll.final), from: from, decelerates: true)
        indicators.follow(self, times: times.map { $0 / duration }, offsets: offsets, beginTime: now, duration: duration)
    }

    /// An animated `setContentOffset`: a basic animation, ease-in-ease-out.
    func startAnimatedScroll(from: CGPoint, to target: CGPoint) {
        let now = layer.convertTime(CACurrentMediaTime(), from: nil)
        let animation = CABasicAnimation(keyPath: "bounds.origin")
        animation.fromValue = from
        animation.toValue = target
        animation.duration = Self.animatedScrollDuration
        animation.beginTime = now
        animation.fillMode = .backwards
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        animation.valueStep = pixelStep
        run(animation, beginTime: now, duration: Self.animatedScrollDuration, final: target, from: from, decelerates: false)
        indicators.follow(self, from: from, to: target, beginTime: now, duration: Self.animatedScrollDuration)
    }

    private func run(_ animation: CAAnimation, beginTime: CFTimeInterval, duration: CFTimeInterval, final: CGPoint,
                     from: CGPoint, decelerates: Bool) {
        let running = RunningScroll(decelerates: decelerates, beginTime: beginTime, duration: duration, final: final, from: from)
        // The model is the end at once: the server shows the animation, and what the app reads of the model
        // (layout, conversions) is where the content will rest.
        super.bounds = CGRect(origin: final, size: super.bounds.size)
        layer.add(animation, forKey: Self.motionKey)
        motion = running
        let link = CADisplayLink(target: self, selector: UIScrollView.motionFrame)
        running.link = link
        link.add(to: RunLoop.main, forMode: .default)
    }

    /// Each frame of a running motion: `scrollViewDidScroll` with what is on screen, and the end once its
    /// time is up.
    func motionFrame() {
        guard let running = motion else { return }
        let now = layer.convertTime(CACurrentMediaTime(), from: nil)
        if now >= running.beginTime + running.duration {
            finishMotion()
            return
        }
        let shown = presentedOffset
        guard shown != running.lastReported else { return }
        running.lastReported = shown
        offsetDidChange()
        delegate?.scrollViewDidScroll(self)
    }

    /// The motion reached its end: the offset rests at its final value.
    private func finishMotion() {
        guard let running = motion else { return }
        running.link?.invalidate()
        motion = nil
        layer.removeAnimation(forKey: Self.motionKey)
        indicators.stopFollowing()
        if running.lastReported != running.final {
            offsetDidChange()
            delegate?.scrollViewDidScroll(self)
        }
        indicators.fadeOut(after: ScrollIndicators.fadeDelay)
        if running.decelerates {
            delegate?.scrollViewDidEndDecelerating(self)
        } else {
            delegate?.scrollViewDidEndScrollingAnimation(self)
        }
    }

    /// Stops a running motion where it is on screen now (a touch landing on a fling, a new offset): the
    /// animation is removed and the model takes the presentation value. No end callback, as in UIKit.
    func stopMotion() {
        guard let running = motion else { return }
        let shown = presentedOffset
        running.link?.invalidate()
        motion = nil
        layer.removeAnimation(forKey: Self.motionKey)
        indicators.stopFollowing()
        super.bounds = CGRect(origin: shown, size: super.bounds.size)
        indicators.place(for: self, at: shown)
        offsetDidChange()
    }
}
