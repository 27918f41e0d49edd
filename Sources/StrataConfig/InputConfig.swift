/// `touch-output`: which output each touch device's touches land on.
public struct TouchOutputs: Equatable, Sendable {
    /// The output of touch devices not listed in `devices` (nil: udev's WL_OUTPUT, else the primary).
    public var output: String?
    /// Device name or sysname → output.
    public var devices: [String: String]

    public init(output: String? = nil, devices: [String: String] = [:]) {
        self.output = output; self.devices = devices
    }
}
