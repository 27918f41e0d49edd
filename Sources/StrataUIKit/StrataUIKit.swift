@_exported import Foundation
@_exported import Strata

// UIKit's view level on Strata's layers (docs/uikit.md). Ported code replaces `import UIKit` (and
// `import QuartzCore`) with `import StrataUIKit`: the one rename Linux forces for the module itself.

/// UIKit's colour class is CoreGraphics' colour here: `UIColor.red`, `UIColor(red:green:blue:alpha:)`,
/// `.cgColor` and `withAlphaComponent(_:)` all compile as written (Sources/Strata/CGColor+UIColor.swift).
public typealias UIColor = CGColor

/// Whether the caller runs on the main actor: the main thread, or the main queue, which after
/// `dispatchMain()` (and under swift-testing) Linux's libdispatch drains on another thread.
func onMainActor() -> Bool {
    Thread.isMainThread || DispatchQueue.getSpecific(key: MainQueueMark.key) != nil
}

/// A mark on the main queue, set once, that `DispatchQueue.getSpecific` finds from blocks it runs.
enum MainQueueMark {
    static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()
}

/// Runs `body` on the main actor: at once when called there (the connection's callbacks and CATransaction's
/// run-loop commit are), else queued to the main queue. Layer callbacks are not main-actor isolated, views are.
func onMain(_ body: @escaping @MainActor () -> Void) {
    if onMainActor() {
        MainActor.assumeIsolated { body() }
    } else {
        DispatchQueue.main.async { body() }
    }
}
