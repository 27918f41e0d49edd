import Foundation
import Glibc
@testable import StrataServer
import Testing

/// The frame thread's real-time policy (`frame-realtime`): asked for on one thread only, never passed on
/// to the threads it starts, and dropped again by work that must not run ahead of clients.
@Suite struct FramePriorityTests {
    /// Runs `body` on a thread of its own (the test runner's threads keep their policy).
    static func onThread<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: T?
        let thread = Thread {
            result = body()
            done.signal()
        }
        thread.start()
        done.wait()
        guard let result else { fatalError("the thread ran nothing") }
        return result
    }

    @Test func priorityZeroLeavesThePolicy() {
        let (outcome, policy) = Self.onThread { (FramePriority.becomeRealtime(priority: 0), sched_getscheduler(0)) }
        #expect(outcome == .unchanged)
        #expect(policy == SCHED_OTHER)
    }

    @Test func aRealtimeThreadStartsThreadsInTheNormalPolicyAndGoesBackToIt() {
        let (outcome, policy, child, after) = Self.onThread { () -> (FramePriority.Outcome, Int32, Int32, Int32) in
            let outcome = FramePriority.becomeRealtime(priority: 1)
            let policy = sched_getscheduler(0)
            let child = Self.onThread { sched_getscheduler(0) }
            FramePriority.asOrdinaryWork()
            return (outcome, policy, child, sched_getscheduler(0))
        }
        switch outcome {
        case .raised(let priority):
            #expect(priority == 1)
            // SCHED_RR, with SCHED_RESET_ON_FORK (0x40000000) set.
            #expect(policy & ~0x4000_0000 == SCHED_RR)
            #expect(policy & 0x4000_0000 != 0)
        case .refused(let priority, let code):
            // Without root, CAP_SYS_NICE or RLIMIT_RTPRIO: refused, saying so, and nothing changed.
            #expect(priority == 1 && (code == EPERM || code == EINVAL))
            #expect(policy == SCHED_OTHER)
        case .unchanged:
            Issue.record("priority 1 was not asked for")
        }
        #expect(child == SCHED_OTHER, "a thread it starts is in the normal policy")
        #expect(after == SCHED_OTHER)
    }
}
