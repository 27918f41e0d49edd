/// Block animations (UIKit's `UIView.animate…`): the changes made to views in `animations` animate from
/// their old values with the block's duration, delay, options and curve (ease-in-ease-out by default), or
/// spring. `completion` runs on the main actor once they all stop, with `finished` false if one was
/// interrupted. Semantics and Strata's choices: docs/uikit.md.
extension UIView {
    /// Animates the view changes made in `animations`: each animatable property changed (`frame`, `bounds`,
    /// `center`, `transform`, `alpha`, `backgroundColor`, and on screen its layer's `cornerRadius`, borders,
    /// shadows and other animatable properties) gets one
    /// animation from its old value to its new one, lasting `duration` seconds after `delay` (the view holds
    /// its old value until then), with the curve in `options` (ease in, ease out by default) and its `.repeat`,
    /// `.autoreverse`, `.beginFromCurrentState` and `.layoutSubviews`. A duration of 0 animates nothing. While
    /// it runs, the views take no touches unless `.allowUserInteraction`. `completion` runs once on the main
    /// actor when every animation has stopped, with false when one was interrupted (by a new animation of the
    /// same property, a removal or the layer going); a block that animated nothing completes on the next turn
    /// of the main queue with true. Unlike UIKit since iOS 8, animations of one property are not additive: a new
    /// one replaces the one in flight. See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
                               animations: @escaping () -> Void, completion: (@MainActor (Bool) -> Void)? = nil) {
        AnimationBlock(duration: duration, delay: delay, options: options, completion: AnimationCompletion(completion)).run(animations)
    }

    /// Animates the view changes made in `animations` over `duration` seconds with no delay and the default
    /// ease-in-ease-out curve, then calls `completion`, as
    /// `animate(withDuration:delay:options:animations:completion:)` does.
    public static func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                               completion: (@MainActor (Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// Animates the view changes made in `animations` over `duration` seconds with no delay, the default
    /// ease-in-ease-out curve and no completion.
    public static func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// A spring: `dampingRatio` 0…1 (closer to 0 bounces more; 1 does not overshoot) and
    /// `velocity` in whole distances per second; the spring settles as `duration` ends (UIViewSpring).
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
                               initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
                               animations: @escaping () -> Void, completion: (@MainActor (Bool) -> Void)? = nil) {
        let block = AnimationBlock(duration: duration, delay: delay, options: options, completion: AnimationCompletion(completion))
        block.spring = (dampingRatio, velocity)
        block.run(animations)
    }

    /// Runs `actionsWithoutAnimation` with no animation, even inside a block.
    public static func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        UIViewAnimationState.withoutAnimation += 1
        actionsWithoutAnimation()
        UIViewAnimationState.withoutAnimation -= 1
    }

    /// Whether blocks animate at all (true); false makes every change immediate.
    public static var areAnimationsEnabled: Bool { UIViewAnimationState.animationsEnabled }
    /// Turns block animations on or off for the whole app (on by default): while off, changes in blocks apply at
    /// once and their completions run with true.
    public static func setAnimationsEnabled(_ enabled: Bool) { UIViewAnimationState.animationsEnabled = enabled }

    /// The duration of the block running now (0 outside one).
    public static var inheritedAnimationDuration: TimeInterval { UIViewAnimationState.blocks.last?.duration ?? 0 }
}
