import CStrataInput
import Glibc
import StrataInput
import StrataKMSDevice

/// The seat's touchscreens, pointers and keyboards through libinput's udev backend: devices come and go
/// with udev, udev's LIBINPUT_CALIBRATION_MATRIX is applied by libinput and WL_OUTPUT is reported, keys go
/// through one xkbcommon keymap. Keys are not repeated: clients get a press and a release.
///
/// Nothing is logged here: `takeProblems()` hands over what went wrong (a device that would not open,
/// libinput's own errors) for the server to log.
public final class LibinputSource: InputSource {
    /// The seat libinput reads ("seat0" without a seat manager).
    public let seatName: String
    public let filter: DeviceFilter
    public var keymap: KeymapNames { reader.keyboard.names }

    private let li: OpaquePointer
    private let udev: OpaquePointer
    private let access: LibinputSeatAccess
    private let interface: UnsafeMutablePointer<libinput_interface>
    private let reader: LibinputEventReader

    /// Opens the devices of `seat`'s seat through it (nil: "seat0", opening the nodes directly, which
    /// needs root or the input group). `devices` (names or sysnames) limits the devices read; empty reads
    /// all. Throws when the keymap does not compile, udev is not running, or libinput cannot take the seat.
    public convenience init(seat: SeatSession? = nil, devices: [String] = [], keymap: KeymapNames = KeymapNames()) throws {
        try self.init(seat: seat, devices: devices, keyboard: try XKBKeyboard(names: keymap))
    }

    /// The same with a keyboard compiled beforehand (so that a bad keymap can stop the server even where
    /// a missing udev would not). The source keeps its state: one keyboard per source.
    public init(seat: SeatSession? = nil, devices: [String] = [], keyboard: XKBKeyboard) throws {
        if let problem = Self.udevProblem(runDirectory: "/run/udev") { throw InputDeviceError(problem) }
        guard let udev = udev_new() else { throw InputDeviceError("libinput: udev_new failed") }
        let access = LibinputSeatAccess(seat: seat)
        let interface = LibinputSeatAccess.makeInterface()
        guard let li = libinput_udev_create_context(interface, Unmanaged.passUnretained(access).toOpaque(), udev) else {
            udev_unref(udev); interface.deinitialize(count: 1); interface.deallocate()
            throw InputDeviceError("libinput: libinput_udev_create_context failed")
        }
        LibinputSeatAccess.captureLog(of: li)
        let seatName = seat?.name ?? "seat0"
        // Enumerates the seat's devices now, opening each (DEVICE_ADDED events wait for readEvents).
        guard libinput_udev_assign_seat(li, seatName) == 0 else {
            let logged = access.problems.take()
            libinput_unref(li); udev_unref(udev); interface.deinitialize(count: 1); interface.deallocate()
            throw InputDeviceError("libinput: cannot read seat \(seatName)" + (logged.isEmpty ? "" : " (\(logged.joined(separator: "; ")))"))
        }
        self.li = li; self.udev = udev; self.access = access; self.interface = interface; self.seatName = seatName
        self.filter = DeviceFilter(devices)
        self.reader = LibinputEventReader(filter: filter, keyboard: keyboard, note: { [access] in access.notes.append($0) })
        // A VT switch away revokes the seat's devices: let go of them, and open them again on return
        // (the devices come back as new ones, with new ids).
        seat?.observeActivity { [weak self] active in
            guard let self else { return }
            if active {
                if libinput_resume(self.li) != 0 { self.access.report("libinput: could not resume the seat's devices") }
            } else {
                libinput_suspend(self.li)
            }
        }
    }

    deinit {
        libinput_unref(li)
        udev_unref(udev)
        interface.deinitialize(count: 1)
        interface.deallocate()
    }

    public var eventFD: Int32? { libinput_get_fd(li) }

    public func readEvents() throws -> [DeviceEvent] {
        let status = libinput_dispatch(li)
        guard status == 0 else {
            throw InputDeviceError("libinput: libinput_dispatch: \(String(cString: strerror(-status)))")
        }
        var events: [DeviceEvent] = []
        while let event = libinput_get_event(li) {
            if let translated = reader.translate(event) { events.append(translated) }
            libinput_event_destroy(event)
        }
        return events
    }

    /// What went wrong since the last `takeProblems()` (a device that would not open, libinput's own
    /// errors), oldest first: for warnings in the server's log.
    public var problems: [String] { access.problems.messages }

    public func takeProblems() -> [String] { access.problems.take() }

    /// Facts worth a log line since the last call (each device the filter leaves out).
    public func takeNotes() -> [String] { access.notes.take() }

    /// Without udevd (a container, an initramfs) libinput finds no device ready and would silently read
    /// nothing: say so instead.
    static func udevProblem(runDirectory: String) -> String? {
        var info = stat()
        guard stat(runDirectory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            return "libinput: udev is not running (no \(runDirectory)); libinput finds input devices through udev (set input = off to run without input)"
        }
        return nil
    }
}
