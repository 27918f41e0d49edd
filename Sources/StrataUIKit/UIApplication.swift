import Logging

/// The app (UIKit's UIApplication): its connection to the render server, its windows, its first responder.
/// There is no `UIApplicationMain`: a Strata app makes its window, calls `makeKeyAndVisible()` and runs
/// the main run loop (`RunLoop.main.run()`), on which input, animation callbacks and commits happen.
@MainActor
public final class UIApplication {
    public static let shared = UIApplication()

    /// The connection windows are shown through: the current one, or one made with `connect(socketPath:)`
    /// (or by the first `makeKeyAndVisible()`, at the default socket).
    public var connection: StrataConnection? { StrataConnection.currentConnection }
    public private(set) var windows: [UIWindow] = []
    public var keyWindow: UIWindow? { windows.first { $0.isKeyWindow } }
    /// The responder keys go to (`becomeFirstResponder()`).
    weak var firstResponder: UIResponder?
    /// Whether the app takes touches at all (UIKit's `beginIgnoringInteractionEvents` is its opposite).
    public var isIgnoringInteractionEvents = false
    /// `.active` while the app's connection to the render server is up, `.background` while it is lost or
    /// closed, `.inactive` before the first (UIApplication+Lifecycle.swift).
    public internal(set) var applicationState = State.inactive

    init() { followSessions() }

    /// Connects to the render server (at `STRATA_SOCKET` or the default path when nil); throws the
    /// connection's error.
    @discardableResult
    public func connect(socketPath: String? = nil) throws -> StrataConnection {
        if let connection { return connection }
        return try StrataConnection.connect(socketPath: socketPath)
    }

    func show(_ window: UIWindow) -> Bool {
        let connection: StrataConnection
        do {
            connection = try connect()
        } catch {
            StrataLog.logger.error("UIWindow.makeKeyAndVisible(): no render server: \(error)")
            return false
        }
        if !windows.contains(window) { windows.append(window) }
        connection.attach(window.layer, toOutput: window.screen.outputName)
        return true
    }

    func hide(_ window: UIWindow) {
        windows.removeAll { $0 === window }
        connection?.detach(window.layer)
    }
}
