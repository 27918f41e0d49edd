import Foundation
import StrataCore
import StrataProtocol
#if canImport(Glibc)
import Glibc
#endif

/// Issue 27, acceptance 3: a hostile client beside a well-behaved one on a real `strata-server`. The
/// well-behaved client animates `layers` layers (the `spin` scene) and moves one square at each frame tick;
/// its frames' pace is the time between the frames that show its successive commits. At each of its own
/// ticks the hostile client replaces a 65,536-unit string of combining marks, one of 65,536 plain letters
/// and 1,000 labels' strings (`attack` picks one or all). A third connection asks for `stats` every 10 ms:
/// the server must answer every client within 100 ms throughout.
struct TextAttackRun {
    let size: String
    let layers: Int
    let seconds: Double
    let attack: String

    struct BenchFailure: Error, CustomStringConvertible { let description: String }

    func run() throws -> [String: Any] {
        let server = try BenchServer(size: size, name: "text-attack",
                                     arguments: ["--client-max-layers", "\(layers * 2 + 16)", "--client-max-animations", "\(layers * 4 + 16)"])
        defer { server.stop() }
        guard let dims = SizeArgument.parse(size) else { throw BenchFailure(description: "bad size") }
        let outputs = try server.stats()["outputs"] as? [[String: Any]]
        guard let hz = outputs?.first?["refresh_hz"] as? Double, hz > 0 else { throw BenchFailure(description: "no refresh rate in stats") }
        let interval = 1 / hz

        let good = try InspectorClient(socketPath: server.socket)
        defer { good.socket.close() }
        try good.send(.commit(BenchCommand.scene(layers: layers, width: dims.width, height: dims.height)))
        _ = try LatencyRun.presented(1, on: good)

        let stop = Flag()
        let probe = try Probe(server.socket, stop: stop)
        let hostile = attack == "none" ? nil : try Hostile(server.socket, attack: attack, width: dims.width, height: dims.height, stop: stop)
        let paces = try goodClientPaces(good, interval: interval, until: MonotonicClock.now() + seconds)
        stop.set()
        let hostileResult = hostile?.finish() ?? (commits: 0, errors: [])
        let probed = probe.finish()
        let stats = try server.stats()
        func ms(_ s: [Double]) -> [String: Double] { Percentiles.of(s.map { $0 * 1000 }) }
        return [
            "scenario": "text-attack", "attack": attack, "size": size, "layers": layers, "seconds": seconds,
            "refresh_interval_ms": interval * 1000,
            "good_client_frame_interval_ms": ms(paces.intervals), "good_client_frames": paces.intervals.count + 1,
            "good_client_commits_not_at_next_vblank": paces.late,
            "stats_answer_ms": ["slowest": probed.slowest * 1000, "answered": Double(probed.answered)],
            "stats_failures": probed.failures,
            "hostile_commits": hostileResult.commits, "hostile_errors": hostileResult.errors,
            "server_frame_ms": stats["frame_ms"] ?? [:], "text_worker": stats["text_worker"] ?? [:],
            // The good client's 1,000 layers animate on the server: how often they move on screen.
            "animated_frame_interval_ms": stats["presented_interval_ms"] ?? [:],
            "server_cpu_ms_per_frame": stats["server_cpu_ms_per_frame"] ?? [:],
            "server_phase_p50_ms": stats["phase_p50_ms"] ?? [:], "render_budgets": stats["render_budgets"] ?? [],
        ]
    }

    /// The well-behaved client: at each tick it moves square 2 (one commit), and notes when each commit
    /// was shown: the intervals between those frames, and how many commits missed the next vblank.
    private func goodClientPaces(_ client: InspectorClient, interval: Double, until end: Double) throws -> (intervals: [Double], late: Int) {
        try client.send(.frameTicks(enabled: true))
        var id: UInt64 = 1
        var ticks: [UInt64: Double] = [:]
        var shown: [Double] = []
        var late = 0
        while MonotonicClock.now() < end {
            guard let (message, _) = try client.receive() else { throw BenchFailure(description: "the server closed the good client's session") }
            switch message {
            case .frameTick(let vblank, _):
                id += 1
                try client.send(.commit(Commit(transactionID: id, operations: [LatencyRun.move(id)])))
                ticks[id] = vblank
            case let .transactionPresented(done, at):
                guard let tick = ticks.removeValue(forKey: done), done > 10 else { continue }
                shown.append(at)
                if at - tick > 1.5 * interval { late += 1 }
            case .error(let reason): throw BenchFailure(description: "the server ended the good client's session: \(reason)")
            default: break
            }
        }
        try client.send(.frameTicks(enabled: false))
        let intervals = zip(shown.dropFirst(), shown).map { $0 - $1 }
        return (intervals, late)
    }

    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() { lock.withLock { value = true } }
        var isSet: Bool { lock.withLock { value } }
    }

    /// `stats` over and over on a connection of its own, keeping the slowest answer.
    final class Probe: @unchecked Sendable {
        private let lock = NSLock()
        private var slowest = 0.0, answered = 0, failures: [String] = []
        private let done = DispatchSemaphore(value: 0)

        init(_ socket: String, stop: Flag) throws {
            nonisolated(unsafe) let client = try InspectorClient(socketPath: socket)
            Thread { [self] in
                defer { done.signal() }
                while !stop.isSet {
                    let start = MonotonicClock.now()
                    do { _ = try client.request { .statsRequest(requestID: $0) } } catch {
                        lock.withLock { failures.append("\(error)") }
                        return
                    }
                    lock.withLock { slowest = max(slowest, MonotonicClock.now() - start); answered += 1 }
                    usleep(10_000)
                }
            }.start()
        }

        func finish() -> (slowest: Double, answered: Int, failures: [String]) {
            done.wait()
            return lock.withLock { (slowest, answered, failures) }
        }
    }

    /// The hostile client: a text layer of 65,536 combining marks, one of 65,536 letters and 1,000 labels,
    /// every string replaced at each of its frame ticks.
    final class Hostile: @unchecked Sendable {
        private let lock = NSLock()
        private var commits = 0, errors: [String] = []
        private let done = DispatchSemaphore(value: 0)
        static let labels = 1000
        static let marksLayer: LayerID = 5000, lettersLayer: LayerID = 5001

        init(_ socket: String, attack: String, width: Int, height: Int, stop: Flag) throws {
            nonisolated(unsafe) let client = try InspectorClient(socketPath: socket)
            let withMarks = attack == "all" || attack == "marks", withLetters = attack == "all" || attack == "letters"
            let withLabels = attack == "all" || attack == "labels"
            var setup = withLabels ? TextScenario.scene(labels: Self.labels, width: width, height: height).operations.filter {
                if case .attachRoot = $0 { return false } else { return true }
            } : BenchCommand.root(width: width, height: height)
            for (id, on) in [(Self.marksLayer, withMarks), (Self.lettersLayer, withLetters)] where on {
                setup += [.createLayer(id, kind: .text), .setProperty(id, .bounds, .rect(CGRect(x: 0, y: 0, width: 300, height: 100))),
                          .setProperty(id, .position, .point(CGPoint(x: 160, y: 60))), .setProperty(id, .isWrapped, .bool(true)),
                          .setProperty(id, .fontSize, .scalar(12)), .insertSublayer(parent: 1, child: id, index: 0)]
            }
            setup.append(.attachRoot(1))
            try client.send(.commit(Commit(transactionID: 1, operations: setup)))
            try client.send(.frameTicks(enabled: true))
            Thread { [self] in
                defer { done.signal() }
                var frame = 0
                while !stop.isSet {
                    guard let (message, _) = try? client.receive() else { lock.withLock { errors.append("session closed") }; return }
                    switch message {
                    case .frameTick:
                        frame += 1
                        var ops: [LayerOperation] = []
                        if withMarks { ops.append(.setProperty(Self.marksLayer, .string, .text(AttributedText(Self.marks(frame))))) }
                        if withLetters { ops.append(.setProperty(Self.lettersLayer, .string, .text(AttributedText(Self.letters(frame))))) }
                        if withLabels { ops += TextScenario.update(labels: Self.labels, frame: frame).operations }
                        do { try client.send(.commit(Commit(transactionID: UInt64(frame + 1), operations: ops))) } catch {
                            lock.withLock { errors.append("\(error)") }
                            return
                        }
                        lock.withLock { commits += 1 }
                    case .error(let reason), .layerError(_, let reason):
                        lock.withLock { errors.append(reason) }
                    default: break
                    }
                }
                client.socket.close()
            }.start()
        }

        func finish() -> (commits: Int, errors: [String]) {
            done.wait()
            return lock.withLock { (commits, Array(errors.prefix(5))) }
        }

        /// "a" and 65,535 combining marks, a different mark first each frame.
        static func marks(_ frame: Int) -> String {
            var s = String.UnicodeScalarView()
            s.append("a")
            for i in 0..<65_535 { s.append(Unicode.Scalar(UInt32(0x300 + (i + frame) % 0x70)) ?? "a") }
            return String(s)
        }

        /// 65,536 letters, shifted by one each frame.
        static func letters(_ frame: Int) -> String {
            String(String.UnicodeScalarView((0..<65_536).map { Unicode.Scalar(UInt32(0x61 + ($0 + frame) % 26)) ?? "a" }))
        }
    }
}
