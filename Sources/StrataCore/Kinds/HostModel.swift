import Foundation

/// What input landing in a host layer's context does (StrataLayerHost.hostedInput).
public enum HostedInput: UInt8, Hashable, Sendable, NamedCases {
    /// The context's app gets what lands in its layers, in their coordinates, as if its tree were on screen.
    case interactive = 0
    /// The context's tree takes no input: what lands there goes to the host's layers beneath, as if the
    /// tree were not there.
    case none
    /// The context's app gets it, and the host layer gets a copy (an observed event, in its coordinates).
    case observe

    public var name: String {
        switch self {
        case .interactive: "interactive"
        case .none: "none"
        case .observe: "observe"
        }
    }
}

extension HostedInput: ScalarEnumeration {}

/// StrataLayerHost's values (the context it shows travels as an operation, `hostContext`).
public struct HostModel: Equatable, Sendable {
    public var hostedInput: HostedInput = .interactive

    public init() {}
}

extension LayerModel {
    /// The host values (defaults for a layer of another kind, where setting them changes nothing).
    public var host: HostModel {
        get { if case let .host(h) = kindValues { h } else { HostModel() } }
        set { if kind == .host { kindValues = .host(newValue) } }
    }
}

extension LayerProperty {
    public static let hostedInput = LayerProperty(112, "hostedInput", { $0.host.hostedInput }, { $0.host.hostedInput = $1 }, kinds: .host,
                                                  animation: .none)

    static let hostProperties: [LayerProperty] = [hostedInput]
}
