import Foundation

/// `drawsAsynchronously`: a layer's `draw(in:)` records into a Cairo recording context on the calling
/// thread, and the recording is replayed onto its backing store here, on a concurrent queue, so several
/// layers' replays run in parallel. Whoever reads the store's pixels (the commit's encoder, a redraw,
/// `CGImage` pixels) waits for its replay through `LayerBackingStore.context`.
/// `draw(in:)` and the delegate's `draw(_:in:)` still run on the thread that displays, the commit carrying the
/// layer waits for the replay, and the pixels are those drawn synchronously. A recording context has no pixels
/// of its own: its `makeImage()` returns nil.
enum AsyncDrawing {
    static let queue = DispatchQueue(label: "strata.drawsAsynchronously", qos: .userInitiated, attributes: .concurrent)

    /// Tests' view of where replays ran: the total count, and the threads of the latest (at most
    /// `keptThreads`, so a long-running process keeps no growing list).
    static func replays() -> (count: Int, threads: [ObjectIdentifier]) { probeLock.withLock { (count, threads) } }
    static let keptThreads = 256
    private static let probeLock = NSLock()
    nonisolated(unsafe) private static var count = 0
    nonisolated(unsafe) private static var threads: [ObjectIdentifier] = []

    static func noteReplay() {
        let thread = ObjectIdentifier(Thread.current)
        probeLock.withLock {
            count += 1
            threads.append(thread)
            if threads.count > keptThreads { threads.removeFirst(threads.count - keptThreads) }
        }
    }
}

/// One recording and the bitmap it replays onto, handed to the queue: the calling side touches neither
/// until the store's group is left (the recording is complete and `context` waits), hence unchecked.
private final class ReplayJob: @unchecked Sendable {
    let recording: CGContext
    let store: LayerBackingStore
    let clip: PixelRect
    let group: DispatchGroup

    init(recording: CGContext, store: LayerBackingStore, clip: PixelRect, group: DispatchGroup) {
        self.recording = recording; self.store = store; self.clip = clip; self.group = group
    }

    func run() {
        recording.replay(onto: store.bitmap, clip: clip)
        AsyncDrawing.noteReplay()
        store.replayLock.withLock { if store.replayInFlight === group { store.replayInFlight = nil } }
        group.leave()
    }
}

extension LayerBackingStore {
    /// Waits until no replay is in flight on the bitmap.
    func finishReplay() {
        replayLock.withLock { replayInFlight }?.wait()
    }

    /// Replays `recording` (complete: nothing more is drawn into it) onto the bitmap inside `rect`, on the
    /// queue. A replay still in flight finishes first, so drawings never interleave.
    func replay(_ recording: CGContext, in rect: PixelRect) {
        finishReplay()
        let group = DispatchGroup()
        group.enter()
        replayLock.withLock { replayInFlight = group }
        let job = ReplayJob(recording: recording, store: self,
                            clip: Strata.PixelRect(x: rect.x, y: rect.y, width: rect.width, height: rect.height), group: group)
        AsyncDrawing.queue.async { job.run() }
    }
}
