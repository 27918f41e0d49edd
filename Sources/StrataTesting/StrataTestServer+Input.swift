import Foundation
import Strata
import StrataProtocol

/// Input injected as `strata input` does: routed by the server exactly as a device's would be, so the app
/// under test gets it in its layers' `inputHandler`s. The server allows injection to inspectors (the
/// test runs as the server's user) on the headless backend. Positions are in points of the output's
/// layer space (the root space: `layer.convert(_:to: nil)`), converted to pixels at the server's scale.
///
/// On the virtual clock each event is handled by the app (its handler has run and committed) before the
/// call goes on, and the gaps between a gesture's events (a tap's `hold`, a swipe's `duration`) are steps
/// of the clock: a tap with the default hold advances it 0.05 s. On the wall clock they are slept.
extension StrataTestServer {
    /// Touches down at `point` and lifts `hold` seconds later.
    public func tap(at point: CGPoint, hold: TimeInterval = 0.05, output: String = "") throws {
        let client = try InspectorClient(socketPath: socketPath)
        try inject(on: client, [InjectedInput(kind: .touchDown, output: output, position: pixels(point))])
        try pause(hold)
        try inject(on: client, [InjectedInput(kind: .touchUp, output: output, position: pixels(point))])
    }

    /// Taps the centre of `layer`'s bounds, wherever the layer is on screen (its model geometry).
    public func tap(_ layer: CALayer, hold: TimeInterval = 0.05) throws {
        let center = layer.convert(CGPoint(x: layer.bounds.midX, y: layer.bounds.midY), to: nil)
        guard center.x.isFinite, center.y.isFinite else { throw StrataTestingError("the layer's centre does not map onto the screen") }
        try tap(at: center, hold: hold)
    }

    /// Touches down at `start`, moves in a straight line to `end` in `steps` motion events over
    /// `duration` seconds, and lifts.
    public func swipe(from start: CGPoint, to end: CGPoint, duration: TimeInterval = 0.3, steps: Int = 10, output: String = "") throws {
        guard (1...1000).contains(steps) else { throw StrataTestingError("swipe: steps must be 1…1000, not \(steps)") }
        let client = try InspectorClient(socketPath: socketPath)
        func at(_ f: CGFloat) -> CGPoint { CGPoint(x: start.x + (end.x - start.x) * f, y: start.y + (end.y - start.y) * f) }
        try inject(on: client, [InjectedInput(kind: .touchDown, output: output, position: pixels(start))])
        for i in 1...steps {
            try pause(duration / Double(steps))
            try inject(on: client, [InjectedInput(kind: .touchMotion, output: output, position: pixels(at(CGFloat(i) / CGFloat(steps))))])
        }
        try inject(on: client, [InjectedInput(kind: .touchUp, output: output, position: pixels(end))])
    }

    /// Presses and releases one key per character of `text` (to the focused layer, else the frontmost app).
    public func type(_ text: String) throws {
        var keys: [TestKey] = []
        for c in text {
            guard let key = TestKey(typing: c) else {
                throw StrataTestingError("type: no single key types \(c.debugDescription); press .return, .tab and the like instead")
            }
            keys.append(key)
        }
        try press(keys)
    }

    /// Presses and releases `keys` in turn.
    public func press(_ keys: TestKey...) throws { try press(keys) }

    public func press(_ keys: [TestKey]) throws {
        let client = try InspectorClient(socketPath: socketPath)
        for key in keys {
            try inject(on: client, [InjectedInput(kind: .key, pressed: true, keysym: key.keysym, text: key.text),
                                    InjectedInput(kind: .key, pressed: false, keysym: key.keysym)])
        }
    }

    /// Injects raw events (positions in the output's pixels), for what the helpers above do not cover:
    /// multi-touch, pointer, scrolling.
    public func inject(_ events: [InjectedInput]) throws {
        try inject(on: InspectorClient(socketPath: socketPath), events)
    }

    private func inject(on client: InspectorClient, _ events: [InjectedInput]) throws {
        do {
            try client.inject(events)
        } catch {
            throw StrataTestingError("the server did not take the injected input: \(error)")
        }
        try catchUpApp()
    }

    private func pixels(_ point: CGPoint) -> CGPoint {
        CGPoint(x: point.x * CGFloat(configuration.scale), y: point.y * CGFloat(configuration.scale))
    }

    /// The gap between a finger's events: a step of the virtual clock, or a sleep on the wall clock.
    private func pause(_ seconds: TimeInterval) throws {
        guard seconds.isFinite, (0...60).contains(seconds) else { throw StrataTestingError("times must be 0…60 s, not \(seconds)") }
        if configuration.clock == .virtual { try advance(by: seconds) } else { usleep(UInt32(seconds * 1_000_000)) }
    }
}
