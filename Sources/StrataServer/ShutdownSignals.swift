import CStrataSys
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// SIGTERM and SIGINT delivered through a signalfd so the event loop can poll for them.
final class ShutdownSignals {
    let fd: Int32

    init() { fd = strata_shutdown_signalfd() }

    /// The signal number received, if any.
    func read() -> Int32? {
        let s = strata_read_signalfd(fd)
        return s > 0 ? s : nil
    }

    deinit { if fd >= 0 { close(fd) } }
}
