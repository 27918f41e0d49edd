/// One finger (or the pointer with its button down) on the screen, from down to up (UIKit's UITouch). The
/// same object is passed for each phase of the touch.
@preconcurrency @MainActor
public final class UITouch: NSObject {
    /// UIKit's phases; Strata makes only `began`, `moved`, `ended` and `cancelled` (no pointer hover
    /// regions, so never the `region…` ones, which UIKit gives pointer hovering on iPadOS).
    public enum Phase: Int, Sendable { case began, moved, stationary, ended, cancelled, regionEntered, regionMoved, regionExited }
    /// `.direct` for a finger, `.indirectPointer` for a mouse or touchpad button held down.
    public enum TouchType: Int, Sendable { case direct, indirect, pencil, indirectPointer }

    public internal(set) var phase: Phase = .began
    public internal(set) var tapCount = 1
    /// When it last changed, on the `CACurrentMediaTime()` clock.
    public internal(set) var timestamp: TimeInterval
    /// The view it began in (its hit test), and that view's window.
    public internal(set) weak var view: UIView?
    public internal(set) weak var window: UIWindow?
    public let type: TouchType
    /// The gesture recognizers that receive it.
    public internal(set) var gestureRecognizers: [UIGestureRecognizer]? = nil

    /// The server's touch id (or -1 for the pointer).
    let id: Int
    /// Where it is and was, in window coordinates.
    var windowLocation: CGPoint
    var previousWindowLocation: CGPoint
    /// Where it went down, and whether the view's touches were cancelled by a recognizer.
    let startLocation: CGPoint
    var cancelledForView = false

    init(id: Int, type: TouchType, location: CGPoint, timestamp: TimeInterval, window: UIWindow) {
        self.id = id; self.type = type; self.timestamp = timestamp; self.window = window
        windowLocation = location; previousWindowLocation = location; startLocation = location
        super.init()
    }

    /// Its location in `view`'s coordinates (the window's with nil).
    public func location(in view: UIView?) -> CGPoint {
        guard let view, let window else { return windowLocation }
        return window.convert(windowLocation, to: view)
    }

    /// Where it was at the previous event, in `view`'s coordinates.
    public func previousLocation(in view: UIView?) -> CGPoint {
        guard let view, let window else { return previousWindowLocation }
        return window.convert(previousWindowLocation, to: view)
    }
}

/// The touches of one moment (UIKit's UIEvent of type `.touches`).
@preconcurrency @MainActor
open class UIEvent: NSObject {
    /// UIKit's event types; Strata makes `touches` and `presses` only (no motion, remote-control, scroll,
    /// hover or transform events reach views: scrolling and pointer motion come as Strata's input events,
    /// docs/input.md).
    public enum EventType: Int, Sendable { case touches, motion, remoteControl, presses, scroll = 10, hover = 11, transform = 14 }

    public let type: EventType
    public let timestamp: TimeInterval
    let touchesDown: Set<UITouch>

    init(type: EventType = .touches, timestamp: TimeInterval, touches: Set<UITouch>) {
        self.type = type; self.timestamp = timestamp; touchesDown = touches
        super.init()
    }

    /// Every touch of the event, whatever its view.
    public var allTouches: Set<UITouch>? { touchesDown }
    public func touches(for view: UIView) -> Set<UITouch>? { touchesDown.filter { $0.view === view } }
    public func touches(for window: UIWindow) -> Set<UITouch>? { touchesDown.filter { $0.window === window } }
    public func touches(for recognizer: UIGestureRecognizer) -> Set<UITouch>? {
        touchesDown.filter { $0.gestureRecognizers?.contains(recognizer) == true }
    }
}

/// A key press (UIKit's UIPress with its `key`).
@preconcurrency @MainActor
public final class UIPress: NSObject {
    public enum Phase: Int, Sendable { case began, changed, stationary, ended, cancelled }
    public let phase: Phase
    public let timestamp: TimeInterval
    /// The key: its X keysym and the text it types.
    public let key: UIKey?

    init(phase: Phase, timestamp: TimeInterval, key: UIKey) {
        self.phase = phase; self.timestamp = timestamp; self.key = key
        super.init()
    }
}

/// A keyboard key (UIKit's UIKey): `characters` is what it types; `keyCode` the key's USB HID usage, as on
/// iOS, told from its X keysym on a US layout (UIKeyboardHIDUsage.swift); `keysym` is the X keysym itself.
public struct UIKey: Sendable, Equatable {
    public let characters: String
    public let charactersIgnoringModifiers: String
    public let keyCode: UIKeyboardHIDUsage
    /// The X keysym the server reported (0xff0d Return, 0x61 a): Strata's, finer than the HID usage.
    public let keysym: Int

    init(characters: String, keysym: Int) {
        self.characters = characters
        charactersIgnoringModifiers = characters
        self.keysym = keysym
        keyCode = UIKeyboardHIDUsage(keysym: keysym)
    }
}

/// The presses of one moment.
@preconcurrency @MainActor
public final class UIPressesEvent: UIEvent {
    public let allPresses: Set<UIPress>
    init(timestamp: TimeInterval, presses: Set<UIPress>) {
        allPresses = presses
        super.init(type: .presses, timestamp: timestamp, touches: [])
    }
}
