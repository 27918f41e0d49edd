import Foundation
import Strata

/// The touch a control tracks and whether it was inside at the last look.
struct ControlTracking {
    weak var touch: UITouch?
    var isInside = false
}

/// UIKit's touch tracking for controls: one touch at a time; events in UIKit's order (`.touchDown` and
/// `.touchDownRepeat` on a second tap, drag events on each move with enter/exit when crossing the margin,
/// `.touchUpInside`/`.touchUpOutside` or `.touchCancel` at the end), the highlight following the touch.
extension UIControl {
    /// Whether `point` (in the control's coordinates) is within `touchExitMargin` of the bounds.
    func isWithinTrackingMargin(_ point: CGPoint) -> Bool {
        bounds.insetBy(dx: -Self.touchExitMargin, dy: -Self.touchExitMargin).contains(point)
    }

    func trackBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, trackingState.touch == nil, let touch = touches.first else {
            if !isEnabled { super.touchesBegan(touches, with: event) }
            return
        }
        guard beginTracking(touch, with: event) else { return }
        trackingState = ControlTracking(touch: touch, isInside: true)
        isHighlighted = true
        send(touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown, event: event)
    }

    func trackMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackingState.touch, touches.contains(touch) else {
            if !isEnabled { super.touchesMoved(touches, with: event) }
            return
        }
        let inside = isWithinTrackingMargin(touch.location(in: self))
        let was = trackingState.isInside
        trackingState.isInside = inside
        isHighlighted = inside
        // Asked first, as UIKit does: a control that stops tracking sends no drag events for this move and no
        // touch-up events later.
        guard continueTracking(touch, with: event) else {
            trackingState = ControlTracking()
            isHighlighted = false
            endTracking(nil, with: event)
            return
        }
        // UIKit sends the enter or exit before the drag event.
        if inside != was { send(inside ? .touchDragEnter : .touchDragExit, event: event) }
        send(inside ? .touchDragInside : .touchDragOutside, event: event)
    }

    func trackEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackingState.touch, touches.contains(touch) else {
            if !isEnabled { super.touchesEnded(touches, with: event) }
            return
        }
        let inside = isWithinTrackingMargin(touch.location(in: self))
        trackingState = ControlTracking()
        isHighlighted = false
        endTracking(touch, with: event)
        if inside {
            send(.touchUpInside, event: event)
            if sendsPrimaryActionOnTouchUp { send(.primaryActionTriggered, event: event) }
        } else {
            send(.touchUpOutside, event: event)
        }
    }

    func trackCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackingState.touch, touches.contains(touch) else {
            if !isEnabled { super.touchesCancelled(touches, with: event) }
            return
        }
        trackingState = ControlTracking()
        isHighlighted = false
        cancelTracking(with: event)
        send(.touchCancel, event: event)
    }
}
