/// View transitions (UIKit's `transition(with:…)` and `transition(from:to:…)`): the change made in the
/// block shows through a CATransition on the view's layer, between its subtree as it was and as it is:
/// flips are `oglFlip` from the named side, curl up `pageCurl` from the bottom, curl down `pageUnCurl` from
/// the top, cross dissolve `fade` (docs/animation.md draws each). The block's own changes are not animated
/// unless `.allowAnimatedContent`; with no transition option the block is an ordinary animation block.
extension UIView {
    /// Shows the changes made in `animations` to `view`'s subtree through a transition on its layer, from the
    /// subtree as it was to as it is: `.transitionFlipFromLeft/Right/Top/Bottom` flip (`oglFlip`) from that
    /// side, `.transitionCurlUp` curls up (`pageCurl`), `.transitionCurlDown` curls down (`pageUnCurl`),
    /// `.transitionCrossDissolve` fades, over `duration` seconds with the curve in `options`. The block's own
    /// changes are not animated unless `.allowAnimatedContent`; with no transition option the block is an
    /// ordinary animation block, and a duration of 0 shows the changes at once. `view` takes no touches while
    /// it runs unless `.allowUserInteraction`; `completion` runs as a block animation's does.
    public static func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
                                  animations: (() -> Void)?, completion: (@MainActor (Bool) -> Void)? = nil) {
        let done = AnimationCompletion(completion)
        let block = AnimationBlock(duration: duration, delay: 0, options: options, completion: done)
        guard let transition = makeTransition(options, duration: duration) else {
            block.run(animations ?? {})
            return
        }
        block.changesAreStill = !options.contains(.allowAnimatedContent)
        // The block's changes and the transition go in one transaction: its old appearance is the
        // subtree on screen before them.
        if duration > 0 {
            transition.delegate = done
            done.expect(transition, blocking: options.contains(.allowUserInteraction) ? nil : view)
        }
        block.run(animations ?? {})
        if duration > 0 { view.layer.add(transition, forKey: kCATransition) }
    }

    /// Replaces `fromView` by `toView` in its superview through the transition in `options`: `fromView` is
    /// removed and `toView` inserted in its place, or with `.showHideTransitionViews` `fromView` hidden and
    /// `toView` shown (both already in the superview). The transition runs on the superview.
    public static func transition(from fromView: UIView, to toView: UIView, duration: TimeInterval,
                                  options: AnimationOptions = [], completion: (@MainActor (Bool) -> Void)? = nil) {
        guard let container = fromView.superview else {
            completion.map { handler in DispatchQueue.main.async { MainActor.assumeIsolated { handler(true) } } }
            return
        }
        transition(with: container, duration: duration, options: options.subtracting(.allowAnimatedContent), animations: {
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
            } else {
                container.insertSubview(toView, aboveSubview: fromView)
                fromView.removeFromSuperview()
            }
        }, completion: completion)
    }

    static func makeTransition(_ options: AnimationOptions, duration: TimeInterval) -> CATransition? {
        let kind: (CATransitionType, CATransitionSubtype?)
        switch options.transitionCode {
        case 1: kind = (CATransitionType(rawValue: "oglFlip"), .fromLeft)
        case 2: kind = (CATransitionType(rawValue: "oglFlip"), .fromRight)
        case 3: kind = (CATransitionType(rawValue: "pageCurl"), .fromBottom)
        case 4: kind = (CATransitionType(rawValue: "pageUnCurl"), .fromTop)
        case 5: kind = (.fade, nil)
        case 6: kind = (CATransitionType(rawValue: "oglFlip"), .fromTop)
        case 7: kind = (CATransitionType(rawValue: "oglFlip"), .fromBottom)
        default: return nil
        }
        let transition = CATransition()
        transition.type = kind.0
        transition.subtype = kind.1
        transition.duration = duration
        transition.timingFunction = options.curve.timingFunction
        return transition
    }
}
