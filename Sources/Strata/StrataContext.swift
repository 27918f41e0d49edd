import Foundation
import StrataCore
import StrataProtocol

/// The capability that names a `StrataContext` (Apple's `CAContext.contextId`): 128 random bits the
/// server made. Hand it to the host process by any channel (an environment variable, a pipe, a file only
/// it can read); whoever holds it can show the context. `description` is its 32 hexadecimal digits, and
/// `init?(_:)` reads them back.
public struct StrataContextToken: Hashable, Sendable, LosslessStringConvertible {
    let wire: ContextToken

    init(_ wire: ContextToken) { self.wire = wire }

    /// Reads 32 hexadecimal digits; nil for anything else.
    public init?(_ description: String) {
        guard let t = ContextToken(hex: description), !t.isZero else { return nil }
        wire = t
    }

    /// The token's 32 lowercase hexadecimal digits.
    public var description: String { wire.hex }
}

/// A layer tree this app exports for another app to show (Apple's private `CAContext`, remote layer
/// hosting; docs/hosting.md). The server makes the context and its token; set `layer` to the tree's top
/// layer, hand `token` to the host, and the host's `StrataLayerHost` shows the tree, drawn with the host
/// layer's geometry, opacity, clip and mask, while this app's commits and animations stay its own.
///
/// The context lives while this connection's session does and until `invalidate()`. When the server went
/// away and the connection restores its session, the context is replayed under the same token (the new
/// server takes the last one's tokens for 30 s after its start), and a host that replays its binding shows
/// it again; a context the new server refuses becomes invalid (`isValid` false).
public final class StrataContext: @unchecked Sendable {
    /// The context's capability.
    public let token: StrataContextToken
    /// The connection it was exported on.
    public let connection: StrataConnection
    /// The uids whose clients may host it (empty: any).
    public let hostUsers: [uid_t]

    // Guarded by LayerLock.
    var layerStorage: CALayer?
    var hostedStorage = false
    var validStorage = true
    var onHostsChangedStorage: (@MainActor @Sendable (Bool) -> Void)?

    /// Exports a new context on `connection` (nil: the process's connection). `hostUsers`: the uids whose
    /// clients may host it (empty: any client that holds the token). With `reclaiming`, takes over that
    /// context instead, when its app's connection ended (it crashed or was killed) less than 30 s ago and a
    /// host layer still shows it: this app, started again with the token, reappears under the same host
    /// layer with no action of the host's (only a process of the same user may). Throws when there is no
    /// connection or the server refuses (a client holds at most 64 contexts; a token it cannot reclaim).
    public init(connection: StrataConnection? = nil, hostUsers: [uid_t] = [], reclaiming: StrataContextToken? = nil) throws {
        guard let c = connection ?? StrataConnection.currentConnection else {
            throw StrataConnection.ConnectionError(message: "StrataContext: no connection to a render server (connect first)")
        }
        guard hostUsers.count <= ClientMessage.maxHostUsers else {
            throw StrataConnection.ConnectionError(message: "StrataContext: \(hostUsers.count) host users (at most \(ClientMessage.maxHostUsers))")
        }
        let (reply, _) = try c.request { .createContext(requestID: $0, reclaim: reclaiming?.wire ?? .zero, hostUsers: hostUsers.map { UInt32($0) }) }
        guard case let .contextCreated(_, token, refusal) = reply else {
            throw StrataConnection.ConnectionError(message: "unexpected reply \(reply)")
        }
        guard refusal.isEmpty, !token.isZero else { throw StrataConnection.ConnectionError(message: refusal) }
        self.token = StrataContextToken(token)
        self.connection = c
        self.hostUsers = hostUsers
        c.adopt(self)
    }

    deinit {
        // Apple's contexts end with their last reference too.
        if LayerLock.with({ validStorage }) { connection.revoke(token.wire) }
    }

    /// The top of the exported tree (Apple's `CAContext.layer`): a layer with no superlayer that is no
    /// attached root and no mask. It goes to the server with the next commit; nil shows nothing (the host
    /// is told the context waits). While it is the context's, adding it as a sublayer, a mask or a root ends
    /// the session (the server refuses the commit).
    public var layer: CALayer? {
        get { LayerLock.with { layerStorage } }
        set {
            LayerLock.with {
                if let l = newValue {
                    precondition(l.superlayer == nil && !l.isAttachedRoot && l.maskedLayer == nil,
                                 "a context's layer has no superlayer, is not attached and masks no layer")
                }
                guard validStorage, newValue !== layerStorage else { return }
                layerStorage = newValue
                if let l = newValue {
                    // With the next commit, after its state (the server may not hold it yet) and after the
                    // removals that take it out of a former superlayer.
                    connection.pendingContextLayers.append(self)
                    CATransaction.noteChange(l)
                } else {
                    connection.sendContextCommit([.setContextLayer(token.wire, layer: 0)])
                }
            }
        }
    }

    /// Whether a host layer shows the context now (as the server last said).
    public var isHosted: Bool { LayerLock.with { hostedStorage } }
    /// False once invalidated, or once the session it was made on ended.
    public var isValid: Bool { LayerLock.with { validStorage } }
    /// Called on the main queue when a host layer starts (true) or stops (false) showing the context.
    public var onHostsChanged: (@MainActor @Sendable (Bool) -> Void)? {
        get { LayerLock.with { onHostsChangedStorage } }
        set { LayerLock.with { onHostsChangedStorage = newValue } }
    }

    /// Ends the context (Apple's `invalidate()`): its host shows nothing of it from the next frame, and
    /// learns it was revoked. The token is dead for good.
    public func invalidate() {
        let was = LayerLock.with { () -> Bool in
            defer { validStorage = false; layerStorage = nil; hostedStorage = false }
            return validStorage
        }
        if was { connection.revoke(token.wire) }
    }

    /// The server said whether a host shows it.
    func hostsChanged(_ hosted: Bool) {
        let call = LayerLock.with { () -> (@MainActor @Sendable (Bool) -> Void)? in
            guard validStorage, hosted != hostedStorage else { return nil }
            hostedStorage = hosted
            return onHostsChangedStorage
        }
        if let call { MainDelivery.async { call(hosted) } }
    }

    /// Its session ended (the server went away): the server's contexts went with it. Called with LayerLock held.
    func sessionEnded() {
        validStorage = false
        layerStorage = nil
        hostedStorage = false
    }
}
