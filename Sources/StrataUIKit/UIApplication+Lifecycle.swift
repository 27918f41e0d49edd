/// UIKit's app lifecycle on a Strata app's connection to the render server: the app is active while it is
/// shown by a server, in the background while it is shown by none. UIKit's notifications are posted on
/// the main queue through `NotificationCenter.default` with the app as `object`, in UIKit's order:
///
/// | moment | notifications | `applicationState` |
/// |---|---|---|
/// | the connection is made (`connect()`, or the first `makeKeyAndVisible()`) | didBecomeActive | `.active` |
/// | the server went away (the connection reconnects) | willResignActive, didEnterBackground | `.background` |
/// | a restarted server has the scene again | willEnterForeground, didBecomeActive | `.active` |
/// | the connection is closed or refused for good | willResignActive, didEnterBackground | `.background` |
/// | a new connection after that | willEnterForeground, didBecomeActive | `.active` |
///
/// `applicationState` changes just before each did… notification (a will… observer sees the old state).
extension UIApplication {
    /// Where the app is in its lifecycle (`applicationState`), with UIKit's raw values; it follows the app's
    /// connection to the render server, as the table above shows.
    public enum State: Int, Sendable {
        /// Shown by a render server: the connection is made, or a restarted server has the scene again (raw value 0).
        case active
        /// Before the app's first connection is made (raw value 1); the app does not come back to it, where
        /// UIKit's passes through it between active and background; see <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
        case inactive
        /// Shown by no server: the server went away, or the connection was closed or refused for good (raw value 2).
        case background
    }

    /// Posted when the app becomes active: its connection is made, or a restarted server or a new connection
    /// shows it again (after `willEnterForegroundNotification` when it was in the background). The object is
    /// the app.
    nonisolated public static let didBecomeActiveNotification = NSNotification.Name("UIApplicationDidBecomeActiveNotification")
    /// Posted when an active app's server goes away or its connection ends, just before
    /// `didEnterBackgroundNotification`, while `applicationState` is still `.active`. The object is the app.
    nonisolated public static let willResignActiveNotification = NSNotification.Name("UIApplicationWillResignActiveNotification")
    /// Posted when the app goes to the background: its server went away or its connection ended. The object is
    /// the app.
    nonisolated public static let didEnterBackgroundNotification = NSNotification.Name("UIApplicationDidEnterBackgroundNotification")
    /// Posted when an app in the background is shown again (a restarted server has its scene, or a new
    /// connection is made), just before `didBecomeActiveNotification`, while `applicationState` is still
    /// `.background`. The object is the app.
    nonisolated public static let willEnterForegroundNotification = NSNotification.Name("UIApplicationWillEnterForegroundNotification")

    /// Listens to the connection's sessions, and catches up with a connection made before the app existed
    /// (`StrataConnection.connect()` called directly); its own `connected` event then changes nothing.
    func followSessions() {
        StrataConnection.sessionObserver = { connection, event in
            UIApplication.shared.sessionChanged(connection, event)
        }
        if let connection, connection.isConnected {
            DispatchQueue.main.async { MainActor.assumeIsolated { UIApplication.shared.sessionChanged(connection, .connected) } }
        }
    }

    /// Only the process's current connection counts: a connection closed while a newer one was made reports
    /// its end after the newer one's start, and must not send the app to the background.
    private func sessionChanged(_ connection: StrataConnection, _ event: StrataConnection.SessionEvent) {
        let current = StrataConnection.currentConnection
        switch event {
        case .connected, .restored:
            if current === connection { becomeActive() }
        case .lost, .ended:
            if current === connection || current == nil { enterBackground() }
        }
    }

    private func becomeActive() {
        guard applicationState != .active else { return }
        if applicationState == .background { post(Self.willEnterForegroundNotification) }
        applicationState = .active
        post(Self.didBecomeActiveNotification)
    }

    private func enterBackground() {
        guard applicationState != .background else { return }
        if applicationState == .active { post(Self.willResignActiveNotification) }
        applicationState = .background
        post(Self.didEnterBackgroundNotification)
    }

    private func post(_ name: NSNotification.Name) {
        NotificationCenter.default.post(name: name, object: self)
    }
}
