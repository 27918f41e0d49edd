/// Keyframe blocks (UIKit's `animateKeyframes`): inside `animations`, each `addKeyframe` block's changes
/// reach their values over its window (start and duration as fractions of the whole); a property changed
/// in several keyframes gets one CAKeyframeAnimation through all its values (holding a value between
/// windows), in the options' calculation mode, the whole paced by the curve bits (ease-in-ease-out unless
/// a curve is given, as in UIKit). Changes outside any keyframe span the whole duration. In discrete mode
/// each value shows from the end of its window.
extension UIView {
    /// Animates the view changes made in `animations` (run at once) over `duration` seconds, starting after
    /// `delay` seconds. Inside it, each `addKeyframe(withRelativeStartTime:relativeDuration:animations:)` block
    /// reaches its values over its window; changes outside any keyframe span the whole duration. Each changed
    /// property gets one `CAKeyframeAnimation` in the options' calculation mode (linear unless one is given),
    /// paced by the options' curve (ease in, ease out unless one is given). Nested in another block, it takes
    /// that block's duration and curve unless the options override them. `completion` runs on the main actor
    /// when the animations end, with false if one was interrupted; with nothing changed or a zero duration it
    /// runs soon after, with true.
    public static func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval,
                                        options: KeyframeAnimationOptions = [], animations: @escaping () -> Void,
                                        completion: (@MainActor (Bool) -> Void)? = nil) {
        let general = AnimationOptions(rawValue: options.rawValue & ~(0x7 << 10))
        let block = AnimationBlock(duration: duration, delay: delay, options: general, completion: AnimationCompletion(completion))
        block.keyframeMode = options.calculationMode
        block.spring = nil
        block.run(animations)
    }

    /// One keyframe of the enclosing `animateKeyframes` block (outside one, its changes animate with the
    /// enclosing block, or not at all).
    public static func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
                                   animations: @escaping () -> Void) {
        guard let block = UIViewAnimationState.blocks.last, block.keyframeMode != nil else {
            animations()
            return
        }
        let outer = block.keyframeWindow
        block.keyframeWindow = (frameStartTime.isFinite ? frameStartTime : 0, frameDuration.isFinite ? max(0, frameDuration) : 0)
        animations()
        block.keyframeWindow = outer
    }
}
