import CStrataSeat
import Glibc
import StrataKMS

/// A seat from libseat (seatd or logind): it opens the DRM device for a process that is not root and
/// hands DRM master over on VT switches. Disabling (switching away) becomes `DRMEvent.masterLost`,
/// acknowledged at once as libseat requires; enabling again becomes `masterRegained`.
public final class SeatSession {
    /// What the C callbacks reach through libseat's userdata pointer (the session itself does not exist
    /// yet when the seat is opened).
    final class Listener {
        var active = false
        /// Off while opening: the first activation is not news to the KMS logic.
        var announce = false
        var events: [DRMEvent] = []
        /// Told of every activation change after opening (the input devices suspend and resume with it).
        var observers: [(Bool) -> Void] = []
    }

    private let seat: OpaquePointer
    private let state: Listener
    /// libseat keeps the pointer to its listener struct, so it lives as long as the seat.
    private let callbacks: UnsafeMutablePointer<libseat_seat_listener>
    private var devices: [Int32] = []
    /// Readable when libseat has messages to dispatch.
    public let fd: Int32
    public var active: Bool { state.active }

    /// Opens the seat and waits (up to `activationTimeout` seconds) until it is active. Throws when no
    /// seat manager answers: run as a system service with direct DRM access, open the device directly.
    public init(activationTimeout: Double = 2) throws {
        let state = Listener()
        let callbacks = UnsafeMutablePointer<libseat_seat_listener>.allocate(capacity: 1)
        callbacks.initialize(to: libseat_seat_listener(
            enable_seat: { _, userdata in
                guard let userdata else { return }
                let state = Unmanaged<Listener>.fromOpaque(userdata).takeUnretainedValue()
                if state.announce { state.events.append(.masterRegained) }
                state.active = true
                if state.announce { state.observers.forEach { $0(true) } }
            },
            disable_seat: { seat, userdata in
                // Acknowledge now: a seat manager revokes the devices of a client that does not.
                _ = libseat_disable_seat(seat)
                guard let userdata else { return }
                let state = Unmanaged<Listener>.fromOpaque(userdata).takeUnretainedValue()
                state.active = false
                state.events.append(.masterLost)
                state.observers.forEach { $0(false) }
            }))
        guard let seat = libseat_open_seat(callbacks, Unmanaged.passUnretained(state).toOpaque()) else {
            let e = Errno.error("libseat_open_seat (no seatd or logind session)")
            callbacks.deinitialize(count: 1); callbacks.deallocate()
            throw e
        }
        // The enable_seat callback comes through dispatch; wait for it, bounded. Before setting the stored
        // properties: once they are all set, a throw would run deinit and free the seat twice.
        var waited = 0.0
        while !state.active, waited < activationTimeout {
            if libseat_dispatch(seat, 100) < 0 { break }
            waited += 0.1
        }
        guard state.active else {
            _ = libseat_close_seat(seat)
            callbacks.deinitialize(count: 1); callbacks.deallocate()
            throw KMSDeviceError("libseat: the seat did not become active within \(activationTimeout) s (another session is in front?)")
        }
        self.seat = seat; self.state = state; self.callbacks = callbacks
        fd = libseat_get_fd(seat)
        state.events.removeAll()
        state.announce = true
    }

    deinit {
        for id in devices { _ = libseat_close_device(seat, id) }
        _ = libseat_close_seat(seat)
        callbacks.deinitialize(count: 1)
        callbacks.deallocate()
    }

    /// Calls `body` with the seat's new state whenever it is disabled (a VT switch away: every device
    /// opened through it is revoked) or enabled again, from within `readEvents` of whoever dispatches it.
    public func observeActivity(_ body: @escaping (Bool) -> Void) {
        state.observers.append(body)
    }

    public var name: String { libseat_seat_name(seat).map { String(cString: $0) } ?? "?" }

    /// Opens a device node through the seat manager: its fd and libseat's device id. The caller closes
    /// the fd after `closeDevice` (libseat does not close it).
    public func openDevice(_ path: String) throws -> (fd: Int32, id: Int32) {
        var deviceFD: Int32 = -1
        let id = libseat_open_device(seat, path, &deviceFD)
        guard id >= 0, deviceFD >= 0 else { throw Errno.error("libseat_open_device \(path)") }
        devices.append(id)
        return (deviceFD, id)
    }

    public func closeDevice(id: Int32) {
        guard let i = devices.firstIndex(of: id) else { return }
        devices.remove(at: i)
        _ = libseat_close_device(seat, id)
    }

    /// Dispatches what libseat has pending (without blocking) and returns the seat's events since last time.
    public func readEvents() throws -> [DRMEvent] {
        if EventMultiplexer.readable(fd), libseat_dispatch(seat, 0) < 0 { throw Errno.error("libseat_dispatch") }
        defer { state.events.removeAll() }
        return state.events
    }
}
