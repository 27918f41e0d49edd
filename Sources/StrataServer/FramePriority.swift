import CStrataSys
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The compositor's threads run ahead of clients' processes on a busy CPU, as GNOME's and KDE's
/// compositors ask rtkit for their frame threads: a client that keeps a core busy (laying out a hostile
/// string, building 1,000 labels) must not make every other client's frames late by taking the server's
/// CPU. The server asks for `frame-nice` (default −10) at start-up, before it makes its display, so that
/// the threads it starts from then on (the GL driver's: llvmpipe's rasteriser threads do a frame's pixel
/// work) run at it too. Allowed for root, with CAP_SYS_NICE, or within RLIMIT_NICE (the systemd unit sets
/// `LimitNICE=-10`); otherwise the server logs that it runs at its usual priority and goes on. The text
/// thread goes back to nice 0 (`asOrdinaryWork`), and the text worker to 10. Once the display is made, the
/// frame thread alone also asks for real-time scheduling (`frame-realtime`, `becomeRealtime`).
public enum FramePriority {
    public enum Outcome: Equatable, Sendable {
        case raised(Int32)
        case unchanged
        case refused(Int32, errno: Int32)
    }

    /// Sets the calling thread's nice value (Linux: per thread) to `nice` when that lowers it.
    public static func raise(to nice: Int32) -> Outcome {
        errno = 0
        let now = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        guard errno == 0, nice < now else { return .unchanged }
        guard setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice) == 0 else { return .refused(nice, errno: errno) }
        return .raised(nice)
    }

    /// Schedules the calling thread (the frame thread, once its display is made) round-robin in real time at
    /// `priority` (0: leaves it as it is). Under the normal policy, nice only weighs a thread's share of
    /// the CPU: a client's process that wakes may still take its core for a whole scheduler tick (4 ms
    /// here) in the middle of a frame, and under a hostile client's text attack one frame in fifty missed
    /// its vblank so. A real-time thread is not preempted by them; KDE's compositor asks for the same, and
    /// the kernel keeps 5 % of every second for the normal policy. SCHED_RESET_ON_FORK: the threads and
    /// processes it starts from then on (the text thread, its worker) get the normal policy and nice 0.
    /// Allowed for root, with CAP_SYS_NICE, or within RLIMIT_RTPRIO (`strata.service` sets `LimitRTPRIO=1`).
    public static func becomeRealtime(priority: Int32) -> Outcome {
        guard priority > 0 else { return .unchanged }
        let result = strata_thread_round_robin(priority)
        return result == 0 ? .raised(priority) : .refused(priority, errno: -result)
    }

    /// Puts the calling thread back at nice 0 and in the normal policy: for work that must not run ahead of
    /// clients (the text thread waits on a worker for clients' layouts).
    public static func asOrdinaryWork() {
        _ = strata_thread_normal_policy()
        errno = 0
        let now = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        if errno == 0, now < 0 { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 0) }
    }
}
