/// A committed operation that does not make sense against the client's current tree.
struct CommitError: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// A request the server declines as asked, for a reason of the request's (answered, never logged as a fault).
struct RequestDeclined: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// A request for something only inspectors may see.
struct AccessDenied: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { "permission denied: \(message)" }
}
