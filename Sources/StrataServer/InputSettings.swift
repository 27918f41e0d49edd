import StrataInput

/// How the server routes input (the configuration's input keys; docs/configuration.md).
public struct InputSettings: Equatable, Sendable {
    /// Whether inspectors may inject events (`strata input`): `input-injection`, on by default for the
    /// headless backend only.
    public var allowsInjection = false
    /// Per touch device (its name or its event node's sysname): the output its touches belong to.
    public var touchOutputs: [String: String] = [:]
    /// The output of every other touch device (nil: udev's WL_OUTPUT for the device, else the primary).
    public var touchOutput: String?

    public init() {}

    /// The output `device`'s touches land on (nil: the primary output).
    public func output(for device: InputDevice) -> String? {
        touchOutputs[device.name] ?? touchOutputs[device.sysname] ?? touchOutput ?? device.output
    }
}
