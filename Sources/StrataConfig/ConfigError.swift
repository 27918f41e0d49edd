/// A configuration problem, printed as `LOCATION: MESSAGE`, where the location is `FILE:LINE`, a
/// command-line option (`--size`) or the file alone (it could not be read).
public struct ConfigError: Error, Equatable, CustomStringConvertible {
    public let location: String
    public let message: String

    public init(location: String, message: String) {
        self.location = location
        self.message = message
    }

    public var description: String { "\(location): \(message)" }
}

/// A bad value, described starting with its key (`rotation must be 0, 90, 180 or 270, got 45`); the
/// caller adds where it was.
public struct ConfigValueError: Error, Equatable {
    public let message: String
    init(_ message: String) { self.message = message }
}
