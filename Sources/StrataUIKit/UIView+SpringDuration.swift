/// iOS 17's spring block animation: the changes animate with the spring of
/// `CASpringAnimation(perceptualDuration: duration, bounce: bounce)` (mass 1, stiffness (2π ÷ duration)²,
/// damping ratio 1 − bounce, or 1 ÷ (1 + bounce) when negative), `initialSpringVelocity` in whole distances
/// per second, each animation lasting the spring's `settlingDuration`. The curve options do not apply;
/// the others do as for `animate(withDuration:…)`.
extension UIView {
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
