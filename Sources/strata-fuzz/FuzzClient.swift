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
    private var r: FuzzRandom
    private let families: [(Family, Double)]
    private let totalWeight: Double
    private var generator = CommitGenerator()
    private var model = SessionModel()
    private var session: FuzzSession?
    /// Connections left open without a handshake (or idle after one), closed after `until` steps.
    private var idle: [(session: FuzzSession, until: Int)] = []
    private var steps = 0
    /// Set after an input the server must refuse: wait (a few steps) for it to close the session.
    private var doomedSince: Double?
    private let corpus: [[UInt8]]
    private let nextSessionID: () -> Int
    /// Sessions are restarted past this many layers (ending a session frees its tree on the server).
    static let sessionLayerLimit = 8000

    /// Relative weight of each family in a client's steps (the known crashers are rare but present).
    static let weights: [Family: Double] = [
        .tree: 12, .properties: 14, .animations: 10, .images: 6, .masks: 5, .requests: 4, .invalid: 3, .bytes: 12,
        .fds: 4, .handshake: 2, .disconnects: 2, .maskCycles: 1, .deepChains: 0.3, .wideParents: 0.1, .shrunkMemfds: 2,
    ]

    init(index: Int, seed: UInt64, families: [Family], socketPath: String, log: ReproLog, corpus: [[UInt8]], nextSessionID: @escaping () -> Int) {
        self.index = index; self.socketPath = socketPath; self.log = log; self.corpus = corpus; self.nextSessionID = nextSessionID
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
        generator.reset()
        return s
    }

    /// Opens `s`; a refused connection (a server that stopped accepting) is forgotten, not logged, and
    /// the client pauses a moment so a stuck server is not flooded with attempts.
    private func connect(_ s: FuzzSession, _ stats: inout FuzzStats) -> Bool {
        guard s.perform(.connect, socketPath: socketPath) else {
            stats.refusedConnections += 1
            usleep(2_000)
            return false
        }
        stats.sessions += 1
        log.record(client: index, session: s.id, .connect)
        return true
    }

    private func end(_ s: FuzzSession, _ stats: inout FuzzStats, closing: Bool = false) {
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
    private func perform(_ action: FuzzAction, on s: FuzzSession, _ stats: inout FuzzStats) -> Bool {
        log.record(client: index, session: s.id, action)
        if action.countsAsInput { stats.inputs += 1 }
        return s.perform(action, socketPath: socketPath)
    }

    @discardableResult
    private func send(_ m: ClientMessage, on s: FuzzSession, fds: [FDSpec] = [], _ stats: inout FuzzStats) -> Bool {
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

    private func commit(_ family: Family, _ s: FuzzSession, _ stats: inout FuzzStats) {
        let g = generator.next(family, model: &model, now: MonotonicClock.now(), &r)
        send(.commit(g.commit), on: s, fds: g.fds, &stats)
        if g.breaksSession { doomedSince = MonotonicClock.now() }
    }

    private func request(_ s: FuzzSession, _ stats: inout FuzzStats) {
        let id = UInt32(truncatingIfNeeded: steps)
        switch r.int(0...9) {
        case 0...2: send(.statsRequest(requestID: id), on: s, &stats)
        case 3: send(.treeRequest(requestID: id), on: s, &stats)
        case 4...6:
            let names = ["", "", "headless", "HDMI-A-1", String(repeating: "x", count: 64)]
            send(.snapshotRequest(requestID: id, output: r.pick(names) ?? ""), on: s, &stats)
        case 7:
            send(.snapshotRequest(requestID: id, output: String(repeating: "y", count: 65)), on: s, &stats)
            doomedSince = MonotonicClock.now()
        default: send(.frameTicks(enabled: r.chance(0.5)), on: s, &stats)
        }
    }

    private func baseFrame() -> [UInt8] {
        if !corpus.isEmpty, r.chance(0.3), let f = r.pick(corpus) { return f }
        var scratch = model
        var g = generator
        // Only families the run has: an avoided crasher must not come back through a mutation's base.
        let bases = [Family.tree, .properties, .animations, .masks, .maskCycles].filter { f in families.contains { $0.0 == f } }
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

    private func fdTrick(_ s: FuzzSession, _ stats: inout FuzzStats) {
        let image = model.freshID()
        let layer = model.layerIDs.last ?? 0
        func defining(_ kind: FDSpec.Kind, fdCount: UInt16 = 1, w: UInt32 = 8, h: UInt32 = 8) -> ClientMessage {
            var ops: [LayerOperation] = [.defineImage(image, width: w, height: h, fdIndex: 0)]
            if layer != 0 { ops += [.setContents(layer, image)] }
            return .commit(Commit(transactionID: 1_000_000 + UInt64(steps), operations: ops, fdCount: fdCount))
        }
        var trick: String
        let choice = r.int(0...7)
        switch choice {
        case 0:
            trick = "fdCount-above-sent"
            let m = defining(.sealedMemfd, fdCount: 2)
            stats.count(message: m)
            perform(.send(bytes: MessageCoding.encode(m), fds: [FDSpec(.sealedMemfd, byteCount: 256)], splitAt: nil, fdsOnSecondPart: false), on: s, &stats)
        case 1:
            trick = "fds-beyond-fdCount"
            let m = ClientMessage.commit(Commit(transactionID: 7, operations: [], fdCount: 0))
            stats.count(message: m)
            perform(.send(bytes: MessageCoding.encode(m), fds: [FDSpec(.sealedMemfd, byteCount: 64)], splitAt: nil, fdsOnSecondPart: false), on: s, &stats)
        case 2:
            let kind = r.pick([FDSpec.Kind.pipe, .socket, .devNull, .regularFile, .directory, .shortMemfd, .unsealedMemfd]) ?? .pipe
            trick = "image-from-\(kind.rawValue)"
            let m = defining(kind)
            stats.count(message: m)
            perform(.send(bytes: MessageCoding.encode(m), fds: [FDSpec(kind, byteCount: 256)], splitAt: nil, fdsOnSecondPart: false), on: s, &stats)
            if kind == .regularFile || kind == .unsealedMemfd {
                model.apply(.defineImage(image, width: 8, height: 8, fdIndex: 0))
                if layer != 0 { model.apply(.setContents(layer, image)) }
                return countTrick(trick, &stats)
            }
        case 3:
            trick = "fd-on-stats-request"
            let m = ClientMessage.statsRequest(requestID: 1)
            stats.count(message: m)
            perform(.send(bytes: MessageCoding.encode(m), fds: [FDSpec(.devNull)], splitAt: nil, fdsOnSecondPart: false), on: s, &stats)
        case 4:
            trick = "over-32-fds"
            let m = ClientMessage.statsRequest(requestID: 2)
            stats.count(message: m)
            perform(.sendManyFDs(bytes: MessageCoding.encode(m), count: r.int(33...64)), on: s, &stats)
        case 5:
            trick = "fds-on-second-part"
            let m = defining(.sealedMemfd)
            let bytes = MessageCoding.encode(m)
            stats.count(message: m)
            perform(.send(bytes: bytes, fds: [FDSpec(.sealedMemfd, byteCount: 256)], splitAt: r.int(1...(bytes.count - 1)), fdsOnSecondPart: true), on: s, &stats)
        case 6:
            trick = "update-from-short-memfd"
            guard let existing = r.pick(model.imageIDs) else { return commit(.images, s, &stats) }
            let m = ClientMessage.commit(Commit(transactionID: 9, operations: [.updateImage(existing, x: 0, y: 0, width: 1, height: 1, fdIndex: 0)], fdCount: 1))
            stats.count(message: m)
            perform(.send(bytes: MessageCoding.encode(m), fds: [FDSpec(.shortMemfd, byteCount: 4)], splitAt: nil, fdsOnSecondPart: false), on: s, &stats)
        default:
            trick = "fds-with-hello"
            let fresh = FuzzSession(id: nextSessionID())
            if connect(fresh, &stats) {
                let m = ClientMessage.hello(version: WireFormat.version)
                stats.count(message: m)
                perform(.send(bytes: MessageCoding.encode(m), fds: [FDSpec(.sealedMemfd, byteCount: 64)], splitAt: nil, fdsOnSecondPart: false), on: fresh, &stats)
                idle.append((fresh, steps + 20))
            }
            return countTrick(trick, &stats)
        }
        countTrick(trick, &stats)
        doomedSince = MonotonicClock.now()
    }

    private func countTrick(_ name: String, _ stats: inout FuzzStats) { stats.fdTricks[name, default: 0] += 1 }

    /// Shrinks a kept unsealed memfd (or file) the server mapped, then shows and updates its images.
    private func shrinkAndShow(_ s: FuzzSession, _ stats: inout FuzzStats) {
        perform(.shrink(kept: r.int(0...(s.kept.count - 1)), size: r.chance(0.5) ? 0 : r.int(1...64)), on: s, &stats)
        countTrick("shrink-after-send", &stats)
        let root = model.freshID()
        var ops: [LayerOperation] = [.createLayer(root), .setProperty(root, .bounds, .rect(CGRect(x: 0, y: 0, width: 48, height: 48))),
                                     .setProperty(root, .position, .point(CGPoint(x: 24, y: 24))), .attachRoot(root)]
        var fds: [FDSpec] = []
        for image in model.imageIDs.suffix(4) {
            let child = model.freshID()
            ops += [.createLayer(child), .setProperty(child, .bounds, .rect(CGRect(x: 0, y: 0, width: 16, height: 16))),
                    .insertSublayer(parent: root, child: child, index: 0), .setContents(child, image)]
            if r.chance(0.5) {
                ops.append(.updateImage(image, x: 0, y: 0, width: 1, height: 1, fdIndex: UInt16(fds.count)))
                fds.append(FDSpec(.sealedMemfd, byteCount: 4))
            }
        }
        for op in ops { model.apply(op) }
        send(.commit(Commit(transactionID: 2_000_000 + UInt64(steps), operations: ops, fdCount: UInt16(fds.count))), on: s, fds: fds, &stats)
    }

    private func handshakeTrick(_ stats: inout FuzzStats) {
        let fresh = FuzzSession(id: nextSessionID())
        guard connect(fresh, &stats) else { return }
        let hello = MessageCoding.encode(ClientMessage.hello(version: WireFormat.version))
        var keepOpen = false
        let choice = r.int(0...9)
        let name: String
        switch choice {
        case 0:
            name = "bad-magic"
            var b = hello; b[6 + r.int(0...3)] ^= 0x20
            perform(.send(bytes: b, fds: [], splitAt: nil, fdsOnSecondPart: false), on: fresh, &stats)
        case 1:
            name = "bad-version"
            send(.hello(version: r.pick([0, 1, 3, 0xffff]) ?? 1), on: fresh, &stats)
        case 2:
            name = "commit-before-hello"
            send(.commit(Commit(transactionID: 1, operations: [.createLayer(1)])), on: fresh, &stats)
        case 3:
            name = "second-hello"
            send(.hello(version: WireFormat.version), on: fresh, &stats)
            send(.hello(version: WireFormat.version), on: fresh, &stats)
        case 4:
            name = "hello-split"
            stats.messages["hello", default: 0] += 1
            perform(.send(bytes: hello, fds: [], splitAt: r.int(1...(hello.count - 1)), fdsOnSecondPart: false), on: fresh, &stats)
            keepOpen = true
        case 5:
            name = "idle-no-hello"
            keepOpen = true
        case 6:
            name = "hello-then-close"
            send(.hello(version: WireFormat.version), on: fresh, &stats)
        case 7:
            name = "server-message-to-server"
            stats.messages["type101", default: 0] += 1
            perform(.send(bytes: MessageCoding.encode(ServerMessage.welcome(version: 2, clientID: 1)), fds: [], splitAt: nil, fdsOnSecondPart: false), on: fresh, &stats)
        case 8:
            name = "oversized-length"
            stats.messages["oversized", default: 0] += 1
            perform(.send(bytes: [0x01, 0x00, 0x00, 0x01, 0x01, 0x00] + Array(hello.dropFirst(6)), fds: [], splitAt: nil, fdsOnSecondPart: false), on: fresh, &stats)
        default:
            name = "partial-16MiB-frame"
            stats.messages["partial", default: 0] += 1
            perform(.send(bytes: [0x00, 0x00, 0x00, 0x01, 0x02, 0x00] + r.bytes(r.int(0...512)), fds: [], splitAt: nil, fdsOnSecondPart: false), on: fresh, &stats)
            keepOpen = r.chance(0.5)
        }
        stats.fdTricks["handshake:\(name)", default: 0] += 1
        // At most two idle connections per client at once: idle sessions hold server slots.
        if keepOpen, idle.count < 2 {
            idle.append((fresh, steps + r.int(20...400)))
        } else {
            fresh.drain()
            perform(.close, on: fresh, &stats)
            log.ended(client: index, session: fresh.id)
        }
    }

    private func disconnectTrick(_ s: FuzzSession, _ stats: inout FuzzStats) {
        let bases = [Family.tree, .properties, .animations, .images].filter { f in families.contains { $0.0 == f } }
        let g = generator.next(r.pick(bases) ?? .tree, model: &model, now: MonotonicClock.now(), &r)
        let bytes = MessageCoding.encode(ClientMessage.commit(g.commit))
        stats.count(message: .commit(g.commit))
        let name: String
        switch r.int(0...3) {
        case 0:
            name = "close-mid-frame"
            perform(.send(bytes: Array(bytes.prefix(r.int(1...(bytes.count - 1)))), fds: g.fds, splitAt: nil, fdsOnSecondPart: false), on: s, &stats)
        case 1:
            name = "close-with-fds-in-flight"
            perform(.send(bytes: bytes, fds: g.fds + [FDSpec(.sealedMemfd, byteCount: 1024)], splitAt: nil, fdsOnSecondPart: false), on: s, &stats)
        case 2:
            name = "shutdown-write-mid-frame"
            perform(.send(bytes: Array(bytes.prefix(bytes.count / 2 + 1)), fds: g.fds, splitAt: nil, fdsOnSecondPart: false), on: s, &stats)
            perform(.shutdownWrite, on: s, &stats)
            s.drain()
        default:
            name = "close-after-commit"
            perform(.send(bytes: bytes, fds: g.fds, splitAt: nil, fdsOnSecondPart: false), on: s, &stats)
        }
        stats.fdTricks["disconnect:\(name)", default: 0] += 1
        end(s, &stats, closing: true)
    }
}
