import Foundation
import StrataProtocol

/// An input event the render server routed to one of this app's layers: Strata's own API (Core Animation
/// has no input; UIKit's touches come through views). The server hit-tests what the display showed when
/// the event happened, so `location` is right even when the app was busy and the layer was moving.
public struct StrataInputEvent: Sendable {
    /// What happened: a touch's phase, pointer motion, a button, scrolling or a key.
    public enum Kind: Sendable, Equatable {
        /// A finger touched the layer; `touchID` names the touch from now until its up or cancel.
        case touchDown
        /// A touch that is down moved, still on its layer (or anywhere, when the layer `capturesInput`).
        case touchMoved
        /// A touch ended on its layer (or anywhere, when the layer `capturesInput`).
        case touchUp
        /// A touch left its layer (which does not capture input), or its device went away: the rest of the
        /// touch goes nowhere.
        case touchCancelled
        /// The pointer moved over the layer (or anywhere, while a button the layer captured is down).
        case pointerMoved
        /// A pointer button went down or up (`button`, `isPressed`).
        case pointerButton
        /// The pointer's wheel or touchpad scrolled over the layer by `scrollDelta`.
        case scroll
        /// A key went down or up (`keysym`, `text`, `isPressed`), for the focused layer or the app.
        case key
    }

    /// What kind of event this is.
    public let kind: Kind
    /// When the device reported it, on the `CACurrentMediaTime()` clock.
    public let timestamp: CFTimeInterval
    /// The interactive layer the event is for (nil for a key when no layer has the focus).
    public nonisolated(unsafe) let layer: CALayer?
    /// The deepest layer under the point: `layer` or one of its sublayers that is not interactive itself.
    public nonisolated(unsafe) let hitLayer: CALayer?
    /// The point in `layer`'s coordinates (model space), where it was on screen when the event happened.
    public let location: CGPoint
    /// Which touch (the same from its down to its up or cancel; several may be down at once).
    public let touchID: Int
    /// A pointer button's Linux code (0x110 left, 0x111 right, 0x112 middle).
    public let button: Int
    /// Whether a button or key went down (false: up).
    public let isPressed: Bool
    /// A scroll's distance in points.
    public let scrollDelta: CGSize
    /// A key's X keysym (0xff0d Return, 0x61 a, …) and the text it types ("" for none).
    public let keysym: UInt32
    /// The text the key types, from the server's xkbcommon keymap ("" when it types none; "" for other kinds).
    public let text: String
    /// A copy of an event another app's layers got, for a `StrataLayerHost` whose `hostedInput` is
    /// `.observe` (`layer` and `hitLayer` are then the host layer, `location` in its coordinates).
    public let isObserved: Bool

    init(_ e: InputEvent, layer: CALayer?, hitLayer: CALayer?, observed: Bool = false) {
        isObserved = observed
        kind = switch e.kind {
        case .touchDown: .touchDown
        case .touchMotion: .touchMoved
        case .touchUp: .touchUp
        case .touchCancel: .touchCancelled
        case .pointerMotion: .pointerMoved
        case .pointerButton: .pointerButton
        case .pointerAxis: .scroll
        case .key: .key
        }
        timestamp = e.timestamp
        self.layer = layer
        self.hitLayer = hitLayer
        location = e.location
        touchID = Int(e.touchID)
        button = Int(e.button)
        isPressed = e.pressed
        scrollDelta = CGSize(width: e.scrollX, height: e.scrollY)
        keysym = e.keysym
        text = e.text
    }
}
