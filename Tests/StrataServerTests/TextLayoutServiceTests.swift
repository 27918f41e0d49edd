import Foundation
import StrataCore
import StrataProtocol
import StrataText
import StrataTextWorker
@testable import StrataServer
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What the text thread remembers per client (its layout cost and its penalty) is bounded by the clients
/// still there: one that leaves while the worker lays its text out is not recorded again afterwards
/// (issue 50: every such client used to keep an entry for the server's lifetime).
@Suite struct TextLayoutServiceTests {
    static func ticket(client: UInt32) -> TextLayoutTicket {
        TextLayoutTicket(request: TextLayoutRequest(text: AttributedText("x"), style: TextStyle(), size: CGSize(width: 10, height: 10)),
                         client: client, layer: 1)
    }

    /// Polls `done` every 5 ms for at most 10 s.
    static func waitFor(_ what: Comment, _ done: () -> Bool) {
        let end = MonotonicClock.now() + 10
        while !done(), MonotonicClock.now() < end { usleep(5_000) }
        #expect(done(), what)
    }

    @Test func aClientThatLeavesDuringItsLayoutIsForgottenForGood() throws {
        // A "worker" that answers nothing and exits after half a second: each layout fails (a crash), which
        // records the client's cost and a penalty.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-text-service-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let worker = dir.appendingPathComponent("slow-worker").path
        try Data("#!/bin/sh\nsleep 0.5\n".utf8).write(to: URL(fileURLWithPath: worker))
        #expect(chmod(worker, 0o755) == 0)
        let service = try TextLayoutService(settings: .init(workerPath: worker, timeout: 10))
        defer { service.stop() }

        service.submit(Self.ticket(client: 7))
        service.flush()
        // Started: client 7's layout is in flight for about half a second. It leaves meanwhile.
        Self.waitFor("the worker started") { service.counts.started == 1 }
        service.forget(client: 7)
        // Client 8 stays. The text thread serves one layout at a time: once 8's outcome is delivered,
        // 7's layout has ended and been recorded, or not.
        service.submit(Self.ticket(client: 8))
        service.flush()
        var delivered: [TextLayoutService.Delivery] = []
        Self.waitFor("client 8's layout delivered") {
            delivered += service.collect()
            return !delivered.isEmpty
        }
        #expect(delivered.map(\.ticket.client) == [8])
        #expect(service.counts.crashed == 2)
        #expect(service.layoutCost(of: 7) == TextLayoutService.ClientLayoutCost())
        #expect(service.layoutCost(of: 8).layouts == 1)
        #expect(service.rememberedClients == 1)
        service.forget(client: 8)
        #expect(service.rememberedClients == 0)
    }
}
