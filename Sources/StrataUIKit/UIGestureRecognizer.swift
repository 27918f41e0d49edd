/// Recognizes a gesture in the touches of its view and its subviews, and tells its targets (UIKit's
/// UIGestureRecognizer). Linux has no selectors: a target's action is a method reference
/// (`UITapGestureRecognizer(target: self, action: ViewController.tapped)` for
/// `#selector(tapped(_:))`), or a closure (`UITapGestureRecognizer { recognizer in … }`).
/// A discrete gesture (tap, swipe) goes from `.possible` to `.ended` (`.recognized`) and calls its
/// actions once; a continuous one (pan, long press) goes `.began`, `.changed`…, then `.ended` or
/// `.cancelled`, calling them at each. Subclasses set `state` from the touch methods, as in UIKit.
@preconcurrency @MainActor
open class UIGestureRecognizer: NSObject {
    /// The states a gesture goes through (UIKit's raw values). A recognizer is back at `.possible` once its
    /// gesture has ended, been cancelled or failed and its touches have lifted.
    public enum State: Int, Sendable {
        /// No gesture recognized yet: the recognizer is looking at its touches (raw value 0, the start).
        case possible
        /// A continuous gesture has started; its actions are called (raw value 1).
        case began
        /// A continuous gesture has changed; its actions are called each time it is set, even to the same
        /// state (raw value 2).
        case changed
        /// The gesture has finished (for a discrete gesture: been recognized); its actions are called (raw value 3).
        case ended
        /// A continuous gesture was cancelled (its touch cancelled, the recognizer disabled, or its touches
        /// lifted before the subclass ended it); its actions are called (raw value 4).
        case cancelled
        /// The touches are not this gesture (or the view or delegate refused to begin it, or another recognizer
        /// took them); no action is called (raw value 5).
        case failed
        /// A discrete gesture's recognized state: the same value as `.ended`.
        public static let recognized = State.ended
    }

    /// The view the recognizer is attached to (by `addGestureRecognizer(_:)` or `gestureRecognizers`), held
    /// weakly; nil when detached.
    public internal(set) weak var view: UIView?
    /// The object asked whether the gesture may begin, receive a touch or recognize along with another, held
    /// weakly.
    open weak var delegate: UIGestureRecognizerDelegate?
    /// A name to tell recognizers apart when debugging (default nil); Strata only stores it.
    open var name: String?
    /// A disabled recognizer takes no touches; disabling one that is recognizing cancels it.
    open var isEnabled = true {
        didSet { if !isEnabled, state == .began || state == .changed { state = .cancelled } }
    }
    /// Whether the view's touches are cancelled when the gesture is recognized (true).
    open var cancelsTouchesInView = true

    /// The touches this recognizer is given, from down to up.
    var touchesHeld: [UITouch] = []
    // final: no vtable entry, whose closure type other files of the module mangled differently (a link error).
    private final var actions: [(target: Weak, selector: Selector?, call: @MainActor (UIGestureRecognizer) -> Void)] = []
    /// The recognizers that must fail before this one may recognize, and the state it waits to enter.
    private var mustFail: [Weak] = []
    private var waitingState: State?
    private var lastLocation = CGPoint.zero

    /// UIKit's designated initialiser: a recognizer that calls `action` on `target` (none when either is
    /// nil). Subclasses override it as on iOS; `Selector` is a method reference (Selector.swift).
    public init(target: Any?, action: Selector?) {
        super.init()
        if let target, let action { addTarget(target, action: action) }
    }

    /// A recognizer with no action yet (`addTarget(_:action:)`).
    public override convenience init() { self.init(target: nil, action: nil) }

    /// A recognizer that calls `action` on `target` (a method reference: `ViewController.handleSwipe`).
    public convenience init<T: AnyObject, G: UIGestureRecognizer>(target: T, action: @escaping @MainActor (T) -> (G) -> Void) {
        self.init(target: target, action: Selector(action))
    }

    /// A recognizer that calls `action` on `target` with no argument (`#selector(tapped)`).
    public convenience init<T: AnyObject>(target: T, action: @escaping @MainActor (T) -> () -> Void) {
        self.init(target: target, action: Selector(action))
    }

    /// A recognizer that calls `handler` with itself.
    public convenience init(handler: @escaping @MainActor (UIGestureRecognizer) -> Void) {
        self.init(target: nil, action: nil)
        actions.append((Weak(nil), nil, handler))
    }

    /// Adds an action: `action` is called on `target` (held weakly, as UIKit's) with the recognizer.
    open func addTarget(_ target: Any, action: Selector) {
        let object = target as AnyObject
        actions.append((Weak(object), action, { [weak object] recognizer in
            guard let object else { return }
            action.call(object, recognizer)
        }))
    }

    // final, as `actions`: a subclass in another file mangled these @MainActor closure types differently.
    /// Adds an action from a method reference taking the recognizer (`ViewController.handlePan` for
    /// `#selector(handlePan(_:))`), as `addTarget(_:action:)` does with a `Selector` made from it; the target is
    /// held weakly.
    public final func addTarget<T: AnyObject, G: UIGestureRecognizer>(_ target: T, action: @escaping @MainActor (T) -> (G) -> Void) {
        addTarget(target, action: Selector(action))
    }

    /// Adds an action from a method reference taking no argument (`ViewController.tapped` for
    /// `#selector(tapped)`), as `addTarget(_:action:)` does with a `Selector` made from it; the target is held
    /// weakly.
    public final func addTarget<T: AnyObject>(_ target: T, action: @escaping @MainActor (T) -> () -> Void) {
        addTarget(target, action: Selector(action))
    }

    /// Removes `target`'s actions (every target's for nil): all of them for a nil `action`, else those
    /// added with that same `Selector` value (method references cannot be compared, so a new
    /// `Selector(Type.method)` matches nothing: keep the one you added, or pass nil).
    open func removeTarget(_ target: Any?, action: Selector?) {
        let object = target.map { $0 as AnyObject }
        actions.removeAll { (object == nil || $0.target.object === object) && (action == nil || $0.selector == action) }
    }

    /// Removes every action of `target` (all actions for nil).
    public func removeTarget(_ target: AnyObject?) { removeTarget(target, action: nil) }

    /// This recognizer recognizes only once `other` has failed (a single tap waiting on a double tap).
    open func require(toFail other: UIGestureRecognizer) {
        mustFail.append(Weak(other))
        other.waiters.append(Weak(self))
    }
    var waiters: [Weak] = []

    // MARK: state

    /// The gesture's state. Subclasses set it; setting `.began` or `.ended` from `.possible` recognizes it
    /// (asking the delegate's `gestureRecognizerShouldBegin` first, and waiting for the recognizers it
    /// requires to fail), and each state a gesture reports calls the actions.
    open var state: State {
        get { stateValue }
        set { enter(newValue) }
    }
    private var stateValue = State.possible

    private func enter(_ new: State) {
        let old = stateValue
        guard new != old || new == .changed else { return }
        if old == .possible, new == .began || new == .ended {
            // UIKit asks the view it is attached to first, then its delegate.
            if view?.gestureRecognizerShouldBegin(self) == false || delegate?.gestureRecognizerShouldBegin(self) == false {
                stateValue = .failed
                released()
                return
            }
            if mustFail.contains(where: { ($0.object as? UIGestureRecognizer)?.state == .possible }) {
                waitingState = new
                return
            }
            stateValue = new
            view?.window?.events.recognized(self)
            for waiter in waiters { (waiter.object as? UIGestureRecognizer)?.otherRecognized() }
        } else {
            stateValue = new
        }
        switch new {
        case .began, .changed, .ended, .cancelled: sendActions()
        case .failed: released()
        case .possible: break
        }
        if new == .ended || new == .cancelled || new == .failed, touchesHeld.isEmpty { resetNow() }
    }

    private func sendActions() { for action in actions { action.call(self) } }

    /// A recognizer this one required to fail has failed: a state it waited to enter is entered now.
    private func released() {
        for waiter in waiters { (waiter.object as? UIGestureRecognizer)?.requirementFailed() }
    }

    private func requirementFailed() {
        guard let pending = waitingState,
              !mustFail.contains(where: { ($0.object as? UIGestureRecognizer)?.state == .possible }) else { return }
        waitingState = nil
        enter(pending)
    }

    private func otherRecognized() {
        waitingState = nil
        if stateValue == .possible { enter(.failed) }
    }

    /// Whether it still takes touch changes (not failed, ended or cancelled).
    var isTracking: Bool { isEnabled && (stateValue == .possible || stateValue == .began || stateValue == .changed) }

    func accepts(_ touch: UITouch) -> Bool {
        guard delegate?.gestureRecognizer(self, shouldReceive: touch) != false else { return false }
        touchesHeld.append(touch)
        return true
    }

    func recognizesSimultaneously(with other: UIGestureRecognizer) -> Bool {
        delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) == true
            || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) == true
    }

    /// One of its touches ended (after it was told): once none is left, a finished recognizer resets.
    func touchEnded(_ touch: UITouch) {
        lastLocation = touch.windowLocation
        touchesHeld.removeAll { $0 === touch }
        guard touchesHeld.isEmpty else { return }
        switch stateValue {
        case .ended, .cancelled, .failed: resetNow()
        case .began, .changed: enter(.cancelled) // a continuous gesture whose subclass did not end it
        case .possible: if waitingState == nil, !keepsWaitingAfterTouchesEnd { enter(.failed) }
        }
    }

    /// A recognizer that may still recognize after its touches lifted (a tap waiting for the next tap, one
    /// waiting for another to fail) says so.
    open var keepsWaitingAfterTouchesEnd: Bool { false }

    private func resetNow() {
        stateValue = .possible
        waitingState = nil
        touchesHeld.removeAll()
        reset()
    }

    // MARK: for subclasses

    /// Called with each touch that goes down in the view or its subviews (one touch a call) while the
    /// recognizer is tracking, before the view hears it. Subclasses override it to set `state`; the default
    /// does nothing.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Called with each move of one of its touches while the recognizer is tracking, before the view hears it.
    /// Subclasses override it to set `state`; the default does nothing.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Called when one of its touches lifts while the recognizer is tracking, before the view hears it.
    /// Subclasses override it to set `state`; the default does nothing. A continuous gesture still `.began` or
    /// `.changed` when its last touch lifts is cancelled, and one still `.possible` fails.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Called when one of its touches is cancelled: the default fails a gesture still `.possible` and cancels
    /// one under way.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { state = state == .possible ? .failed : .cancelled }
    /// Called when the recognizer goes back to `.possible` after a gesture.
    open func reset() {}

    // MARK: where

    /// The number of touches the recognizer holds now (those down in its view's hierarchy that it accepted).
    open var numberOfTouches: Int { touchesHeld.count }

    /// The centroid of its touches in `view`'s coordinates (the window's for nil); after they lifted, where
    /// the last one lifted.
    open func location(in view: UIView?) -> CGPoint {
        let points = touchesHeld.isEmpty ? [lastLocation] : touchesHeld.map(\.windowLocation)
        let c = CGPoint(x: points.map(\.x).reduce(0, +) / CGFloat(points.count), y: points.map(\.y).reduce(0, +) / CGFloat(points.count))
        guard let view, let window = view.window else { return c }
        return window.convert(c, to: view)
    }

    /// The location of one of its touches, by index in the order they went down, in `view`'s coordinates (the
    /// window's for nil); an index out of range gives `location(in:)` instead of raising as UIKit does.
    open func location(ofTouch index: Int, in view: UIView?) -> CGPoint {
        guard touchesHeld.indices.contains(index) else { return location(in: view) }
        return touchesHeld[index].location(in: view)
    }
}

/// A weak reference (a recognizer's targets and the recognizers it waits on).
struct Weak {
    weak var object: AnyObject?
    init(_ object: AnyObject?) { self.object = object }
}

/// A gesture recognizer's delegate (UIKit's UIGestureRecognizerDelegate); every method is optional.
@preconcurrency @MainActor
public protocol UIGestureRecognizerDelegate: AnyObject {
    /// Asked when the recognizer would leave `.possible` (enter `.began`, or `.ended` for a discrete gesture),
    /// after the view's own `gestureRecognizerShouldBegin(_:)`; false makes it fail.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    /// Asked when one of two recognizers sharing a touch recognizes; true from either one's delegate lets the
    /// other go on, else the other (still `.possible`) fails.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool
    /// Asked when a touch goes down in the view's hierarchy, for each enabled recognizer on the touched view and
    /// its superviews; false keeps the touch from this recognizer.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
}

extension UIGestureRecognizerDelegate {
    /// Default: true, the gesture may begin.
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Default: false, recognizers sharing a touch do not recognize together.
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool { false }
    /// Default: true, the recognizer receives every touch.
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { true }
}

extension UIView {
    /// The recognizers attached to the view (nil when none, as in UIKit).
    public var gestureRecognizers: [UIGestureRecognizer]? {
        get { recognizers.isEmpty ? nil : recognizers }
        set {
            for r in recognizers { r.view = nil }
            recognizers = newValue ?? []
            for r in recognizers { r.view = self }
        }
    }

    /// `addGestureRecognizer(_:)` (declared in UIView.swift, where subclasses can override it).
    func attach(_ recognizer: UIGestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        recognizers.append(recognizer)
        recognizer.view = self
    }

    /// `removeGestureRecognizer(_:)`.
    func detach(_ recognizer: UIGestureRecognizer) {
        guard recognizers.contains(recognizer) else { return }
        recognizers.removeAll { $0 === recognizer }
        recognizer.view = nil
    }
}
