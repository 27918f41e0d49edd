import Foundation
import StrataUIKit

// Apple-shaped uses of UIViewPropertyAnimator, its timing parameters, iOS 17's spring blocks and the rotation
// and screen-edge recognizers, as iOS code writes them (only `import UIKit` -> `import StrataUIKit`).

// An interactive dismissal: an edge pan scrubs an animator, then a spring finishes or reverses it.
final class CardDismissController: UIViewController {
    let card = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 300))
    var animator: UIViewPropertyAnimator?
    var velocities: [CGFloat] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(card)
        let edge = UIScreenEdgePanGestureRecognizer(target: self, action: CardDismissController.edgePanned)
        edge.edges = .left
        view.addGestureRecognizer(edge)
        card.addGestureRecognizer(UIRotationGestureRecognizer(target: self, action: CardDismissController.rotated))
    }

    func edgePanned(_ recognizer: UIScreenEdgePanGestureRecognizer) {
        switch recognizer.state {
        case .began:
            animator = UIViewPropertyAnimator(duration: 0.4, curve: .easeOut) { self.card.center.x += 200 }
            animator?.pauseAnimation()
        case .changed:
            animator?.fractionComplete = recognizer.translation(in: view).x / 200
        case .ended:
            let velocity = recognizer.velocity(in: view).x
            animator?.isReversed = velocity < 0
            let spring = UISpringTimingParameters(dampingRatio: 0.8, initialVelocity: CGVector(dx: velocity / 200, dy: 0))
            animator?.continueAnimation(withTimingParameters: spring, durationFactor: 1)
        default:
            break
        }
    }

    func rotated(_ recognizer: UIRotationGestureRecognizer) {
        card.transform = card.transform.rotated(by: recognizer.rotation)
        velocities.append(recognizer.velocity)
        recognizer.rotation = 0
    }

    func animateEverySpelling() {
        UIView.animate(springDuration: 0.5, bounce: 0.3) { self.card.alpha = 0.5 }
        UIView.animate(springDuration: 0.5, bounce: 0.2, initialSpringVelocity: 1, delay: 0, options: [.allowUserInteraction],
                       animations: { self.card.alpha = 1 }, completion: { finished in _ = finished })
        let running = UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 0.3, delay: 0, options: [.curveEaseInOut],
                                                                     animations: { self.card.alpha = 0 }) { position in
            if position == .end { self.card.isHidden = true }
        }
        running.addCompletion { position in _ = position == .start }
        let custom = UIViewPropertyAnimator(duration: 1, controlPoint1: CGPoint(x: 0.2, y: 0), controlPoint2: CGPoint(x: 0, y: 1))
        custom.addAnimations({ self.card.alpha = 1 }, delayFactor: 0.5)
        custom.scrubsLinearly = false
        custom.pausesOnCompletion = true
        custom.isUserInteractionEnabled = false
        custom.startAnimation(afterDelay: 0.1)
        let physical = UIViewPropertyAnimator(duration: 0, timingParameters: UISpringTimingParameters(
            mass: 1, stiffness: 200, damping: 20, initialVelocity: .zero))
        physical.addAnimations { self.card.center = .zero }
        physical.startAnimation()
        if physical.isRunning, physical.state == .active, physical.isInterruptible {
            physical.stopAnimation(false)
            physical.finishAnimation(at: .current)
        }
        let cubic = UICubicTimingParameters(animationCurve: .easeIn)
        _ = (cubic.controlPoint1, cubic.controlPoint2, cubic.animationCurve, cubic.timingCurveType)
        _ = UIViewPropertyAnimator(duration: 1, dampingRatio: 0.5, animations: nil)
        _ = UIViewPropertyAnimator(duration: 1, timingParameters: UISpringTimingParameters(duration: 0.4, bounce: 0.1))
        _ = UISpringTimingParameters(duration: 0.4, bounce: 0.1, initialVelocity: CGVector(dx: 1, dy: 1)).initialVelocity.dx
        _ = (UIRectEdge.all, UIViewAnimatingPosition.current, UIViewAnimatingState.stopped, UITimingCurveType.composed)
    }
}

// Generic code over the protocols.
@MainActor func scrub(_ animator: UIViewAnimating, to fraction: CGFloat) {
    if animator.state == .inactive { animator.pauseAnimation() }
    animator.fractionComplete = fraction
}

@MainActor func chain(_ animator: UIViewImplicitlyAnimating, _ view: UIView) {
    animator.addAnimations { view.alpha = 0 }
    animator.addCompletion { _ in view.removeFromSuperview() }
}

// Subclasses override the open members.
final class CountingAnimator: UIViewPropertyAnimator {
    var blocks = 0
    override func addAnimations(_ animation: @escaping () -> Void) {
        blocks += 1
        super.addAnimations(animation)
    }

    override func startAnimation() {
        blocks += 0
        super.startAnimation()
    }

    override var fractionComplete: CGFloat {
        get { super.fractionComplete }
        set { super.fractionComplete = min(newValue, 0.9) }
    }

    override func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat) {
        super.continueAnimation(withTimingParameters: parameters, durationFactor: durationFactor * 2)
    }
}

final class SnappyRotation: UIRotationGestureRecognizer {
    override func reset() {
        super.reset()
        rotation = 0
    }
}
