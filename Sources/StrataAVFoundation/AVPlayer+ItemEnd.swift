import Foundation
import Strata
import StrataProtocol

/// An item's end as AVFoundation reports it: when its last frame is on screen, not when GStreamer finished
/// decoding it. The decoder runs up to `framesAhead` frames (a fifth of a second) ahead of the screen, so
/// the end of stream comes that early: a loop that seeks to zero on `AVPlayerItemDidPlayToEndTime` cut
/// the last frames of every pass, and a `pause()` in them was followed by the notification anyway.
extension AVPlayer {
    /// What the last end was scheduled for (monotonic seconds): `due`, the time past which the last frame
    /// is on screen; `late`, how much later than asked the look that decided it ran (a loaded machine's
    /// timers: the end is later by as much). Tests hold `due − late` to the frame's vblank.
    struct ItemEnd {
        let due: Double
        let late: Double
        let lastFrameAt: Double
    }

    /// How often the watch looks whether the last frame was shown.
    static let endPollInterval = 0.002
    /// How long past its due time the watch waits for the server to take the last frame (a layer not on a
    /// server never hands its frames back).
    static let endReleaseWait = 0.5

    /// Watches for the frame of `item` due at `frameAt` (nil or 0: one shown at once) to be on screen: once
    /// it is due and (`waitsForRelease`: the last frame sent) the server has taken it from every layer's
    /// ring, one refresh later it is on screen (the server shows a frame at the first vblank at or after its
    /// time, and takes it while drawing that vblank's frame). Then `ended` runs, unless the player paused,
    /// seeked or changed its item meanwhile.
    func whenFrameShown(at frameAt: Double?, of item: AVPlayerItem, waitsForRelease: Bool, _ ended: @escaping @Sendable () -> Void) {
        let token = state.withLock { $0.endToken }
        let refresh = Self.refreshInterval
        let now = MonotonicClock.now()
        let lastFrame = frameAt.flatMap { $0 > 0 ? $0 : nil } ?? now
        // Not a look every 2 ms while the frames decoded ahead play out: the first when the frame is due.
        poll(item, token, after: max(Self.endPollInterval, lastFrame - now)) { [weak self] late in
            guard let self else { return true }
            let now = MonotonicClock.now()
            guard now >= lastFrame else { return false }
            let taken = !waitsForRelease || now > lastFrame + Self.endReleaseWait
                || self.layers.allSatisfy { $0.drawableRing.heldCount == 0 }
            guard taken else { return false }
            let due = now + refresh
            self.state.withLock { $0.lastItemEnd = ItemEnd(due: due, late: late, lastFrameAt: lastFrame) }
            DispatchQueue.global().asyncAfter(deadline: .now() + refresh) { [weak self] in
                guard let self, self.state.withLock({ $0.endToken == token && $0.item === item }) else { return }
                ended()
            }
            return true
        }
    }

    /// Calls `check` after `delay`, then every `endPollInterval` until it returns true, or the watch was
    /// cancelled; `check` is told how late it runs.
    private func poll(_ item: AVPlayerItem, _ token: UInt64, after delay: Double, _ check: @escaping @Sendable (Double) -> Bool) {
        let asked = MonotonicClock.now() + delay
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [weak self] in
            guard let self, self.state.withLock({ $0.endToken == token && $0.item === item }) else { return }
            if !check(max(0, MonotonicClock.now() - asked)) { self.poll(item, token, after: Self.endPollInterval, check) }
        }
    }

    /// Cancels a watch for the end: the player paused, seeked, changed its rate or its item.
    func cancelEndWatch() {
        state.withLock { $0.endToken &+= 1 }
    }

    /// The longest refresh interval among the connection's outputs (a 60 Hz one without a connection).
    static var refreshInterval: Double {
        let rates = StrataConnection.currentConnection?.outputs.map(\.refreshRate).filter { $0 > 0 } ?? []
        return 1 / (rates.min() ?? 60)
    }
}
