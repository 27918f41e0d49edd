import CStrataInput
import Glibc
import StrataKMSDevice

/// How libinput opens its device nodes (its open_restricted/close_restricted interface): through the
/// seat the DRM card was opened through (libseat allows one seat per process), else directly, which
/// needs root or the input group. Also where libinput's own error messages go: the context's user data.
final class LibinputSeatAccess {
    let seat: SeatSession?
    /// Per fd opened through the seat, libseat's id for it (closing goes by id).
    private var seatDevices: [Int32: Int32] = [:]
    /// What went wrong (for a warning) and what is merely worth a log line.
    var problems = MessageList()
    var notes = MessageList()

    init(seat: SeatSession?) { self.seat = seat }

    func report(_ problem: String) { problems.append(problem) }

    /// An fd for `path`, or -errno (what libinput wants).
    func open(_ path: String, flags: Int32) -> Int32 {
        if let seat {
            do {
                let (fd, id) = try seat.openDevice(path)
                seatDevices[fd] = id
                return fd
            } catch {
                let code = errno
                report("cannot open \(path) through seat \(seat.name): \(error)")
                return -(code > 0 ? code : EACCES)
            }
        }
        let fd = Glibc.open(path, flags | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            report("cannot open \(path): \(String(cString: strerror(code))) (run as root or in the input group, or under a seat manager)")
            return -code
        }
        return fd
    }

    func close(_ fd: Int32) {
        if let id = seatDevices.removeValue(forKey: fd) { seat?.closeDevice(id: id) }
        _ = Glibc.close(fd)
    }

    /// The C interface libinput keeps a pointer to for the context's lifetime; its user data is this object.
    static func makeInterface() -> UnsafeMutablePointer<libinput_interface> {
        let interface = UnsafeMutablePointer<libinput_interface>.allocate(capacity: 1)
        interface.initialize(to: libinput_interface(
            open_restricted: { path, flags, data in
                guard let path, let data else { return -EINVAL }
                return Unmanaged<LibinputSeatAccess>.fromOpaque(data).takeUnretainedValue().open(String(cString: path), flags: flags)
            },
            close_restricted: { fd, data in
                guard let data else { _ = Glibc.close(fd); return }
                Unmanaged<LibinputSeatAccess>.fromOpaque(data).takeUnretainedValue().close(fd)
            }))
        return interface
    }

    /// Sends libinput's messages of `ERROR` priority into `problems` instead of stderr. The handler gets a
    /// va_list (not C varargs), which Swift can format.
    static func captureLog(of li: OpaquePointer) {
        libinput_log_set_priority(li, LIBINPUT_LOG_PRIORITY_ERROR)
        libinput_log_set_handler(li) { li, _, format, args in
            guard let li, let data = libinput_get_user_data(li) else { return }
            let line = CLogMessage.format(format, args)
            guard !line.isEmpty else { return }
            Unmanaged<LibinputSeatAccess>.fromOpaque(data).takeUnretainedValue().report("libinput: \(line)")
        }
    }
}
