import Foundation

/// The values of the properties only one kind of layer carries. Boxed (`indirect`), so a plain layer's
/// model holds one word for them.
public enum KindValues: Equatable, Sendable {
    case none
    indirect case shape(ShapeModel)
    indirect case gradient(GradientModel)
    indirect case replicator(ReplicatorModel)
    indirect case text(TextModel)
    case scroll(ScrollModel)
    indirect case emitter(EmitterModel)
    indirect case tiled(TiledModel)
    case host(HostModel)

    /// A new layer's values: the kind's defaults.
    init(_ kind: LayerKind) {
        switch kind {
        case .layer, .transform: self = .none
        case .host: self = .host(HostModel())
        case .shape: self = .shape(ShapeModel())
        case .gradient: self = .gradient(GradientModel())
        case .replicator: self = .replicator(ReplicatorModel())
        case .text: self = .text(TextModel())
        case .scroll: self = .scroll(ScrollModel())
        case .emitter: self = .emitter(EmitterModel())
        case .tiled: self = .tiled(TiledModel())
        }
    }
}
