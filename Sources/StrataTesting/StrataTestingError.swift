import Foundation

/// A failure StrataTesting reports by throwing: its message says what went wrong and what to do, so a
/// test framework's printout of the error is enough (Swift Testing prints `description`, XCTest
/// `localizedDescription`).
public struct StrataTestingError: Error, CustomStringConvertible, LocalizedError {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
    public var errorDescription: String? { message }
}
