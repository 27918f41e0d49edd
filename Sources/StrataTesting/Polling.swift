import Foundation

/// Polls `condition` every 20 ms until it holds; throws, naming `what`, when `timeout` passes first. The
/// server renders at its own pace, so a test waits for what it expects instead of sleeping a fixed time
/// (which a loaded machine outlasts).
public func waitUntil(_ what: @autoclosure () -> String, timeout: TimeInterval = 10, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try condition() { return }
        usleep(20_000)
    }
    guard try condition() else { throw StrataTestingError("timed out after \(timeout) s waiting for \(what())") }
}
