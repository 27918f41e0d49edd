import Foundation
import Strata
import StrataProtocol

/// Plays one item at a time into its AVPlayerLayers (AVFoundation's AVPlayer; docs/video.md). GStreamer
/// decodes on a thread of the player's own; each frame goes to every layer showing the player, through
/// the layer's drawable ring, with the monotonic time it is due: the render server shows it at that
/// vblank, whatever the app's main thread is doing. Created paused; `play()` starts it. An NSObject, as
/// AVFoundation's: equal only to itself.
open class AVPlayer: NSObject, @unchecked Sendable, _KeyValueCodingAndObserving {
    /// Whether the player can play (AVFoundation's AVPlayer.Status, with its raw values).
    public enum Status: Int, Sendable {
        /// No item has become ready yet (raw value 0).
        case unknown
        /// An item's first frame has been decoded (raw value 1).
        case readyToPlay
        /// No decoding pipeline could be made at all; `error` says why (raw value 2). A file that fails fails
        /// its item, not the player.
        case failed
    }
    /// What the player does when its item has played to its end (AVFoundation's AVPlayer.ActionAtItemEnd, with
    /// its raw values).
    public enum ActionAtItemEnd: Int, Sendable {
        /// An `AVQueuePlayer` plays its next item; a plain player pauses (raw value 0).
        case advance
        /// The player pauses at the last frame: its rate becomes 0 (raw value 1).
        case pause
        /// Nothing: the rate stays as it was and the last frame stays on screen (raw value 2).
        case none
    }

    let state = Locked(State())
    struct State {
        var item: AVPlayerItem?
        var pipeline: MediaPipeline?
        var rate: Float = 0
        var volume: Float = 1
        var muted = false
        var status = Status.unknown
        var error: Error?
        var looping = false
        var layers: [WeakLayer] = []
        /// The frames sent, newest last (stream time, due time): what is on screen at a time.
        var sent: [(pts: Double, presentAt: Double)] = []
        var seekCompletions: [(Bool) -> Void] = []
        var observers: [any TimeObserver] = []
        /// Counts seeks and item changes: a boundary observer does not count a jump as crossing its times.
        var jumps: UInt64 = 0
        var loopCount = 0
        /// A seek asked for before the item was ready (GStreamer seeks a prerolled pipeline only).
        var pendingSeek: (seconds: Double, accurate: Bool)?
        /// Changed by whatever cancels a watch for the end of the item (AVPlayer+ItemEnd).
        var endToken: UInt64 = 0
        /// What the last end was scheduled for (tests).
        var lastItemEnd: ItemEnd?
        var waitsToMinimizeStalling = true
    }

    /// What happens when the item ends (default `.pause`; an AVQueuePlayer's is `.advance`).
    public var actionAtItemEnd: ActionAtItemEnd = .pause

    /// Stored and read back (default true): nothing blanks a Strata screen, so playback is never interrupted by
    /// the display sleeping, whatever this is.
    public var preventsDisplaySleepDuringVideoPlayback = true

    public override init() { super.init() }

    /// A paused player for the file at `url`: it makes an `AVPlayerItem(url:)` and starts decoding it, so its
    /// first frame is shown once ready.
    public convenience init(url: URL) {
        self.init(playerItem: AVPlayerItem(url: url))
    }

    /// A paused player for `item` (none when nil), which it starts decoding as `replaceCurrentItem(with:)` does.
    public init(playerItem item: AVPlayerItem?) {
        super.init()
        replaceCurrentItem(with: item)
    }

    /// The item playing or paused now; nil when there is none. Changed by `replaceCurrentItem(with:)` and, in an
    /// `AVQueuePlayer`, by advancing. Observable by key-value observing.
    public var currentItem: AVPlayerItem? { state.withLock { $0.item } }
    /// `.readyToPlay` once the current item's first frame is decoded; `.failed` only when no decoding
    /// pipeline could be made at all (a failing file fails its item, as in AVFoundation).
    public var status: Status { state.withLock { $0.status } }
    /// Why `status` is `.failed` (the decoding pipeline could not be made); nil otherwise. A file's own errors are
    /// its item's `error`.
    public var error: Error? { state.withLock { $0.error } }

    /// Whether the player plays now (AVFoundation's): paused at rate 0, waiting while its item is not ready
    /// to play yet, else playing.
    public enum TimeControlStatus: Int, Sendable {
        /// The rate is 0 (raw value 0).
        case paused
        /// The rate is not 0 but the current item is not ready to play yet, or there is none (raw value 1).
        case waitingToPlayAtSpecifiedRate
        /// The rate is not 0 and the current item is ready: frames are being shown (raw value 2).
        case playing
    }
    /// `.paused` at rate 0, `.waitingToPlayAtSpecifiedRate` while the current item is not ready to play,
    /// otherwise `.playing`; worked out from `rate` and the item's status when read. No `reasonForWaitingToPlay`.
    public var timeControlStatus: TimeControlStatus {
        guard rate != 0 else { return .paused }
        return currentItem?.status == .readyToPlay ? .playing : .waitingToPlayAtSpecifiedRate
    }

    public var _keyValueObservers: KeyValueObservers { state.observers }

    /// Plays `item` from its start (paused as before), or nothing.
    open func replaceCurrentItem(with item: AVPlayerItem?) {
        cancelEndWatch()
        let (old, oldItem) = state.withLock { s -> (MediaPipeline?, AVPlayerItem?) in
            let old = (s.pipeline, s.item)
            s.item = item
            s.pipeline = nil
            s.sent.removeAll()
            s.jumps &+= 1
            return old
        }
        old?.stop()
        if oldItem !== item, oldItem?.player === self { oldItem?.player = nil }
        item?.player = self
        for layer in layers { layer.drawableRing.discardQueued() }
        guard let item else { return }
        do {
            let pipeline = try MediaPipeline(uri: item.url.isFileURL ? item.url.absoluteURL.absoluteString : item.url.absoluteString)
            pipeline.onFrame = { [weak self] frame in self?.show(frame) }
            pipeline.onEvent = { [weak self] event in self?.handle(event, of: item) }
            let (rate, volume, muted, looping) = state.withLock { s -> (Float, Float, Bool, Bool) in
                s.pipeline = pipeline
                return (s.rate, s.volume, s.muted, s.looping)
            }
            pipeline.setVolume(Double(volume), muted: muted)
            if looping { pipeline.setLooping(true) }
            pipeline.start()
            // A file GStreamer neither decodes nor refuses (some truncated containers) must not leave the
            // item unknown for ever.
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.prerollTimeout) { [weak self, weak item, weak pipeline] in
                guard let self, let item, let pipeline, item.status == .unknown, self.state.withLock({ $0.pipeline === pipeline }) else { return }
                pipeline.stop()
                item.failed("no frame of \(item.url.lastPathComponent) could be decoded within \(Int(Self.prerollTimeout)) s (is the file complete, and a video?)")
            }
            if rate != 0 { pipeline.setPlaying(true) }
        } catch {
            state.withLock { $0.status = .failed; $0.error = error }
            item.failed("\(error)")
        }
    }

    // MARK: playing

    /// Plays at rate 1.
    open func play() { rate = 1 }
    /// Plays at `rate` now (AVFoundation's doesn't wait to minimise stalling; Strata never waits beyond the
    /// first frame anyway).
    open func playImmediately(atRate rate: Float) { self.rate = rate }

    /// Stored and read back (default true). Either way a player plays as soon as its item's first frame is
    /// decoded (`timeControlStatus` waits until then): GStreamer's playbin buffers ahead itself, so there is
    /// no later stall for the player to wait out.
    open var automaticallyWaitsToMinimizeStalling: Bool {
        get { state.withLock { $0.waitsToMinimizeStalling } }
        set { state.withLock { $0.waitsToMinimizeStalling = newValue } }
    }
    /// Stops at the frame on screen.
    open func pause() { rate = 0 }

    /// 0: paused; 1: playing; another positive rate plays faster or slower (audio too). A negative rate
    /// (playing backwards) is refused: "unsupported: negative rate".
    open var rate: Float {
        get { state.withLock { $0.rate } }
        set {
            guard newValue.isFinite, newValue >= 0 else {
                StrataLog.logger.error("AVPlayer.rate: unsupported: negative rate \(newValue)")
                return
            }
            let (old, pipeline) = state.withLock { s -> (Float, MediaPipeline?) in
                let old = s.rate
                s.rate = newValue
                return (old, s.pipeline)
            }
            guard let pipeline, old != newValue else { return }
            cancelEndWatch()
            if newValue == 0 {
                // What was decoded ahead is dropped, and decoding resumes after the frame on screen.
                pipeline.setPlaying(false)
                for layer in layers { layer.drawableRing.discardQueued() }
                let shown = onScreen()
                if shown != nil { pipeline.beginSeek() }
                state.withLock { $0.sent.removeAll() }
                // Until the paused frame comes back from the seek, the time read is the one on screen.
                if let shown { currentItem?.showing(shown); pipeline.seek(to: shown, accurate: true) }
            } else {
                if newValue != 1 || old > 0 {
                    for layer in layers { layer.drawableRing.discardQueued() }
                    let from = onScreen()
                    pipeline.beginSeek()
                    state.withLock { $0.sent.removeAll() }
                    if let from { currentItem?.showing(from) }
                    if currentItem?.status != .readyToPlay {
                        // GStreamer seeks a prerolled pipeline only: the item's first frame can be on screen
                        // before the pipeline says it has prerolled. The seek (and so the rate) waits for it.
                        state.withLock { s in if s.pendingSeek == nil { s.pendingSeek = (from ?? 0, true) } }
                    } else if !pipeline.seek(to: from ?? 0, accurate: true, rate: Double(newValue)) {
                        StrataLog.logger.error("AVPlayer.rate: GStreamer refused the seek at rate \(newValue): the rate is unchanged")
                    }
                }
                pipeline.setPlaying(true)
            }
        }
    }

    /// The rate a seek plays on at: the player's, or 1 while it is paused (a seek keeps a slow or fast rate, as
    /// AVFoundation's does).
    var seekRate: Double { rate > 0 ? Double(rate) : 1 }

    /// The stream time of the frame on screen now.
    open func currentTime() -> CMTime {
        guard let t = onScreen() else { return currentItem?.currentTime() ?? .zero }
        return CMTime(seconds: t, preferredTimescale: 600)
    }

    /// Seeks to the nearest key frame to `time` (fast; see `seek(to:toleranceBefore:toleranceAfter:)`).
    open func seek(to time: CMTime) { seek(to: time, toleranceBefore: .positiveInfinity, toleranceAfter: .positiveInfinity) }

    /// Seeks to the nearest key frame to `time`, as `seek(to:)`, then calls `completionHandler` on the main queue:
    /// true once the player has its frame, false when `time` is not numeric, there is no item or GStreamer refuses
    /// the seek. A seek asked for before the item is ready waits for it. Unlike AVFoundation, a seek made while
    /// another is in progress does not end the earlier one with false: every pending handler gets true when the
    /// pipeline next finishes seeking. See <doc:Status#Layer-subclasses>.
    open func seek(to time: CMTime, completionHandler: @escaping @Sendable (Bool) -> Void) {
        seek(to: time, toleranceBefore: .positiveInfinity, toleranceAfter: .positiveInfinity, completionHandler: completionHandler)
    }

    /// Seeks within the tolerances: zero both ways lands on the frame whose time span holds `time`
    /// (decoded from the key frame before it); any other tolerance seeks to the nearest key frame.
    open func seek(to time: CMTime, toleranceBefore: CMTime, toleranceAfter: CMTime, completionHandler: (@Sendable (Bool) -> Void)? = nil) {
        guard let seconds = time.nanoseconds.map({ Double($0) / 1e9 }), let pipeline = state.withLock({ $0.pipeline }) else {
            completionHandler.map { h in CallbackQueue.current.async { h(false) } }
            return
        }
        let accurate = toleranceBefore == .zero && toleranceAfter == .zero
        cancelEndWatch()
        for layer in layers { layer.drawableRing.discardQueued() }
        // No frame decoded before the seek reaches `sent` once it is emptied (`MediaPipeline.beginSeek`).
        pipeline.beginSeek()
        // The item's time first: once the jump is counted and the frames sent are forgotten, `currentTime()`
        // reads the item's, which must be the new time then (a boundary observer's look between the two saw
        // the old time with the new jump count, and took the seek for playback crossing its times).
        currentItem?.showing(seconds)
        state.withLock { s in
            s.sent.removeAll()
            s.jumps &+= 1
            if let completionHandler { s.seekCompletions.append(completionHandler) }
        }
        if currentItem?.status != .readyToPlay {
            state.withLock { $0.pendingSeek = (seconds, accurate) }
            return
        }
        if !pipeline.seek(to: seconds, accurate: accurate, rate: seekRate) {
            let done = state.withLock { s -> [(Bool) -> Void] in defer { s.seekCompletions.removeAll() }; return s.seekCompletions }
            for h in done { nonisolated(unsafe) let h = h; CallbackQueue.current.async { h(false) } }
        }
    }

    /// Seeks to the nearest key frame to `time` and returns once done, with what `seek(to:completionHandler:)`
    /// passes its handler.
    public func seek(to time: CMTime) async -> Bool {
        await withCheckedContinuation { done in seek(to: time, completionHandler: { done.resume(returning: $0) }) }
    }

    /// Seeks as `seek(to:toleranceBefore:toleranceAfter:completionHandler:)` does (zero tolerances: the frame
    /// whose span holds `time`; any other: the nearest key frame) and returns once done, with what the completion
    /// handler would get.
    public func seek(to time: CMTime, toleranceBefore: CMTime, toleranceAfter: CMTime) async -> Bool {
        await withCheckedContinuation { done in
            seek(to: time, toleranceBefore: toleranceBefore, toleranceAfter: toleranceAfter, completionHandler: { done.resume(returning: $0) })
        }
    }

    /// 0…1 (default 1).
    open var volume: Float {
        get { state.withLock { $0.volume } }
        set {
            let v = min(max(newValue, 0), 1)
            let (pipeline, muted) = state.withLock { s -> (MediaPipeline?, Bool) in s.volume = v; return (s.pipeline, s.muted) }
            pipeline?.setVolume(Double(v), muted: muted)
        }
    }

    /// Whether the audio is silenced (default false), keeping `volume` for when it is unmuted: playbin's mute,
    /// applied at once and to items played later.
    open var isMuted: Bool {
        get { state.withLock { $0.muted } }
        set {
            let (pipeline, volume) = state.withLock { s -> (MediaPipeline?, Float) in s.muted = newValue; return (s.pipeline, s.volume) }
            pipeline?.setVolume(Double(volume), muted: newValue)
        }
    }

    // MARK: observing

    /// Calls `block` on `queue` (the connection's callback queue when nil) every `interval` while the player
    /// plays, with the current time. Returns the observer to pass to `removeTimeObserver(_:)`.
    open func addPeriodicTimeObserver(forInterval interval: CMTime, queue: DispatchQueue?, using block: @escaping @Sendable (CMTime) -> Void) -> Any {
        let observer = PeriodicObserver(interval: max(interval.seconds.isFinite ? interval.seconds : 0.1, 0.01), queue: queue ?? CallbackQueue.current) { [weak self] in
            guard let self, self.rate != 0 else { return nil }
            return self.currentTime()
        }
        observer.block = block
        state.withLock { $0.observers.append(observer) }
        observer.start()
        return observer
    }

    /// How often a boundary observer looks at the time on screen while the player plays (a 60 Hz frame's half:
    /// the block runs within that of the frame at the time being shown).
    static let boundaryPollInterval = 1.0 / 120

    /// Calls `block` on `queue` (the connection's callback queue when nil) each time normal playback crosses one
    /// of `times` (`NSValue(time:)`s; those not numeric are ignored), not when a seek or a new item jumps over
    /// it (BoundaryObserver). Returns the observer for `removeTimeObserver(_:)`.
    open func addBoundaryTimeObserver(forTimes times: [NSValue], queue: DispatchQueue?, using block: @escaping @Sendable () -> Void) -> Any {
        let boundaries = times.map(\.timeValue).filter(\.isNumeric).sorted()
        let observer = BoundaryObserver(times: boundaries, queue: queue ?? CallbackQueue.current, block: block) { [weak self] in
            guard let self else { return nil }
            // A jump (seek, new item) while looking leaves the time on either side of it: the look then counts
            // as before the jump, so the next one, after it, crosses nothing.
            let before = self.state.withLock { $0.jumps }
            let time = self.currentTime(), playing = self.rate != 0
            return (time, playing, before)
        }
        state.withLock { $0.observers.append(observer) }
        observer.start()
        return observer
    }

    /// Stops an observer `addPeriodicTimeObserver` or `addBoundaryTimeObserver` returned; anything else is
    /// logged as refused.
    open func removeTimeObserver(_ observer: Any) {
        guard let o = observer as? any TimeObserver else {
            StrataLog.logger.error("AVPlayer.removeTimeObserver(_:): refused: \(type(of: observer)) is not a time observer of a player")
            return
        }
        o.stop()
        state.withLock { $0.observers.removeAll { $0 === o } }
    }

    /// At the item's end with `.advance`: AVQueuePlayer plays its next item; a plain player pauses.
    func itemEnded() {
        state.withLock { $0.rate = 0 }
    }
}

struct WeakLayer {
    weak var layer: AVPlayerLayer?
}

/// What `addPeriodicTimeObserver` and `addBoundaryTimeObserver` return.
protocol TimeObserver: AnyObject, Sendable {
    func stop()
}

/// `addPeriodicTimeObserver`'s timer.
final class PeriodicObserver: TimeObserver, @unchecked Sendable {
    private let timer: DispatchSourceTimer
    private let time: () -> CMTime?
    var block: (@Sendable (CMTime) -> Void)?

    init(interval: Double, queue: DispatchQueue, time: @escaping () -> CMTime?) {
        self.time = time
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [weak self] in
            guard let self, let t = self.time() else { return }
            self.block?(t)
        }
    }

    func start() { timer.resume() }
    func stop() { timer.cancel() }
}
