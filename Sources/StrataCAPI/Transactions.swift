import CStrataAPI
import Foundation
import Strata

// CATransaction for C (docs/c-api.md): per thread, as in Core Animation.

@_cdecl("strata_transaction_begin")
public func strata_transaction_begin() -> strata_status {
    cCall { () throws(CFailure) in CATransaction.begin() }
}

@_cdecl("strata_transaction_commit")
public func strata_transaction_commit() -> strata_status {
    cCall { () throws(CFailure) in
        if let why = CATransaction.commitChecked() { throw .state(why) }
    }
}

@_cdecl("strata_transaction_set_duration")
public func strata_transaction_set_duration(_ seconds: Double) -> strata_status {
    cCall { () throws(CFailure) in
        guard seconds.isFinite, seconds >= 0 else { throw .invalid("a transaction's duration must be finite and >= 0, not \(seconds)") }
        CATransaction.setAnimationDuration(seconds)
    }
}

@_cdecl("strata_transaction_set_disable_actions")
public func strata_transaction_set_disable_actions(_ disable: Bool) -> strata_status {
    cCall { () throws(CFailure) in CATransaction.setDisableActions(disable) }
}

@_cdecl("strata_transaction_set_timing_function")
public func strata_transaction_set_timing_function(_ name: UnsafePointer<CChar>?) -> strata_status {
    cCall { () throws(CFailure) in CATransaction.setAnimationTimingFunction(try CAnimations.timingFunction(name)) }
}

@_cdecl("strata_transaction_set_completion")
public func strata_transaction_set_completion(_ fn: strata_completion_fn?, _ userData: UnsafeMutableRawPointer?,
                                              _ destroy: strata_destroy_fn?) -> strata_status {
    cCall { () throws(CFailure) in
        guard let fn else { return CATransaction.setCompletionBlock(nil) }
        let callback = CCallback(fn, userData, destroy)
        CATransaction.setCompletionBlock { callback.function(callback.userData) }
    }
}
