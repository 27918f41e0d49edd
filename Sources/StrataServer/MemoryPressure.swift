import Foundation
import Glibc

/// The system's memory pressure as the kernel reports it (PSI, `/proc/pressure/memory`; MemAvailable in
/// `/proc/meminfo`), for dropping the renderer's caches before the kernel has to reclaim or kill (issue 28:
/// caches live within a budget and are dropped under pressure).
///
/// Where the kernel lets the server arm a PSI trigger (`some 150000 2000000`: tasks stalled on memory for
/// 150 ms within 2 s), its descriptor wakes the loop (`fd`, POLLPRI) with no polling at all. Otherwise
/// (an unprivileged server on a kernel that refuses unprivileged triggers) the loop samples both files
/// every `sampleInterval` while caches hold something (`isUnderPressure`).
final class MemoryPressureWatch {
    /// What one reading says.
    struct Reading: Equatable {
        /// Percentage of the last 10 s in which some task stalled on memory (PSI's `some avg10`).
        var stalledPercent: Double?
        /// MemAvailable and MemTotal, bytes.
        var availableBytes: Int?
        var totalBytes: Int?
    }

    /// Pressure is a stall of `stalledPercent`% or more, or less than `availableFraction` of memory available.
    static let stalledPercent = 10.0
    static let availableFraction = 0.05
    static let sampleInterval = 5.0
    /// After dropping caches, at most one more drop within this many seconds (a long spell of pressure).
    static let quietInterval = 10.0

    /// The armed PSI trigger (POLLPRI when it fires), or nil.
    private(set) var fd: Int32?
    private let read: () -> Reading?
    private var nextSample = 0.0
    private var lastDrop = -Double.infinity

    /// `read`: the reading (from /proc by default; tests give their own). `trigger`: whether to try arming
    /// a PSI trigger at `psiPath`.
    init(read: @escaping () -> Reading? = MemoryPressureWatch.readProc, trigger: Bool = true,
         psiPath: String = "/proc/pressure/memory") {
        self.read = read
        if trigger { fd = Self.armTrigger(psiPath) }
    }

    deinit { if let fd { close(fd) } }

    /// Whether `reading` is pressure.
    static func isPressure(_ reading: Reading) -> Bool {
        if let stalled = reading.stalledPercent, stalled >= stalledPercent { return true }
        if let available = reading.availableBytes, let total = reading.totalBytes, total > 0 {
            return Double(available) < availableFraction * Double(total)
        }
        return false
    }

    /// Whether the caches should go now: the trigger fired (`triggered`), or, sampling, a due reading shows
    /// pressure; at most once per `quietInterval`. `holdsCaches`: sampling is skipped while nothing is held.
    func shouldDrop(now: Double, triggered: Bool, holdsCaches: Bool) -> Bool {
        guard holdsCaches, now - lastDrop >= Self.quietInterval else { return false }
        var pressure = triggered
        if !pressure, fd == nil, now >= nextSample {
            nextSample = now + Self.sampleInterval
            pressure = read().map(Self.isPressure) ?? false
        }
        if pressure { lastDrop = now }
        return pressure
    }

    /// When the loop must wake to sample (nil: the trigger wakes it, or nothing is held).
    func wakeTime(holdsCaches: Bool) -> Double? { fd == nil && holdsCaches ? nextSample : nil }

    /// Parses PSI's `some avg10=…` and meminfo's MemAvailable/MemTotal.
    static func parse(psi: String?, meminfo: String?) -> Reading {
        var r = Reading()
        if let psi, let line = psi.split(separator: "\n").first(where: { $0.hasPrefix("some ") }),
           let field = line.split(separator: " ").first(where: { $0.hasPrefix("avg10=") }) {
            r.stalledPercent = Double(field.dropFirst(6))
        }
        func kilobytes(_ name: String) -> Int? {
            guard let line = meminfo?.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return nil }
            return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 * 1024 }
        }
        r.availableBytes = kilobytes("MemAvailable")
        r.totalBytes = kilobytes("MemTotal")
        return r
    }

    static func readProc() -> Reading? {
        let psi = try? String(contentsOfFile: "/proc/pressure/memory", encoding: .utf8)
        let meminfo = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)
        guard psi != nil || meminfo != nil else { return nil }
        return parse(psi: psi, meminfo: meminfo)
    }

    /// Arms a PSI trigger; nil where the kernel has no PSI or refuses the trigger.
    private static func armTrigger(_ path: String) -> Int32? {
        let fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        let trigger = "some 150000 2000000"
        let written = trigger.withCString { write(fd, $0, strlen($0) + 1) }
        guard written > 0 else {
            close(fd)
            return nil
        }
        return fd
    }
}
