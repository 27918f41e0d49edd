import CStrataAPI
import Foundation
import Strata
import Synchronization

/// The run loop from the app's own loop (docs/c-api.md): libdispatch's main queue, whose eventfd the app
/// polls, drained by `strata_dispatch` on the main thread (CStrataAPI's strata_main_queue.c).
enum CRunLoop {
    /// Set by `strata_quit`, read by `strata_run`.
    static let quitting = Atomic<Bool>(false)
    /// How deep the main thread is in `strata_dispatch` (a callback may dispatch again; it may not run).
    nonisolated(unsafe) static var dispatchDepth = 0

    /// Once, before the first call does anything: implicit transactions made on the main thread are
    /// committed from the main queue (the next `strata_dispatch`), as no Foundation run loop turns in a C
    /// app; other threads commit with `strata_flush`, as Swift threads without a run loop do.
    static let setUp: Void = CATransaction.scheduleImplicitCommits {
        guard strata_on_main_thread() else { return }
        DispatchQueue.main.async { CATransaction.flush() }
    }

    /// Refuses a call off the main thread, or in a process that loaded the library on another thread.
    static func checkMainThread(_ function: String) throws(CFailure) {
        guard strata_on_main_thread() else { throw CFailure(STRATA_WRONG_THREAD, "\(function) works on the main thread only") }
        guard strata_loaded_on_main_thread() else {
            throw CFailure(STRATA_WRONG_THREAD, "\(function): libstrata was loaded on another thread than the main one (load it from the main thread)")
        }
    }

    static func dispatch() {
        dispatchDepth += 1
        defer { dispatchDepth -= 1 }
        strata_main_queue_drain()
        CATransaction.flush()
    }
}

@_cdecl("strata_get_fd")
public func strata_get_fd(_ out: UnsafeMutablePointer<Int32>?) -> strata_status {
    cCall { () throws(CFailure) in
        let out = try CArgument.out(out)
        try CRunLoop.checkMainThread("strata_get_fd")
        out.pointee = strata_main_queue_fd()
    }
}

@_cdecl("strata_dispatch")
public func strata_dispatch() -> strata_status {
    cCall { () throws(CFailure) in
        try CRunLoop.checkMainThread("strata_dispatch")
        CRunLoop.dispatch()
    }
}

@_cdecl("strata_run")
public func strata_run() -> strata_status {
    cCall { () throws(CFailure) in
        try CRunLoop.checkMainThread("strata_run")
        guard CRunLoop.dispatchDepth == 0 else { throw .state("strata_run inside a callback (use strata_dispatch)") }
        var ready = pollfd(fd: strata_main_queue_fd(), events: Int16(POLLIN), revents: 0)
        while !CRunLoop.quitting.exchange(false, ordering: .acquiringAndReleasing) {
            CRunLoop.dispatch()
            if CRunLoop.quitting.exchange(false, ordering: .acquiringAndReleasing) { break }
            if poll(&ready, 1, -1) < 0, errno != EINTR {
                throw .internalError("strata_run: poll failed: \(String(cString: strerror(errno)))")
            }
        }
    }
}

@_cdecl("strata_quit")
public func strata_quit() -> strata_status {
    cCall { () throws(CFailure) in
        CRunLoop.quitting.store(true, ordering: .releasing)
        DispatchQueue.main.async {} // wakes the poll
    }
}

@_cdecl("strata_flush")
public func strata_flush() -> strata_status {
    cCall { () throws(CFailure) in CATransaction.flush() }
}
