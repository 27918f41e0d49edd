import CStrataAPI
import Foundation
import Strata

// CADisplayLink for C (docs/c-api.md): the C function is called on the main thread at the display's frames.

enum CDisplayLinks {
    static func link(_ handle: OpaquePointer?) throws(CFailure) -> CADisplayLink {
        guard let l = try HandleTable.shared.object(handle, .displayLink, "link") as? CADisplayLink else {
            throw .internalError("link names no display link")
        }
        return l
    }
}

@_cdecl("strata_display_link_create")
public func strata_display_link_create(_ fn: strata_display_link_fn?, _ userData: UnsafeMutableRawPointer?, _ destroy: strata_destroy_fn?,
                                       _ out: UnsafeMutablePointer<OpaquePointer?>?) -> strata_status {
    cCall { () throws(CFailure) in
        let out = try CArgument.out(out)
        guard let fn else { throw .invalid("fn is NULL") }
        let callback = CCallback(fn, userData, destroy)
        let link = CADisplayLink { link in
            var borrowed = BorrowedHandles()
            defer { borrowed.end() }
            callback.function(borrowed.lend(link, .displayLink), link.timestamp, link.targetTimestamp, callback.userData)
        }
        out.pointee = try HandleTable.shared.retained(link, .displayLink)
    }
}

@_cdecl("strata_display_link_retain")
public func strata_display_link_retain(_ link: OpaquePointer?) -> strata_status {
    cCall { () throws(CFailure) in try HandleTable.shared.retain(link, .displayLink, "link") }
}

@_cdecl("strata_display_link_release")
public func strata_display_link_release(_ link: OpaquePointer?) -> strata_status {
    cCall { () throws(CFailure) in try HandleTable.shared.release(link, .displayLink, "link") }
}

@_cdecl("strata_display_link_add")
public func strata_display_link_add(_ link: OpaquePointer?, _ connection: OpaquePointer?) -> strata_status {
    cCall { () throws(CFailure) in
        let l = try CDisplayLinks.link(link), c = try CConnections.open(connection)
        l.add(to: c)
    }
}

@_cdecl("strata_display_link_set_paused")
public func strata_display_link_set_paused(_ link: OpaquePointer?, _ paused: Bool) -> strata_status {
    cCall { () throws(CFailure) in try CDisplayLinks.link(link).isPaused = paused }
}

@_cdecl("strata_display_link_set_preferred_fps")
public func strata_display_link_set_preferred_fps(_ link: OpaquePointer?, _ fps: Int32) -> strata_status {
    cCall { () throws(CFailure) in
        guard fps >= 0, fps <= 1000 else { throw .invalid("fps must be 0 (the display's rate) to 1000, not \(fps)") }
        try CDisplayLinks.link(link).preferredFramesPerSecond = Int(fps)
    }
}

@_cdecl("strata_display_link_invalidate")
public func strata_display_link_invalidate(_ link: OpaquePointer?) -> strata_status {
    cCall { () throws(CFailure) in try CDisplayLinks.link(link).invalidate() }
}
