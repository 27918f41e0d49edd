import Foundation

extension UIWindow {
    /// A window's position in the stack of windows (UIKit's `UIWindow.Level`): windows with a higher level
    /// show above lower ones, and among equal levels the one shown last is on top.
    public struct Level: RawRepresentable, Hashable, Comparable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// A level of the given value, as `init(rawValue:)`.
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        /// The default level of windows: 0.
        public static let normal = Level(0)
        /// The level of a status bar, 1000: above `.normal` windows (a Strata kiosk has no status bar of its own).
        public static let statusBar = Level(1000)
        /// The level of alerts, 2000: above `.statusBar`.
        public static let alert = Level(2000)

        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
        // UIKit's overlay: `.alert + 1`, `.normal - 1`.
        /// The level `offset` above `level` (`.alert + 1`).
        public static func + (level: Level, offset: CGFloat) -> Level { Level(level.rawValue + offset) }
        /// The level `offset` below `level` (`.normal - 1`).
        public static func - (level: Level, offset: CGFloat) -> Level { Level(level.rawValue - offset) }
    }
}

extension UIApplication {
    /// Shows the app's visible windows on their outputs in level order (stable: equal levels keep the
    /// order they were shown in). The server stacks roots in attach order, so the windows that must be
    /// above `window` are re-attached after it, in a commit after their detachment (detaching and
    /// re-attaching in one commit would not move them).
    func stack(_ window: UIWindow, on connection: StrataConnection) {
        window.shownOn = connection
        // Only windows shown through this connection: those of an ended one are on no screen.
        let above = windows.filter {
            $0 !== window && $0.shownOn === connection && $0.screen === window.screen && $0.windowLevel > window.windowLevel
        }
        guard !above.isEmpty else {
            connection.attach(window.layer, toOutput: window.screen.outputName)
            return
        }
        for w in above { connection.detach(w.layer) }
        CATransaction.flush()
        connection.attach(window.layer, toOutput: window.screen.outputName)
        for w in above.sorted(by: { $0.windowLevel < $1.windowLevel }) { connection.attach(w.layer, toOutput: w.screen.outputName) }
    }
}
