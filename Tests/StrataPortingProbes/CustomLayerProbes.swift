import Foundation
import Strata
import Testing

// Apple-style snippets of ported iOS code, written as iOS code writes them with only the renames Linux
// forces (UIColor → CGColor, @NSManaged → value(forKey:)). That this target compiles is the probe; the
// tests check the few values the snippets produce.

/// A circular progress view's layer, as a popular open-source library writes it.
class ProgressLayer: CALayer {
    // @NSManaged var angle: CGFloat
    var angle: CGFloat {
        get { value(forKey: "angle") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "angle") }
    }
    var trackColor: CGColor = CGColor.lightGray
    var glowAmount: CGFloat = 0.5

    override init() {
        super.init()
    }

    override init(layer: Any) {
        super.init(layer: layer)
        if let progress = layer as? ProgressLayer {
            angle = progress.angle
            trackColor = progress.trackColor
            glowAmount = progress.glowAmount
        }
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "angle" ? true : super.needsDisplay(forKey: key)
    }

    override func action(forKey event: String) -> CAAction? {
        if event == "angle" {
            let animation = CABasicAnimation(keyPath: event)
            animation.fromValue = presentation()?.angle
            return animation
        }
        return super.action(forKey: event)
    }

    override func draw(in ctx: CGContext) {
        ctx.setStrokeColor(trackColor)
        ctx.setLineWidth(4)
        ctx.addArc(center: CGPoint(x: bounds.midX, y: bounds.midY), radius: bounds.width / 2 - 4,
                   startAngle: 0, endAngle: angle, clockwise: false)
        ctx.strokePath()
    }
}

/// An ordinary class as an animation's delegate (not final, not Sendable).
class ProgressAnimator: NSObject, CAAnimationDelegate {
    var finished = false
    var layer: ProgressLayer?

    func animate(to angle: CGFloat) {
        let animation = CABasicAnimation(keyPath: "angle")
        animation.toValue = angle
        animation.duration = 1
        animation.delegate = self
        layer?.add(animation, forKey: "progress")
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        finished = flag
    }
}

@Suite struct CustomLayerProbes {
    @Test func theProgressLayerCopiesItsPropertiesIntoPresentationCopies() throws {
        let layer = ProgressLayer()
        layer.angle = 1.5
        layer.glowAmount = 0.8
        layer.name = "progress"
        CATransaction.flush()
        let shown = try #require(layer.presentation())
        #expect(shown.angle == 1.5 && shown.glowAmount == 0.8 && shown.name == "progress")
        shown.angle = 3                                          // a copy takes assignments
        #expect(layer.angle == 1.5)
        #expect(layer.value(forKey: "name") as? String == "progress")
    }

    @Test func anAnimatorDelegateIsAnOrdinaryClass() {
        let animator = ProgressAnimator()
        animator.layer = ProgressLayer()
        animator.animate(to: 2)
        #expect(animator.layer?.animation(forKey: "progress")?.delegate === animator)
    }
}
