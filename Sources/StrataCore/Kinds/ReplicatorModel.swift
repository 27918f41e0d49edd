import Foundation

/// CAReplicatorLayer's values: the server draws the sublayers `instanceCount` times, each copy moved by
/// `instanceTransform` from the one before (about the layer's centre), tinted by `instanceColor` plus
/// the offsets times its index, and running its animations `instanceDelay` later.
public struct ReplicatorModel: Equatable, Sendable {
    /// How many copies (the original counts as the first). A whole number on the model; while animated it
    /// may pass through fractions, and the copies drawn are its whole part.
    public var instanceCount: CGFloat = 1
    public var instanceTransform: Transform3D = .identity
    public var instanceDelay: CGFloat = 0
    /// Multiplies every colour of the first copy; nil counts as opaque white.
    public var instanceColor: Color? = Color(red: 1, green: 1, blue: 1, alpha: 1)
    public var instanceRedOffset: CGFloat = 0
    public var instanceGreenOffset: CGFloat = 0
    public var instanceBlueOffset: CGFloat = 0
    public var instanceAlphaOffset: CGFloat = 0
    /// Whether the copies share the replicator's 3D space (as a transform layer's sublayers do) instead of
    /// being flattened into its plane.
    public var preservesDepth = false

    public init() {}

    /// The copies drawn: the whole part of the (possibly animating) count, within 0…maxInstances.
    public var drawnCount: Int {
        guard instanceCount.isFinite, instanceCount > 0 else { return 0 }
        return Int(min(instanceCount, CGFloat(ValueRule.maxInstances)))
    }

    /// Copy k's colour multiplier (red, green and blue; alpha 1) and alpha: the instance colour plus k times
    /// the offsets, each channel clamped to 0…1. The server's drawing and the client's `render(in:)` use it.
    public func instanceTint(_ k: Int) -> (color: Color, alpha: CGFloat) {
        let first = instanceColor ?? .white, f = CGFloat(k)
        func channel(_ base: CGFloat, _ offset: CGFloat) -> CGFloat { min(1, max(0, base + f * offset)) }
        return (Color(red: channel(first.red, instanceRedOffset), green: channel(first.green, instanceGreenOffset),
                      blue: channel(first.blue, instanceBlueOffset), alpha: 1), channel(first.alpha, instanceAlphaOffset))
    }
}

extension LayerModel {
    /// The replicator values (defaults for a layer of another kind, where setting them changes nothing).
    public var replicator: ReplicatorModel {
        get { if case let .replicator(r) = kindValues { r } else { ReplicatorModel() } }
        set { if kind == .replicator { kindValues = .replicator(newValue) } }
    }
}

extension LayerProperty {
    public static let instanceCount = LayerProperty(80, "instanceCount", { $0.replicator.instanceCount }, { $0.replicator.instanceCount = $1 }, kinds: .replicator,
                                                    rule: .instanceCount)
    public static let instanceTransform = LayerProperty(81, "instanceTransform", { $0.replicator.instanceTransform }, { $0.replicator.instanceTransform = $1 }, kinds: .replicator)
    public static let instanceDelay = LayerProperty(82, "instanceDelay", { $0.replicator.instanceDelay }, { $0.replicator.instanceDelay = $1 }, kinds: .replicator)
    public static let instanceColor = LayerProperty(83, "instanceColor", { $0.replicator.instanceColor }, { $0.replicator.instanceColor = $1 }, kinds: .replicator)
    public static let instanceRedOffset = LayerProperty(84, "instanceRedOffset", { $0.replicator.instanceRedOffset }, { $0.replicator.instanceRedOffset = $1 }, kinds: .replicator)
    public static let instanceGreenOffset = LayerProperty(85, "instanceGreenOffset", { $0.replicator.instanceGreenOffset }, { $0.replicator.instanceGreenOffset = $1 }, kinds: .replicator)
    public static let instanceBlueOffset = LayerProperty(86, "instanceBlueOffset", { $0.replicator.instanceBlueOffset }, { $0.replicator.instanceBlueOffset = $1 }, kinds: .replicator)
    public static let instanceAlphaOffset = LayerProperty(87, "instanceAlphaOffset", { $0.replicator.instanceAlphaOffset }, { $0.replicator.instanceAlphaOffset = $1 }, kinds: .replicator)
    /// A replicator's and an emitter's (one name, one property: each kind reads its own value).
    public static let preservesDepth = LayerProperty(88, "preservesDepth",
                                                     { $0.kind == .emitter ? $0.emitter.preservesDepth : $0.replicator.preservesDepth },
                                                     { m, v in if m.kind == .emitter { m.emitter.preservesDepth = v } else { m.replicator.preservesDepth = v } },
                                                     kinds: [.replicator, .emitter],
                                                     animation: .none)

    static let replicatorProperties: [LayerProperty] = [
        instanceCount, instanceTransform, instanceDelay, instanceColor, instanceRedOffset, instanceGreenOffset,
        instanceBlueOffset, instanceAlphaOffset, preservesDepth,
    ]
}

extension ValueRule {
    /// The most copies one replicator draws (a bound on what one layer makes the server draw; nested
    /// replicators are bounded again by the draw list's size).
    public static let maxInstances = 10_000

    static let instanceCount = ValueRule.custom(shape: "a whole number 0…\(maxInstances)") { value in
        guard case let .scalar(x) = value else { return nil }
        return x >= 0 && x <= CGFloat(maxInstances) && x == x.rounded() ? nil : "must be a whole number 0…\(maxInstances), got \(x)"
    }
}
