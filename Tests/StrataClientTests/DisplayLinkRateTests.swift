import Foundation
import Testing
@testable import Strata

extension ClientProcessSuite {
/// A display link asked for a lower rate fires on every n-th vblank of the server's display, as iOS's does.
@Suite struct DisplayLinkRateTests {
    @Test func aLinkFiresOnEveryNthVblankForTheRateAskedFor() throws {
        let server = try ServerProcess(refresh: 50)
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        // 25 per second on a 50 Hz display: every second vblank. A range's preferred rate counts the same
        // way: 10 per second is every fifth.
        let half = RecordingLink()
        half.link.preferredFramesPerSecond = 25
        let fifth = RecordingLink()
        fifth.link.preferredFrameRateRange = CAFrameRateRange(minimum: 5, maximum: 20, preferred: 10)
        for (recorder, vblanks) in [(half, 2), (fifth, 5)] {
            recorder.link.add(to: connection)
            #expect(eventually(60) { recorder.count >= 5 })
            recorder.link.invalidate()
            let seen = recorder.seen
            for (timestamp, target) in seen {
                #expect(abs(target - timestamp - 0.02 * Double(vblanks)) < 1e-6)
            }
            // Consecutive firings are whole multiples of n vblanks apart (a busy main queue may skip a
            // firing, never shift the grid).
            for (a, b) in zip(seen, seen.dropFirst()) {
                let apart = ((b.0 - a.0) / 0.02).rounded()
                #expect(apart >= Double(vblanks) && apart.truncatingRemainder(dividingBy: Double(vblanks)) == 0, "\(apart) vblanks apart")
            }
        }
        #expect(errors.reasons.isEmpty)
    }

    /// Vblanks that brought no tick (frames a loaded server missed) still count, by the ticks' timestamps:
    /// a link firing every second vblank skips the off-grid tick after a gap and fires at the next grid one.
    /// On the virtual clock, which sends no tick of its own while the test hands the link its ticks.
    @Test func vblanksWithoutATickKeepTheLinksGrid() throws {
        let server = try ServerProcess(refresh: 50, virtualClock: true)
        defer { _ = server.stop() }
        let (connection, _) = try SessionErrors.connect(server)
        defer { connection.close() }
        let recorder = RecordingLink()
        recorder.link.preferredFramesPerSecond = 25
        recorder.link.add(to: connection)
        for k in [1, 2, 3, 6, 7, 8, 9] { // vblanks 4 and 5 brought no tick
            recorder.link.tick(timestamp: 1000 + Double(k) * 0.02, duration: 0.02)
            DispatchQueue.main.sync {} // the firing, if any, has run
        }
        recorder.link.invalidate()
        #expect(recorder.seen.map { (($0.0 - 1000) / 0.02).rounded() } == [1, 3, 7, 9])
    }
}
}

/// A display link that records the timestamp and target of each firing.
private final class RecordingLink: @unchecked Sendable {
    private final class Firings: @unchecked Sendable {
        let lock = NSLock()
        var list: [(Double, Double)] = []
    }
    private let firings: Firings
    let link: CADisplayLink

    init() {
        let firings = Firings()
        self.firings = firings
        link = CADisplayLink { l in
            firings.lock.lock(); firings.list.append((l.timestamp, l.targetTimestamp)); firings.lock.unlock()
        }
    }

    var count: Int { firings.lock.lock(); defer { firings.lock.unlock() }; return firings.list.count }
    var seen: [(Double, Double)] { firings.lock.lock(); defer { firings.lock.unlock() }; return firings.list }
}
