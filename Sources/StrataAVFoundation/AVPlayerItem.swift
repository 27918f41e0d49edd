import Foundation
import Strata

/// A media file to play (AVFoundation's AVPlayerItem, an NSObject: equal only to itself): its status
/// (`.readyToPlay` once its first frame is decoded, `.failed` with `error` when the file is missing, unreadable,
/// corrupt or in a codec no decoder is installed for), its duration and its frames' size. Observed by
/// key-value observing or `onStatusChange`, called on the connection's callback queue.
open class AVPlayerItem: NSObject, @unchecked Sendable {
    public enum Status: Int, Sendable { case unknown, readyToPlay, failed }

    public let url: URL
    /// The file (an AVURLAsset for `init(url:)`); read by the discoverer only when its properties are.
    public let asset: AVAsset
    private let state = Locked(State())
    private struct State {
        var status = Status.unknown
        var error: Error?
        var duration = CMTime.indefinite
        var presentationSize = CGSize.zero
        var currentTime = CMTime.zero
        /// The player playing it now (AVPlayer.replaceCurrentItem), for the item's own seeks.
        weak var player: AVPlayer?
    }

    /// Called on the connection's callback queue whenever `status` changes.
    public var onStatusChange: ((Status) -> Void)? {
        get { state.withLock { _ in statusHandler } }
        set { state.withLock { _ in statusHandler = newValue } }
    }
    private var statusHandler: ((Status) -> Void)?

    public convenience init(url: URL) { self.init(asset: AVURLAsset(url: url)) }

    public init(asset: AVAsset) {
        self.asset = asset
        url = asset.assetURL
        super.init()
    }

    public var status: Status { state.withLock { $0.status } }
    public var error: Error? { state.withLock { $0.error } }
    public var _keyValueObservers: KeyValueObservers { state.observers }
    /// `.indefinite` until known.
    public var duration: CMTime { state.withLock { $0.duration } }
    /// The frames' size in pixels (zero until the first is decoded).
    public var presentationSize: CGSize { state.withLock { $0.presentationSize } }
    /// The stream time of the frame on screen.
    public func currentTime() -> CMTime { state.withLock { $0.currentTime } }

    /// Whether playback will go on without stalling: true once the first frame is decoded (GStreamer's playbin
    /// buffers ahead itself), false before and after a failure.
    public var isPlaybackLikelyToKeepUp: Bool { status == .readyToPlay }

    /// What of the media can be played without waiting, as `NSValue(timeRange:)`s: from the start for the
    /// duration once the item is ready (the file is there to read); none before or after a failure.
    public var loadedTimeRanges: [NSValue] {
        state.withLock { s in
            guard s.status == .readyToPlay, s.duration.isNumeric else { return [] }
            return [NSValue(timeRange: CMTimeRange(start: .zero, duration: s.duration))]
        }
    }

    var player: AVPlayer? {
        get { state.withLock { $0.player } }
        set { state.withLock { $0.player = newValue } }
    }

    func becameReady(duration: Double?) {
        let changed = state.withLock { s -> Bool in
            if let duration { s.duration = CMTime(seconds: duration, preferredTimescale: 600) }
            guard s.status == .unknown else { return false }
            s.status = .readyToPlay
            return true
        }
        if changed { announce(.readyToPlay) }
    }

    func failed(_ reason: String) {
        let changed = state.withLock { s -> Bool in
            guard s.status != .failed else { return false }
            s.status = .failed
            s.error = MediaError(reason)
            return true
        }
        if changed { announce(.failed) }
    }

    func decoded(width: Int, height: Int) {
        state.withLock { $0.presentationSize = CGSize(width: width, height: height) }
    }

    func showing(_ time: Double) {
        state.withLock { $0.currentTime = CMTime(seconds: time, preferredTimescale: 600) }
    }

    private func announce(_ status: Status) {
        guard let handler = onStatusChange else { return }
        nonisolated(unsafe) let h = handler
        CallbackQueue.current.async { h(status) }
    }
}

/// Where AVFoundation's callbacks run: the main queue, as Strata's own callbacks.
enum CallbackQueue {
    static var current: DispatchQueue { .main }
}

extension AVPlayerItem: _KeyValueCodingAndObserving {
    // Apple's are `class let`, which Swift source cannot declare: `static let` reads the same, also through a subclass.
    /// Posted (object: the item) when the item's last frame is on screen (`.AVPlayerItemDidPlayToEndTime`).
    public static let didPlayToEndTimeNotification: NSNotification.Name = .AVPlayerItemDidPlayToEndTime
    /// Posted (object: the item; userInfo: the error under `AVPlayerItemFailedToPlayToEndTimeErrorKey`) when the
    /// item fails while playing.
    public static let failedToPlayToEndTimeNotification: NSNotification.Name = .AVPlayerItemFailedToPlayToEndTime
}

/// The error in `failedToPlayToEndTimeNotification`'s userInfo.
public let AVPlayerItemFailedToPlayToEndTimeErrorKey = "AVPlayerItemFailedToPlayToEndTimeErrorKey"

extension Notification.Name {
    /// Posted (object: the item) when an item plays to its end.
    public static let AVPlayerItemDidPlayToEndTime = Notification.Name("AVPlayerItemDidPlayToEndTimeNotification")
    /// Posted (object: the item) when an item fails while playing.
    public static let AVPlayerItemFailedToPlayToEndTime = Notification.Name("AVPlayerItemFailedToPlayToEndTimeNotification")
}

/// A value behind a lock: the state of an object observed by key-value observing, whose observations
/// look after each access (a check that finds nothing changed reports nothing).
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSRecursiveLock()
    let observers = KeyValueObservers()
    init(_ value: Value) { self.value = value }
    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer {
            lock.unlock()
            observers.didChange()
        }
        return try body(&value)
    }
}
