import CStrataUdev
import Glibc

/// One pollable fd (epoll) that is readable whenever any of the device's sources is: the DRM fd, the
/// udev monitor, the seat, plus two of its own: a wake-up (eventfd) for events the device makes itself
/// (a legacy modeset's flip completion) and a periodic timer used while waiting to get DRM master back.
/// Level-triggered: the fd stays readable until the sources are drained.
final class EventMultiplexer {
    let fd: Int32
    private let wakeFD: Int32
    private let timerFD: Int32

    init() throws {
        // Everything in locals first: a class whose stored properties are all set runs its deinit when
        // init throws, which would close these fds a second time.
        let epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0 else { throw Errno.error("epoll_create1") }
        let wake = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        let timer = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        do {
            guard wake >= 0 else { throw Errno.error("eventfd") }
            guard timer >= 0 else { throw Errno.error("timerfd_create") }
            try Self.add(wake, to: epoll)
            try Self.add(timer, to: epoll)
        } catch {
            if timer >= 0 { close(timer) }
            if wake >= 0 { close(wake) }
            close(epoll)
            throw error
        }
        fd = epoll; wakeFD = wake; timerFD = timer
    }

    deinit {
        close(timerFD)
        close(wakeFD)
        close(fd)
    }

    /// Watches `source` for readability (it stays owned by the caller, who must `remove` it before closing it).
    func add(_ source: Int32) throws { try Self.add(source, to: fd) }

    private static func add(_ source: Int32, to epoll: Int32) throws {
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.fd = source
        guard epoll_ctl(epoll, EPOLL_CTL_ADD, source, &event) == 0 else { throw Errno.error("epoll_ctl(ADD, \(source))") }
    }

    func remove(_ source: Int32) {
        _ = epoll_ctl(fd, EPOLL_CTL_DEL, source, nil)
    }

    /// Makes `fd` readable until `drainWakeups` runs.
    func wake() {
        var one: UInt64 = 1
        _ = write(wakeFD, &one, MemoryLayout<UInt64>.size)
    }

    func drainWakeups() {
        var value: UInt64 = 0
        _ = read(wakeFD, &value, MemoryLayout<UInt64>.size)
        _ = read(timerFD, &value, MemoryLayout<UInt64>.size)
    }

    /// Starts (interval > 0) or stops (0) the periodic timer.
    func setTimer(interval seconds: Double) {
        let whole = Int(seconds)
        let nanos = Int((seconds - Double(whole)) * 1e9)
        let period = timespec(tv_sec: whole, tv_nsec: nanos)
        var spec = itimerspec(it_interval: period, it_value: period)
        _ = timerfd_settime(timerFD, 0, &spec, nil)
    }

    /// Whether `source` has data to read now (without blocking).
    static func readable(_ source: Int32) -> Bool {
        var p = pollfd(fd: source, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, 0) > 0 && p.revents & Int16(POLLIN) != 0
    }
}
