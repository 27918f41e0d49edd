import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// CLOCK_MONOTONIC in seconds: the media-time base shared by clients (CACurrentMediaTime) and the server.
public enum MonotonicClock {
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
