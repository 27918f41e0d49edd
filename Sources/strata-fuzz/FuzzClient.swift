import Foundation
import StrataCore
import StrataFuzzing
import StrataProtocol

/// One fuzz client: a sequence of sessions with the server, each step one family's input (a commit, a
/// request, a mutated frame, a descriptor trick, a handshake or disconnect trick). It keeps a model of its
/// session so most commits are ones the server accepts and the tree grows; when the server ends the
/// session (as it must for refused input) the client notes the reason and starts a new one.
final class FuzzClient {
    let index: Int
    let socketPath: String
    let log: ReproLog
    var r: FuzzRandom
    let families: [(Family, Double)]
    private let totalWeight: Double
    var generator = CommitGenerator()
    var model = SessionModel()
    private var session: FuzzSession?
    /// Connections left open without a handshake (or idle after one), closed after `until` steps.
    var idle: [(session: FuzzSession, until: Int)] = []
    var steps = 0
    /// Set after an input the server must refuse: wait (a few steps) for it to close the session.
    var doomedSince: Double?
    private let corpus: [[UInt8]]
    let nextSessionID: () -> Int
    /// Sessions are restarted past this many layers (ending a session frees its tree on the server).
    static let sessionLayerLimit = 8000
    /// Hosting (`FuzzClient+Hosting`): the run's shared tokens, this session's own contexts, and counters
    /// for its commits' ids and layer ids.
    let tokenPool: TokenPool
    var ownTokens: [ContextToken] = []
    var hostingTransaction: UInt64 = 0
    var hostingLayers: UInt32 = 0

    /// Relative weight of each family in a client's steps (the known crashers are rare but present).
    static let weights: [Family: Double] = [
        .tree: 12, .properties: 14, .animations: 10, .images: 6, .masks: 5, .requests: 4, .invalid: 3, .text: 6, .bytes: 12,
        .fds: 4, .handshake: 2, .disconnects: 2, .maskCycles: 1, .deepChains: 0.3, .wideParents: 0.1, .shrunkMemfds: 2, .hosting: 6,
    ]

    init(index: Int, seed: UInt64, families: [Family], socketPath: String, log: ReproLog, corpus: [[UInt8]], nextSessionID: @escaping () -> Int,
         tokenPool: TokenPool = TokenPool()) {
        self.index = index; self.socketPath = socketPath; self.log = log; self.corpus = corpus; self.nextSessionID = nextSessionID
        self.tokenPool = tokenPool
        r = FuzzRandom(seed: seed &+ UInt64(index) &* 0x9E37_79B9)
        self.families = families.map { ($0, Self.weights[$0] ?? 1) }
        totalWeight = self.families.reduce(0) { $0 + $1.1 }
    }

    /// Does one step; `stats` counts what was sent.
    func step(_ stats: inout FuzzStats) {
        steps += 1
        expireIdle()
        guard let s = currentSession(&stats) else { return }
        if let since = doomedSince {
            // Give the server a moment to refuse what it was sent, then move on regardless.
            s.drain()
            if s.isOpen, MonotonicClock.now() - since < 0.25 { return }
            end(s, &stats)
            return
        }
        if model.layerCount > Self.sessionLayerLimit { end(s, &stats, closing: true); return }
        guard let family = pickFamily() else { return }
        stats.families[family.rawValue, default: 0] += 1
        switch family {
        case .requests: request(s, &stats)
        case .bytes: mutatedFrame(s, &stats)
        case .fds: fdTrick(s, &stats)
        case .handshake: handshakeTrick(&stats)
        case .disconnects: disconnectTrick(s, &stats)
        case .shrunkMemfds where r.chance(0.4) && !s.kept.isEmpty: shrinkAndShow(s, &stats)
        case .hosting: hostingStep(s, &stats)
        default: commit(family, s, &stats)
        }
        s.drain()
    }

    /// Closes everything (end of run).
    func finish() {
        session?.closeNow()
        idle.forEach { $0.session.closeNow() }
    }

    // MARK: sessions

    private func currentSession(_ stats: inout FuzzStats) -> FuzzSession? {
        if let s = session {
            s.drain()
            if s.isOpen { return s }
            end(s, &stats)
        }
        let s = FuzzSession(id: nextSessionID())
        guard connect(s, &stats) else { return nil }
        send(.hello(version: WireFormat.version), on: s, &stats)
        session = s
        model = SessionModel()
        ownTokens = []
        generator.reset()
        return s
    }

    /// Opens `s`; a refused connection (a server that stopped accepting) is forgotten, not logged, and
    /// the client pauses a moment so a stuck server is not flooded with attempts.
    func connect(_ s: FuzzSession, _ stats: inout FuzzStats) -> Bool {
        guard s.perform(.connect, socketPath: socketPath) else {
            stats.refusedConnections += 1
            usleep(2_000)
            return false
        }
        stats.sessions += 1
        log.record(client: index, session: s.id, .connect)
        return true
    }

    func end(_ s: FuzzSession, _ stats: inout FuzzStats, closing: Bool = false) {
        if closing { perform(.close, on: s, &stats) }
        s.drain()
        if let reason = s.errorReason { stats.rejected(reason) }
        if s.undecodable != nil { stats.undecodableReplies += 1 }
        s.closeNow()
        log.ended(client: index, session: s.id)
        if session === s { session = nil }
        doomedSince = nil
    }

    private func expireIdle() {
        var stats = FuzzStats()
        for (s, until) in idle where until <= steps { perform(.close, on: s, &stats); log.ended(client: index, session: s.id) }
        idle.removeAll { $0.until <= steps }
    }

    @discardableResult
    func perform(_ action: FuzzAction, on s: FuzzSession, _ stats: inout FuzzStats) -> Bool {
        log.record(client: index, session: s.id, action)
        if action.countsAsInput { stats.inputs += 1 }
        return s.perform(action, socketPath: socketPath)
    }

    @discardableResult
    func send(_ m: ClientMessage, on s: FuzzSession, fds: [FDSpec] = [], _ stats: inout FuzzStats) -> Bool {
        stats.count(message: m)
        for f in fds { stats.fdTricks["commit:\(f.kind.rawValue)", default: 0] += 1 }
        return perform(.send(bytes: MessageCoding.encode(m), fds: fds, splitAt: nil, fdsOnSecondPart: false), on: s, &stats)
    }

    private func pickFamily() -> Family? {
        var x = r.double(0...totalWeight)
        for (f, w) in families {
            x -= w
            if x <= 0 { return f }
        }
        return families.last?.0
    }

    // MARK: families

    func commit(_ family: Family, _ s: FuzzSession, _ stats: inout FuzzStats) {
        let g = generator.next(family, model: &model, now: MonotonicClock.now(), &r)
        send(.commit(g.commit), on: s, fds: g.fds, &stats)
        if g.breaksSession { doomedSince = MonotonicClock.now() }
    }

    private func request(_ s: FuzzSession, _ stats: inout FuzzStats) {
        let id = UInt32(truncatingIfNeeded: steps)
        switch r.int(0...11) {
        case 0...2: send(.statsRequest(requestID: id), on: s, &stats)
        case 3: send(.treeRequest(requestID: id), on: s, &stats)
        case 4...6:
            let names = ["", "", "headless", "HDMI-A-1", String(repeating: "x", count: 64)]
            send(.snapshotRequest(requestID: id, output: r.pick(names) ?? ""), on: s, &stats)
        case 7:
            send(.snapshotRequest(requestID: id, output: String(repeating: "y", count: 65)), on: s, &stats)
            doomedSince = MonotonicClock.now()
        case 8, 9: send(.injectInput(injectedInput()), on: s, &stats)
        default: send(.frameTicks(enabled: r.chance(0.5)), on: s, &stats)
        }
    }

    /// 1…8 input events as `strata input` sends them, anywhere on and off the output (the fuzz server is
    /// headless, so injection is on, and fuzz clients run as the server's user: inspectors). Touches reuse a
    /// few ids, so sequences start, move, end and restart out of order against the layers fuzz clients made
    /// interactive.
    private func injectedInput() -> [InjectedInput] {
        (0..<r.int(1...8)).map { _ in
            let kind = r.pick(InputKind.allCases) ?? .touchDown
            let far = r.chance(0.1)
            let position = CGPoint(x: far ? r.double(-1e6...1e6) : r.double(-20...700), y: far ? r.double(-1e6...1e6) : r.double(-20...500))
            return InjectedInput(kind: kind, output: r.chance(0.05) ? "HDMI-A-1" : "", position: position, touchID: Int32(r.int(0...3)),
                                 button: UInt32(0x110 + r.int(0...2)), pressed: r.chance(0.5), scrollX: r.double(-50...50),
                                 scrollY: r.double(-50...50), keysym: UInt32(r.int(0x20...0x7e)), text: r.chance(0.5) ? "a" : "")
        }
    }

    private func baseFrame() -> [UInt8] {
        if !corpus.isEmpty, r.chance(0.3), let f = r.pick(corpus) { return f }
        var scratch = model
        var g = generator
        // Only families the run has: an avoided crasher must not come back through a mutation's base.
        let bases = [Family.tree, .properties, .animations, .masks, .maskCycles, .text].filter { f in families.contains { $0.0 == f } }
        let family = r.pick(bases) ?? .tree
        return MessageCoding.encode(ClientMessage.commit(g.next(family, model: &scratch, now: MonotonicClock.now(), &r).commit))
    }

    private func mutatedFrame(_ s: FuzzSession, _ stats: inout FuzzStats) {
        let base = baseFrame()
        let bytes = ByteMutator.mutate(base, splice: r.chance(0.2) ? baseFrame() : nil, &r)
        stats.messages["mutated", default: 0] += 1
        let fds = r.chance(0.1) ? [FDSpec(.sealedMemfd, byteCount: 64)] : []
        perform(.send(bytes: bytes, fds: fds, splitAt: r.chance(0.1) ? r.int(0...bytes.count) : nil, fdsOnSecondPart: false), on: s, &stats)
    }
}
