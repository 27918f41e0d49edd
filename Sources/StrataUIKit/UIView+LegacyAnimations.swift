/// The older animation API (`beginAnimations`/`commitAnimations`, seed 003's D19): the changes between
/// the two animate with the settings made before `commitAnimations` (0.2 s, ease-in-ease-out by default,
/// as in UIKit). Linux has no selectors: `setAnimationWillStart`/`setAnimationDidStop` take closures
/// (for `setAnimationWillStartSelector`/`setAnimationDidStopSelector`), and a delegate set with
/// `setAnimationDelegate` is told through `UIViewAnimationDelegate` when it conforms.
extension UIView {
    public static func beginAnimations(_ animationID: String?, context: UnsafeMutableRawPointer?) {
        let pending = LegacyAnimation(id: animationID, context: context)
        LegacyAnimation.stack.append(pending)
        let block = AnimationBlock(duration: 0.2, delay: 0, options: [], completion: pending.completion)
        pending.block = block
        UIViewAnimationState.blocks.append(block)
    }

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

    public static func setAnimationDuration(_ duration: TimeInterval) { open?.duration = duration }
    public static func setAnimationDelay(_ delay: TimeInterval) { open?.delay = delay }
    public static func setAnimationStart(_ date: Date) { open?.delay = max(0, date.timeIntervalSinceNow) }
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
    public static func setAnimationRepeatAutoreverses(_ flag: Bool) {
        guard let block = open else { return }
        if flag { block.options.insert(.autoreverse) } else { block.options.remove(.autoreverse) }
    }
    public static func setAnimationBeginsFromCurrentState(_ flag: Bool) {
        guard let block = open else { return }
        if flag { block.options.insert(.beginFromCurrentState) } else { block.options.remove(.beginFromCurrentState) }
    }
    public static func setAnimationTransition(_ transition: AnimationTransition, for view: UIView, cache: Bool) {
        guard let pending = LegacyAnimation.stack.last else { return }
        let codes: [AnimationTransition: AnimationOptions] = [
            .flipFromLeft: .transitionFlipFromLeft, .flipFromRight: .transitionFlipFromRight,
            .curlUp: .transitionCurlUp, .curlDown: .transitionCurlDown,
        ]
        pending.transition = codes[transition]
        pending.transitionView = transition == .none ? nil : view
    }
    public static func setAnimationDelegate(_ delegate: AnyObject?) { LegacyAnimation.stack.last?.delegate = delegate }
    public static func setAnimationWillStart(_ handler: @escaping @MainActor (_ animationID: String?, _ context: UnsafeMutableRawPointer?) -> Void) {
        LegacyAnimation.stack.last?.willStart = handler
    }
    public static func setAnimationDidStop(_ handler: @escaping @MainActor (_ animationID: String?, _ finished: Bool, _ context: UnsafeMutableRawPointer?) -> Void) {
        LegacyAnimation.stack.last?.didStop = handler
    }
}

/// What `setAnimationDelegate` tells (UIKit's conventional selectors `animationWillStart:context:` and
/// `animationDidStop:finished:context:`).
@preconcurrency @MainActor
public protocol UIViewAnimationDelegate: AnyObject {
    func animationWillStart(_ animationID: String?, context: UnsafeMutableRawPointer?)
    func animationDidStop(_ animationID: String?, finished: Bool, context: UnsafeMutableRawPointer?)
}

extension UIViewAnimationDelegate {
    public func animationWillStart(_ animationID: String?, context: UnsafeMutableRawPointer?) {}
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
