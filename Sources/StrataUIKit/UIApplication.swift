import Logging

/// The app (UIKit's UIApplication): its connection to the render server, its windows, its first responder.
/// There is no `UIApplicationMain`: a Strata app makes its window, calls `makeKeyAndVisible()` and runs
/// the main run loop (`RunLoop.main.run()`), on which input, animation callbacks and commits happen.
@preconcurrency @MainActor
open class UIApplication: UIResponder {
    /// The app's one `UIApplication`, made on first use; from then on it follows the connection to the render
    /// server and posts the lifecycle notifications.
    public static let shared = UIApplication()

    /// The connection windows are shown through: the current one, or one made with `connect(socketPath:)`
    /// (or by the first `makeKeyAndVisible()`, at the default socket).
    public var connection: StrataConnection? { StrataConnection.currentConnection }
    /// The windows shown with `makeKeyAndVisible()` and not hidden since, in the order first shown (not by
    /// `windowLevel`).
    public private(set) var windows: [UIWindow] = []
    /// The shown window made key last (`makeKeyAndVisible()` or `makeKey()`), or nil when none is.
    public var keyWindow: UIWindow? { windows.first { $0.isKeyWindow } }
    /// The responder keys go to (`becomeFirstResponder()`).
    weak var firstResponder: UIResponder?
    /// Whether touches are ignored: while `beginIgnoringInteractionEvents()` calls outnumber
    /// `endIgnoringInteractionEvents()` calls (UIKit's nesting). Touches that arrive then are dropped;
    /// keys still reach the first responder, as UIKit's ignoring is for touch events.
    open var isIgnoringInteractionEvents: Bool { ignoringInteractionEvents > 0 }
    private var ignoringInteractionEvents = 0
    /// `.active` while the app's connection to the render server is up, `.background` while it is lost or
    /// closed, `.inactive` before the first (UIApplication+Lifecycle.swift).
    public internal(set) var applicationState = State.inactive

    /// Whether the app asks the system not to dim or lock the screen while idle. Nothing dims or locks a
    /// Strata screen, so it stays lit either way; the value is kept for code that reads it back.
    open var isIdleTimerDisabled = false
    /// Left to right: Strata lays nothing out right to left.
    open var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }

    override init() {
        super.init()
        followSessions()
    }

    /// Stops delivering touches (around an animation) until the matching `endIgnoringInteractionEvents()`.
    open func beginIgnoringInteractionEvents() { ignoringInteractionEvents += 1 }

    /// Ends one `beginIgnoringInteractionEvents()`; touches are delivered again once every one is ended (an
    /// extra call does nothing, as in UIKit).
    open func endIgnoringInteractionEvents() { ignoringInteractionEvents = max(0, ignoringInteractionEvents - 1) }

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
        if !windows.contains(where: { $0 === window }) { windows.append(window) }
        stack(window, on: connection)
        window.refreshSafeArea()
        return true
    }

    func hide(_ window: UIWindow) {
        windows.removeAll { $0 === window }
        connection?.detach(window.layer)
        window.refreshSafeArea()
    }
}
