import ArgumentParser
import Foundation
import StrataCore
import StrataProtocol
#if canImport(Glibc)
import Glibc
#endif

/// Many clients committing fast against a real `strata-server` process (the one beside this program):
/// each keeps its own animated tree and moves one of its layers with every commit. Reports the server's
/// frame times (so a frame made late by one client shows) and its resident memory over the run.
struct SoakRun {
    let clients: Int
    let commitsPerSecond: Double
    let seconds: Double
    let size: String

    func run() throws -> [String: Any] {
        let bench = try BenchServer(size: size, name: "soak", arguments: ["--max-clients", "\(clients + 8)"])
        defer { bench.stop() }
        let socket = bench.socket
        let server = bench.process
        let pid = server.processIdentifier
        let baseline = Self.resident(pid)

        let stop = Flag()
        let counts = Counter()
        let threads = (0..<clients).map { c in
            let t = Thread { Self.client(c, socket: socket, rate: commitsPerSecond, stop: stop, counts: counts) }
            t.start()
            return t
        }
        _ = threads
        var peak = baseline
        var frameP99: [Double] = []
        var frameMax = 0.0
        var cpuP99: [Double] = []
        let start = MonotonicClock.now()
        while MonotonicClock.now() - start < seconds {
            usleep(1_000_000)
            peak = max(peak, Self.resident(pid))
            // The server keeps its last 1024 frames (17 s at 60 Hz): sample them every few seconds.
            if Int(MonotonicClock.now() - start) % 5 == 0, let stats = try? bench.stats() {
                if let f = stats["frame_ms"] as? [String: Double] {
                    frameP99.append(f["p99"] ?? 0)
                    frameMax = max(frameMax, f["max"] ?? 0)
                }
                if let c = stats["server_cpu_ms_per_frame"] as? [String: Double] { cpuP99.append(c["p99"] ?? 0) }
            }
        }
        stop.set()
        usleep(500_000)
        let final = try bench.stats()
        let during = Self.resident(pid)
        return [
            "scenario": "soak", "clients": clients, "commits_per_second_per_client": commitsPerSecond, "seconds": seconds,
            "commits_sent": counts.value, "commits_per_second": Double(counts.value) / seconds,
            "frames_rendered": final["frames_rendered"] ?? 0,
            "frame_ms_p99_worst_sample": frameP99.max() ?? 0, "frame_ms_max": frameMax,
            "server_cpu_ms_p99_worst_sample": cpuP99.max() ?? 0,
            "rss_baseline_mb": Double(baseline) / 1_048_576, "rss_peak_mb": Double(peak) / 1_048_576,
            "rss_end_mb": Double(during) / 1_048_576, "failed_clients": counts.failures,
        ]
    }

    /// One client: a root with eight animated squares; every 1/rate s a commit moves one of them. Reads
    /// its events without blocking so the server never has to drop it for not reading.
    static func client(_ index: Int, socket: String, rate: Double, stop: Flag, counts: Counter) {
        do {
            let client = try InspectorClient(socketPath: socket)
            var ops: [LayerOperation] = [.createLayer(1), .setProperty(1, .bounds, .rect(CGRect(x: 0, y: 0, width: 40, height: 40))),
                                         .setProperty(1, .position, .point(CGPoint(x: 20 + index % 8 * 40, y: 20 + index / 8 * 40)))]
            for k in LayerID(2)...9 {
                var t = MediaTiming()
                t.duration = 1 + Double(k) * 0.1
                t.repeatCount = .infinity
                t.beginTime = MonotonicClock.now()
                ops += [.createLayer(k), .setProperty(k, .bounds, .rect(CGRect(x: 0, y: 0, width: 8, height: 8))),
                        .setProperty(k, .backgroundColor, .color(Color(red: Double(k) / 9, green: 0.5, blue: 1, alpha: 1))),
                        .insertSublayer(parent: 1, child: k, index: 0),
                        .addAnimation(k, key: "spin", AnimationSpec(keyPath: try LayerKeyPath(parsing: "transform.rotation.z"),
                                                                   kind: .basic(from: .scalar(0), to: .scalar(6.28), by: nil), timing: t))]
            }
            ops.append(.attachRoot(1))
            var transaction: UInt64 = 1
            try client.send(.commit(Commit(transactionID: transaction, operations: ops)))
            client.socket.setNonBlocking()
            let interval = 1 / rate
            var next = MonotonicClock.now()
            while !stop.isSet {
                transaction += 1
                let k = LayerID(2 + transaction % 8)
                let p = CGPoint(x: Double(transaction % 32), y: Double(transaction % 29))
                try client.socket.send(MessageCoding.encode(ClientMessage.commit(Commit(transactionID: transaction, operations: [.setProperty(k, .position, .point(p))]))))
                counts.add()
                while try client.socket.fill() == .data { while try client.socket.nextFrame() != nil {} }
                next += interval
                let wait = next - MonotonicClock.now()
                if wait > 0 { usleep(UInt32(wait * 1e6)) }
            }
        } catch {
            counts.fail()
        }
    }

    static func resident(_ pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kb = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kb * 1024
    }

    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.withLock { value } }
        func set() { lock.withLock { value = true } }
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0, failed = 0
        var value: Int { lock.withLock { count } }
        var failures: Int { lock.withLock { failed } }
        func add() { lock.withLock { count += 1 } }
        func fail() { lock.withLock { failed += 1 } }
    }
}
