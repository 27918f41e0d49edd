import Foundation
import Strata

/// A media file to play (AVFoundation's AVPlayerItem, an NSObject: equal only to itself): its status
/// (`.readyToPlay` once its first frame is decoded, `.failed` with `error` when the file is missing, unreadable,
/// corrupt or in a codec no decoder is installed for), its duration and its frames' size. Observed by
/// key-value observing or `onStatusChange`, called on the connection's callback queue.
open class AVPlayerItem: NSObject, @unchecked Sendable {
    /// Whether the item can be played (AVFoundation's AVPlayerItem.Status, with its raw values).
    public enum Status: Int, Sendable {
        /// Not known yet: the item is not a player's, or its first frame is not decoded yet (raw value 0).
        case unknown
        /// The first frame has been decoded: the item can play (raw value 1).
        case readyToPlay
        /// The item cannot be played; `error` names GStreamer's cause (raw value 2).
        case failed
    }

    /// The URL of the media the item plays: its asset's URL.
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

    /// An item for the file at `url`, whose `asset` is an `AVURLAsset` for it. Nothing is decoded until a
    /// player plays it.
    public convenience init(url: URL) { self.init(asset: AVURLAsset(url: url)) }

    /// An item playing `asset`'s URL. The player's pipeline does not wait for the asset to be read.
    public init(asset: AVAsset) {
        self.asset = asset
        url = asset.assetURL
        super.init()
    }

    /// `.readyToPlay` once a player has decoded its first frame; `.failed` when the file is missing, unreadable,
    /// not a video, in a codec no decoder is installed for, or gives no frame within 5 s, or when no decoding
    /// pipeline could be made. Observable by key-value observing and `onStatusChange`.
    public var status: Status { state.withLock { $0.status } }
    /// Why `status` is `.failed`, naming GStreamer's cause (for example "Resource not found"); nil otherwise.
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
