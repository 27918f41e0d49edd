import Foundation

extension LayerModel {
    /// The emitter values (defaults for a layer of another kind, where setting them changes nothing).
    public var emitter: EmitterModel {
        get { if case let .emitter(e) = kindValues { e } else { EmitterModel() } }
        set { if kind == .emitter { kindValues = .emitter(newValue) } }
    }
}

extension EmitterShape: ScalarEnumeration {}
extension EmitterMode: ScalarEnumeration {}
extension EmitterRenderMode: ScalarEnumeration {}

/// CAEmitterLayer's properties. As in Core Animation, the multipliers and the emitter's geometry animate;
/// the shape, mode, render mode, seed and cells do not (a cell's own values animate by key paths into
/// named cells). `preservesDepth` is the replicator's property, which both kinds carry.
extension LayerProperty {
    public static let emitterCells = LayerProperty(120, "emitterCells", kind: .emitterCells, kinds: .emitter, animation: .none,
                                                   rule: .emitterCells,
                                                   read: { .emitterCells($0.emitter.emitterCells) },
                                                   write: { m, v in if case let .emitterCells(c) = v { m.emitter.emitterCells = c } })
    public static let birthRate = LayerProperty(121, "birthRate", { $0.emitter.birthRate }, { $0.emitter.birthRate = $1 }, kinds: .emitter,
                                                rule: .nonNegative)
    public static let lifetime = LayerProperty(122, "lifetime", { $0.emitter.lifetime }, { $0.emitter.lifetime = $1 }, kinds: .emitter,
                                               rule: .nonNegative)
    public static let velocity = LayerProperty(123, "velocity", { $0.emitter.velocity }, { $0.emitter.velocity = $1 }, kinds: .emitter)
    public static let scale = LayerProperty(124, "scale", { $0.emitter.scale }, { $0.emitter.scale = $1 }, kinds: .emitter)
    public static let spin = LayerProperty(125, "spin", { $0.emitter.spin }, { $0.emitter.spin = $1 }, kinds: .emitter)
    public static let emitterPosition = LayerProperty(126, "emitterPosition", { $0.emitter.emitterPosition }, { $0.emitter.emitterPosition = $1 },
                                                      kinds: .emitter)
    public static let emitterZPosition = LayerProperty(127, "emitterZPosition", { $0.emitter.emitterZPosition }, { $0.emitter.emitterZPosition = $1 },
                                                       kinds: .emitter)
    public static let emitterSize = LayerProperty(128, "emitterSize", { $0.emitter.emitterSize }, { $0.emitter.emitterSize = $1 }, kinds: .emitter,
                                                  rule: .emitterSize)
    public static let emitterDepth = LayerProperty(129, "emitterDepth", { $0.emitter.emitterDepth }, { $0.emitter.emitterDepth = $1 }, kinds: .emitter,
                                                   rule: .nonNegative)
    public static let emitterShape = LayerProperty(130, "emitterShape", { $0.emitter.emitterShape }, { $0.emitter.emitterShape = $1 }, kinds: .emitter,
                                                   animation: .none)
    public static let emitterMode = LayerProperty(131, "emitterMode", { $0.emitter.emitterMode }, { $0.emitter.emitterMode = $1 }, kinds: .emitter,
                                                  animation: .none)
    public static let renderMode = LayerProperty(132, "renderMode", { $0.emitter.renderMode }, { $0.emitter.renderMode = $1 }, kinds: .emitter,
                                                 animation: .none)
    /// A whole number 0…2³²−1, travelling as a scalar (exact in a double).
    public static let seed = LayerProperty(133, "seed", kind: .scalar, kinds: .emitter, animation: .none, rule: .emitterSeed,
                                           read: { .scalar(CGFloat($0.emitter.seed)) },
                                           write: { m, v in if case let .scalar(x) = v, let s = UInt32(exactly: x) { m.emitter.seed = s } })

    static let emitterProperties: [LayerProperty] = [
        emitterCells, birthRate, lifetime, velocity, scale, spin, emitterPosition, emitterZPosition, emitterSize, emitterDepth,
        emitterShape, emitterMode, renderMode, seed,
    ]
}

extension ValueRule {
    /// Every cell's numbers finite, rates, lifetimes, ranges and scales ≥ 0, at most
    /// `EmitterCellModel.maxDepth` levels and `maxCells` cells (`EmitterModel.validationError`).
    static let emitterCells = ValueRule.custom(shape: "an array of emitter cells (at most \(EmitterCellModel.maxCells), \(EmitterCellModel.maxDepth) levels deep)") { value in
        guard case let .emitterCells(cells) = value else { return nil }
        var model = EmitterModel()
        model.emitterCells = cells
        return model.validationError().map { "is invalid: \($0)" }
    }

    static let emitterSize = ValueRule.custom(shape: "a size with width and height ≥ 0") { value in
        guard case let .size(s) = value else { return nil }
        return s.width >= 0 && s.height >= 0 ? nil : "must not be negative, got \(s.width) × \(s.height)"
    }

    static let emitterSeed = ValueRule.custom(shape: "a whole number 0…4294967295") { value in
        guard case let .scalar(x) = value else { return nil }
        return UInt32(exactly: x) != nil ? nil : "must be a whole number 0…4294967295, got \(x)"
    }
}
