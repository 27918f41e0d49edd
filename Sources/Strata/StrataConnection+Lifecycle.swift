import Foundation

/// The connection's life as an app's lifecycle sees it, for StrataUIKit's UIApplication, which turns it
/// into UIKit's notifications (didBecomeActive, willResignActive, …; docs/uikit.md). A package hook, not a
/// public callback: the app's own `onServerLost`/`onReconnect` stay the app's.
extension StrataConnection {
    package enum SessionEvent: Sendable {
        /// `connect()` made this connection's first session.
        case connected
        /// The server went away; the connection is reconnecting.
        case lost
        /// A restarted server has been given the whole scene again.
        case restored
        /// The connection is over for good (closed by the app, refused by the server, or not restored).
        case ended
    }

    /// Hears every connection's events on the main queue, in order, each after the app's own callback for
    /// the same moment. StrataUIKit sets it once.
    @MainActor package static var sessionObserver: (@MainActor (StrataConnection, SessionEvent) -> Void)?

    func announce(_ event: SessionEvent) {
        MainDelivery.async { [self] in Self.sessionObserver?(self, event) }
    }
}
