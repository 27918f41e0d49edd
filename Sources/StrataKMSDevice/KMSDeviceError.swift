import Foundation

/// A failure talking to the real DRM device, GBM, udev or the seat, naming the call and errno.
public struct KMSDeviceError: Error, CustomStringConvertible, Equatable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
