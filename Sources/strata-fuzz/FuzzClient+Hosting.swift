import Foundation
import StrataCore
import StrataFuzzing
import StrataProtocol

/// Tokens the run's fuzz clients made, shared so that one client hosts another's contexts (and its own,
/// revoked and orphaned ones): the run is single-threaded, one client steps at a time.
final class TokenPool {
    private(set) var tokens: [ContextToken] = []
    /// The most kept: old ones go (most are dead by then anyway).
    static let capacity = 256

    func add(_ t: ContextToken) {
        tokens.append(t)
        if tokens.count > Self.capacity { tokens.removeFirst(tokens.count - Self.capacity) }
    }
}

/// The `hosting` family (docs/fuzzing.md): each step one of making a context (or reclaiming a pooled
/// token), giving one a fresh layer that holds a host layer, binding host layers to tokens of every kind,
/// revoking, and ending the session while bound. Operations on the client's own tokens are ones the server
/// accepts; a host layer bound to any token is always accepted (a refusal is an event, the session goes on).
extension FuzzClient {
    func hostingStep(_ s: FuzzSession, _ stats: inout FuzzStats) {
        // Tokens the server made since the last step: taken once (a revoked one must not come back).
        for t in s.madeTokens where !ownTokens.contains(t) {
            ownTokens.append(t)
            tokenPool.add(t)
        }
        s.madeTokens.removeAll()
        let id = UInt32(truncatingIfNeeded: steps)
        switch r.int(0...9) {
        case 0, 1:
            // A new context, or (now and then) a reclaim of any pooled token: refused unless it is an orphan.
            // A fuzz client is no shell: asking for another process's roots is refused, the session kept.
            if r.chance(0.1) {
                send(.rootContexts(requestID: id, pid: UInt32(r.int(1...70000))), on: s, &stats)
                return
            }
            let reclaim = r.chance(0.2) ? r.pick(tokenPool.tokens) ?? .zero : .zero
            let users: [UInt32] = r.chance(0.8) ? [] : (0..<r.int(1...17)).map { _ in UInt32(r.int(0...70000)) }
            send(.createContext(requestID: id, reclaim: reclaim, hostUsers: users), on: s, &stats)
            if users.count > ClientMessage.maxHostUsers { doomedSince = MonotonicClock.now() }
        case 2, 3:
            // One of its contexts gets a new layer holding a host layer bound to a pooled token: trees that
            // host each other, where cycles and deep nesting come from.
            guard let token = r.pick(ownTokens) else { return commit(.tree, s, &stats) }
            let top = freshLayerID(), inner = freshLayerID()
            let ops: [LayerOperation] = [.createLayer(top), .createLayer(inner, kind: .host),
                                         .insertSublayer(parent: top, child: inner, index: 0),
                                         .setContextLayer(token, layer: top),
                                         .hostContext(inner, token: r.pick(tokenPool.tokens) ?? .zero)]
            sendHosting(ops, s, &stats)
        case 4, 5, 6:
            // A host layer in its tree (a root, or a sublayer of any layer) bound to a token of any kind.
            let host = freshLayerID()
            var ops: [LayerOperation] = [.createLayer(host, kind: .host)]
            if let parent = r.pick(model.layerIDs), model.accepts(.insertSublayer(parent: parent, child: host, index: 0)) {
                ops.append(.insertSublayer(parent: parent, child: host, index: 0))
            } else {
                ops.append(.attachRoot(host))
            }
            let token: ContextToken = switch r.int(0...5) {
            case 0: ContextToken(hi: r.next(), lo: r.next()) // forged
            case 1: r.pick(ownTokens) ?? .zero              // its own: refused
            case 2: .zero
            default: r.pick(tokenPool.tokens) ?? .zero
            }
            ops.append(.hostContext(host, token: token))
            if r.chance(0.3) { ops.append(.setProperty(host, .hostedInput, .scalar(CGFloat(r.int(0...2))))) }
            sendHosting(ops, s, &stats)
        case 7:
            // Rebind an existing host layer, or move a layer (a host layer into a context's tree included).
            if let host = model.layerIDs.first(where: { model.layers[$0]?.kind == .host }), r.chance(0.5) {
                sendHosting([.hostContext(host, token: r.pick(tokenPool.tokens) ?? .zero, replayed: r.chance(0.2)),
                             .focusHosted(r.chance(0.8) ? host : 0)], s, &stats)
            } else {
                commit(.tree, s, &stats)
            }
        case 8:
            guard let token = r.pick(ownTokens) else { return commit(.tree, s, &stats) }
            ownTokens.removeAll { $0 == token }
            sendHosting([.revokeContext(token)], s, &stats)
        default:
            // Its context's layer cleared, or the session ended while things are bound (orphans under hosts).
            if r.chance(0.5), let token = r.pick(ownTokens) {
                sendHosting([.setContextLayer(token, layer: 0)], s, &stats)
            } else {
                end(s, &stats, closing: true)
            }
        }
    }

    private func sendHosting(_ ops: [LayerOperation], _ s: FuzzSession, _ stats: inout FuzzStats) {
        for op in ops { model.apply(op) }
        hostingTransaction &+= 1
        send(.commit(Commit(transactionID: 0xF000_0000 + hostingTransaction, operations: ops)), on: s, &stats)
    }

    /// A layer id no layer of the session has (above the generator's, which counts up from 1).
    private func freshLayerID() -> LayerID {
        hostingLayers &+= 1
        return 0x4000_0000 + LayerID(hostingLayers)
    }
}
