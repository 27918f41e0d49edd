import Foundation

/// Where Strata's callbacks run: the main queue, as the main actor, in the order the events came (UIKit's
/// rule: an app's code is `@MainActor`, and so is every callback it hands Strata). Input handlers, display
/// links, completion blocks, animation delegates and the connection's notifications all go through here.
enum MainDelivery {
    /// Runs `body` on the main queue, after what is already queued there.
    static func async(_ body: @escaping @MainActor @Sendable () -> Void) {
        DispatchQueue.main.async { run(body) }
    }

    /// Runs `body` on the main queue at `deadline`.
    static func after(_ deadline: DispatchTime, _ body: @escaping @MainActor @Sendable () -> Void) {
        DispatchQueue.main.asyncAfter(deadline: deadline) { run(body) }
    }

    /// Runs a callback, then commits what it changed outside a transaction where no run loop runs on this
    /// thread to do it at the end of the turn (a process that serves its main queue with `dispatchMain()`,
    /// a test process): as the turn the callback runs in would under a run loop.
    private static func run(_ body: @MainActor @Sendable () -> Void) {
        MainActor.assumeIsolated { body() }
        if RunLoop.current.currentMode == nil { CATransaction.flush() }
    }
}

/// A value that is not `Sendable` (a layer, an animation, a delegate, an input handler) handed from the
/// reader thread to the main queue, where only the callback touches it (StrataUIKit hands layers and
/// contexts into `MainActor.assumeIsolated` with it, on the same thread).
package struct MainHandOff<Value>: @unchecked Sendable {
    package let value: Value
    package init(value: Value) { self.value = value }
}
