/// Block animations (UIKit's `UIView.animate…`): the changes made to views in `animations` animate from
/// their old values with the block's duration, delay, options and curve (ease-in-ease-out by default), or
/// spring. `completion` runs on the main actor once they all stop, with `finished` false if one was
/// interrupted. Semantics and Strata's choices: docs/uikit.md.
extension UIView {
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
                               animations: @escaping () -> Void, completion: (@MainActor (Bool) -> Void)? = nil) {
        AnimationBlock(duration: duration, delay: delay, options: options, completion: AnimationCompletion(completion)).run(animations)
    }

    public static func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                               completion: (@MainActor (Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

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
    public static func setAnimationsEnabled(_ enabled: Bool) { UIViewAnimationState.animationsEnabled = enabled }

    /// The duration of the block running now (0 outside one).
    public static var inheritedAnimationDuration: TimeInterval { UIViewAnimationState.blocks.last?.duration ?? 0 }
}
