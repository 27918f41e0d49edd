import Foundation
import StrataCore
import StrataProtocol
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 27, acceptance 3, over a real server: a client replacing a 65,536-unit string of combining marks
/// and 300 labels' strings at each frame tick, beside a client moving a square at each of its ticks. The
/// server answers every request within the hardening bound throughout, defers and reports the hostile
/// client (never the other), and ticks the hostile client's display link only at the frames that apply
/// its commits, telling it their interval.
extension ClientProcessSuite {
    @Suite struct TextAttackTests {
        final class Ticks: @unchecked Sendable {
            private let lock = NSLock()
            private var durations: [Double] = []
            private var failures: [String] = []
            func add(_ d: Double) { lock.withLock { durations.append(d) } }
            func fail(_ s: String) { lock.withLock { failures.append(s) } }
            var all: (durations: [Double], failures: [String]) { lock.withLock { (durations, failures) } }
        }

        static func marks(_ frame: Int) -> String {
            var s = String.UnicodeScalarView()
            s.append("a")
            for i in 0..<65_535 { s.append(Unicode.Scalar(UInt32(0x300 + (i + frame) % 0x70)) ?? "a") }
            return String(s)
        }

        static func labels(_ frame: Int) -> [LayerOperation] {
            (0..<300).map { i in .setProperty(LayerID(100 + i), .string, .text(AttributedText("label \(i) at \(frame)"))) }
        }

        static func hostileScene() -> [LayerOperation] {
            var ops: [LayerOperation] = [.createLayer(1), .setProperty(1, .bounds, .rect(CGRect(x: 0, y: 0, width: 320, height: 240))),
                                         .setProperty(1, .position, .point(CGPoint(x: 160, y: 120))),
                                         .createLayer(2, kind: .text), .setProperty(2, .bounds, .rect(CGRect(x: 0, y: 0, width: 300, height: 100))),
                                         .setProperty(2, .position, .point(CGPoint(x: 160, y: 60))), .setProperty(2, .isWrapped, .bool(true)),
                                         .setProperty(2, .fontSize, .scalar(12)), .insertSublayer(parent: 1, child: 2, index: 0)]
            for i in 0..<300 {
                let id = LayerID(100 + i)
                ops += [.createLayer(id, kind: .text), .setProperty(id, .bounds, .rect(CGRect(x: 0, y: 0, width: 60, height: 12))),
                        .setProperty(id, .position, .point(CGPoint(x: 30 + CGFloat(i % 5) * 64, y: 130 + CGFloat(i / 5 % 8) * 13))),
                        .setProperty(id, .fontSize, .scalar(9)), .insertSublayer(parent: 1, child: id, index: 1)]
            }
            return ops + [.attachRoot(1)]
        }

        /// The hostile client's loop: at each tick it gets, new strings; the ticks' durations are kept. As a
        /// display link does, it answers the ticks that queued while it was busy with one commit: building
        /// one takes this debug build about 150 ms, and answering each tick in turn left the ticks sent
        /// after its deferral unread behind those sent before it.
        static func attack(_ session: RawSession, ticks: Ticks, until end: Date) {
            var frame = 0, owed = false
            do {
                try session.client.send(.frameTicks(enabled: true))
                while Date() < end {
                    guard let (message, _) = try session.client.receive() else { ticks.fail("session closed"); return }
                    switch message {
                    case .frameTick(_, let duration):
                        ticks.add(duration)
                        owed = true
                    case .error(let reason): ticks.fail(reason); return
                    default: break
                    }
                    if owed, !messageWaits(session.client) {
                        owed = false
                        frame += 1
                        try session.commit([.setProperty(2, .string, .text(AttributedText(marks(frame))))] + labels(frame))
                    }
                }
            } catch {
                ticks.fail("\(error)")
            }
        }

        /// Whether a server message can be read now (bytes of one buffered, or on the socket).
        static func messageWaits(_ client: InspectorClient) -> Bool {
            var p = pollfd(fd: client.socket.fd, events: Int16(POLLIN), revents: 0)
            return client.socket.hasPartialFrame || poll(&p, 1, 0) > 0
        }

        static func every(_ stats: [String: Any], _ client: UInt32) -> Int? {
            (stats["render_budgets"] as? [[String: Any]])?.first { $0["client"] as? Int == Int(client) }?["updates_every_frames"] as? Int
        }

        /// On the wall clock: render budgets bill each client the real time its frames cost, on purpose (the
        /// virtual clock turns them off); the stats bound is the hardening tests' (see answerBudget).
        @Test func aHostileClientsTextIsDeferredAndReportedWhileEveryoneIsAnswered() throws {
            let server = try ServerProcess(size: "320x240")
            defer { _ = server.stop() }
            let good = try RawSession(server)
            try good.commit(rootSquare(1, side: 10, center: CGPoint(x: 5, y: 235), color: Color(red: 0, green: 1, blue: 0, alpha: 1)))
            let hostile = try RawSession(server)
            try hostile.commit(Self.hostileScene())
            #expect(eventually { (try? hostile.layerCount()) == 302 })

            let probe = try StatsProbe(server)
            let ticks = Ticks()
            let end = Date().addingTimeInterval(4)
            nonisolated(unsafe) let attacker = hostile
            let attackDone = DispatchSemaphore(value: 0)
            Thread {
                Self.attack(attacker, ticks: ticks, until: end)
                attackDone.signal()
            }.start()
            // The well-behaved client moves its square while the attack runs; its updates are never deferred.
            var goodEvery: Set<Int> = [], hostileEvery: Set<Int> = [], n = 0
            while Date() < end {
                n += 1
                try good.commit([.setProperty(1, .position, .point(CGPoint(x: 5 + CGFloat(n % 300), y: 235)))])
                let stats = try server.stats()
                Self.every(stats, good.clientID).map { goodEvery.insert($0) }
                Self.every(stats, hostile.clientID).map { hostileEvery.insert($0) }
                usleep(50_000)
            }
            attackDone.wait()
            let probed = probe.finish()
            let (durations, failures) = ticks.all
            #expect(server.process.isRunning)
            #expect(failures.isEmpty, "\(failures)")
            #expect(probed.failures.isEmpty && probed.answered > 10)
            #expect(probed.slowest < ClientProcessSuite.ServerHardeningTests.answerBudget, "stats took \(probed.slowest) s to answer")
            #expect(goodEvery == [1], "the good client's updates were deferred: \(goodEvery)")
            #expect(hostileEvery.contains { $0 > 1 }, "the hostile client was never deferred: \(hostileEvery)")
            // Deferred to every n-th frame, its display link ticks at those frames only, with their interval.
            let interval = 1.0 / 60
            #expect(durations.contains { $0 >= 2 * interval - 1e-6 }, "\(Set(durations.map { ($0 / interval).rounded() }))")
            #expect(durations.allSatisfy { d in [1, 2, 4, 8].contains { abs(d - Double($0) * interval) < 1e-6 } })
            let log = server.stop()
            #expect(log.contains("client's layers slow the frames") && log.contains("client=\(hostile.clientID) cost_ms"), "\(log.suffix(1500))")
            #expect(!log.contains("client=\(good.clientID) cost_ms"), "\(log.suffix(1500))")
        }
    }
}
