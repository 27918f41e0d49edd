import Foundation
import StrataCore
import StrataProtocol
#if canImport(Glibc)
import Glibc
#endif

/// Commit → on screen against a real `strata-server` process (issue 14, acceptance 5), timed by the
/// server's `transactionPresented`: the server's start to its first `welcome` with a warm shader cache; a
/// fresh client's first commit to the frame that shows it; and a steady state of one small change per
/// frame, each sent as its frame tick arrives (so it reaches the server before the next frame's
/// deadline), beside the same change sent at any moment. Headless, "on screen" is the frame's virtual
/// vblank, once llvmpipe has finished drawing it.
struct LatencyRun {
    let size: String
    /// Warm starts measured (after one that fills the shader cache).
    let starts: Int
    let freshClients: Int
    /// Commits measured in each steady state.
    let frames: Int

    struct BenchFailure: Error, CustomStringConvertible { let description: String }

    func run() throws -> [String: Any] {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("strata-latency-shaders-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        var firstStart = 0.0, warmStarts: [Double] = [], warmServing: [Double] = []
        for i in 0...starts {
            let s = try BenchServer(size: size, name: "latency", arguments: ["--shader-cache", cache])
            if i == 0 { firstStart = s.startSeconds } else { warmStarts.append(s.startSeconds); warmServing.append(s.servingSeconds) }
            s.stop()
        }
        let server = try BenchServer(size: size, name: "latency", arguments: ["--shader-cache", cache])
        defer { server.stop() }
        let outputs = try server.stats()["outputs"] as? [[String: Any]]
        guard let hz = outputs?.first?["refresh_hz"] as? Double, hz > 0 else { throw BenchFailure(description: "no output's refresh rate in stats") }
        let interval = 1 / hz

        let first = try freshClientsFirstCommits(server, interval: interval)
        let ticked = try steadyState(server, interval: interval)
        let frameMs = try server.stats()["frame_ms"] ?? [:]
        let anyPhase = try anyPhaseCommits(server, interval: interval)
        func ms(_ seconds: [Double]) -> [String: Double] { Percentiles.of(seconds.map { $0 * 1000 }) }
        return [
            "scenario": "latency", "size": size, "refresh_interval_ms": interval * 1000,
            "server_start_ms": ["first_filling_the_shader_cache": firstStart * 1000, "warm": ms(warmStarts), "warm_starts": starts,
                                "warm_to_first_answer": ms(warmServing)],
            "first_commit_to_screen_ms": ms(first.toScreen), "first_commit_clients": freshClients,
            "first_connect_ms": ms(first.connect),
            "steady_commit_to_screen_ms": ms(ticked.toScreen), "steady_commits": ticked.toScreen.count,
            "steady_not_at_next_vblank": ticked.late, "steady_finished_after_its_vblank": ticked.finishedLate,
            "steady_commit_after_tick_ms": ms(ticked.sentAfterTick), "server_frame_ms_last_1024": frameMs,
            "presented_to_client_ms": ms(ticked.heard),
            "any_phase_commit_to_screen_ms": ms(anyPhase),
        ]
    }

    /// Fresh clients one after another, the server idle before each: connect, commit a small tree, and
    /// wait for its report. Each commit comes at another phase of the refresh.
    private func freshClientsFirstCommits(_ server: BenchServer, interval: Double) throws -> (toScreen: [Double], connect: [Double]) {
        var toScreen: [Double] = [], connect: [Double] = []
        for i in 0..<freshClients {
            let phase = (Double(i) * 0.618_033_988_75).truncatingRemainder(dividingBy: 1)
            usleep(UInt32((0.05 + phase * interval) * 1e6))
            let start = MonotonicClock.now()
            let client = try InspectorClient(socketPath: server.socket)
            let sent = MonotonicClock.now()
            try client.send(.commit(Commit(transactionID: 1, operations: Self.tree(index: i))))
            let (at, _) = try Self.presented(1, on: client)
            toScreen.append(at - sent)
            connect.append(sent - start)
            client.socket.close()
        }
        return (toScreen, connect)
    }

    /// One client with display-link ticks: at each tick it moves its square by a pixel (one commit), and
    /// notes when each commit was shown.
    private func steadyState(_ server: BenchServer, interval: Double) throws
        -> (toScreen: [Double], late: Int, finishedLate: Int, sentAfterTick: [Double], heard: [Double]) {
        let client = try InspectorClient(socketPath: server.socket)
        defer { client.socket.close() }
        try client.send(.commit(Commit(transactionID: 1, operations: Self.tree(index: 0))))
        _ = try Self.presented(1, on: client)
        try client.send(.frameTicks(enabled: true))
        let warmUp: UInt64 = 10
        var id: UInt64 = 1
        var waiting: [UInt64: (sent: Double, tick: Double)] = [:]
        var toScreen: [Double] = [], sentAfterTick: [Double] = [], heard: [Double] = []
        var late = 0, finishedLate = 0
        while toScreen.count < frames {
            guard let (message, _) = try client.receive() else { throw BenchFailure(description: "the server closed the session") }
            let now = MonotonicClock.now()
            switch message {
            case .frameTick(let vblank, _):
                id += 1
                try client.send(.commit(Commit(transactionID: id, operations: [Self.move(id)])))
                waiting[id] = (MonotonicClock.now(), vblank)
            case let .transactionPresented(done, at):
                guard let s = waiting.removeValue(forKey: done), done > warmUp else { continue }
                toScreen.append(at - s.sent)
                sentAfterTick.append(s.sent - s.tick)
                heard.append(now - at)
                // Sent right after the vblank at `tick`: it belongs at the next one. Headless, a frame finished
                // after its vblank is reported when it was finished.
                if at - s.tick > 1.5 * interval { late += 1 } else if at - s.tick > interval + 1e-6 { finishedLate += 1 }
            case .error(let reason): throw BenchFailure(description: "the server ended the session: \(reason)")
            default: break
            }
        }
        try client.send(.frameTicks(enabled: false))
        return (toScreen, late, finishedLate, sentAfterTick, heard)
    }

    /// The same change, one commit at a time, each at a moment spread over the refresh (no ticks): what a
    /// commit costs when it may miss the frame's deadline.
    private func anyPhaseCommits(_ server: BenchServer, interval: Double) throws -> [Double] {
        let client = try InspectorClient(socketPath: server.socket)
        defer { client.socket.close() }
        try client.send(.commit(Commit(transactionID: 1, operations: Self.tree(index: 0))))
        _ = try Self.presented(1, on: client)
        var toScreen: [Double] = []
        for k in 0..<frames {
            let phase = (Double(k) * 0.618_033_988_75).truncatingRemainder(dividingBy: 1)
            usleep(UInt32(phase * interval * 1e6))
            let id = UInt64(k + 2)
            let sent = MonotonicClock.now()
            try client.send(.commit(Commit(transactionID: id, operations: [Self.move(id)])))
            toScreen.append(try Self.presented(id, on: client).at - sent)
        }
        return toScreen
    }

    /// Reads until `transactionPresented` for `id`: when the frame was on screen and when the client heard.
    static func presented(_ id: UInt64, on client: InspectorClient) throws -> (at: Double, heard: Double) {
        while let (message, _) = try client.receive() {
            switch message {
            case let .transactionPresented(done, at) where done == id: return (at, MonotonicClock.now())
            case .error(let reason): throw BenchFailure(description: "the server ended the session: \(reason)")
            default: continue
            }
        }
        throw BenchFailure(description: "the server closed the session")
    }

    /// A client's first commit: a 60×60 root with four coloured squares, placed by `index`.
    static func tree(index: Int) -> [LayerOperation] {
        var ops: [LayerOperation] = [.createLayer(1), .setProperty(1, .bounds, .rect(CGRect(x: 0, y: 0, width: 60, height: 60))),
                                     .setProperty(1, .position, .point(CGPoint(x: 40 + index % 4 * 70, y: 40 + index / 4 % 3 * 70))),
                                     .setProperty(1, .backgroundColor, .color(Color(red: 0.2, green: 0.2, blue: 0.2, alpha: 1)))]
        for k in 0..<4 {
            let id = LayerID(k + 2)
            ops += [.createLayer(id), .setProperty(id, .bounds, .rect(CGRect(x: 0, y: 0, width: 20, height: 20))),
                    .setProperty(id, .position, .point(CGPoint(x: 15 + k % 2 * 30, y: 15 + k / 2 * 30))),
                    .setProperty(id, .backgroundColor, .color(Color(red: Double(k) / 3, green: 0.6, blue: 1 - Double(k) / 3, alpha: 1))),
                    .insertSublayer(parent: 1, child: id, index: UInt32(k))]
        }
        return ops + [.attachRoot(1)]
    }

    /// The small change: square 2 moves a pixel, to and fro, so every commit changes what is shown.
    static func move(_ id: UInt64) -> LayerOperation {
        .setProperty(2, .position, .point(CGPoint(x: 15 + Double(id % 8), y: 15)))
    }
}
