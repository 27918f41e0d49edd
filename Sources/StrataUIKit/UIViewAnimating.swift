/// Where an animator's state is (UIKit's UIViewAnimatingState, its raw values): `.inactive` before it
/// starts and after it finishes, `.active` while it runs or is paused, `.stopped` after
/// `stopAnimation(false)` until `finishAnimation(at:)`.
public enum UIViewAnimatingState: Int, Sendable {
    case inactive = 0, active = 1, stopped = 2
}

/// Where an animation finished (UIKit's UIViewAnimatingPosition, its raw values).
public enum UIViewAnimatingPosition: Int, Sendable {
    case end = 0, start = 1, current = 2
}

/// An object that runs animations the app can start, pause, scrub, reverse and stop (UIKit's
/// UIViewAnimating).
@preconcurrency @MainActor
public protocol UIViewAnimating: NSObjectProtocol {
    var state: UIViewAnimatingState { get }
    var isRunning: Bool { get }
    var isReversed: Bool { get set }
    var fractionComplete: CGFloat { get set }
    func startAnimation()
    func startAnimation(afterDelay delay: TimeInterval)
    func pauseAnimation()
    func stopAnimation(_ withoutFinishing: Bool)
    func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// An animator that animates the view changes made in blocks (UIKit's UIViewImplicitlyAnimating).
/// UIKit's members are optional (an Objective-C protocol); Swift's protocols have none, so a conformer
/// implements all four.
@preconcurrency @MainActor
public protocol UIViewImplicitlyAnimating: UIViewAnimating {
    func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat)
    func addAnimations(_ animation: @escaping () -> Void)
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
    func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat)
}
