import Foundation
import StrataCore
import StrataUIKit
import Testing

extension ClientProcessSuite {
/// Block animations as the actions they add (no server needed: a committed view in a committed superview
/// looks its actions up as on screen). In the process-wide suite: the presentation values read here follow
/// `CACurrentMediaTime`, which a virtual-clock session elsewhere in the process switches while it runs.
@MainActor
@Suite struct UIKitBlockAnimationTests {
    /// Containers kept alive (a view does not retain its superview, as in UIKit).
    static var containers: [UIView] = []

    /// A view inside a committed container, so its property changes look up actions.
    static func committedView(_ frame: CGRect = CGRect(x: 10, y: 20, width: 100, height: 50)) -> (UIView, UIView) {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let view = UIView(frame: frame)
        container.addSubview(view)
        CATransaction.flush()
        containers.append(container)
        return (container, view)
    }

    @Test func changesOutsideABlockDoNotAnimateButABareLayerStillDoes() {
        let (container, view) = Self.committedView()
        let bare = CALayer()
        container.layer.addSublayer(bare)
        CATransaction.flush()
        view.center = CGPoint(x: 200, y: 100)
        view.alpha = 0.5
        bare.opacity = 0.5
        #expect(view.layer.animationKeys() == nil)
        #expect(bare.animationKeys() == ["opacity"])
        CATransaction.flush()
    }

    @Test func aBlockAddsOneAnimationPerChangedPropertyFromTheOldValueToTheModel() throws {
        let (_, view) = Self.committedView()
        UIView.animate(withDuration: 0.8) {
            view.frame = CGRect(x: 40, y: 60, width: 200, height: 100)
            view.alpha = 0.25
            view.isHidden = false // not animatable: no animation
        }
        #expect(Set(view.layer.animationKeys() ?? []) == ["bounds", "position", "opacity"])
        let position = try #require(view.layer.animation(forKey: "position") as? CABasicAnimation)
        #expect(position.keyPath == "position")
        #expect(position.fromValue as? CGPoint == CGPoint(x: 60, y: 45))
        #expect(position.toValue == nil) // to the model: (140, 110)
        #expect(view.center == CGPoint(x: 140, y: 110))
        #expect(position.duration == 0.8)
        #expect(same(position.timingFunction, .easeInEaseOut))
        #expect(position.fillMode == .removed)
        #expect(position.beginTime == 0)
        let bounds = try #require(view.layer.animation(forKey: "bounds") as? CABasicAnimation)
        #expect(bounds.fromValue as? CGRect == CGRect(x: 0, y: 0, width: 100, height: 50))
        let opacity = try #require(view.layer.animation(forKey: "opacity") as? CABasicAnimation)
        #expect((opacity.fromValue as? CGFloat) == 1)
        CATransaction.flush()
    }

    @Test func delayCurveRepeatAndAutoreverseBecomeTiming() throws {
        let (_, view) = Self.committedView()
        let before = CACurrentMediaTime()
        UIView.animate(withDuration: 1, delay: 2, options: [.curveLinear, .repeat, .autoreverse], animations: {
            view.center = CGPoint(x: 0, y: 0)
        })
        let a = try #require(view.layer.animation(forKey: "position"))
        #expect(same(a.timingFunction, .linear))
        #expect(a.beginTime >= before + 2 && a.beginTime <= CACurrentMediaTime() + 2)
        #expect(a.fillMode == .backwards)
        #expect(a.repeatCount == .infinity)
        #expect(a.autoreverses)
        CATransaction.flush()
    }

    @Test func beginFromCurrentStateStartsFromThePresentationValue() throws {
        let (_, view) = Self.committedView(CGRect(x: 0, y: 0, width: 100, height: 100))
        UIView.animate(withDuration: 10, delay: 0, options: .curveLinear, animations: { view.center = CGPoint(x: 1050, y: 50) })
        CATransaction.flush()
        usleep(500_000)
        // Without the option: from the model's old value (the first block's end).
        UIView.animate(withDuration: 1) { view.center = CGPoint(x: 0, y: 50) }
        let plain = try #require(view.layer.animation(forKey: "position") as? CABasicAnimation)
        #expect(plain.fromValue as? CGPoint == CGPoint(x: 1050, y: 50))
        CATransaction.flush()
        // With it: from what shows, some way along.
        UIView.animate(withDuration: 1, delay: 0, options: .beginFromCurrentState, animations: { view.center = CGPoint(x: 500, y: 50) })
        let current = try #require(view.layer.animation(forKey: "position") as? CABasicAnimation)
        let x = try #require((current.fromValue as? CGPoint)?.x)
        #expect(x > 0 && x < 1050)
        CATransaction.flush()
    }

    @Test func aNestedBlockInheritsTheOuterDurationAndCurveUnlessItOverrides() throws {
        let (container, view) = Self.committedView()
        let other = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let third = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        container.addSubview(other)
        container.addSubview(third)
        CATransaction.flush()
        UIView.animate(withDuration: 3, delay: 0, options: .curveEaseIn, animations: {
            view.alpha = 0
            UIView.animate(withDuration: 0.5, delay: 0, options: .curveLinear, animations: { other.alpha = 0 })
            UIView.animate(withDuration: 0.5, delay: 0, options: [.curveLinear, .overrideInheritedDuration, .overrideInheritedCurve],
                           animations: { third.alpha = 0 })
        })
        #expect(view.layer.animation(forKey: "opacity")?.duration == 3)
        #expect(other.layer.animation(forKey: "opacity")?.duration == 3)
        #expect(same(other.layer.animation(forKey: "opacity")?.timingFunction, .easeIn))
        #expect(third.layer.animation(forKey: "opacity")?.duration == 0.5)
        #expect(same(third.layer.animation(forKey: "opacity")?.timingFunction, .linear))
        #expect(UIView.inheritedAnimationDuration == 0)
        CATransaction.flush()
    }

    @Test func performWithoutAnimationAndZeroDurationAnimateNothing() {
        let (_, view) = Self.committedView()
        UIView.animate(withDuration: 1) {
            UIView.performWithoutAnimation { view.alpha = 0.5 }
        }
        UIView.animate(withDuration: 0) { view.center = .zero }
        #expect(view.layer.animationKeys() == nil)
        #expect(view.alpha == 0.5)
        CATransaction.flush()
    }

    @Test func aSpringSettlesExactlyInItsDurationWithTheGivenDampingRatio() throws {
        let (_, view) = Self.committedView()
        UIView.animate(withDuration: 5, delay: 0, usingSpringWithDamping: 0.1, initialSpringVelocity: 1, options: .curveLinear,
                       animations: { view.center = CGPoint(x: 300, y: 200) })
        let spring = try #require(view.layer.animation(forKey: "position") as? CASpringAnimation)
        #expect(spring.duration == 5)
        #expect(spring.mass == 1)
        #expect(spring.initialVelocity == 1)
        #expect(abs(spring.settlingDuration - 5) < 1e-6)
        let ratio = spring.damping / (2 * (spring.stiffness * spring.mass).squareRoot())
        #expect(abs(ratio - 0.1) < 1e-9)
        // D20's strong bounce: the first overshoot passes the target by more than half the distance.
        let s = Spring(mass: Double(spring.mass), stiffness: Double(spring.stiffness), damping: Double(spring.damping),
                       initialVelocity: Double(spring.initialVelocity))
        let peak = stride(from: 0.0, through: 1, by: 0.001).map(s.progress(at:)).max() ?? 0
        #expect(peak > 1.5)
        #expect(abs(s.progress(at: 5) - 1) <= 0.001)
        CATransaction.flush()
    }

    @Test func keyframesBecomeOneKeyframeAnimationWithD21sTimes() throws {
        let (_, view) = Self.committedView(CGRect(x: 40, y: 140, width: 20, height: 20)) // centre (50, 150)
        UIView.animateKeyframes(withDuration: 5, delay: 0,
                                options: UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue),
                                animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.center = CGPoint(x: 80, y: 220) }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.25) { view.center = CGPoint(x: 45, y: 300) }
            UIView.addKeyframe(withRelativeStartTime: 0.75, relativeDuration: 0.25) { view.center = CGPoint(x: 55, y: 400) }
        })
        let frames = try #require(view.layer.animation(forKey: "position") as? CAKeyframeAnimation)
        #expect(frames.duration == 5)
        #expect(frames.keyTimes?.map(\.doubleValue) == [0, 0.5, 0.75, 1])
        #expect(frames.values?.compactMap { $0 as? CGPoint } == [CGPoint(x: 50, y: 150), CGPoint(x: 80, y: 220),
                                                               CGPoint(x: 45, y: 300), CGPoint(x: 55, y: 400)])
        #expect(frames.calculationMode == .linear)
        #expect(same(frames.timingFunction, .linear))
        #expect(view.center == CGPoint(x: 55, y: 400))
        CATransaction.flush()
    }

    @Test func keyframesWithGapsHoldAndTheDefaultCurveEasesTheWhole() throws {
        let (_, view) = Self.committedView()
        UIView.animateKeyframes(withDuration: 2, delay: 0, options: .calculationModeDiscrete, animations: {
            UIView.addKeyframe(withRelativeStartTime: 0.2, relativeDuration: 0.2) { view.alpha = 0.5 }
            UIView.addKeyframe(withRelativeStartTime: 0.6, relativeDuration: 0.2) { view.alpha = 0 }
        })
        let frames = try #require(view.layer.animation(forKey: "opacity") as? CAKeyframeAnimation)
        #expect(frames.keyTimes?.map(\.doubleValue) == [0, 0.2, 0.4, 0.6, 0.8, 1])
        #expect(frames.values?.compactMap { ($0 as? CGFloat).map(Double.init) } == [1, 1, 0.5, 0.5, 0, 0])
        #expect(frames.calculationMode == .discrete)
        #expect(same(frames.timingFunction, .easeInEaseOut))
        CATransaction.flush()
    }

    @Test func aTransitionAddsACATransitionAndTheBlocksChangesDoNotAnimate() throws {
        let (_, view) = Self.committedView()
        UIView.transition(with: view, duration: 1, options: [.transitionFlipFromRight, .curveLinear], animations: {
            view.backgroundColor = UIColor.red
        })
        let t = try #require(view.layer.animation(forKey: kCATransition) as? CATransition)
        #expect(t.type.rawValue == "oglFlip")
        #expect(t.subtype == .fromRight)
        #expect(t.duration == 1)
        #expect(view.layer.animation(forKey: "backgroundColor") == nil)
        UIView.transition(with: view, duration: 1, options: .transitionCrossDissolve, animations: { view.alpha = 0.5 })
        #expect((view.layer.animation(forKey: kCATransition) as? CATransition)?.type == .fade)
        #expect(view.layer.animation(forKey: "opacity") == nil)
        UIView.transition(with: view, duration: 1, options: [.transitionCurlUp, .allowAnimatedContent], animations: { view.alpha = 1 })
        #expect((view.layer.animation(forKey: kCATransition) as? CATransition)?.type.rawValue == "pageCurl")
        #expect(view.layer.animation(forKey: "opacity") != nil)
        CATransaction.flush()
    }

    @Test func transitionFromViewToViewReplacesOrHidesAndShows() {
        let (container, a) = Self.committedView()
        let b = UIView(frame: a.frame)
        UIView.transition(from: a, to: b, duration: 0.5, options: .transitionFlipFromLeft)
        #expect(container.subviews.map { $0 === b } == [true])
        #expect(a.superview == nil)
        #expect((container.layer.animation(forKey: kCATransition) as? CATransition)?.subtype == .fromLeft)
        CATransaction.flush()
        let c = UIView(frame: a.frame)
        container.addSubview(c)
        c.isHidden = true
        CATransaction.flush()
        UIView.transition(from: b, to: c, duration: 0.5, options: [.transitionCrossDissolve, .showHideTransitionViews])
        #expect(container.subviews.count == 2)
        #expect(b.isHidden && !c.isHidden)
        CATransaction.flush()
    }

    @Test func beginCommitAnimationsUsesTheSettingsMadeBeforeCommit() throws {
        let (_, view) = Self.committedView()
        UIView.beginAnimations("KCBasicAnimation", context: nil)
        view.center = CGPoint(x: 5, y: 5)
        UIView.setAnimationDuration(5)
        UIView.setAnimationCurve(.linear)
        UIView.setAnimationRepeatAutoreverses(true)
        UIView.commitAnimations()
        let a = try #require(view.layer.animation(forKey: "position"))
        #expect(a.duration == 5)
        #expect(same(a.timingFunction, .linear))
        #expect(a.autoreverses)
        UIView.beginAnimations(nil, context: nil)
        view.alpha = 0
        UIView.commitAnimations()
        #expect(view.layer.animation(forKey: "opacity")?.duration == 0.2)
        CATransaction.flush()
    }

    @Test func anAnimationAllowingNoInteractionHidesItsViewFromHitTestingUntilItEnds() {
        let (container, view) = Self.committedView()
        #expect(container.hitTest(CGPoint(x: 20, y: 30), with: nil) === view)
        UIView.animate(withDuration: 30) { view.alpha = 0.5 }
        #expect(container.hitTest(CGPoint(x: 20, y: 30), with: nil) === container)
        UIView.animate(withDuration: 30, delay: 0, options: .allowUserInteraction, animations: { view.alpha = 0.4 })
        #expect(view.animationKeysForTesting.contains("opacity"))
        CATransaction.flush()
    }
}
}

/// Whether `f` is the named timing function (by its control points).
func same(_ f: CAMediaTimingFunction?, _ name: CAMediaTimingFunctionName) -> Bool {
    guard let f else { return false }
    let named = CAMediaTimingFunction(name: name)
    func points(_ g: CAMediaTimingFunction) -> [Float] {
        (1...2).flatMap { i -> [Float] in
            var v: [Float] = [0, 0]
            g.getControlPoint(at: i, values: &v)
            return v
        }
    }
    return points(f) == points(named)
}

extension UIView {
    var animationKeysForTesting: [String] { layer.animationKeys() ?? [] }
}
