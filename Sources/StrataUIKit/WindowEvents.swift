/// How a window turns the server's input into UIKit's touches (UIKit's `UIWindow.sendEvent` and
/// `UIApplication`'s touch handling): each touch goes down on the view its hit test finds and stays that
/// view's until it ends; it is given first to the gesture recognizers of that view and its ancestors
/// (deepest first), then to the view, which passes what it does not handle up the responder chain. When a
/// recognizer recognizes, the view's touches it holds are cancelled (`cancelsTouchesInView`) and the other
/// recognizers on them fail unless a delegate lets them recognize simultaneously.
/// The pointer's left button held down is a touch too (`.indirectPointer`, id -1); keys go to the first
/// responder's chain.
@MainActor
final class WindowEvents {
    private weak var window: UIWindow?
    private var touches: [Int: UITouch] = [:]
    private var pointerLocation = CGPoint.zero
    /// The last touch that ended: a new one close by soon after counts one more tap.
    private var lastUp: (time: TimeInterval, location: CGPoint, count: Int)?

    /// The time between taps and the distance that count as one multi-tap (UIKit's are close to these).
    static let multiTapInterval: TimeInterval = 0.35
    static let multiTapDistance: CGFloat = 20

    init(window: UIWindow) { self.window = window }

    func handle(_ e: StrataInputEvent) {
        // While the app ignores interaction events no touch begins (touches already down run to their end,
        // so no view is left holding one); keys still go to the first responder, as UIKit's.
        if UIApplication.shared.isIgnoringInteractionEvents,
           e.kind == .touchDown || (e.kind == .pointerButton && e.isPressed) { return }
        // What the handlers changed is committed as the event's turn ends, as UIKit's run loop does (and
        // also when the app runs `dispatchMain()`, which has no run-loop turns).
        defer { CATransaction.flush() }
        switch e.kind {
        case .touchDown: begin(id: e.touchID, type: .direct, at: e.location, time: e.timestamp)
        case .touchMoved: move(id: e.touchID, to: e.location, time: e.timestamp)
        case .touchUp: end(id: e.touchID, at: e.location, time: e.timestamp, cancelled: false)
        case .touchCancelled: end(id: e.touchID, at: e.location, time: e.timestamp, cancelled: true)
        case .pointerMoved:
            pointerLocation = e.location
            move(id: -1, to: e.location, time: e.timestamp)
        case .pointerButton where e.button == 0x110:
            pointerLocation = e.location
            if e.isPressed {
                begin(id: -1, type: .indirectPointer, at: e.location, time: e.timestamp)
            } else {
                end(id: -1, at: e.location, time: e.timestamp, cancelled: false)
            }
        case .key: press(e)
        case .pointerButton, .scroll: break
        }
    }

    /// UIKit's `sendEvent`: an event made by the app goes to its touches' recognizers and views.
    func deliver(_ event: UIEvent) {
        for touch in event.touchesDown { dispatch(touch, event: event) }
    }

    // MARK: touches

    private func begin(id: Int, type: UITouch.TouchType, at location: CGPoint, time: TimeInterval) {
        guard let window else { return }
        if touches[id] != nil { end(id: id, at: location, time: time, cancelled: true) }
        let touch = UITouch(id: id, type: type, location: location, timestamp: time, window: window)
        if let last = lastUp, time - last.time <= Self.multiTapInterval,
           hypot(location.x - last.location.x, location.y - last.location.y) <= Self.multiTapDistance {
            touch.tapCount = last.count + 1
        }
        let event = UIEvent(timestamp: time, touches: Set(touches.values).union([touch]))
        guard let view = window.hitTest(location, with: event) else { return }
        // An exclusive-touch view holding a touch keeps new touches from other views, and gets none while
        // other views hold one (UIKit's `isExclusiveTouch`): such a touch is dropped whole.
        let others = touches.values.compactMap(\.view).filter { $0 !== view }
        if others.contains(where: \.isExclusiveTouch) || (view.isExclusiveTouch && !others.isEmpty) { return }
        touch.view = view
        // A view that is not multi-touch gets only the first of simultaneous touches.
        if !view.isMultipleTouchEnabled, touches.values.contains(where: { $0.view === view }) { touch.cancelledForView = true }
        var chain: [UIGestureRecognizer] = []
        var v: UIView? = view
        while let current = v {
            chain += current.recognizers.filter { $0.isEnabled && $0.accepts(touch) }
            v = current.superview
        }
        touch.gestureRecognizers = chain
        touches[id] = touch
        dispatch(touch, event: event)
    }

    private func move(id: Int, to location: CGPoint, time: TimeInterval) {
        guard let touch = touches[id], location != touch.windowLocation else { return }
        touch.previousWindowLocation = touch.windowLocation
        touch.windowLocation = location
        touch.timestamp = time
        touch.phase = .moved
        dispatch(touch, event: UIEvent(timestamp: time, touches: Set(touches.values)))
    }

    private func end(id: Int, at location: CGPoint, time: TimeInterval, cancelled: Bool) {
        guard let touch = touches[id] else { return }
        if location != touch.windowLocation {
            touch.previousWindowLocation = touch.windowLocation
            touch.windowLocation = location
        }
        touch.timestamp = time
        touch.phase = cancelled ? .cancelled : .ended
        let event = UIEvent(timestamp: time, touches: Set(touches.values))
        touches[id] = nil
        if !cancelled { lastUp = (time, location, touch.tapCount) }
        dispatch(touch, event: event)
        for recognizer in touch.gestureRecognizers ?? [] { recognizer.touchEnded(touch) }
    }

    /// One touch's change: to its recognizers, then (unless a recognizer took it) to its view.
    private func dispatch(_ touch: UITouch, event: UIEvent) {
        let one: Set<UITouch> = [touch]
        for recognizer in touch.gestureRecognizers ?? [] where recognizer.isTracking {
            switch touch.phase {
            case .began: recognizer.touchesBegan(one, with: event)
            case .moved, .stationary: recognizer.touchesMoved(one, with: event)
            case .ended: recognizer.touchesEnded(one, with: event)
            case .cancelled: recognizer.touchesCancelled(one, with: event)
            case .regionEntered, .regionMoved, .regionExited: break // hover: Strata makes none
            }
        }
        guard !touch.cancelledForView, let view = touch.view else { return }
        switch touch.phase {
        case .began: view.touchesBegan(one, with: event)
        case .moved, .stationary: view.touchesMoved(one, with: event)
        case .ended: view.touchesEnded(one, with: event)
        case .cancelled: view.touchesCancelled(one, with: event)
        case .regionEntered, .regionMoved, .regionExited: break
        }
    }

    /// `recognizer` recognized (began, or ended as a discrete gesture): the other recognizers on its touches
    /// fail unless one of the two delegates lets them go on together, and its touches are cancelled in
    /// their views when it cancels touches.
    func recognized(_ recognizer: UIGestureRecognizer) {
        for touch in recognizer.touchesHeld {
            for other in touch.gestureRecognizers ?? [] where other !== recognizer && other.state == .possible {
                if !recognizer.recognizesSimultaneously(with: other) { other.state = .failed }
            }
            // A recognizer that recognizes as its touch lifts (a tap) cancels it before the view hears it end.
            if recognizer.cancelsTouchesInView, !touch.cancelledForView, let view = touch.view {
                touch.cancelledForView = true
                view.touchesCancelled([touch], with: UIEvent(timestamp: touch.timestamp, touches: Set(touches.values)))
            }
        }
    }

    // MARK: keys

    private func press(_ e: StrataInputEvent) {
        guard let responder = UIApplication.shared.firstResponder else { return }
        let key = UIKey(characters: e.text, keysym: Int(e.keysym))
        let press = UIPress(phase: e.isPressed ? .began : .ended, timestamp: e.timestamp, key: key)
        let event = UIPressesEvent(timestamp: e.timestamp, presses: [press])
        if e.isPressed { responder.pressesBegan([press], with: event) } else { responder.pressesEnded([press], with: event) }
    }
}
