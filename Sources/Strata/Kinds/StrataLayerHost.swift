import Foundation
import StrataCore
import StrataProtocol

/// A layer that shows another app's exported layer tree (Apple's private `CALayerHost`; remote layer
/// hosting, docs/hosting.md). Set `contextToken` to the token the other app's `StrataContext` got; the
/// server draws that tree under this layer, in its sublayer space (below its own sublayers), with this
/// layer's transform, opacity, corner radius, clip, mask, filters and animations, while the other app's
/// commits and animations stay its own. The tree is drawn by the server only: `render(in:)` and
/// presentation copies show none of it, as Core Animation's cannot see a remote context.
///
/// `hostingState` follows the server's word: a token it will not bind (unknown, revoked, not for this
/// user, already hosted elsewhere, or a hosting cycle) is `.refused` with the reason, never an error that
/// ends the session; `StrataConnection.onHostingChanged` reports each change.
open class StrataLayerHost: CALayer {
    override class var layerKind: LayerKind { .host }

    /// How the bound context shows, as the server last said.
    public enum HostingState: Equatable, Sendable {
        /// No token set, or the server has not answered yet.
        case none
        /// Drawn under this layer.
        case shown
        /// The context exists but its exporter has not given it a layer.
        case waiting
        /// The server would not bind the token: why.
        case refused(String)
        /// The exporter revoked the context.
        case revoked
        /// The exporter's connection ended (it quit or crashed); nothing of it is drawn.
        case exporterGone

        init(_ status: HostingStatus, reason: String) {
            switch status {
            case .shown: self = .shown
            case .waiting: self = .waiting
            case .refused: self = .refused(reason)
            case .revoked: self = .revoked
            case .exporterGone: self = .exporterGone
            }
        }
    }

    // Guarded by LayerLock.
    var contextTokenStorage: StrataContextToken?
    var hostingStateStorage = HostingState.none

    public override init() { super.init() }

    public override init(layer: Any) {
        super.init(layer: layer)
        if let source = layer as? StrataLayerHost { contextTokenStorage = LayerLock.with { source.contextTokenStorage } }
    }

    public required init?(coder: NSCoder) { return nil }

    /// The context shown (Apple's `CALayerHost.contextId`); nil shows none. Sent with the next commit.
    public var contextToken: StrataContextToken? {
        get { LayerLock.with { contextTokenStorage } }
        set {
            LayerLock.with {
                guard newValue != contextTokenStorage else { return }
                contextTokenStorage = newValue
                hostingStateStorage = .none
                CATransaction.noteChange(self)
            }
        }
    }

    /// How the context shows now (`.none` until the server answers a new token).
    public var hostingState: HostingState { LayerLock.with { hostingStateStorage } }

    /// What input landing in the context does.
    public enum HostedInput: Sendable {
        /// The context's app gets it, in its layers' coordinates (the default).
        case interactive
        /// The context takes none: it goes to this app's layers beneath, as if the context were not there.
        case none
        /// The context's app gets it, and this layer's input handler gets a copy (`isObserved`).
        case observe
    }

    /// What input landing in the context does (default `.interactive`). Not animatable.
    public var hostedInput: HostedInput {
        get {
            switch read({ $0.host.hostedInput }) {
            case .interactive: .interactive
            case .none: .none
            case .observe: .observe
            }
        }
        set {
            let wire: StrataCore.HostedInput = switch newValue {
            case .interactive: .interactive
            case .none: .none
            case .observe: .observe
            }
            set(.hostedInput, .scalar(CGFloat(wire.rawValue)))
        }
    }
}
