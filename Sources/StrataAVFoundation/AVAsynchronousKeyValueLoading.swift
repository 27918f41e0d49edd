import Foundation

/// Where a property's loading stands (AVFoundation's AVKeyValueStatus).
public enum AVKeyValueStatus: Int, Sendable {
    case unknown, loading, loaded, failed, cancelled
}

/// Loading properties without blocking (AVFoundation's AVAsynchronousKeyValueLoading).
public protocol AVAsynchronousKeyValueLoading {
    func statusOfValue(forKey key: String, error outError: UnsafeMutablePointer<NSError?>?) -> AVKeyValueStatus
    func loadValuesAsynchronously(forKeys keys: [String], completionHandler handler: (@Sendable () -> Void)?)
}
