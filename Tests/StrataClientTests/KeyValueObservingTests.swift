import Foundation
import Strata
import StrataAVFoundation
import Testing

/// Marks the main queue, to tell that a block runs on it (the test runner's main queue is not always served
/// by the main thread).
enum MainQueueMark {
    static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()
    static var isOnMainQueue: Bool { DispatchQueue.getSpecific(key: key) == true }
}

/// What handlers saw, in order, and whether each ran on the main queue.
final class ChangeLog<Value>: @unchecked Sendable {
    init() { _ = MainQueueMark.key }
    private let lock = NSLock()
    private var list: [(new: Value?, old: Value?, prior: Bool, onMain: Bool)] = []
    func add(_ change: NSKeyValueObservedChange<Value>) {
        let onMain = MainQueueMark.isOnMainQueue
        lock.withLock { list.append((change.newValue, change.oldValue, change.isPrior, onMain)) }
    }
    var changes: [(new: Value?, old: Value?, prior: Bool, onMain: Bool)] { lock.withLock { list } }
}

/// Issue 48, part 3: Foundation's Swift key-value observing (`observe(_:options:changeHandler:)`) on layers
/// and on AVPlayer and AVPlayerItem; changes are reported on the main queue.
@Suite struct KeyValueObservingTests {
    @Test func aLayersModelChangesAreReportedOnTheMainQueue() throws {
        let layer = CAShapeLayer()
        let bounds = ChangeLog<CGRect>(), opacity = ChangeLog<Float>()
        let o1 = layer.observe(\.bounds, options: [.new, .old, .initial]) { observed, change in
            bounds.add(change)
            #expect(observed === layer)
        }
        // .initial: at once, from observe itself, on its thread.
        #expect(bounds.changes.count == 1 && bounds.changes[0].new == .zero && bounds.changes[0].old == nil)
        let o2 = layer.observe(\.opacity, options: [.new, .prior, .old]) { _, change in opacity.add(change) }
        // Set on this (non-main) thread, as a worker thread might.
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
        CATransaction.flush()
        #expect(eventually { bounds.changes.count == 2 })
        #expect(bounds.changes.last?.new == CGRect(x: 0, y: 0, width: 40, height: 20))
        #expect(bounds.changes.last?.old == .zero)
        #expect(bounds.changes.last?.onMain == true)

        layer.opacity = 0.5
        CATransaction.flush()
        #expect(eventually { opacity.changes.count == 2 })
        // A prior report (old value only), then the change.
        #expect(opacity.changes.map(\.prior) == [true, false])
        #expect(opacity.changes[0].old == 1 && opacity.changes[0].new == nil)
        #expect(opacity.changes[1].old == 1 && opacity.changes[1].new == 0.5)

        // Setting the same value reports nothing; an invalidated observation reports nothing.
        layer.opacity = 0.5
        o1.invalidate()
        layer.bounds = CGRect(x: 0, y: 0, width: 1, height: 1)
        CATransaction.flush()
        usleep(200_000)
        #expect(opacity.changes.count == 2)
        #expect(bounds.changes.count == 2)
        // A freed observation ends too.
        _ = o2
    }

    @Test func aFreedObservationReportsNothing() throws {
        let layer = CALayer()
        let log = ChangeLog<CGPoint>()
        var observation: NSKeyValueObservation? = layer.observe(\.position, options: [.new]) { _, change in log.add(change) }
        #expect(observation?.isValid == true)
        observation = nil
        layer.position = CGPoint(x: 3, y: 4)
        CATransaction.flush()
        usleep(200_000)
        #expect(log.changes.isEmpty)
    }
}

extension ClientProcessSuite {
@Suite struct PlayerKeyValueObservingTests {
    init() { setenv("STRATA_AUDIO_SINK", "fakesink sync=true", 1) }

    /// The pattern of video apps: play once the item is ready, hide a spinner while the player plays.
    @Test func statusRateAndTimeControlStatusAreReported() throws {
        let clip = try VideoFixtures.clip(frames: 15)
        let server = try ServerProcess(size: "128x64")
        defer { _ = server.stop() }
        let connection = try StrataConnection.connect(socketPath: server.socketPath)
        defer { connection.close() }
        let player = AVPlayer(url: clip)
        let item = try #require(player.currentItem)
        _ = VideoPlayerTests.playerLayer(connection, player)
        let itemStatus = ChangeLog<AVPlayerItem.Status>(), control = ChangeLog<AVPlayer.TimeControlStatus>(), rate = ChangeLog<Float>()
        let observations = [
            item.observe(\.status, options: [.new]) { item, change in
                itemStatus.add(change)
                if item.status == .readyToPlay { player.play() }
            },
            player.observe(\.timeControlStatus, options: [.new, .old]) { _, change in control.add(change) },
            player.observe(\.rate, options: [.new]) { _, change in rate.add(change) },
        ]
        #expect(eventually(10) { control.changes.count >= 2 }, "\(control.changes.map(\.new))")
        #expect(itemStatus.changes.map(\.new) == [.readyToPlay])
        // Played on readiness, then paused at the end (0.5 s later).
        #expect(control.changes.compactMap(\.new) == [.playing, .paused])
        #expect(control.changes.first?.old == .paused)
        #expect(rate.changes.compactMap(\.new) == [1, 0])
        #expect(itemStatus.changes.allSatisfy(\.onMain) && control.changes.allSatisfy(\.onMain) && rate.changes.allSatisfy(\.onMain))
        observations.forEach { $0.invalidate() }
    }
}
}
