import Foundation
import StrataProtocol

/// A timer synchronised with the display: it fires once per vblank of the render server's display (its
/// real refresh rate, e.g. 60 Hz on the headless backend's default, 50 with `--refresh 50`), not a
/// fixed rate. Core Animation's target/selector form is a closure here (Linux has no Objective-C
/// selectors), and a link runs on a `StrataConnection` instead of a run loop: its handler runs on the main
/// queue, as the main actor (where `add(to: .main, forMode: .common)` would run it on iOS).
public final class CADisplayLink: @unchecked Sendable {
    private let handler: @MainActor (CADisplayLink) -> Void
    private var state = TickState()
    private weak var connection: StrataConnection?

    struct TickState {
        var timestamp: CFTimeInterval = 0
        var duration: CFTimeInterval = 0
        var isPaused = false
        var pending = false
        var added = false
    }

    /// `handler` runs on the main queue (the main actor) once per display frame.
    public init(handler: @escaping @MainActor (CADisplayLink) -> Void) {
        self.handler = handler
    }

    /// The vblank of the frame just displayed (CACurrentMediaTime's clock).
    public var timestamp: CFTimeInterval { LayerLock.with { state.timestamp } }
    /// The display's refresh interval, as the server reports it.
    public var duration: CFTimeInterval { LayerLock.with { state.duration } }
    /// The vblank of the next frame: the time to prepare content for.
    public var targetTimestamp: CFTimeInterval { LayerLock.with { state.timestamp + state.duration } }

    /// A paused link stays added but does not fire (the server stops ticking when no link runs).
    public var isPaused: Bool {
        get { LayerLock.with { state.isPaused } }
        set {
            LayerLock.with { state.isPaused = newValue }
            connection?.updateFrameTicks()
        }
    }

    /// Starts firing with the frames of `connection` (default: the process's current connection). Without
    /// a connection it logs and does nothing: there is no display to follow.
    public func add(to connection: StrataConnection? = nil) {
        guard let c = connection ?? LayerLock.with({ StrataConnection.current }) else {
            StrataLog.logger.error("CADisplayLink.add(to:): not connected to a render server")
            return
        }
        LayerLock.with {
            self.connection = c
            state.added = true
        }
        c.addDisplayLink(self)
    }

    /// Stops the link for good and releases it from the connection.
    public func invalidate() {
        let c = LayerLock.with { () -> StrataConnection? in
            state.added = false
            defer { connection = nil }
            return connection
        }
        c?.removeDisplayLink(self)
    }

    var isRunning: Bool { LayerLock.with { state.added && !state.isPaused } }

    /// A vblank arrived (on the connection's reader thread): record it and run the handler on the main
    /// queue, at most one run pending at a time (a slow handler skips frames instead of queueing them).
    func tick(timestamp: Double, duration: Double) {
        let dispatch = LayerLock.with { () -> Bool in
            guard state.added, !state.isPaused else { return false }
            state.timestamp = timestamp
            state.duration = duration
            guard !state.pending else { return false }
            state.pending = true
            return true
        }
        guard dispatch else { return }
        MainDelivery.async { [self] in
            let run = LayerLock.with { () -> Bool in
                state.pending = false
                return state.added && !state.isPaused
            }
            if run { handler(self) }
        }
    }
}
