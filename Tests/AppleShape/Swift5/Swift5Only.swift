import Foundation
import Strata

// Apple-shaped code only Swift 5 mode accepts as iOS does (Swift 6 rejects it against Apple's SDK too).

/// A completion block stored in a nonisolated global and called off the main actor: silent in Swift 5.
var pendingCompletion: (() -> Void)? = CATransaction.completionBlock()
func runPendingCompletion() { pendingCompletion?() }
