import Foundation
import Strata
import StrataProtocol

/// Time on the server's virtual clock (`Clock.virtual`): it stands still until `advance(by:)`, so what a
/// test sees depends on the steps it takes, never on how fast the machine is.
///
/// A step first lets the app finish what it was doing: the main queue's work queued so far runs and both
/// the calling thread's and the main queue's implicit transactions are committed. The server then reads
/// everything the app sent and draws each frame inside the step at its vblank, and the step returns once
/// the app has heard the new time and its handlers for the step's events (animation delegates,
/// completions, display links) have run. What those handlers commit shows from the next step's first
/// frame, as it would at the next frame on a real screen: step a frame at a time to follow an app frame by frame.
extension StrataTestServer {
    /// Runs the clock `seconds` on (0…600) and returns the time it reads then (`CACurrentMediaTime()`'s clock).
    @discardableResult
    public func advance(by seconds: TimeInterval) throws -> TimeInterval {
        guard configuration.clock == .virtual else {
            throw StrataTestingError("advance(by:): this server runs on the wall clock; start it with Configuration(clock: .virtual)")
        }
        guard seconds.isFinite, (0...ClientMessage.maxClockStep).contains(seconds) else {
            throw StrataTestingError("advance(by:): a step is 0…\(Int(ClientMessage.maxClockStep)) s, not \(seconds)")
        }
        try settleApp()
        let now = try lock.withLock { () throws -> Double in
            if clockInspector == nil { clockInspector = try InspectorClient(socketPath: socketPath) }
            guard let inspector = clockInspector else { throw StrataTestingError("no inspector connection") }
            do { return try inspector.advanceClock(by: seconds) } catch {
                clockInspector = nil
                throw StrataTestingError("the server did not advance its clock: \(error)")
            }
        }
        try catchUpApp()
        return now
    }

    /// Advances the clock by `frames` refresh intervals of the output (60 Hz unless configured otherwise).
    @discardableResult
    public func advance(frames: Int) throws -> TimeInterval {
        guard frames >= 0 else { throw StrataTestingError("advance(frames:): \(frames) frames") }
        return try advance(by: Double(frames) / (configuration.refresh ?? 60))
    }

    /// The virtual clock's time as the app's connection last heard it (nil on the wall clock or before `connect()`).
    public var now: TimeInterval? { lock.withLock { appConnection }?.virtualTime }

    /// The app has handled what reached it: its connection has read everything the server sent before an
    /// answer to a request of its own, and the main queue has run what that queued. Used after injected
    /// input, so a handler's commit is in before the next step, and after a step, whose last frame's events
    /// follow the clock's message for that frame (waiting for the app to hear the time would not do).
    func catchUpApp() throws {
        guard configuration.clock == .virtual, let app = lock.withLock({ appConnection }) else { return }
        do { _ = try app.stats() } catch {
            throw StrataTestingError("the app's connection did not answer: \(error)")
        }
        try settleApp()
    }

    /// Runs the main queue's work queued so far and commits the calling thread's and the main queue's
    /// implicit transactions (a test process has no run loop to commit them at the end of a turn).
    private func settleApp() throws {
        CATransaction.flush()
        try onMainQueue { CATransaction.flush() }
    }

    /// Runs `body` on the main queue after what is queued there, and waits for it. From the main thread
    /// (XCTest's tests) the main run loop is run until it has; from a block on the main queue itself (a
    /// test on the main actor) it cannot be, and this throws.
    private func onMainQueue(_ body: @escaping @Sendable () -> Void) throws {
        guard Thread.isMainThread else {
            DispatchQueue.main.sync(execute: body)
            return
        }
        let done = DoneFlag()
        DispatchQueue.main.async { body(); done.set() }
        let deadline = Date().addingTimeInterval(10)
        while !done.isSet {
            guard Date() < deadline else {
                throw StrataTestingError("the main queue did not run: call StrataTesting from a test that is not on the main actor (the app's handlers run on the main queue while the test waits)")
            }
            _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.01))
        }
    }
}

/// Set once, read from another thread.
private final class DoneFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
