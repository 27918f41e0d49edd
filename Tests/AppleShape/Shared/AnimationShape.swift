import Foundation
import Strata

// Apple-shaped uses of the animation classes and CATransaction (docs/status.md, "Apple's Swift interface").

/// The common helper: class methods in an extension of CATransaction.
extension CATransaction {
    class func withoutActions(_ body: () -> Void) {
        begin()
        setDisableActions(true)
        body()
        commit()
    }
}

/// Completion blocks are `() -> Void`, stored and read back as such.
func commitWithCompletion(_ done: @escaping () -> Void) -> (() -> Void)? {
    CATransaction.begin()
    let block: () -> Void = done
    CATransaction.setCompletionBlock(block)
    let readBack = CATransaction.completionBlock()
    CATransaction.commit()
    return readBack
}

/// A keyframe subclass: `override init()`, `required init?(coder:)` through `super`, and the inherited
/// convenience `init(keyPath:)`.
final class Shake: CAKeyframeAnimation {
    override init() {
        super.init()
        values = [0, 10, -10, 0]
        duration = 0.3
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }
    override func copy(with zone: NSZone? = nil) -> Any { super.copy(with: zone) }
    override var duration: CFTimeInterval {
        get { super.duration }
        set { super.duration = newValue }
    }
}

func makeShake() -> CAKeyframeAnimation { Shake(keyPath: "position.x") }

/// Animations are NSObjects: copies through `copy()`, key-value coding of their properties.
func fadeCopy(duration: Double) -> CABasicAnimation? {
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.setValue(duration, forKey: "duration")
    fade.setValue("tap", forKey: "origin")
    fade.preferredFrameRateRange = CAFrameRateRange(minimum: 30, maximum: 60, preferred: 60)
    return fade.copy() as? CABasicAnimation
}

/// `CAValueFunction(name:)` is failable.
func spinFunction() -> CAValueFunction { CAValueFunction(name: .rotateZ)! }

/// Timing functions are NSObjects, equal when identical.
func sameCurve(_ a: CAMediaTimingFunction, _ b: CAMediaTimingFunction) -> Bool { a == b }

/// iOS 17's perceptual spring.
func gentleSpring() -> CASpringAnimation {
    let spring = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.2)
    spring.keyPath = "position.y"
    spring.duration = spring.settlingDuration
    return spring
}

/// Code generic over Core Animation's timing protocol: layers, animations and emitter cells.
func pause(_ timing: CAMediaTiming, at time: CFTimeInterval) {
    timing.speed = 0
    timing.timeOffset = time
}

/// A display link at a lower rate, in both of iOS's spellings.
func halfRate(_ link: CADisplayLink) {
    link.preferredFramesPerSecond = 30
    link.preferredFrameRateRange = CAFrameRateRange(minimum: 15, maximum: 30, preferred: 30)
}
