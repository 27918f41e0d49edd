/// The older animation API (`beginAnimations`/`commitAnimations`, seed 003's D19): the changes between
/// the two animate with the settings made before `commitAnimations` (0.2 s, ease-in-ease-out by default,
/// as in UIKit). Linux has no selectors: `setAnimationWillStart`/`setAnimationDidStop` take closures
/// (for `setAnimationWillStartSelector`/`setAnimationDidStopSelector`), and a delegate set with
/// `setAnimationDelegate` is told through `UIViewAnimationDelegate` when it conforms.
extension UIView {
    /// Opens an animation block (the older API): view changes made until `commitAnimations()` animate together,
    /// with the settings made before it (0.2 s, ease in, ease out by default; nested in another block, its
    /// duration and curve). `animationID` and `context` are handed back to the will-start and did-stop
    /// handlers and the animation delegate. Blocks nest; each must be closed by `commitAnimations()`.
    public static func beginAnimations(_ animationID: String?, context: UnsafeMutableRawPointer?) {
        let pending = LegacyAnimation(id: animationID, context: context)
        LegacyAnimation.stack.append(pending)
        let block = AnimationBlock(duration: 0.2, delay: 0, options: [], completion: pending.completion)
        pending.block = block
        UIViewAnimationState.blocks.append(block)
    }

    /// Closes the innermost block opened by `beginAnimations(_:context:)` and starts its animations (and its
    /// transition, if one was set and the duration is above 0). With no change and no transition, or a zero
    /// duration, the changes show at once and the did-stop handler runs soon after with `finished` true. Without an open
    /// block it does nothing.
    public static func commitAnimations() {
        guard let pending = LegacyAnimation.stack.popLast(), let block = pending.block,
              let i = UIViewAnimationState.blocks.lastIndex(where: { $0 === block }) else { return }
        block.layOutIfAsked()
        UIViewAnimationState.blocks.remove(at: i)
        if let code = pending.transition, block.duration > 0,
           let transition = makeTransition(block.options.subtracting(.transitionBits).union(code), duration: block.duration),
           let view = pending.transitionView {
            transition.delegate = pending.completion
            pending.completion.expect(transition, blocking: nil)
            view.layer.add(transition, forKey: kCATransition)
        }
        block.commit()
    }

    private static var open: AnimationBlock? { LegacyAnimation.stack.last?.block }

    /// Sets the open block's duration, in seconds (0.2 by default); outside a block it does nothing.
    public static func setAnimationDuration(_ duration: TimeInterval) { open?.duration = duration }
    /// Sets how long, in seconds, the open block's animations wait before starting (0 by default); outside a
    /// block it does nothing.
    public static func setAnimationDelay(_ delay: TimeInterval) { open?.delay = delay }
    /// Delays the open block's animations until `date`: the delay is the time from now until then (0 for a
    /// date past). Outside a block it does nothing.
    public static func setAnimationStart(_ date: Date) { open?.delay = max(0, date.timeIntervalSinceNow) }
    /// Sets the open block's timing curve (`.easeInOut` by default); outside a block it does nothing.
    public static func setAnimationCurve(_ curve: AnimationCurve) {
        guard let block = open else { return }
        block.options = block.options.subtracting(.curveBits).union(AnimationOptions(rawValue: UInt(curve.rawValue) << 16))
    }
    /// A count of 0 is once; any other count (fractions included) repeats for ever in Strata, as UIKit's
    /// `.repeat` option does.
    public static func setAnimationRepeatCount(_ count: Float) {
        guard let block = open else { return }
        if count > 0 { block.options.insert(.repeat) } else { block.options.remove(.repeat) }
    }
    /// Whether the open block's animations play backwards after each forwards run (false by default); outside
    /// a block it does nothing.
    public static func setAnimationRepeatAutoreverses(_ flag: Bool) {
        guard let block = open else { return }
        if flag { block.options.insert(.autoreverse) } else { block.options.remove(.autoreverse) }
    }
    /// Whether the open block's animations start from what shows now, where a property is already animating,
    /// instead of from its model value (false by default); outside a block it does nothing.
    public static func setAnimationBeginsFromCurrentState(_ flag: Bool) {
        guard let block = open else { return }
        if flag { block.options.insert(.beginFromCurrentState) } else { block.options.remove(.beginFromCurrentState) }
    }
    /// Plays a transition on `view`'s layer with the block's duration when the block commits: the flips and
    /// curls become `UIView.transition(with:…)`'s transitions; `.none` removes one set before. `cache` is
    /// ignored. Outside a block it does nothing.
    public static func setAnimationTransition(_ transition: AnimationTransition, for view: UIView, cache: Bool) {
        guard let pending = LegacyAnimation.stack.last else { return }
        let codes: [AnimationTransition: AnimationOptions] = [
            .flipFromLeft: .transitionFlipFromLeft, .flipFromRight: .transitionFlipFromRight,
            .curlUp: .transitionCurlUp, .curlDown: .transitionCurlDown,
        ]
        pending.transition = codes[transition]
        pending.transitionView = transition == .none ? nil : view
    }
    /// Sets the object told when the open block's animations start and stop (held weakly); it is told only if it
    /// conforms to `UIViewAnimationDelegate`, since Linux has no selectors to call. Outside a block it does nothing.
    public static func setAnimationDelegate(_ delegate: AnyObject?) { LegacyAnimation.stack.last?.delegate = delegate }
    /// Sets a handler run on the main actor with the block's ID and context when its first animation starts
    /// (UIKit's `setAnimationWillStartSelector`, a closure here as Linux has no selectors). It does not run when
    /// nothing animates. Outside a block it does nothing.
    public static func setAnimationWillStart(_ handler: @escaping @MainActor (_ animationID: String?, _ context: UnsafeMutableRawPointer?) -> Void) {
        LegacyAnimation.stack.last?.willStart = handler
    }
    /// Sets a handler run on the main actor with the block's ID, whether every animation ran to its end, and
    /// its context, once all its animations have stopped (UIKit's `setAnimationDidStopSelector`, a closure here
    /// as Linux has no selectors). Outside a block it does nothing.
    public static func setAnimationDidStop(_ handler: @escaping @MainActor (_ animationID: String?, _ finished: Bool, _ context: UnsafeMutableRawPointer?) -> Void) {
        LegacyAnimation.stack.last?.didStop = handler
    }
}

/// What `setAnimationDelegate` tells (UIKit's conventional selectors `animationWillStart:context:` and
/// `animationDidStop:finished:context:`).
@preconcurrency @MainActor
public protocol UIViewAnimationDelegate: AnyObject {
    /// Told on the main actor when the block's first animation starts, with the ID and context given to
    /// `beginAnimations(_:context:)`. Not told when the block animates nothing.
    func animationWillStart(_ animationID: String?, context: UnsafeMutableRawPointer?)
    /// Told on the main actor once all the block's animations have stopped: `finished` is false if one was
    /// interrupted (replaced, removed, or its layer left the screen).
    func animationDidStop(_ animationID: String?, finished: Bool, context: UnsafeMutableRawPointer?)
}

extension UIViewAnimationDelegate {
    /// Does nothing: a delegate need not implement `animationWillStart(_:context:)`.
    public func animationWillStart(_ animationID: String?, context: UnsafeMutableRawPointer?) {}
    /// Does nothing: a delegate need not implement `animationDidStop(_:finished:context:)`.
    public func animationDidStop(_ animationID: String?, finished: Bool, context: UnsafeMutableRawPointer?) {}
}

/// One `beginAnimations` block.
@MainActor
final class LegacyAnimation {
    static var stack: [LegacyAnimation] = []
    let id: String?
    nonisolated(unsafe) let context: UnsafeMutableRawPointer?
    var block: AnimationBlock?
    weak var delegate: AnyObject?
    var willStart: (@MainActor (String?, UnsafeMutableRawPointer?) -> Void)?
    var didStop: (@MainActor (String?, Bool, UnsafeMutableRawPointer?) -> Void)?
    var transition: UIView.AnimationOptions?
    weak var transitionView: UIView?
    private(set) var completion: AnimationCompletion!

    init(id: String?, context: UnsafeMutableRawPointer?) {
        self.id = id
        self.context = context
        // The completion keeps this block alive until it has told its stop (then lets go).
        completion = AnimationCompletion({ [self] finished in self.stopped(finished) }, onStart: { [self] in self.started() })
    }

    private func started() {
        willStart?(id, context)
        (delegate as? UIViewAnimationDelegate)?.animationWillStart(id, context: context)
    }

    private func stopped(_ finished: Bool) {
        didStop?(id, finished, context)
        (delegate as? UIViewAnimationDelegate)?.animationDidStop(id, finished: finished, context: context)
        completion = nil
    }
}
