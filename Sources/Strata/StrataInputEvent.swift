import Foundation
import StrataProtocol

/// An input event the render server routed to one of this app's layers: Strata's own API (Core Animation
/// has no input; UIKit's touches come through views). The server hit-tests what the display showed when
/// the event happened, so `location` is right even when the app was busy and the layer was moving.
public struct StrataInputEvent: Sendable {
    public enum Kind: Sendable, Equatable {
        case touchDown, touchMoved, touchUp, touchCancelled, pointerMoved, pointerButton, scroll, key
    }

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
    public let text: String

    init(_ e: InputEvent, layer: CALayer?, hitLayer: CALayer?) {
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
