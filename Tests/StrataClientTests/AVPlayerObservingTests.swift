import Foundation
import Strata
@testable import StrataAVFoundation
import StrataCore
import Testing

/// Counts calls from a queue of its own, with the player's time at each.
final class CallLog: @unchecked Sendable {
    private let lock = NSLock()
    private var times: [Double] = []
    func record(_ t: Double) { lock.withLock { times.append(t) } }
    var calls: [Double] { lock.withLock { times } }
}

extension ClientProcessSuite {
/// Issue 49: AVFoundation's boundary time observers, seeks with completions and `await`, an item's own seeks,
/// its loaded ranges, and AVQueuePlayer's `canInsert`, on the 2 s, 30 fps test clip.
@Suite struct AVPlayerObservingTests {
    init() { setenv("STRATA_AUDIO_SINK", "fakesink sync=true", 1) }

    /// Played from 0.75 s to its end, a 2 s clip crosses 1 s and 1.5 s once each, not 0.5 s (the seek jumped
    /// over it); a removed observer never runs.
    @Test func boundaryObserversRunWhenPlaybackCrossesTheirTimes() throws {
        let clip = try VideoFixtures.clip(frames: 60)
        let server = try ServerProcess(size: "128x64")
        defer { _ = server.stop() }
        let (player, connection, errors) = try VideoItemEndTests.showing(clip, on: server)
        defer { connection.close() }
        let queue = DispatchQueue(label: "boundary-test")
        let kept = CallLog(), removed = CallLog()
        let times = [0.5, 1.0, 1.5].map { NSValue(time: CMTime(seconds: $0, preferredTimescale: 600)) }
        let observer = player.addBoundaryTimeObserver(forTimes: times, queue: queue) { kept.record(player.currentTime().seconds) }
        let gone = player.addBoundaryTimeObserver(forTimes: times, queue: queue) { removed.record(0) }
        player.removeTimeObserver(gone)
        let sought = Locked(false)
        player.seek(to: CMTime(value: 3, timescale: 4), toleranceBefore: .zero, toleranceAfter: .zero) { done in sought.withLock { $0 = done } }
        #expect(eventually { sought.withLock { $0 } })
        let ended = EndLog(player)
        player.play()
        #expect(eventually(20) { !ended.ends.isEmpty })
        queue.sync {}
        let calls = kept.calls
        #expect(calls.count == 2, "\(calls)")
        // Each ran once the time on screen was at or past its time.
        #expect(calls.count == 2 && calls[0] >= 1.0 && calls[1] >= 1.5, "\(calls)")
        #expect(removed.calls.isEmpty)
        player.removeTimeObserver(observer)
        #expect(errors.reasons.isEmpty, "\(errors.reasons)")
    }

    /// `await player.seek(to:)` and the item's own seek complete with true once the frame is there; the item is
    /// likely to keep up and has its whole duration loaded.
    @Test func seeksCompleteAndTheItemReportsWhatIsLoaded() async throws {
        let clip = try VideoFixtures.clip(frames: 60)
        let server = try ServerProcess(size: "128x64")
        defer { _ = server.stop() }
        let (player, connection, errors) = try VideoItemEndTests.showing(clip, on: server)
        defer { connection.close() }
        let item = try #require(player.currentItem)
        #expect(eventually { item.status == .readyToPlay })
        #expect(item.isPlaybackLikelyToKeepUp)
        #expect(item.loadedTimeRanges.map(\.timeRangeValue) == [CMTimeRange(start: .zero, duration: CMTime(value: 2, timescale: 1))])
        #expect(await player.seek(to: CMTime(value: 1, timescale: 1), toleranceBefore: .zero, toleranceAfter: .zero))
        #expect(eventually { VideoPlayerTests.shownCode(server) == 30 })
        #expect(await item.seek(to: CMTime(value: 1, timescale: 2), toleranceBefore: .zero, toleranceAfter: .zero))
        #expect(eventually { VideoPlayerTests.shownCode(server) == 15 })
        #expect(player.currentTime() == CMTime(value: 1, timescale: 2))
        // An item the player no longer plays cannot seek.
        player.replaceCurrentItem(with: nil)
        #expect(await item.seek(to: .zero) == false)
        #expect(errors.reasons.isEmpty, "\(errors.reasons)")
    }

    /// `canInsert(_:after:)` says what `insert(_:after:)` does: an item once, after a queued item or at the end.
    @Test func aQueuePlayerInsertsWhatItCan() throws {
        let clip = try VideoFixtures.clip(frames: 20)
        let (a, b, c) = (AVPlayerItem(url: clip), AVPlayerItem(url: clip), AVPlayerItem(url: clip))
        let queue = AVQueuePlayer(items: [a])
        #expect(queue.canInsert(b, after: nil))
        #expect(queue.canInsert(b, after: a))
        #expect(!queue.canInsert(a, after: nil))
        #expect(!queue.canInsert(c, after: b))
        queue.insert(c, after: b) // refused, logged
        #expect(queue.items() == [a])
        queue.insert(b, after: a)
        queue.insert(c, after: a)
        #expect(queue.items() == [a, c, b])
        // The current item of another player cannot be queued.
        let other = AVPlayer(playerItem: AVPlayerItem(url: clip))
        let playing = try #require(other.currentItem)
        #expect(!queue.canInsert(playing, after: nil))
        queue.removeAllItems()
        other.replaceCurrentItem(with: nil)
    }
}
}
