import CStrataSys
import Foundation
import StrataCore
import StrataProtocol
#if canImport(Glibc)
import Glibc
#endif

/// A well-behaved client beside the fuzz clients: it keeps a small animated tree on screen and probes
/// the server with `stats` requests on its own thread. A probe unanswered within the bound, or the
/// witness's session ending, is a failure of the server.
final class Witness: @unchecked Sendable {
    let socketPath: String
    let interval: Double
    let timeout: Double
    /// After a probe times out, how long to keep waiting to tell a freeze (it answers late) from a hang.
    let grace: Double
    static let layerCount = 3

    private let lock = NSLock()
    private var latencies: [Double] = []
    private var failureText: String?
    private var stopping = false
    private var done = false
    private(set) var clientID: UInt32 = 0
    private var fd: Int32 = -1
    private var assembler = FrameAssembler()

    init(socketPath: String, interval: Double, timeout: Double, grace: Double) {
        self.socketPath = socketPath; self.interval = interval; self.timeout = timeout; self.grace = grace
    }

    var failure: String? { lock.withLock { failureText } }
    /// When the last probe was answered (MonotonicClock seconds), 0 before the first.
    var lastAnswer: Double { lock.withLock { lastAnswerTime } }
    private var lastAnswerTime = 0.0
    /// Whether a stats reply has said the server warmed its renderer up.
    var warmedUp: Bool { lock.withLock { serverWarmedUp } }
    private var serverWarmedUp = false
    var latencySamples: [Double] { lock.withLock { latencies } }
    /// The text worker's counts in the last `stats` reply (an inspector's, so server-wide); nil before the
    /// first reply or when the server lays text out itself.
    var textWorker: [String: Int]? { lock.withLock { textWorkerCounts } }
    private var textWorkerCounts: [String: Int]?
    /// The server's heap (`heap_bytes`: in_use, free) in the last stats reply.
    var heap: [String: Int]? { lock.withLock { heapBytes } }
    private var heapBytes: [String: Int]?

    /// Connects and commits the witness tree; throws when the server does not welcome it.
    func start() throws {
        fd = strata_connect_unix(socketPath)
        guard fd >= 0 else { throw ReproError(description: "witness cannot connect to \(socketPath)") }
        try send(.hello(version: WireFormat.version))
        guard case .welcome(_, let id)? = try waitFor({ if case .welcome = $0 { true } else { false } }, within: 5) else {
            throw ReproError(description: "witness got no welcome")
        }
        clientID = id
        var timing = MediaTiming(); timing.beginTime = MonotonicClock.now(); timing.duration = 1; timing.repeatCount = .infinity; timing.autoreverses = true
        let spin = AnimationSpec(keyPath: LayerKeyPath(property: .opacity), kind: .basic(from: .scalar(0.2), to: .scalar(1), by: nil), timing: timing)
        var ops: [LayerOperation] = []
        for id in 1...LayerID(Self.layerCount) {
            ops += [.createLayer(id), .setProperty(id, .bounds, .rect(CGRect(x: 0, y: 0, width: 16, height: 16))),
                    .setProperty(id, .position, .point(CGPoint(x: 8 * Double(id), y: 8))),
                    .setProperty(id, .backgroundColor, .color(Color(red: 0, green: 1, blue: 0, alpha: 1)))]
            if id > 1 { ops.append(.insertSublayer(parent: 1, child: id, index: 0)) }
        }
        ops += [.attachRoot(1), .addAnimation(1, key: "witness", spin)]
        try send(.commit(Commit(transactionID: 1, operations: ops)))
        let thread = Thread { [self] in probeLoop() }
        thread.name = "witness"
        thread.start()
    }

    func stop() {
        lock.withLock { stopping = true }
        while !lock.withLock({ done }) { usleep(5_000) }
    }

    /// The witness's layer count as the server's `tree` reports it (after `stop`), or why it is unknown.
    func layersOnServer() -> Result<Int, ReproError> {
        do {
            try send(.treeRequest(requestID: 999_999))
            guard case .tree(_, let json)? = try waitFor({ if case .tree(999_999, _) = $0 { true } else { false } }, within: 30) else {
                return .failure(ReproError(description: "no tree reply within 30 s"))
            }
            guard let o = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
                  let clients = o["clients"] as? [[String: Any]],
                  let mine = clients.first(where: { ($0["client"] as? Int) == Int(clientID) }), let n = mine["layers"] as? Int else {
                return .failure(ReproError(description: "tree reply without the witness (client \(clientID)): \(json.prefix(200))"))
            }
            return .success(n)
        } catch {
            return .failure(ReproError(description: "tree request failed: \(error)"))
        }
    }

    private func probeLoop() {
        var requestID: UInt32 = 0
        while !lock.withLock({ stopping }) {
            usleep(useconds_t(interval * 1e6))
            requestID += 1
            let id = requestID
            let start = MonotonicClock.now()
            do {
                try send(.statsRequest(requestID: id))
                let isReply: (ServerMessage) -> Bool = { if case .stats(id, _) = $0 { true } else { false } }
                if let reply = try waitFor(isReply, within: timeout) {
                    let ms = (MonotonicClock.now() - start) * 1000
                    let json = if case .stats(_, let json) = reply { json } else { "" }
                    // Parsed once for the three things read from it.
                    let stats = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any] ?? [:]
                    let counts = Self.textWorkerCounts(stats), warm = Self.warmedUp(stats), heap = Self.heapBytes(stats)
                    lock.withLock {
                        latencies.append(ms); lastAnswerTime = MonotonicClock.now(); textWorkerCounts = counts
                        if let heap { heapBytes = heap }
                        if warm { serverWarmedUp = true }
                    }
                    continue
                }
                // Unanswered within the bound: a failure either way; a late answer makes it a freeze.
                let late = try waitFor(isReply, within: grace) != nil
                let waited = MonotonicClock.now() - start
                fail(late ? "freeze: stats probe answered after \(String(format: "%.2f", waited)) s (bound \(Int(timeout * 1000)) ms)"
                          : "hang: stats probe unanswered for \(String(format: "%.1f", waited)) s")
            } catch {
                fail("witness session ended: \(error)")
            }
            break
        }
        lock.withLock { done = true }
    }

    /// The heap (`heap_bytes`) and the server's clients and layers in all, from a stats reply.
    static func heapBytes(_ o: [String: Any]) -> [String: Int]? {
        guard var heap = o["heap_bytes"] as? [String: Int] else { return nil }
        heap["clients"] = o["clients"] as? Int
        heap["layers"] = o["layers"] as? Int
        return heap
    }

    /// Whether a stats reply says the server has warmed its renderer up (`warmed_up`).
    static func warmedUp(_ o: [String: Any]) -> Bool { o["warmed_up"] as? Bool == true }

    /// The `text_worker` object of a stats reply.
    static func textWorkerCounts(_ o: [String: Any]) -> [String: Int]? {
        (o["text_worker"] as? [String: Any])?.compactMapValues { $0 as? Int }
    }

    /// "2 crashes, 1 hang" for a worker that failed, nil for one that never did.
    static func textWorkerFailures(_ t: [String: Int]) -> String? {
        let parts = [("crashed", "crash", "crashes"), ("hung", "hang", "hangs"), ("misbehaved", "wrong answer", "wrong answers")]
            .compactMap { key, one, many in t[key].flatMap { $0 > 0 ? "\($0) \($0 == 1 ? one : many)" : nil } }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    private func fail(_ text: String) { lock.withLock { if failureText == nil { failureText = text } } }

    private func send(_ m: ClientMessage) throws {
        let frame = MessageCoding.encode(m)
        var offset = 0
        while offset < frame.count {
            let n = frame.withUnsafeBytes { Glibc.send(fd, $0.baseAddress.map { $0 + offset }, frame.count - offset, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw ReproError(description: "witness send failed (errno \(errno))") }
            offset += n
        }
    }

    /// The first message matching `wanted` within `seconds`; nil on timeout. Throws when the session ends.
    private func waitFor(_ wanted: (ServerMessage) -> Bool, within seconds: Double) throws -> ServerMessage? {
        let end = MonotonicClock.now() + seconds
        while true {
            while let f = try assembler.next() {
                let m = try MessageCoding.decodeServer(type: f.type, body: f.body)
                if case .error(let reason) = m { throw ReproError(description: "server ended the witness session: \(reason)") }
                if wanted(m) { return m }
            }
            let left = end - MonotonicClock.now()
            guard left > 0 else { return nil }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, Int32(max(1, left * 1000))) > 0 else { continue }
            var buf = [UInt8](repeating: 0, count: 65536)
            var fds = [Int32](repeating: -1, count: Int(STRATA_MAX_FDS))
            var nfds: Int32 = 0, truncated: Int32 = 0
            let n = buf.withUnsafeMutableBytes { b in
                fds.withUnsafeMutableBufferPointer { strata_recv_with_fds(fd, b.baseAddress, b.count, $0.baseAddress, &nfds, &truncated) }
            }
            fds.prefix(Int(nfds)).forEach { Glibc.close($0) }
            guard n > 0 else { throw ReproError(description: n == 0 ? "server closed the witness connection" : "witness receive failed (errno \(errno))") }
            assembler.append(Array(buf[0..<n]))
        }
    }
}
