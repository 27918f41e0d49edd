import CStrataDRM
import Glibc
import StrataKMS

/// Reads page-flip completions from the DRM fd through drmHandleEvent. libdrm's handler gets no context
/// of its own but the commit's user_data, so every commit passes this collector (unretained: the device
/// owns it and outlives every read of its own fd) and the handler appends to it. No global state.
final class DRMFlipEvents {
    private(set) var events: [DRMEvent] = []
    /// CRTCs with a flip requested and not completed (to attribute an event that carries no CRTC).
    var pending: Set<UInt32> = []
    /// The last vblank sequence seen per CRTC (for the event a legacy modeset makes up).
    private(set) var lastSequence: [UInt32: UInt64] = [:]
    /// Whether the driver stamps events with CLOCK_MONOTONIC (DRM_CAP_TIMESTAMP_MONOTONIC); every
    /// kernel since 3.8 does, older ones used CLOCK_REALTIME, which is converted.
    var monotonicTimestamps = true

    var userData: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// Handles what the fd has pending, without blocking (drmHandleEvent reads once and fails on a
    /// non-blocking fd with nothing to read, so readability is checked first).
    func read(fd: Int32) throws {
        var context = drmEventContext()
        // Version 3: page_flip_handler2, which also gives the CRTC.
        context.version = 3
        context.page_flip_handler2 = { _, sequence, seconds, microseconds, crtc, userData in
            guard let userData else { return }
            let collector = Unmanaged<DRMFlipEvents>.fromOpaque(userData).takeUnretainedValue()
            collector.complete(crtc: crtc, sequence: UInt64(sequence),
                               timestamp: Double(seconds) + Double(microseconds) / 1_000_000)
        }
        // Bounded: each call reads up to 1 KiB of events.
        for _ in 0..<64 {
            guard EventMultiplexer.readable(fd) else { break }
            guard drmHandleEvent(fd, &context) == 0 else { throw Errno.error("drmHandleEvent") }
        }
    }

    func complete(crtc reported: UInt32, sequence: UInt64, timestamp: Double) {
        // Kernels before 4.12 leave crtc_id 0: the flip is the one pending, if there is only one.
        var crtc = reported
        if crtc == 0, pending.count == 1, let only = pending.first { crtc = only }
        pending.remove(crtc)
        lastSequence[crtc] = sequence
        let time = monotonicTimestamps || timestamp == 0 ? timestamp : timestamp + Self.monotonicMinusRealtime()
        events.append(.flipComplete(crtc: crtc, sequence: sequence, timestamp: time))
    }

    func take() -> [DRMEvent] {
        defer { events.removeAll() }
        return events
    }

    static func now(_ clock: clockid_t = CLOCK_MONOTONIC) -> Double {
        var ts = timespec()
        clock_gettime(clock, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    static func monotonicMinusRealtime() -> Double { now(CLOCK_MONOTONIC) - now(CLOCK_REALTIME) }
}
