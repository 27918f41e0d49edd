import Foundation
import StrataCore
import StrataInput
import StrataProtocol

/// Sends each input event to the client that owns the interactive layer it lands on, as the screen
/// showed it (docs/input.md):
/// - a touch goes to the target under its down; its motion follows while it stays on that layer (or
///   anywhere, when the layer captures input); a touch that leaves an uncapturing layer is cancelled there
///   and the rest of it goes nowhere; one that lands on nothing goes nowhere;
/// - the pointer's motion and scrolling go to the target under it, a button to the target under it (a
///   capturing target keeps the motion and the release while a button it took is down);
/// - keys go to the layer that took the last touch down or button press (the focus), else to the
///   frontmost client, with no layer.
/// Devices and clients that go away take their touches and presses with them.
final class InputRouter {
    /// A touch: the device (0 for injected ones) and its seat slot (the injected touch id).
    struct TouchKey: Hashable {
        var device: UInt32
        var slot: Int32
    }

    private struct Touch {
        var target: InputTarget
        var output: String?
    }

    private struct ButtonKey: Hashable {
        var device: UInt32
        var code: UInt32
    }

    private let screen: InputScreen
    /// Delivers an event to a client.
    var send: (UInt32, InputEvent) -> Void = { _, _ in }
    /// Delivers a copy of an event to a host layer that observes input into its context (`hostedInput`).
    var sendObserved: (UInt32, InputEvent) -> Void = { _, _ in }
    /// Why an event went nowhere when that is worth a line (a touch outside its output).
    var note: (String) -> Void = { _ in }
    /// Touches down now: with the target they go to, or nil once they go nowhere (until they end).
    private var touches: [TouchKey: Touch?] = [:]
    /// Buttons down now, with the target that took each press (nil: it landed on nothing).
    private var buttons: [ButtonKey: InputTarget?] = [:]
    /// The pointer, in its output's layer-space pixels.
    private(set) var pointer = CGPoint.zero
    private(set) var pointerOutput: String?
    /// Where keys go: the client and layer of the last touch down or button press.
    private var focus: (client: UInt32, layer: LayerID)?

    init(screen: InputScreen) { self.screen = screen }

    var activeTouchCount: Int { touches.count }

    // MARK: touch

    func touch(_ key: TouchKey, _ phase: TouchPhase, at point: CGPoint, output: String?, time: Double) {
        switch phase {
        case .down:
            if touches[key] != nil { end(key, as: .touchCancel, time: time) }
            guard let size = screen.outputSize(output) else {
                note("touch on output \(output ?? "(primary)"), which is not lit: dropped")
                touches[key] = .some(nil)
                return
            }
            guard CGRect(origin: .zero, size: size).contains(point) else {
                note("touch at (\(point.x), \(point.y)) outside output \(output ?? "(primary)") of \(Int(size.width))x\(Int(size.height)): dropped")
                touches[key] = .some(nil)
                return
            }
            guard let target = screen.inputTarget(at: point, output: output) else {
                touches[key] = .some(nil)
                return
            }
            touches[key] = Touch(target: target, output: output)
            focus = (target.client, target.layer)
            deliver(.touchDown, to: target, time: time, touchID: key.slot)
        case .motion:
            guard let entry = touches[key], var touch = entry else { return }
            let t = touch.target
            if t.captures {
                guard let local = screen.locate(point, output: touch.output, client: t.client, layer: t.layer) else {
                    end(key, as: .touchCancel, time: time)
                    touches[key] = .some(nil)
                    return
                }
                touch.target.local = local
                touch.target.hitLayer = t.layer
                if let o = t.observer {
                    touch.target.observer?.local = screen.locate(point, output: touch.output, client: o.client, layer: o.layer) ?? o.local
                }
            } else {
                guard let now = screen.inputTarget(at: point, output: touch.output), now.client == t.client, now.layer == t.layer else {
                    end(key, as: .touchCancel, time: time)
                    touches[key] = .some(nil)
                    return
                }
                touch.target = now
            }
            touches[key] = touch
            deliver(.touchMotion, to: touch.target, time: time, touchID: key.slot)
        case .up:
            end(key, as: .touchUp, time: time)
        case .cancel:
            end(key, as: .touchCancel, time: time)
        }
    }

    /// Ends a touch: its target (if it still has one) hears `kind` at the touch's last point.
    private func end(_ key: TouchKey, as kind: InputKind, time: Double) {
        guard let entry = touches.removeValue(forKey: key), let touch = entry else { return }
        deliver(kind, to: touch.target, time: time, touchID: key.slot)
    }

    // MARK: pointer

    /// Moves the pointer by a relative amount, kept on its output.
    func pointerMoved(dx: Double, dy: Double, time: Double) {
        guard let size = screen.outputSize(pointerOutput) ?? screen.outputSize(nil) else { return }
        if screen.outputSize(pointerOutput) == nil { pointerOutput = nil }
        let p = CGPoint(x: min(max(0, pointer.x + dx), size.width - 1), y: min(max(0, pointer.y + dy), size.height - 1))
        pointerMoved(to: p, output: pointerOutput, time: time)
    }

    /// Moves the pointer to `point` on `output`.
    func pointerMoved(to point: CGPoint, output: String?, time: Double) {
        pointer = point
        pointerOutput = output
        if let grab = capturingGrab {
            guard let local = screen.locate(point, output: output, client: grab.client, layer: grab.layer) else { return }
            var t = grab
            t.local = local
            t.hitLayer = grab.layer
            deliver(.pointerMotion, to: t, time: time)
        } else if let target = screen.inputTarget(at: point, output: output) {
            deliver(.pointerMotion, to: target, time: time)
        }
    }

    /// The capturing target of a button held now, if any.
    private var capturingGrab: InputTarget? {
        buttons.values.lazy.compactMap { $0 }.first { $0.captures }
    }

    func button(device: UInt32, code: UInt32, pressed: Bool, time: Double) {
        let key = ButtonKey(device: device, code: code)
        if pressed {
            let target = screen.inputTarget(at: pointer, output: pointerOutput)
            buttons[key] = .some(target)
            guard let target else { return }
            focus = (target.client, target.layer)
            deliver(.pointerButton, to: target, time: time, button: code, pressed: true)
        } else {
            guard let entry = buttons.removeValue(forKey: key) else { return }
            if let grab = entry, grab.captures {
                var t = grab
                t.local = screen.locate(pointer, output: pointerOutput, client: grab.client, layer: grab.layer) ?? grab.local
                deliver(.pointerButton, to: t, time: time, button: code, pressed: false)
            } else if let target = screen.inputTarget(at: pointer, output: pointerOutput) {
                deliver(.pointerButton, to: target, time: time, button: code, pressed: false)
            }
        }
    }

    func axis(dx: Double, dy: Double, time: Double) {
        guard let target = screen.inputTarget(at: pointer, output: pointerOutput) else { return }
        deliver(.pointerAxis, to: target, time: time, scroll: (dx, dy))
    }

    // MARK: keys

    /// A host moved key focus (`focusHosted`): to `client`'s `layer` (0: to the client, no layer).
    func setFocus(client: UInt32, layer: LayerID) { focus = (client, layer) }

    func key(keysym: UInt32, text: String, pressed: Bool, time: Double) {
        if let f = focus, !screen.hasLayer(client: f.client, layer: f.layer) { focus = nil }
        let event = { (layer: LayerID) in
            InputEvent(kind: .key, timestamp: time, layer: layer, pressed: pressed, keysym: keysym, text: pressed ? text : "")
        }
        if let f = focus {
            send(f.client, event(f.layer))
        } else if let client = screen.frontmostClient {
            send(client, event(0))
        }
    }

    // MARK: devices and clients

    /// A device went away: its touches are cancelled and its buttons released where they were taken.
    func deviceRemoved(_ device: UInt32, time: Double) {
        for key in touches.keys where key.device == device { end(key, as: .touchCancel, time: time) }
        for (key, entry) in buttons where key.device == device {
            buttons[key] = nil
            if let target = entry { deliver(.pointerButton, to: target, time: time, button: key.code, pressed: false) }
        }
    }

    /// A client went away: nothing more goes to it.
    func clientRemoved(_ client: UInt32) {
        for (key, entry) in touches where entry?.target.client == client { touches[key] = .some(nil) }
        for (key, entry) in buttons where entry?.client == client { buttons[key] = .some(nil) }
        if focus?.client == client { focus = nil }
    }

    private func deliver(_ kind: InputKind, to t: InputTarget, time: Double, touchID: Int32 = 0, button: UInt32 = 0,
                         pressed: Bool = false, scroll: (Double, Double) = (0, 0)) {
        let event = InputEvent(kind: kind, timestamp: time, layer: t.layer, hitLayer: t.hitLayer, location: t.local,
                               touchID: touchID, button: button, pressed: pressed, scrollX: scroll.0, scrollY: scroll.1)
        send(t.client, event)
        if let o = t.observer {
            // The host's copy names only its own layer (the hit layer is the exporter's business).
            var copy = event
            copy.layer = o.layer
            copy.hitLayer = o.layer
            copy.location = o.local
            sendObserved(o.client, copy)
        }
    }
}
