import Foundation
import StrataFuzzing
import StrataProtocol

/// A run: the fuzz clients stepped in turn on this thread, the witness probing on its own, and the checks
/// between steps (server alive, witness satisfied). Ends at the input or time bound or the first failure.
struct FuzzRun {
    let sut: ServerUnderTest
    let witness: Witness
    let seed: UInt64
    let families: [Family]
    let log = ReproLog()
    var stats = FuzzStats()
    var clients: [FuzzClient] = []
    var failure: String?
    /// Set when the failure is the text worker's (the server itself is fine: no need for its stacks).
    private var textWorkerFailed = false
    private var started = MonotonicClock.now()
    private var elapsed = 0.0
    /// The server's memory and descriptors once it answered the witness, and once the fuzz clients left.
    private var resourcesAtStart: ServerResources?
    private var resourcesAtEnd: ServerResources?
    /// The server's heap (its stats' `heap_bytes`) once it serves and once the fuzz clients left.
    private var heapAtStart: [String: Int]?
    private var heapAtEnd: [String: Int]?
    /// Where the server's smaps go at the start, at 10,000 inputs and at the end (`--memory-maps`).
    var memoryMaps: URL?
    /// The server's memory at each progress line.
    private var memory = MemoryTrace()

    init(sut: ServerUnderTest, witness: Witness, seed: UInt64, families: [Family], clients count: Int, corpus: [[UInt8]]) {
        self.sut = sut; self.witness = witness; self.seed = seed; self.families = families
        let counter = SessionCounter()
        // One pool of context tokens for every client: they host each other's contexts (the hosting family).
        let tokenPool = TokenPool()
        let log = self.log
        clients = (0..<max(1, count)).map {
            FuzzClient(index: $0, seed: seed, families: families, socketPath: sut.socketPath, log: log, corpus: corpus, nextSessionID: counter.next,
                       tokenPool: tokenPool)
        }
    }

    mutating func fuzz(inputs: Int, seconds: Double) {
        resourcesAtStart = serving()
        heapAtStart = witness.heap
        saveMemoryMap("smaps-start.txt")
        started = MonotonicClock.now()
        var lastReport = started
        while failure == nil {
            for c in clients { c.step(&stats) }
            check()
            let now = MonotonicClock.now()
            if inputs > 0, stats.inputs >= inputs { break }
            if seconds > 0, now - started >= seconds { break }
            // Issue 50 measures growth from 10,000 inputs: sampled there whatever the pace, since the first
            // progress line comes after 10 s (about 22,000 inputs in a release run).
            if memory.wantsBaseline(inputs: stats.inputs) {
                memory.offerBaseline(inputs: stats.inputs, sut.resources())
                saveMemoryMap("smaps-\(MemoryTrace.baselineInputs).txt")
            }
            if now - lastReport >= 10 {
                lastReport = now
                memory.offer(inputs: stats.inputs, sut.resources())
                FileHandle.standardError.write(Data("strata-fuzz: \(stats.inputs) inputs, \(Int(Double(stats.inputs) / (now - started))) /s\n".utf8))
            }
        }
        elapsed = MonotonicClock.now() - started
    }

    /// The server's resources once it serves and has warmed its renderer up (`warmed_up`: until then the
    /// server may still be starting: its lobby greets clients before the display and its shaders are up,
    /// and the warm-up compiles and allocates what first frames need), waiting at most 10 s.
    private func serving() -> ServerResources? {
        let end = MonotonicClock.now() + 10
        while !witness.warmedUp, witness.failure == nil, MonotonicClock.now() < end { usleep(10_000) }
        return sut.resources()
    }

    /// Copies the server's /proc/PID/smaps into `memoryMaps` as `name`, when asked to.
    private func saveMemoryMap(_ name: String) {
        guard let dir = memoryMaps, sut.isRunning, let file = FileHandle(forReadingAtPath: "/proc/\(sut.process.processIdentifier)/smaps") else { return }
        defer { try? file.close() }
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try? file.readDataToEndOfFile().write(to: dir.appendingPathComponent(name))
    }

    /// Replays a reproducer's actions in their recorded order, one session per recorded session.
    mutating func replay(_ entries: [ReproLog.Entry]) {
        resourcesAtStart = serving()
        started = MonotonicClock.now()
        var sessions: [Int: FuzzSession] = [:]
        let firstTime = entries.first?.time ?? 0
        for e in entries where failure == nil {
            let due = started + e.time - firstTime
            while MonotonicClock.now() < due, failure == nil { usleep(useconds_t(min(20_000, max(0, due - MonotonicClock.now()) * 1e6))); check() }
            let s = sessions[e.session] ?? FuzzSession(id: e.session)
            sessions[e.session] = s
            log.record(client: e.client, session: e.session, e.action)
            if e.action.countsAsInput { stats.inputs += 1 }
            s.perform(e.action, socketPath: sut.socketPath)
            s.drain()
            check()
        }
        // Let the server apply and draw what it was sent, and answer a probe sent after that, before judging it
        // (a hang shows as a probe unanswered past the bound and the grace).
        let sent = MonotonicClock.now()
        let end = sent + witness.timeout + witness.grace + 3
        while failure == nil, MonotonicClock.now() < end, MonotonicClock.now() < sent + 3 || witness.lastAnswer < sent + 2.5 {
            usleep(20_000); check()
        }
        sessions.values.forEach { $0.closeNow() }
        elapsed = MonotonicClock.now() - started
    }

    private mutating func check() {
        if let exit = sut.exitDescription {
            failure = "crash: strata-server ended (\(exit))"
        } else if let t = witness.textWorker, let failures = Witness.textWorkerFailures(t) {
            // The text worker lays clients' strings out in a process of its own, which the server restarts when
            // it crashes, hangs or answers wrongly: the server survives, but the text stack failed on a
            // client's input, which is what this fuzzer looks for. Stopping now keeps that input in the log.
            failure = "text worker: \(failures) (the server restarted it; server.log names the layer and client)"
            textWorkerFailed = true
        } else if let w = witness.failure {
            // A witness cut off by a crashing server: wait for the crash (the backtracer takes a while).
            if w.hasPrefix("witness session ended") {
                let end = MonotonicClock.now() + 60
                while sut.isRunning, MonotonicClock.now() < end { usleep(50_000) }
            }
            failure = sut.exitDescription.map { "crash: strata-server ended (\($0))" } ?? w
        }
    }

    struct Outcome {
        let passed: Bool
        let summaryJSON: String
    }

    /// Stops everything, saves a reproducer on failure, and summarises the run.
    /// Kept whole (over 60 lines): the run's verdict and its report, field by field.
    mutating func finish(crashes: URL) -> Outcome {
        clients.forEach { $0.finish() }
        if failure == nil {
            // The witness's tree must be intact at the end; the server has a moment to drop the clients.
            usleep(500_000)
            check()
            resourcesAtEnd = sut.resources()
            heapAtEnd = witness.heap
            saveMemoryMap("smaps-end.txt")
        }
        witness.stop()
        var witnessLayers: Int?
        if failure == nil, sut.isRunning {
            switch witness.layersOnServer() {
            case .success(let n):
                witnessLayers = n
                if n != Witness.layerCount { failure = "witness tree damaged: the server reports \(n) layers for it, \(Witness.layerCount) expected" }
            case .failure(let why):
                // A server that crashed may still be writing its backtrace: wait for it to go, then say so.
                let end = MonotonicClock.now() + 20
                while sut.isRunning, MonotonicClock.now() < end { usleep(50_000) }
                failure = sut.exitDescription.map { "crash: strata-server ended (\($0))" } ?? "witness tree unreadable: \(why)"
            }
        }
        // A server that fails without exiting (hung, or not answering) is asked for its stacks, into its log.
        // (A frozen server that answered late is responsive again: its stacks would show nothing.)
        if failure != nil, sut.isRunning, failure?.hasPrefix("freeze") != true, !textWorkerFailed { sut.abortForBacktrace() }
        var reproducer: String?
        if let failure {
            let dir = crashes.appendingPathComponent("\(Int(Date().timeIntervalSince1970))-seed\(seed)")
            do {
                try log.write(to: dir)
                try Data((failure + "\n").utf8).write(to: dir.appendingPathComponent("failure.txt"))
                try? FileManager.default.copyItem(atPath: sut.logPath, toPath: dir.appendingPathComponent("server.log").path)
                reproducer = dir.path
            } catch {
                FileHandle.standardError.write(Data("strata-fuzz: cannot save the reproducer: \(error)\n".utf8))
            }
        } else {
            sut.stop()
        }
        if sut.isRunning { sut.stop() }
        let latencies = witness.latencySamples.sorted()
        func pct(_ p: Double) -> Double { latencies.isEmpty ? 0 : latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))] }
        let summary: [String: Any] = [
            "result": failure == nil ? "ok" : "failure",
            "failure": failure ?? NSNull(),
            "reproducer": reproducer ?? NSNull(),
            "seed": seed,
            "seconds": (elapsed * 10).rounded() / 10,
            "inputs": stats.inputs,
            "inputs_per_second": elapsed > 0 ? Int(Double(stats.inputs) / elapsed) : 0,
            "clients": clients.count,
            "sessions": stats.sessions,
            "connections_refused": stats.refusedConnections,
            "sessions_refused_by_server": stats.sessionsRefused,
            "families_run": families.map(\.rawValue).sorted(),
            "steps_by_family": stats.families,
            "messages_by_type": stats.messages,
            "operations_by_type": stats.operations,
            "operation_types_covered": "\(stats.operations.count)/\(FuzzStats.operationKinds)",
            "fd_and_connection_tricks": stats.fdTricks,
            "server_rejections": stats.rejections,
            "undecodable_server_replies": stats.undecodableReplies,
            "probes": ["answered": latencies.count, "p50_ms": rounded(pct(0.5)), "p99_ms": rounded(pct(0.99)),
                       "max_ms": rounded(latencies.last ?? 0), "over_100_ms": latencies.filter { $0 > 100 }.count,
                       "timeout_ms": Int(witness.timeout * 1000)],
            "witness_layers_at_end": witnessLayers ?? NSNull(),
            "text_worker": witness.textWorker ?? NSNull(),
            "server_rss_mib": ["start": resourcesAtStart.map { $0.rssMiB as Any } ?? NSNull(), "end": resourcesAtEnd.map { $0.rssMiB as Any } ?? NSNull()],
            "server_memory_mib": ["start": resourcesAtStart.map { $0.json as Any } ?? NSNull(), "end": resourcesAtEnd.map { $0.json as Any } ?? NSNull(),
                                  "during": memory.json],
            "server_heap_bytes": ["start": heapAtStart.map { $0 as Any } ?? NSNull(), "end": heapAtEnd.map { $0 as Any } ?? NSNull()],
            "server_fds": ["start": resourcesAtStart.map { $0.fds as Any } ?? NSNull(), "end": resourcesAtEnd.map { $0.fds as Any } ?? NSNull()],
        ]
        let data = (try? JSONSerialization.data(withJSONObject: summary, options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return Outcome(passed: failure == nil, summaryJSON: String(decoding: data, as: UTF8.self))
    }

    private func rounded(_ x: Double) -> Double { (x * 10).rounded() / 10 }
}

/// Session ids, unique over the run (reproducers name sessions by them).
final class SessionCounter {
    private var value = 0
    func next() -> Int { value += 1; return value }
}
