/// One finger (or the pointer with its button down) on the screen, from down to up (UIKit's UITouch). The
/// same object is passed for each phase of the touch.
@preconcurrency @MainActor
public final class UITouch: NSObject {
    /// UIKit's phases; Strata makes only `began`, `moved`, `ended` and `cancelled` (no pointer hover
    /// regions, so never the `region…` ones, which UIKit gives pointer hovering on iPadOS).
    public enum Phase: Int, Sendable {
        /// A finger went down (raw value 0).
        case began
        /// The finger moved (raw value 1).
        case moved
        /// The finger is down but did not move (raw value 2); Strata never sends it: an unmoved touch gets no
        /// event.
        case stationary
        /// The finger lifted (raw value 3).
        case ended
        /// The system ended the touch, which will not complete (raw value 4): the server cancelled it, or the touch
        /// went down again under the same id.
        case cancelled
        /// The pointer entered a hover region (raw value 5); never produced by Strata, which has no hover regions.
        case regionEntered
        /// The pointer moved within a hover region (raw value 6); never produced by Strata.
        case regionMoved
        /// The pointer left a hover region (raw value 7); never produced by Strata.
        case regionExited
    }
    /// `.direct` for a finger, `.indirectPointer` for a mouse or touchpad button held down.
    public enum TouchType: Int, Sendable {
        /// A finger on a touch screen (raw value 0).
        case direct
        /// An indirect touch, such as a remote's touch surface (raw value 1); never produced by Strata.
        case indirect
        /// A stylus (raw value 2); never produced by Strata, which reads no tablets.
        case pencil
        /// A mouse or touchpad with its left button held down (raw value 3).
        case indirectPointer
    }

    /// Where the touch is in its life: `.began`, `.moved`, then `.ended` or `.cancelled`.
    public internal(set) var phase: Phase = .began
    /// The number of quick taps this touch is part of: one more than the last touch if it went down within
    /// 0.35 s and 20 points of where that one lifted (Strata's thresholds, close to UIKit's), else 1.
    public internal(set) var tapCount = 1
    /// When it last changed, on the `CACurrentMediaTime()` clock.
    public internal(set) var timestamp: TimeInterval
    /// The view it began in (its hit test), and that view's window.
    public internal(set) weak var view: UIView?
    /// The window the touch went down in.
    public internal(set) weak var window: UIWindow?
    /// What made the touch: `.direct` for a finger, `.indirectPointer` for the pointer's left button.
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
    public enum EventType: Int, Sendable {
        /// Touches on the screen (raw value 0).
        case touches
        /// Device motion, such as a shake (raw value 1); never produced by Strata.
        case motion
        /// Remote-control commands for media (raw value 2); never produced by Strata.
        case remoteControl
        /// Key presses (raw value 3): a `UIPressesEvent`.
        case presses
        /// Scrolling from a pointing device (raw value 10); never produced by Strata: scrolling comes as Strata's
        /// input events.
        case scroll = 10
        /// Pointer hovering (raw value 11); never produced by Strata: pointer motion comes as Strata's input events.
        case hover = 11
        /// A two-finger touchpad transform (raw value 14); never produced by Strata.
        case transform = 14
    }

    /// The kind of event: `.touches`, or `.presses` for a `UIPressesEvent`.
    public let type: EventType
    /// When the event happened, on the `CACurrentMediaTime()` clock.
    public let timestamp: TimeInterval
    let touchesDown: Set<UITouch>

    init(type: EventType = .touches, timestamp: TimeInterval, touches: Set<UITouch>) {
        self.type = type; self.timestamp = timestamp; touchesDown = touches
        super.init()
    }

    /// Every touch of the event, whatever its view.
    public var allTouches: Set<UITouch>? { touchesDown }
    /// The event's touches that went down in `view` (its touches' hit view; not those of its subviews).
    public func touches(for view: UIView) -> Set<UITouch>? { touchesDown.filter { $0.view === view } }
    /// The event's touches in `window`.
    public func touches(for window: UIWindow) -> Set<UITouch>? { touchesDown.filter { $0.window === window } }
    /// The event's touches delivered to `recognizer`.
    public func touches(for recognizer: UIGestureRecognizer) -> Set<UITouch>? {
        touchesDown.filter { $0.gestureRecognizers?.contains(recognizer) == true }
    }
}

/// A key press (UIKit's UIPress with its `key`).
@preconcurrency @MainActor
public final class UIPress: NSObject {
    /// UIKit's press phases, with UIKit's raw values; Strata makes `.began` and `.ended` only (keys go down and
    /// up).
    public enum Phase: Int, Sendable {
        /// The key went down (raw value 0).
        case began
        /// A pressure-sensitive press changed (raw value 1); never produced by Strata.
        case changed
        /// The key is held and unchanged (raw value 2); never produced by Strata.
        case stationary
        /// The key went up (raw value 3).
        case ended
        /// The press was cancelled (raw value 4); never produced by Strata.
        case cancelled
    }
    /// `.began` when the key went down, `.ended` when it went up.
    public let phase: Phase
    /// When the key went down or up, on the `CACurrentMediaTime()` clock.
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
    /// The text the key types with the modifiers held ("A" with Shift), as the server's keymap gives it; empty
    /// for keys that type nothing.
    public let characters: String
    /// Unlike UIKit, the same as `characters`: the server reports only the text typed with the modifiers
    /// applied. See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    public let charactersIgnoringModifiers: String
    /// The key's USB HID usage, as on iOS, told from its X keysym as a US layout types it (shifted symbols
    /// included); unknown keys are `keyboardErrorUndefined`.
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
    /// The presses of the event: in Strata always one, the key that went down or up.
    public let allPresses: Set<UIPress>
    init(timestamp: TimeInterval, presses: Set<UIPress>) {
        allPresses = presses
        super.init(type: .presses, timestamp: timestamp, touches: [])
    }
}
