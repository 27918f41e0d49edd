import CStrataAPI
import Foundation
import Strata

/// An animation's delegate for C (docs/c-api.md): each of Core Animation's delegate calls becomes one call of
/// the C function, with the animation that ran (the layer's copy) as a borrowed handle.
final class CAnimationDelegate: CAAnimationDelegate, @unchecked Sendable {
    let callback: CCallback<strata_animation_fn>

    init(_ callback: CCallback<strata_animation_fn>) { self.callback = callback }

    func animationDidStart(_ anim: CAAnimation) { deliver(anim, STRATA_ANIMATION_STARTED, finished: false) }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { deliver(anim, STRATA_ANIMATION_STOPPED, finished: flag) }

    private func deliver(_ anim: CAAnimation, _ kind: Int, finished: Bool) {
        var borrowed = BorrowedHandles()
        defer { borrowed.end() }
        callback.function(borrowed.lend(anim, .animation), Int32(kind), finished, callback.userData)
    }
}

@_cdecl("strata_animation_set_delegate")
public func strata_animation_set_delegate(_ animation: OpaquePointer?, _ handler: strata_animation_fn?,
                                          _ userData: UnsafeMutableRawPointer?, _ destroy: strata_destroy_fn?) -> strata_status {
    cCall { () throws(CFailure) in
        let a = try CAnimations.animation(animation)
        let delegate = handler.map { CAnimationDelegate(CCallback($0, userData, destroy)) }
        try underLayerLock { () throws(CFailure) in a.delegate = delegate }
    }
}
