/// iOS 17's spring block animation: the changes animate with the spring of
/// `CASpringAnimation(perceptualDuration: duration, bounce: bounce)` (mass 1, stiffness (2π ÷ duration)²,
/// damping ratio 1 − bounce, or 1 ÷ (1 + bounce) when negative), `initialSpringVelocity` in whole distances
/// per second, each animation lasting the spring's `settlingDuration`. The curve options do not apply;
/// the others do as for `animate(withDuration:…)`.
extension UIView {
    /// Animates the changes made in `animations` with iOS 17's spring of `duration` (the perceived duration,
    /// in seconds; default 0.5) and `bounce` (0, the default, settles without overshoot; up to 1 bounces more;
    /// negative is overdamped), as `CASpringAnimation(perceptualDuration:bounce:)` makes it. Each animation
    /// lasts that spring's `settlingDuration` and starts at `initialSpringVelocity` whole distances per second,
    /// after `delay` seconds. The curve options do not apply; the others do as for `animate(withDuration:…)`.
    /// `completion` gets false when the animations were interrupted. A duration ≤ 0 or a bounce ≤ −1 is logged
    /// and Core Animation's default spring is used.
    public static func animate(springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0.0,
                               initialSpringVelocity: CGFloat = 0.0, delay: TimeInterval = 0.0,
                               options: AnimationOptions = [], animations: () -> Void,
                               completion: (@MainActor (Bool) -> Void)? = nil) {
        let spring = CASpringAnimation(perceptualDuration: duration, bounce: bounce)
        spring.initialVelocity = initialSpringVelocity
        let block = AnimationBlock(duration: spring.settlingDuration, delay: delay, options: options.union(.overrideInheritedDuration),
                                   completion: AnimationCompletion(completion))
        block.perceptualSpring = (duration, bounce, initialSpringVelocity)
        block.run(animations)
    }
}
