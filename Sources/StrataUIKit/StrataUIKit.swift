@_exported import Foundation
@_exported import Strata

// UIKit's view level on Strata's layers (docs/uikit.md). Ported code replaces `import UIKit` (and
// `import QuartzCore`) with `import StrataUIKit`: the one rename Linux forces for the module itself.

/// UIKit's colour class is CoreGraphics' colour here: `UIColor.red`, `UIColor(red:green:blue:alpha:)`,
/// `.cgColor` and `withAlphaComponent(_:)` all compile as written (Sources/Strata/CGColor+UIColor.swift).
public typealias UIColor = CGColor

/// Runs `body` on the main actor: at once when called there (the connection's callbacks and CATransaction's
/// run-loop commit are on the main thread), else queued to the main queue. Layer callbacks are not
/// main-actor isolated, views are.
func onMain(_ body: @escaping @MainActor () -> Void) {
    if Thread.isMainThread {
        MainActor.assumeIsolated { body() }
    } else {
        DispatchQueue.main.async { body() }
    }
}

/// Carries a value that is not `Sendable` out of `MainActor.assumeIsolated` on the same thread.
struct SameThread<T>: @unchecked Sendable {
    let value: T
}
