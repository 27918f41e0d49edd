/// Where an animator's state is (UIKit's UIViewAnimatingState, its raw values): `.inactive` before it
/// starts and after it finishes, `.active` while it runs or is paused, `.stopped` after
/// `stopAnimation(false)` until `finishAnimation(at:)`.
public enum UIViewAnimatingState: Int, Sendable {
    /// Not started, or finished (raw value 0): its animations may be changed and it may start.
    case inactive = 0
    /// Started: running or paused, including paused by scrubbing `fractionComplete` (raw value 1).
    case active = 1
    /// Stopped with `stopAnimation(false)`, waiting for `finishAnimation(at:)` (raw value 2).
    case stopped = 2
}

/// Where an animation finished (UIKit's UIViewAnimatingPosition, its raw values).
public enum UIViewAnimatingPosition: Int, Sendable {
    /// At the end: the changes' final values (raw value 0).
    case end = 0
    /// Back at the start: the values from before the changes (raw value 1).
    case start = 1
    /// Where the animation was when stopped (raw value 2).
    case current = 2
}

/// An object that runs animations the app can start, pause, scrub, reverse and stop (UIKit's
/// UIViewAnimating).
@preconcurrency @MainActor
public protocol UIViewAnimating: NSObjectProtocol {
    /// Where the animator is: `.inactive`, `.active` or `.stopped`.
    var state: UIViewAnimatingState { get }
    /// Whether the animator is active and moving (false while paused).
    var isRunning: Bool { get }
    /// Whether the animations run from the end back to the start; set while running, they turn round at once
    /// from what shows.
    var isReversed: Bool { get set }
    /// How far the animations have got, 0…1. Setting it scrubs a paused animator (an inactive one becomes active
    /// and paused); set while running it is logged and ignored.
    var fractionComplete: CGFloat { get set }
    /// Starts the animations (an inactive animator), or resumes a paused one.
    func startAnimation()
    /// Starts the animations after `delay` seconds, or resumes a paused animator after it; a stopped animator
    /// logs the call and ignores it.
    func startAnimation(afterDelay delay: TimeInterval)
    /// Pauses the animations where they are (an inactive animator becomes active and paused at the start).
    func pauseAnimation()
    /// Stops an active animator where the views are shown, their models taking those values: with true it
    /// becomes inactive at once and calls no completion; with false it is `.stopped` until `finishAnimation(at:)`.
    func stopAnimation(_ withoutFinishing: Bool)
    /// Finishes a stopped animator: the views go to the end or start values (or stay, `.current`) and the
    /// completions run with `finalPosition`. Called in any other state it is logged and ignored.
    func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// An animator that animates the view changes made in blocks (UIKit's UIViewImplicitlyAnimating).
/// UIKit's members are optional (an Objective-C protocol); Swift's protocols have none, so a conformer
/// implements all four.
@preconcurrency @MainActor
public protocol UIViewImplicitlyAnimating: UIViewAnimating {
    /// Adds a block of view changes that start after `delayFactor` (clamped to 0…1) of the remaining duration;
    /// on an active animator they animate from what shows over the remaining time.
    func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat)
    /// Adds a block of view changes to animate with the others (on an active animator from what shows over the
    /// remaining time).
    func addAnimations(_ animation: @escaping () -> Void)
    /// Adds a handler called once when the animations finish, with where they ended.
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
    /// Continues a paused animator towards its end (its start when reversed) over the remaining time ×
    /// `durationFactor`, with `parameters` (nil: its own timing); an inactive animator simply starts.
    func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat)
}
