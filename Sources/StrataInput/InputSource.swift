/// Where the server's input comes from: libinput on the seat's devices (StrataInputDevice), or a fake
/// device in tests. As narrow as `DRMDevice`: a descriptor to poll and the events that are ready, already
/// in device-neutral terms (normalised touch positions, keysyms), so routing is tested without hardware.
public protocol InputSource: AnyObject {
    /// Readable when events wait (nil: the source has no descriptor; the server reads it every loop turn).
    var eventFD: Int32? { get }
    /// The events ready now, oldest first, without blocking. Throws only when the whole source failed
    /// (logged; the server goes on without input). A device that misbehaves is the source's to drop.
    func readEvents() throws -> [DeviceEvent]
}

/// What a device can report.
public struct InputCapabilities: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let touch = InputCapabilities(rawValue: 1)
    public static let pointer = InputCapabilities(rawValue: 2)
    public static let keyboard = InputCapabilities(rawValue: 4)
}

/// One input device of the seat.
public struct InputDevice: Equatable, Sendable {
    /// The source's handle for it, unique while the source runs (not reused after removal).
    public var id: UInt32
    /// The device's name ("ILITEK ILITEK-TP", "AT Translated Set 2 keyboard").
    public var name: String
    /// The kernel's event node name ("event5").
    public var sysname: String
    public var capabilities: InputCapabilities
    /// The output its touches belong to, when udev says (the WL_OUTPUT property): the configuration's
    /// `touch-output` wins over it.
    public var output: String?

    public init(id: UInt32, name: String, sysname: String, capabilities: InputCapabilities, output: String? = nil) {
        self.id = id; self.name = name; self.sysname = sysname; self.capabilities = capabilities; self.output = output
    }
}

public enum TouchPhase: UInt8, Sendable {
    case down, motion, up, cancel
}

/// An event from a device. Times are monotonic seconds (CLOCK_MONOTONIC, as libinput reports them).
public enum DeviceEvent: Equatable, Sendable {
    case added(InputDevice)
    /// The device is gone (unplugged): touches and presses it had going are cancelled.
    case removed(deviceID: UInt32)
    /// A touch: `slot` is the seat-wide touch slot (unique among the seat's touches down at once); x and y
    /// are 0…1 across the panel as it is wired (not turned with the output; up and cancel carry none).
    case touch(device: UInt32, slot: Int32, phase: TouchPhase, x: Double, y: Double, time: Double)
    /// Relative pointer motion in output pixels (libinput's accelerated deltas).
    case pointerMotion(device: UInt32, dx: Double, dy: Double, time: Double)
    /// Absolute pointer position (a tablet, a VM's pointer): 0…1 across the output.
    case pointerPosition(device: UInt32, x: Double, y: Double, time: Double)
    /// A button (Linux code: BTN_LEFT 0x110, …) went down or up.
    case button(device: UInt32, code: UInt32, pressed: Bool, time: Double)
    /// Scrolling, in pixels along each axis.
    case axis(device: UInt32, dx: Double, dy: Double, time: Double)
    /// A key, as the keymap reads it: its keysym and the text it types (xkbcommon), down or up.
    case key(device: UInt32, keysym: UInt32, text: String, pressed: Bool, time: Double)
}
