import Foundation
import StrataProtocol

/// A timer synchronised with the display: it fires once per vblank of the render server's display (its
/// real refresh rate, e.g. 60 Hz on the headless backend's default, 50 with `--refresh 50`), not a
/// fixed rate. Core Animation's target/selector form is a closure here (Linux has no Objective-C
/// selectors), and a link runs on a `StrataConnection` instead of a run loop: its handler runs on the main
/// queue, as the main actor (where `add(to: .main, forMode: .common)` would run it on iOS).
public final class CADisplayLink: @unchecked Sendable {
    private let handler: (CADisplayLink) -> Void
    private var state = TickState()
    private weak var connection: StrataConnection?

    struct TickState {
        /// The vblank of the last firing (what the handler reads), and of the last tick (what counts vblanks).
        var timestamp: CFTimeInterval = 0
        var lastTick: CFTimeInterval = 0
        var duration: CFTimeInterval = 0
        var isPaused = false
        var pending = false
        var added = false
        /// Fire once every `interval` vblanks; vblanks since the last firing (the first one after `add` fires).
        var preferredFramesPerSecond = 0
        var frameInterval = 1
        var preferredRange = CAFrameRateRange.default
        var sinceFired = Int.max
    }

    /// `handler` runs on the main queue (the main actor) once per display frame.
    public init(handler: @escaping (CADisplayLink) -> Void) {
        self.handler = handler
    }

    /// The vblank of the frame just displayed (CACurrentMediaTime's clock).
    public var timestamp: CFTimeInterval { LayerLock.with { state.timestamp } }
    /// The display's refresh interval, as the server reports it.
    public var duration: CFTimeInterval { LayerLock.with { state.duration } }
    /// The vblank at which the next firing's frame shows: the time to prepare content for (one refresh ahead,
    /// or as many as the link's rate skips).
    public var targetTimestamp: CFTimeInterval { LayerLock.with { state.timestamp + state.duration * Double(interval) } }

    /// The rate the handler should run at (0, the default: every vblank). As on iOS the link fires at the
    /// nearest rate the display can give: every n-th vblank, n the refresh rate over this rounded (at
    /// least 1), so 30 on a 60 Hz display fires every other vblank and 25 on a 50 Hz one every second.
    public var preferredFramesPerSecond: Int {
        get { LayerLock.with { state.preferredFramesPerSecond } }
        set { LayerLock.with { state.preferredFramesPerSecond = max(0, newValue) } }
    }

    /// The rate range the handler wants (iOS 15): its `preferred` rate, else its `maximum`, is taken as
    /// `preferredFramesPerSecond` is (a fixed-rate display has no other rates to offer).
    public var preferredFrameRateRange: CAFrameRateRange {
        get { LayerLock.with { state.preferredRange } }
        set { LayerLock.with { state.preferredRange = newValue } }
    }

    /// Vblanks between firings (iOS's deprecated form; default 1). Values below 1 count as 1.
    @available(*, deprecated, message: "use preferredFramesPerSecond")
    public var frameInterval: Int {
        get { LayerLock.with { state.frameInterval } }
        set { LayerLock.with { state.frameInterval = max(1, newValue) } }
    }

    /// Vblanks between firings, from the rate asked for and the display's (guarded by LayerLock).
    private var interval: Int {
        let range = state.preferredRange
        let preferred = range.preferred.map(Double.init) ?? (range.maximum > 0 ? Double(range.maximum) : Double(state.preferredFramesPerSecond))
        guard preferred > 0, state.duration > 0 else { return state.frameInterval }
        let refresh = 1 / state.duration
        return max(1, Int((refresh / preferred).rounded()))
    }

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
            state.sinceFired = .max
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
            let previous = state.lastTick
            state.lastTick = timestamp
            state.duration = duration
            // Skipped vblanks count whether or not the handler is still busy, and so do vblanks that brought no
            // tick (a frame the server missed on a loaded machine), counted from the timestamps: firings stay
            // on the link's grid.
            if state.sinceFired != .max {
                let elapsed = previous > 0 && duration > 0 ? ((timestamp - previous) / duration).rounded() : 1
                state.sinceFired += elapsed.isFinite ? Int(min(max(elapsed, 1), 1_000_000)) : 1
                guard state.sinceFired >= interval else { return false }
                // A grid vblank that brought no tick has passed: the next firing is at the next one.
                guard state.sinceFired % interval == 0 else {
                    state.sinceFired %= interval
                    return false
                }
            }
            state.sinceFired = 0
            guard !state.pending else { return false }
            // The handler reads this firing's vblank, even when a later tick has come by the time it runs.
            state.timestamp = timestamp
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

/// A range of frame rates (iOS 15's `CAFrameRateRange`): `minimum`, `maximum` and an optional `preferred`.
public struct CAFrameRateRange: Equatable, Sendable {
    /// The lowest acceptable rate, in frames per second. Kept but not used: a display link's rate comes from
    /// `preferred`, else `maximum`.
    public var minimum: Float
    /// The highest acceptable rate, in frames per second; a display link fires at it when `preferred` is nil and
    /// it is above 0 (0: the link's `preferredFramesPerSecond` decides).
    public var maximum: Float
    /// The rate asked for, in frames per second; a display link fires on every n-th vblank, n the display's rate
    /// over this one, rounded (at least 1). nil: use `maximum`.
    public var preferred: Float?
    /// A range with the given rates, in frames per second, stored as given (not checked or ordered).
    public init(minimum: Float, maximum: Float, preferred: Float?) {
        self.minimum = minimum; self.maximum = maximum; self.preferred = preferred
    }
    /// A range with no preferred rate (`preferred` nil), in frames per second.
    public init(minimum: Float, maximum: Float) { self.init(minimum: minimum, maximum: maximum, preferred: nil) }
    /// No preference: the display's rate.
    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: nil)
    /// Whether the two ranges have equal `minimum`, `maximum` and `preferred` (the same as `==`).
    public func isEqual(to range: CAFrameRateRange) -> Bool { self == range }
}
