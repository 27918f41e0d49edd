/// Which of the seat's devices the server reads (`input-devices`): those named by device name or by
/// event node sysname; an empty list admits every device.
public struct DeviceFilter: Equatable, Sendable {
    public var names: [String]
    public init(_ names: [String]) { self.names = names }

    public func admits(name: String, sysname: String) -> Bool {
        names.isEmpty || names.contains(name) || names.contains(sysname)
    }
}
