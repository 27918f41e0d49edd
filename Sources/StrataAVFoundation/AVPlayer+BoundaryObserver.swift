import Foundation
import Strata

/// `addBoundaryTimeObserver`'s watch: the block runs when normal playback crosses one of the times (the time on
/// screen goes from before it to at or after it), not when a seek, a new item or a loop jumps over it. It
/// looks at the player's time on a queue of its own and runs the block on the caller's queue for each time crossed.
final class BoundaryObserver: TimeObserver, @unchecked Sendable {
    private let times: [CMTime]
    private let queue: DispatchQueue
    private let block: @Sendable () -> Void
    private let look: () -> (time: CMTime, playing: Bool, jumps: UInt64)?
    private let timer: DispatchSourceTimer
    /// The time seen last and the player's jump count then (touched on the timer's queue only).
    private var last: (time: CMTime, jumps: UInt64)?

    init(times: [CMTime], queue: DispatchQueue, block: @escaping @Sendable () -> Void,
         look: @escaping () -> (time: CMTime, playing: Bool, jumps: UInt64)?) {
        self.times = times
        self.queue = queue
        self.block = block
        self.look = look
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "strata-boundary-observer"))
        timer.schedule(deadline: .now(), repeating: AVPlayer.boundaryPollInterval)
        timer.setEventHandler { [weak self] in self?.check() }
    }

    private func check() {
        guard let now = look() else { return }
        defer { last = (now.time, now.jumps) }
        // Crossed only by playing on from the time seen last: not by a seek, a new item, a loop or a pause.
        guard now.playing, let last, last.jumps == now.jumps, last.time < now.time else { return }
        let block = self.block
        for t in times where last.time < t && t <= now.time {
            queue.async { block() }
        }
    }

    func start() { timer.resume() }
    func stop() { timer.cancel() }
    /// A player freed with its observers still added stops their looks too.
    deinit { timer.cancel() }
}
