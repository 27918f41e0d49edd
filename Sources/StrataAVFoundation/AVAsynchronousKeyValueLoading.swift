import Foundation

/// Where a property's loading stands (AVFoundation's AVKeyValueStatus).
public enum AVKeyValueStatus: Int, Sendable {
    /// The value has not been asked for yet (raw value 0).
    case unknown
    /// Loading was started and the value is not read yet (raw value 1).
    case loading
    /// The value is read and can be used without waiting (raw value 2).
    case loaded
    /// The value could not be loaded; the error says why (raw value 3).
    case failed
    /// Loading was cancelled (raw value 4). Strata's assets never report it: there is no `cancelLoading()`.
    case cancelled
}

/// Loading properties without blocking (AVFoundation's AVAsynchronousKeyValueLoading).
public protocol AVAsynchronousKeyValueLoading {
    /// Where loading the value for `key` stands, without waiting; when it is `.failed`, the reason is stored in
    /// `outError` (pass `&error` of an `NSError?`: Foundation on Linux has no `NSErrorPointer`).
    func statusOfValue(forKey key: String, error outError: UnsafeMutablePointer<NSError?>?) -> AVKeyValueStatus
    /// Starts loading the values for `keys` if they are not loaded yet, and calls `handler` once they are (or have
    /// failed), on a queue that need not be the main one.
    func loadValuesAsynchronously(forKeys keys: [String], completionHandler handler: (@Sendable () -> Void)?)
}
