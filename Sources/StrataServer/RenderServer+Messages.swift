import Foundation
import StrataProtocol
#if canImport(Glibc)
import Glibc
#endif

/// A greeted client's messages: one case each, the larger answers in functions of their own.
extension RenderServer {
    func handle(_ message: ClientMessage, size: Int, from s: ClientSession) throws {
        if !s.greeted {
            try s.greet(message, outputs: compositor.outputInfo, virtualTime: virtualClock?.now)
            compositor.addClient(s.clientID, uid: s.peer.uid)
            return
        }
        switch message {
        case .hello: throw ProtocolError.unexpectedMessage("second hello")
        case .commit(let commit): try take(commit, size: size, from: s)
        case let .snapshotRequest(id, output): try answerSnapshot(id, output: output, to: s)
        case .treeRequest(let id):
            // Others' trees only for inspectors; each reply holds at most `TreeDescription.maxLayers` layers.
            let json = compositor.treeJSON(client: s.isInspector ? nil : s.clientID)
            try queue(.tree(requestID: id, json: Self.bounded(json, what: "tree")), to: s)
        case .statsRequest(let id):
            let stats = compositor.statsJSON(client: s.isInspector ? nil : s.clientID)
            try queue(.stats(requestID: id, json: Self.bounded(Self.json(stats), what: "stats")), to: s)
        case .frameTicks(let enabled):
            s.wantsFrameTicks = enabled
        case .injectInput(let events):
            try inject(events, from: s)
        case let .advanceClock(id, seconds):
            try requestStep(id, seconds: seconds, from: s)
        case let .rootContexts(id, pid):
            try queue(answerRootContexts(id, pid: pid, from: s), to: s)
        case let .createContext(id, reclaim, users):
            let made = reclaim.isZero ? compositor.createContext(for: s.clientID, hostUsers: users) : compositor.reclaimContext(reclaim, for: s.clientID, hostUsers: users)
            try queue(.contextCreated(requestID: id, token: made.token, refusal: made.refusal), to: s)
        }
    }

    /// A shell's `rootContexts`: a token for each root of the clients of process `pid`.
    private func answerRootContexts(_ id: UInt32, pid: UInt32, from s: ClientSession) -> ServerMessage {
        guard s.isShell else {
            return .rootContexts(requestID: id, tokens: [], refusal: "permission denied: rootContexts: only shells may host other clients' roots without a token (shell-users, shell-groups)")
        }
        let clients = sessions.values.filter { $0.greeted && $0.pid == Int32(bitPattern: pid) && $0.clientID != s.clientID }.map(\.clientID).sorted()
        guard !clients.isEmpty else { return .rootContexts(requestID: id, tokens: [], refusal: "rootContexts: no client of process \(pid)") }
        var tokens: [ContextToken] = []
        for client in clients {
            let made = compositor.rootContexts(of: client, forShellUser: s.peer.uid)
            tokens += made.tokens
            if !made.refusal.isEmpty { return .rootContexts(requestID: id, tokens: [], refusal: made.refusal) }
        }
        return .rootContexts(requestID: id, tokens: Array(tokens.prefix(ServerMessage.maxRootTokens)), refusal: "")
    }

    /// A commit with its descriptors, queued for the next frame within the client's quotas of pending
    /// commits and bytes (past them the session ends: `QuotaExceeded`).
    private func take(_ commit: Commit, size: Int, from s: ClientSession) throws {
        let fds = try s.socket.takeFDs(Int(commit.fdCount))
        guard let usage = compositor.usage(of: s.clientID) else { fds.forEach { Glibc.close($0) }; return }
        let quotas = compositor.quotas
        guard usage.pendingCommits < quotas.pendingCommits, usage.pendingCommitBytes + size <= quotas.pendingCommitBytes else {
            fds.forEach { Glibc.close($0) }
            throw usage.pendingCommits >= quotas.pendingCommits
                ? QuotaExceeded(key: "client-pending-commits", limit: quotas.pendingCommits, detail: "transaction \(commit.transactionID) arrived with \(usage.pendingCommits) not yet applied")
                : QuotaExceeded(key: "client-pending-bytes", limit: quotas.pendingCommitBytes, detail: "transaction \(commit.transactionID) of \(size) bytes arrived with \(usage.pendingCommitBytes) bytes not yet applied")
        }
        do {
            let mappings = try SharedMemoryIntake.map(fds, usage: usage, quotas: quotas)
            compositor.submit(commit, mappings: mappings, messageBytes: size, from: s.clientID)
        } catch {
            throw CommitError("transaction \(commit.transactionID): \(error)")
        }
    }

    /// Answers a snapshot request with the output's pixels in a sealed shared buffer, or why not. A failed
    /// readback is the server's problem, not the client's: it is answered, and the session kept.
    private func answerSnapshot(_ id: UInt32, output: String, to s: ClientSession) throws {
        let reply: ServerMessage
        var fds: [Int32] = []
        var buffer: SharedPixelBuffer?
        let name = output.isEmpty ? nil : output
        do {
            // Pixels show every client's layers: only inspectors, or a client alone on that output, may read them.
            guard s.isInspector || compositor.showsOnly(client: s.clientID, output: name) else {
                throw AccessDenied("snapshot: the output shows other clients' layers, and only inspectors may read those (root, the server's user or the inspector-group)")
            }
            if compositor.framesRendered == 0, compositor.output(name)?.state == .ready {
                // On the virtual clock frames come from its steps alone: which commits a frame drawn
                // here took would depend on when the request was read.
                guard virtualClock == nil else {
                    throw RequestDeclined("snapshot: no frame drawn yet; the server's clock is virtual and stands still until an inspector advances it")
                }
                try compositor.renderFrame(at: clock(), output: name)
            }
            let shot = try compositor.snapshot(output: name)
            let b = try SharedPixelBuffer(byteCount: shot.pixels.count, name: "strata-snapshot")
            b.write(shot.pixels)
            b.seal()
            buffer = b
            fds = [b.fd]
            reply = .snapshot(requestID: id, width: UInt32(shot.width), height: UInt32(shot.height))
        } catch let error as AccessDenied {
            reply = .snapshotUnavailable(requestID: id, reason: "\(error)")
        } catch let error as RequestDeclined {
            reply = .snapshotUnavailable(requestID: id, reason: "\(error)")
        } catch {
            log(.error, "snapshot failed", metadata: ["error": "\(error)"])
            reply = .snapshotUnavailable(requestID: id, reason: "\(error)")
        }
        try queue(reply, to: s, fds: fds)
        withExtendedLifetime(buffer) {}
    }
}
