/// A failure starting or reading the seat's input (libinput, udev, xkbcommon), worded for the log:
/// "libinput: …", "keymap: …".
public struct InputDeviceError: Error, CustomStringConvertible, Equatable, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
