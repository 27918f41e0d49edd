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
    public enum State: Int, Sendable {
        case active, inactive, background
    }

    nonisolated public static let didBecomeActiveNotification = NSNotification.Name("UIApplicationDidBecomeActiveNotification")
    nonisolated public static let willResignActiveNotification = NSNotification.Name("UIApplicationWillResignActiveNotification")
    nonisolated public static let didEnterBackgroundNotification = NSNotification.Name("UIApplicationDidEnterBackgroundNotification")
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
