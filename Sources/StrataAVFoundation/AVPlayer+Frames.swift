import Foundation
import Strata
import StrataProtocol

/// The player's layers and the frames it shows on them: attaching, looping, each decoded frame put on
/// screen at its time, and the pipeline's events (an item's end, an error).
extension AVPlayer {
    func attach(_ layer: AVPlayerLayer) {
        state.withLock { s in
            s.layers.removeAll { $0.layer == nil || $0.layer === layer }
            s.layers.append(WeakLayer(layer: layer))
        }
    }

    func detach(_ layer: AVPlayerLayer) {
        state.withLock { $0.layers.removeAll { $0.layer == nil || $0.layer === layer } }
    }

    var layers: [AVPlayerLayer] { state.withLock { $0.layers.compactMap(\.layer) } }

    /// Loops the current item without a gap (AVPlayerLooper).
    func setLooping(_ on: Bool) {
        let pipeline = state.withLock { s -> MediaPipeline? in s.looping = on; return s.pipeline }
        pipeline?.setLooping(on)
    }

    var loopCount: Int { state.withLock { $0.loopCount } }

    /// How long an item may take to decode its first frame before it fails.
    static let prerollTimeout = 5.0

    /// Frames waiting on a layer at most: about a fifth of a second of 30 fps video decoded ahead.
    static let framesAhead = 6

    /// On the media thread: one decoded frame to every layer (or, with none, paced to its time).
    func show(_ frame: MediaPipeline.Frame) {
        currentItem?.decoded(width: frame.width, height: frame.height)
        let targets = layers
        if targets.isEmpty, frame.presentAt > 0 {
            let wait = frame.presentAt - MonotonicClock.now()
            if wait > 0 { usleep(useconds_t(min(wait, 1) * 1e6)) }
        }
        let bytes = frame.format.byteCount(width: frame.width, height: frame.height)
        for layer in targets {
            let ring = layer.drawableRing
            guard let slot = ring.acquire(width: frame.width, height: frame.height, byteCount: bytes, capacity: Self.framesAhead, timeout: 1) else {
                continue
            }
            frame.copy(slot.buffer.base)
            ring.present(slot, format: frame.format, presentAt: frame.presentAt, withTransaction: false)
            layer.frameSent()
        }
        // A looping stream's frames start again from the stream's start: the frame before was its pass's last.
        let passEnd = state.withLock { s -> Double? in
            let last = s.sent.last
            s.sent.append((frame.pts, frame.presentAt))
            if s.sent.count > 64 { s.sent.removeFirst(s.sent.count - 64) }
            guard s.looping, let last, frame.pts < last.pts else { return nil }
            return last.presentAt
        }
        if let passEnd, let item = currentItem {
            whenFrameShown(at: passEnd, of: item, waitsForRelease: false) { [weak self] in self?.passEnded(item) }
        }
    }

    /// The stream time of the newest frame sent that is due by now.
    func onScreen() -> Double? {
        let now = MonotonicClock.now()
        return state.withLock { $0.sent.last { $0.presentAt <= now }?.pts ?? $0.sent.first?.pts }
    }

    func handle(_ event: MediaPipeline.Event, of item: AVPlayerItem) {
        guard state.withLock({ $0.item === item }) else { return }
        switch event {
        case .ready(let duration):
            let (pendingSeek, pipeline) = state.withLock { s -> ((seconds: Double, accurate: Bool)?, MediaPipeline?) in
                if s.status == .unknown { s.status = .readyToPlay }
                defer { s.pendingSeek = nil }
                return (s.pendingSeek, s.pipeline)
            }
            item.becameReady(duration: duration)
            if let pendingSeek, let pipeline {
                pipeline.seek(to: pendingSeek.seconds, accurate: pendingSeek.accurate, rate: seekRate)
                return
            }
            let done = state.withLock { s -> [(Bool) -> Void] in defer { s.seekCompletions.removeAll() }; return s.seekCompletions }
            for h in done { nonisolated(unsafe) let h = h; CallbackQueue.current.async { h(true) } }
        case .failed(let reason):
            item.failed(reason)
            let cause = (item.error as? MediaError)?.description ?? reason
            CallbackQueue.current.async {
                NotificationCenter.default.post(name: .AVPlayerItemFailedToPlayToEndTime, object: item,
                                                userInfo: [AVPlayerItemFailedToPlayToEndTimeErrorKey: MediaError(cause).nsError])
            }
        case .endOfStream:
            let last = state.withLock { $0.sent.last?.presentAt }
            whenFrameShown(at: last, of: item, waitsForRelease: true) { [weak self] in self?.reachedEnd(of: item) }
        }
    }

    /// The item's last frame is on screen: the item's end action, then its notification.
    private func reachedEnd(of item: AVPlayerItem) {
        switch actionAtItemEnd {
        case .pause: state.withLock { $0.rate = 0 }
        case .none: break
        case .advance: itemEnded()
        }
        CallbackQueue.current.async { NotificationCenter.default.post(name: .AVPlayerItemDidPlayToEndTime, object: item) }
    }

    /// A looping item's pass is on screen to its last frame: counted, and announced as AVPlayerLooper's
    /// replica items announce theirs (the object is the item looped).
    private func passEnded(_ item: AVPlayerItem) {
        state.withLock { $0.loopCount += 1 }
        CallbackQueue.current.async { NotificationCenter.default.post(name: .AVPlayerItemDidPlayToEndTime, object: item) }
    }
}
